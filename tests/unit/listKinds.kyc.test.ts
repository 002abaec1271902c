/**
 * The `kyc-submissions` resource (src/resources/kyc/calls.ts) through the data provider: react-
 * admin's page, perPage, sort and filter become pendingKycVerifications' body (status pending unless
 * a known one is chosen, the search trimmed, the sort the server orders by or the status's own), and one
 * submission is the same call by its `id`, not found when it answers none.
 */
import { describe, expect, it } from 'vitest';
import { pendingKycVerifications } from '../../contract/kyc';
import { dataProvider, largestPageOf } from '../../src/dataProvider';
import { answer, contractServer } from './support/contractHandlers';

const bodies: Record<string, unknown>[] = [];

contractServer(
    answer(pendingKycVerifications, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return { data: [], total_items: 61 };
    }),
);

const listed = async (params: { page: number; perPage: number; filter: Record<string, unknown>; field?: string }) => {
    bodies.length = 0;
    const result = await dataProvider.getList('kyc-submissions', {
        pagination: { page: params.page, perPage: params.perPage },
        sort: { field: params.field ?? 'id', order: 'ASC' },
        filter: params.filter,
    });
    return { result, body: bodies[0] };
};

describe('kyc-submissions', () => {
    it('asks pending by default, at the page and size react-admin holds, with the total the call gives', async () => {
        const { result, body } = await listed({ page: 3, perPage: 10, filter: {} });
        expect(body).toEqual({ status: 'pending', page_number: 3, page_size: 10 });
        expect(result.total).toBe(61);
    });

    it('passes a chosen status and the trimmed search; an unknown status or an empty search is left out', async () => {
        expect((await listed({ page: 1, perPage: 25, filter: { status: 'returned', q: '  thandi ' } })).body).toEqual({
            status: 'returned',
            q: 'thandi',
            page_number: 1,
            page_size: 25,
        });
        expect((await listed({ page: 1, perPage: 25, filter: { status: 'lost', q: '   ' } })).body).toEqual({
            status: 'pending',
            page_number: 1,
            page_size: 25,
        });
    });

    it("sends a sort the server orders by (when submitted, when decided) either way, and none for the status's own order", async () => {
        const sorted = async (filter: Record<string, unknown>, field: string, order: 'ASC' | 'DESC') => {
            bodies.length = 0;
            await dataProvider.getList('kyc-submissions', {
                pagination: { page: 1, perPage: 25 },
                sort: { field, order },
                filter,
            });
            const { sort, order: direction } = bodies[0] ?? {};
            return [sort, direction];
        };
        expect(await sorted({}, 'created_at', 'DESC')).toEqual(['created_at', 'desc']);
        expect(await sorted({ status: 'approved' }, 'decided_at', 'ASC')).toEqual(['decided_at', 'asc']);
        expect(await sorted({ status: 'approved' }, 'created_at', 'ASC')).toEqual(['created_at', 'asc']);
        // The status's own order, or a column the server does not sort by (react-admin's default
        // `id`, the customer): no sort, the server's order for the status.
        expect(await sorted({}, 'created_at', 'ASC')).toEqual([undefined, undefined]);
        expect(await sorted({ status: 'approved' }, 'decided_at', 'DESC')).toEqual([undefined, undefined]);
        expect(await sorted({}, 'id', 'DESC')).toEqual([undefined, undefined]);
        expect(await sorted({ status: 'rejected' }, 'customer', 'ASC')).toEqual([undefined, undefined]);
    });

    it('reads one submission by its id, and answers 404 when the call finds none', async () => {
        bodies.length = 0;
        await expect(dataProvider.getOne('kyc-submissions', { id: 7 })).rejects.toMatchObject({ status: 404 });
        expect(bodies).toEqual([{ id: 7 }]);
    });

    it('exports at the call’s largest page', () => {
        expect(largestPageOf('kyc-submissions')).toBe(100);
    });
});
