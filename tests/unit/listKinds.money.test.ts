/**
 * The TPI and reconciliation list kinds (src/resources/money/tpiCalls.ts, reconciliationCalls.ts)
 * through the data provider: how react-admin's page, perPage, sort and filter become the claims',
 * reversals', uploads' and rows' bodies (the TPI calls sent only what differs from their defaults,
 * so an unfiltered first page asks with `{}`), and how their answers become a page; one upload
 * found by its rows call.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
    failedTpiClaims,
    reconciliationRows,
    reconciliationUploads,
    requestedTpiReversals,
    successfulTpiClaims,
    type ReconciliationRow,
    type ReconciliationUpload,
} from '../../contract/money';
import { dataProvider } from '../../src/dataProvider';
import { buildReconciliationRow, buildReconciliationUpload } from '../builders';
import { answer, contractServer } from './support/contractHandlers';

type Body = Record<string, unknown>;
const sent: Record<string, Body[]> = {};
const push = async (name: string, request: Request) => (sent[name] ??= []).push((await request.json()) as Body);

const upload: ReconciliationUpload = buildReconciliationUpload({ id: 12 });
const row = (line: number): ReconciliationRow => buildReconciliationRow({ line });

contractServer(
    answer(successfulTpiClaims, async ({ request }) => {
        await push('successful', request);
        return { records: [], total_items: 0 };
    }),
    answer(failedTpiClaims, async ({ request }) => {
        await push('failed', request);
        return { records: [], total_items: 7 };
    }),
    answer(requestedTpiReversals, async ({ request }) => {
        await push('reversals', request);
        return { records: [], total_items: 0 };
    }),
    answer(reconciliationUploads, async ({ request }) => {
        await push('uploads', request);
        return { data: [upload], total_items: 31 };
    }),
    answer(reconciliationRows, async ({ request }) => {
        await push('rows', request);
        return { upload, data: [row(2), row(3)], total_items: 2 };
    }),
);

beforeEach(() => {
    for (const name of Object.keys(sent)) delete sent[name];
});

describe('tpi-successful and tpi-failed (the claim calls)', () => {
    it('ask an unfiltered first page, newest first, with an empty body', async () => {
        await dataProvider.getList('tpi-successful', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'created_at', order: 'DESC' },
            filter: {},
        });
        expect(sent.successful).toEqual([{}]);
    });

    it('send the search, the days, a sort the server orders by, the page and the size; a half-typed day is left out', async () => {
        const answer = await dataProvider.getList('tpi-failed', {
            pagination: { page: 3, perPage: 50 },
            sort: { field: 'amount', order: 'ASC' },
            filter: { q: '  LPP-0001 ', from: '2026-11-01', to: '2026-11' },
        });
        expect(sent.failed).toEqual([
            { q: 'LPP-0001', from: '2026-11-01', sort: 'amount', order: 'asc', page_number: 3, page_size: 50 },
        ]);
        expect(answer.total).toBe(7);
    });

    it('fall back to the newest first for a column the server cannot sort by', async () => {
        await dataProvider.getList('tpi-successful', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'insurer', order: 'ASC' },
            filter: {},
        });
        expect(sent.successful).toEqual([{ page_size: 10 }]);
    });
});

describe('tpi-reversals (requestedTpiReversals)', () => {
    it('sends no status for pending (the call default), another status, the search and mine', async () => {
        await dataProvider.getList('tpi-reversals', { pagination: { page: 1, perPage: 25 }, filter: { status: 'pending' } });
        await dataProvider.getList('tpi-reversals', {
            pagination: { page: 2, perPage: 25 },
            filter: { status: 'denied', q: ' INS-1 ', mine: true },
        });
        await dataProvider.getList('tpi-reversals', { pagination: { page: 1, perPage: 25 }, filter: { status: 'nonsense' } });
        expect(sent.reversals).toEqual([{}, { status: 'denied', q: 'INS-1', mine: true, page_number: 2 }, {}]);
    });

    it('send a sort the server orders by (when asked, when decided) either way; the default or another column sends none', async () => {
        const sorted = (field: string, order: 'ASC' | 'DESC') =>
            dataProvider.getList('tpi-reversals', { pagination: { page: 1, perPage: 25 }, sort: { field, order }, filter: {} });
        await sorted('decided_at', 'DESC');
        await sorted('decided_at', 'ASC');
        await sorted('created_at', 'ASC');
        await sorted('created_at', 'DESC');
        await sorted('reason', 'ASC');
        expect(sent.reversals).toEqual([
            { sort: 'decided_at', order: 'desc' },
            { sort: 'decided_at', order: 'asc' },
            { sort: 'created_at', order: 'asc' },
            {},
            {},
        ]);
    });
});

describe('reconciliation-uploads and reconciliation-rows', () => {
    it('page the uploads by number, with their total', async () => {
        const answer = await dataProvider.getList('reconciliation-uploads', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'id', order: 'DESC' },
            filter: {},
        });
        expect(sent.uploads).toEqual([{ page_number: 2, page_size: 10 }]);
        expect(answer).toEqual({ data: [upload], total: 31 });
    });

    it("send the rows' upload (as the address holds it, in digits) and outcome, and give each row its line as its id", async () => {
        const answer = await dataProvider.getList('reconciliation-rows', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: { upload_id: '12', outcome: 'matched' },
        });
        await dataProvider.getList('reconciliation-rows', {
            pagination: { page: 2, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: { upload_id: 12, outcome: 'everything' },
        });
        expect(sent.rows).toEqual([
            { upload_id: 12, outcome: 'matched', page_number: 1, page_size: 25 },
            { upload_id: 12, page_number: 2, page_size: 25 },
        ]);
        expect(answer.data.map(record => [record.id, record.line])).toEqual([
            [2, 2],
            [3, 3],
        ]);
        expect(answer.total).toBe(2);
    });

    it('send the uploads a sort the server orders by (when, rows, amount recorded); the newest first sends none', async () => {
        const sorted = (field: string, order: 'ASC' | 'DESC') =>
            dataProvider.getList('reconciliation-uploads', {
                pagination: { page: 1, perPage: 10 },
                sort: { field, order },
                filter: {},
            });
        await sorted('rows', 'DESC');
        await sorted('amount_recorded', 'ASC');
        await sorted('created_at', 'ASC');
        await sorted('created_at', 'DESC');
        await sorted('file_name', 'ASC');
        const paging = { page_number: 1, page_size: 10 };
        expect(sent.uploads).toEqual([
            { sort: 'rows', order: 'desc', ...paging },
            { sort: 'amount_recorded', order: 'asc', ...paging },
            { sort: 'created_at', order: 'asc', ...paging },
            paging,
            paging,
        ]);
    });

    it('send the rows a sort by amount or by line either way; file order (line ascending) sends none', async () => {
        const sorted = (field: string, order: 'ASC' | 'DESC') =>
            dataProvider.getList('reconciliation-rows', {
                pagination: { page: 1, perPage: 25 },
                sort: { field, order },
                filter: { upload_id: 12 },
            });
        await sorted('amount', 'DESC');
        await sorted('line', 'DESC');
        await sorted('line', 'ASC');
        await sorted('reference', 'DESC');
        const rows = { upload_id: 12, page_number: 1, page_size: 25 };
        expect(sent.rows).toEqual([
            { ...rows, sort: 'amount', order: 'desc' },
            { ...rows, sort: 'line', order: 'desc' },
            rows,
            rows,
        ]);
    });

    it('find one upload by its rows call, a page of one row', async () => {
        const { data } = await dataProvider.getOne('reconciliation-uploads', { id: 12 });
        expect(data).toEqual(upload);
        expect(sent.rows).toEqual([{ upload_id: 12, page_number: 1, page_size: 1 }]);
    });
});
