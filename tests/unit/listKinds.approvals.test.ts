/**
 * The approvals resources (src/resources/approvals/calls.ts) through the data provider: react-
 * admin's page, perPage, sort and filter become each POST queue's `queueFilter` body (pending
 * unless a known status is chosen, sort by a column the server sorts by an index, else newest
 * first; the v1 queue's kind), the v2 queue's `$limit`/`$skip` query with one row more asked, and
 * the menu's counts are one record, `'pending'`.
 */
import { describe, expect, it } from 'vitest';
import {
    approvalCounts,
    getApprovalRequest,
    listServiceTransactions,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    pendingMakerCheckerRequests,
    pendingTransferLoans,
    type ApprovalRequest,
} from '../../contract/approvals';
import { dataProvider, largestPageOf } from '../../src/dataProvider';
import { buildApprovalRequest } from '../builders';
import { answer, contractServer } from './support/contractHandlers';

const asked: { path: string; input: Record<string, unknown> }[] = [];
const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;

const agent = (id: number): ApprovalRequest => buildApprovalRequest({ id, kind: 'agent_registration' });
/** How many v2 requests the fake server holds. */
let v2Rows = 1;

contractServer(
    answer(pendingLoanRemovalRequests, async ({ request }) => {
        asked.push({ path: 'deregistrations', input: await bodyOf(request) });
        return { pending_requests: [], total_items: 80 };
    }),
    answer(pendingImeiRequests, async ({ request }) => {
        asked.push({ path: 'imei_changes', input: await bodyOf(request) });
        return { pending_requests: [], total_items: 3 };
    }),
    answer(pendingTransferLoans, async ({ request }) => {
        asked.push({ path: 'transfer_loan_requests', input: await bodyOf(request) });
        return { data: [], total_items: 4 };
    }),
    answer(pendingMakerCheckerRequests, async ({ request }) => {
        asked.push({ path: 'mc_requests', input: await bodyOf(request) });
        return { pending_requests: [], total_items: 5 };
    }),
    answer(listServiceTransactions, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        asked.push({ path: 'mc_requests_v2', input: query });
        const skip = Number(query.$skip);
        return Array.from({ length: Math.max(0, Math.min(Number(query.$limit), v2Rows - skip)) }, (_, index) =>
            agent(skip + index + 1),
        );
    }),
    answer(getApprovalRequest, ({ params }) => {
        asked.push({ path: 'one', input: { id: params.id } });
        return agent(Number(params.id));
    }),
    answer(approvalCounts, {
        deregistration: 2,
        imei_change: 3,
        loan_transfer: 0,
        agent_registration: 1,
        price_change: 0,
        mine: 1,
    }),
);

const list = async (
    resource: string,
    { page = 1, perPage = 25, field = 'created_at', order = 'DESC' as 'ASC' | 'DESC', filter = {} } = {},
) => {
    asked.length = 0;
    const result = await dataProvider.getList(resource, { pagination: { page, perPage }, sort: { field, order }, filter });
    return { result, input: asked[0]?.input };
};

