/**
 * The `inventory` resource (src/resources/inventory/calls.ts) through the data provider: react-
 * admin's page and perPage become listInventory's page_number/page_size as digits, its sort one of
 * the columns the server sorts by (newest first otherwise), its filter the search, status and
 * store the call takes (a value it would refuse is left out); the rows are in `phones`, the total
 * in `total_items`. The largest page, which an export walks, is the call's 1000.
 */
import { describe, expect, it } from 'vitest';
import { listInventory } from '../../contract/inventory';
import { dataProvider, largestPageOf } from '../../src/dataProvider';
import { answer, contractServer } from './support/contractHandlers';

const bodies: Record<string, unknown>[] = [];

contractServer(
    answer(listInventory, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return { phones: [], total_items: 479 };
    }),
);

const listed = async (params: {
    page: number;
    perPage: number;
    filter?: Record<string, unknown>;
    sort?: { field: string; order: 'ASC' | 'DESC' };
}) => {
    bodies.length = 0;
    const result = await dataProvider.getList('inventory', {
        pagination: { page: params.page, perPage: params.perPage },
        sort: params.sort ?? { field: 'created_at', order: 'DESC' },
        filter: params.filter ?? {},
    });
    return { result, body: bodies[0] };
};

describe('inventory', () => {
    it('asks the page as digits, newest first by default, with the total the call gives', async () => {
        const { result, body } = await listed({ page: 3, perPage: 50 });
        expect(body).toEqual({ sort: 'created_at', order: 'desc', page_number: '3', page_size: '50' });
        expect(result.total).toBe(479);
    });

    it('sorts by each column the server sorts by, either way; any other column falls back to newest first', async () => {
        for (const field of ['imei', 'model', 'store', 'status', 'cash_price', 'created_at']) {
            expect((await listed({ page: 1, perPage: 25, sort: { field, order: 'ASC' } })).body).toMatchObject({
                sort: field,
                order: 'asc',
            });
            expect((await listed({ page: 1, perPage: 25, sort: { field, order: 'DESC' } })).body).toMatchObject({
                sort: field,
                order: 'desc',
            });
        }
        expect((await listed({ page: 1, perPage: 25, sort: { field: 'store_name', order: 'ASC' } })).body).toMatchObject({
            sort: 'created_at',
            order: 'desc',
        });
    });

    it('passes the trimmed search, a known status and a store id (from the address, digits too); leaves out what the call would refuse', async () => {
        expect((await listed({ page: 1, perPage: 25, filter: { q: ' galaxy ', status: 'sold', store_id: '4' } })).body).toEqual({
            q: 'galaxy',
            status: 'sold',
            store_id: 4,
            sort: 'created_at',
            order: 'desc',
            page_number: '1',
            page_size: '25',
        });
        expect((await listed({ page: 1, perPage: 25, filter: { q: '  ', status: 'lost', store_id: 'x' } })).body).toEqual({
            sort: 'created_at',
            order: 'desc',
            page_number: '1',
            page_size: '25',
        });
    });

    it('is exported 1000 devices a call, the largest page the call answers', () => {
        expect(largestPageOf('inventory')).toBe(1000);
    });
});
