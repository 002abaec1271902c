/**
 * Keyset pages through the data provider (src/dataProvider/index.ts): the cursor a page answered
 * (`next`) is sent as `after` when the page after it is asked for, with the same filter, sort and
 * page size; a jump to another page, another filter or page size, or a new session pages by offset.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { listAuditEvents } from '../../contract/audit';
import { listInventory } from '../../contract/inventory';
import { dataProvider } from '../../src/dataProvider';
import { session } from '../../src/lib/session';
import { answer, contractServer } from './support/contractHandlers';

const auditQueries: Record<string, string>[] = [];
const inventoryBodies: Record<string, unknown>[] = [];

contractServer(
    answer(listAuditEvents, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        auditQueries.push(query);
        const skip = Number(query.$skip ?? 0);
        return { total: 1000, limit: Number(query.$limit), skip, data: [], next: `audit-after-${skip}` };
    }),
    answer(listInventory, async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        inventoryBodies.push(body);
        return { phones: [], total_items: 1000, next: `inventory-after-page-${String(body.page_number)}` };
    }),
);

afterEach(() => {
    session.clear();
    auditQueries.length = 0;
    inventoryBodies.length = 0;
});

const auditPage = (page: number, filter: Record<string, unknown> = {}, perPage = 25) =>
    dataProvider.getList('audit-events', { pagination: { page, perPage }, sort: { field: 'id', order: 'DESC' }, filter });

const inventoryPage = (page: number, sort: { field: string; order: 'ASC' | 'DESC' } = { field: 'created_at', order: 'DESC' }) =>
    dataProvider.getList('inventory', { pagination: { page, perPage: 50 }, sort, filter: { status: 'sold' } });

describe('keyset pages in the data provider', () => {
    it('sends the cursor of page N when page N + 1 is asked for, with the page still named by its offset', async () => {
        await auditPage(1, { action: 'loans.create' });
        await auditPage(2, { action: 'loans.create' });
        await auditPage(3, { action: 'loans.create' });
        expect(auditQueries.map(query => query.after)).toEqual([undefined, 'audit-after-0', 'audit-after-25']);
        expect(auditQueries.map(query => query.$skip)).toEqual(['0', '25', '50']);
    });

    it('pages by offset on a jump, another filter, another page size or after the session ends', async () => {
        await auditPage(1);
        await auditPage(3);
        await auditPage(2, { action: 'loans.create' });
        await auditPage(2, {}, 50);
        session.clear();
        await auditPage(2);
        expect(auditQueries.map(query => query.after)).toEqual([undefined, undefined, undefined, undefined, undefined]);
    });

    it('sends the inventory cursor in the body for the next page of the same sort only', async () => {
        await inventoryPage(1);
        await inventoryPage(2);
        await inventoryPage(3, { field: 'imei', order: 'ASC' });
        await inventoryPage(5);
        expect(inventoryBodies.map(body => body.after)).toEqual([undefined, 'inventory-after-page-1', undefined, undefined]);
        expect(inventoryBodies.map(body => body.page_number)).toEqual(['1', '2', '3', '5']);
    });
});