describe('the POST queues', () => {
    it('ask pending, newest first, at the page and size react-admin holds, with the total the call gives', async () => {
        for (const [resource, total] of [
            ['deregistrations', 80],
            ['imei_changes', 3],
            ['transfer_loan_requests', 4],
            ['mc_requests', 5],
        ] as const) {
            const { result, input } = await list(resource, { page: 3, perPage: 10 });
            expect(input).toEqual({ status: 'pending', sort: 'created_at', order: 'desc', page_number: 3, page_size: 10 });
            expect(result.total).toBe(total);
        }
    });

    it('sort by id and decided_at too, either way; a column the server cannot sort by falls back to newest first', async () => {
        expect((await list('imei_changes', { field: 'id', order: 'ASC' })).input).toMatchObject({ sort: 'id', order: 'asc' });
        expect((await list('imei_changes', { field: 'decided_at' })).input).toMatchObject({ sort: 'decided_at', order: 'desc' });
        expect((await list('imei_changes', { field: 'subject', order: 'ASC' })).input).toMatchObject({
            sort: 'created_at',
            order: 'desc',
        });
    });

    it('pass every filter in its type (ids and "mine" from the address as text too), and leave out what is not one', async () => {
        const filter = {
            status: 'approved',
            from: '2026-11-01',
            to: '2026-11-30',
            store_id: '4',
            maker_id: 9,
            mine: 'true',
            q: '  Zanele ',
            kind: 'imei_change',
        };
        expect((await list('deregistrations', { filter })).input).toEqual({
            status: 'approved',
            from: '2026-11-01',
            to: '2026-11-30',
            store_id: 4,
            maker_id: 9,
            mine: true,
            q: 'Zanele',
            sort: 'created_at',
            order: 'desc',
            page_number: 1,
            page_size: 25,
        });
        // Only the v1 queue takes a kind.
        expect((await list('mc_requests', { filter: { kind: 'imei_change' } })).input).toMatchObject({ kind: 'imei_change' });
        expect(
            (await list('imei_changes', { filter: { status: 'lost', from: '2026-11', store_id: 'x', mine: false, q: ' ' } }))
                .input,
        ).toEqual({ status: 'pending', sort: 'created_at', order: 'desc', page_number: 1, page_size: 25 });
    });

    it('are exported at 500 rows a call, the largest page queueFilter takes', () => {
        for (const resource of ['deregistrations', 'imei_changes', 'transfer_loan_requests', 'mc_requests'])
            expect(largestPageOf(resource)).toBe(500);
    });
});

describe('the v2 queue (the whole answer is the page)', () => {
    it('asks one row more than the page, and counts one row as one, not as a page of 25', async () => {
        v2Rows = 1;
        const { result, input } = await list('mc_requests_v2', { filter: { store_id: 4, q: 'agent', maker_id: 3 } });
        expect(input).toEqual({ $limit: '26', $skip: '0', status: 'pending', store_id: '4', q: 'agent', order: 'desc' });
        expect(result.data).toHaveLength(1);
        expect(result.total).toBe(1);
    });

    it('says another page follows while the probe row comes back, and the count on the last page', async () => {
        v2Rows = 30;
        const first = await list('mc_requests_v2', { field: 'created_at', order: 'ASC' });
        expect(first.input).toMatchObject({ $limit: '26', $skip: '0', order: 'asc' });
        expect(first.result.data).toHaveLength(25);
        expect(first.result.total).toBeUndefined();
        expect(first.result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
        const last = await list('mc_requests_v2', { page: 2 });
        expect(last.input).toMatchObject({ $limit: '26', $skip: '25' });
        expect(last.result.total).toBe(30);
        // A page of the largest size, its probe row included, stays within the call's $limit.
        expect(largestPageOf('mc_requests_v2')).toBe(999);
    });
});

describe('one request', () => {
    it('is read by its id, and found only in a queue that holds its kind', async () => {
        asked.length = 0;
        expect((await dataProvider.getOne('mc_requests_v2', { id: 12 })).data).toMatchObject({
            id: 12,
            kind: 'agent_registration',
        });
        expect(asked).toEqual([{ path: 'one', input: { id: '12' } }]);
        await expect(dataProvider.getOne('imei_changes', { id: 12 })).rejects.toMatchObject({ status: 404 });
    });
});

describe('approval-counts', () => {
    it("is one record, 'pending', holding the counts of each kind and of the caller's own", async () => {
        const { data } = await dataProvider.getOne('approval-counts', { id: 'pending' });
        expect(data).toEqual({
            id: 'pending',
            deregistration: 2,
            imei_change: 3,
            loan_transfer: 0,
            agent_registration: 1,
            price_change: 0,
            mine: 1,
        });
    });
});
