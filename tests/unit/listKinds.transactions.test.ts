/**
 * The payments' list kinds (src/resources/money/transactionCalls.ts) through the data provider:
 * how react-admin's page, perPage, sort and filter become the bodies of Find transaction
 * (`transactions`) and the suspense queue (`suspense-transactions`), with only the filters the
 * calls take in their types, and the sorts they order by; how their answers become a page.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { searchTransactions, suspenseTransactions } from '../../contract/money';
import { dataProvider, largestPageOf } from '../../src/dataProvider';
import { answer, contractServer } from './support/contractHandlers';

type Body = Record<string, unknown>;
const sent: Record<string, Body[]> = {};

contractServer(
    answer(searchTransactions, async ({ request }) => {
        (sent.search ??= []).push((await request.json()) as Body);
        return { data: [], total_items: 0 };
    }),
    answer(suspenseTransactions, async ({ request }) => {
        (sent.suspense ??= []).push((await request.json()) as Body);
        return { data: [], total_items: 61 };
    }),
);

beforeEach(() => {
    for (const name of Object.keys(sent)) delete sent[name];
});

describe('transactions (searchTransactions)', () => {
    it("sends the page, size, sort and every filter in the call's own types", async () => {
        await dataProvider.getList('transactions', {
            pagination: { page: 3, perPage: 50 },
            sort: { field: 'amount', order: 'ASC' },
            filter: {
                reference: '  MP7 ',
                msisdn: '+27710000007',
                loan_reference: 'lpp-000107',
                from: '2026-11-01',
                to: '2026-11-20',
                kind: 'deposit',
                channel: 'bank',
                state: 'suspense',
            },
        });
        expect(sent.search).toEqual([
            {
                reference: 'MP7',
                msisdn: '27710000007',
                loan_reference: 'LPP-000107',
                from: '2026-11-01',
                to: '2026-11-20',
                kind: 'deposit',
                channel: 'bank',
                state: 'suspense',
                sort: 'amount',
                order: 'asc',
                page_number: 3,
                page_size: 50,
            },
        ]);
    });

    it('leaves out what the call would refuse, and sorts newest first by a column it cannot sort by', async () => {
        await dataProvider.getList('transactions', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'customer_name', order: 'ASC' },
            filter: { msisdn: '12ab', loan_reference: 'not a loan', from: '2026-11', kind: 'gift', state: 'lost' },
        });
        expect(sent.search).toEqual([{ sort: 'paid_at', order: 'desc', page_number: 1, page_size: 25 }]);
    });

    it('walks an export at 500 rows, the largest page the call takes', () => {
        expect(largestPageOf('transactions')).toBe(500);
    });
});

describe('suspense-transactions (suspenseTransactions)', () => {
    it('sends no status for "waiting" (open and set aside), oldest first by default', async () => {
        const page = await dataProvider.getList('suspense-transactions', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'id', order: 'DESC' },
            filter: { status: 'waiting', q: ' 0710 ', reason: 'several_loans', channel: 'mpesa' },
        });
        expect(sent.suspense).toEqual([
            {
                reason: 'several_loans',
                channel: 'mpesa',
                q: '0710',
                sort: 'paid_at',
                order: 'asc',
                page_number: 2,
                page_size: 10,
            },
        ]);
        expect(page.total).toBe(61);
    });

    it('sends a status chosen and each sort it takes', async () => {
        for (const field of ['paid_at', 'amount', 'created_at']) {
            await dataProvider.getList('suspense-transactions', {
                pagination: { page: 1, perPage: 25 },
                sort: { field, order: 'DESC' },
                filter: { status: 'corrected' },
            });
        }
        expect(sent.suspense?.map(body => [body.status, body.sort, body.order])).toEqual([
            ['corrected', 'paid_at', 'desc'],
            ['corrected', 'amount', 'desc'],
            ['corrected', 'created_at', 'desc'],
        ]);
    });
});
