/**
 * Keyset pages (server/keyset.ts): a page asked for with the previous page's `next` cursor holds
 * exactly the rows the same page by offset holds, for each sort both ways, through ties (devices
 * made in the same microsecond, or a microsecond apart, in one store and SKU), and a cursor that is
 * not one of the list's own is a 400 naming `after`.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { listAuditEvents } from '../../contract/audit';
import { listInventory, INVENTORY_SORTS, type InventorySort } from '../../contract/inventory';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
    // 40 devices in two stores and two SKUs made within 3 microseconds of one another: ties on
    // every sort's first columns, which milliseconds would not tell apart.
    await server.db.execute(sql`
        WITH skus AS (SELECT array_agg(sku ORDER BY sku) AS all FROM phone_models),
             shops AS (SELECT array_agg(id ORDER BY id) AS all FROM stores)
        INSERT INTO inventory_items (sku, imei, store_id, status, created_at)
        SELECT skus.all[1 + n % 2], '97' || lpad(n::text, 13, '0'), shops.all[1 + (n / 2) % 2],
               (CASE WHEN n % 3 = 0 THEN 'sold' ELSE 'in_stock' END)::inventory_status,
               timestamptz '2026-03-01 10:00:00.123456+00' + make_interval(secs => (n % 3) / 1000000.0)
        FROM generate_series(1, 40) AS n, skus, shops`);
    // 60 audit events, in threes at the same microsecond, two actions and two entities.
    await server.db.execute(sql`
        INSERT INTO audit_events (action, entity, entity_id, at)
        SELECT CASE WHEN n % 2 = 0 THEN 'keyset.even' ELSE 'keyset.odd' END, CASE WHEN n % 5 = 0 THEN 'keyset_a' ELSE 'keyset_b' END,
               n::text, timestamptz '2026-03-01 10:00:00.123456+00' + make_interval(secs => (n / 3) / 1000000.0)
        FROM generate_series(1, 60) AS n`);
});
afterAll(() => server.close());

type Body = { sort: InventorySort; order: 'asc' | 'desc'; q?: string; status?: 'sold' | 'in_stock' };

/** Every page of the list by page number, then by cursor: the ids of each page. */
const walk = async (body: Body, size: number) => {
    const byOffset: number[][] = [];
    for (let page = 1; ; page++) {
        const answer = await server.call(listInventory, {
            body: { ...body, page_number: String(page), page_size: String(size) },
            token: admin,
        });
        expect(answer.status).toBe(200);
        byOffset.push(answer.body.phones.map(phone => phone.id));
        if (answer.body.phones.length < size) break;
    }
    const byKey: number[][] = [];
    let after: string | undefined;
    for (let page = 1; page <= byOffset.length; page++) {
        const answer = await server.call(listInventory, {
            body: { ...body, page_number: String(page), page_size: String(size), ...(after ? { after } : {}) },
            token: admin,
        });
        expect(answer.status).toBe(200);
        byKey.push(answer.body.phones.map(phone => phone.id));
        // A full page says where the next starts; a short one is the last.
        expect(answer.body.next === undefined, `page ${page}`).toBe(answer.body.phones.length < size);
        if (!answer.body.next) break;
        after = answer.body.next;
    }
    return { byOffset, byKey };
};

describe('the inventory list by key', () => {
    for (const sort of INVENTORY_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
            it(`pages by cursor as by offset, sorted by ${sort} ${order}`, async () => {
                const { byOffset, byKey } = await walk({ sort, order }, 29);
                expect(byOffset.flat().length).toBeGreaterThan(100);
                expect(new Set(byOffset.flat()).size).toBe(byOffset.flat().length);
                expect(byKey).toEqual(byOffset);
            });
        }
    }

    // The lists journey's: sold devices by price (tests/e2e/lists.spec.ts), each group's devices fewer than a page.
    it('pages by cursor as by offset under a status filter, sorted by a column of the store or model', async () => {
        // The sorts read group by group, their sizes from the counts under the same filter.
        for (const sort of ['store', 'model', 'cash_price'] as const) {
            for (const order of ['asc', 'desc'] as const) {
                const { byOffset, byKey } = await walk({ sort, order, status: 'sold' }, 7);
                expect(byOffset.flat().length, `${sort} ${order}`).toBeGreaterThan(10);
                expect(byKey, `${sort} ${order}`).toEqual(byOffset);
            }
        }
    });

    it('pages by cursor as by offset when a search by IMEI sorts the joined rows whole', async () => {
        for (const sort of ['store', 'model', 'cash_price'] as const) {
            const { byOffset, byKey } = await walk({ sort, order: 'asc', q: '9700' }, 7);
            expect(byOffset.flat().length).toBe(40);
            expect(byKey).toEqual(byOffset);
        }
    });

    it('refuses a cursor that is not one of its own with 400 naming after', async () => {
        const first = await server.call(listInventory, { body: { sort: 'imei', page_size: '5' }, token: admin });
        const imeiCursor = first.body.next!;
        const forged = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
        for (const after of [
            'not-a-cursor',
            imeiCursor,
            forged(['inventory:created_at:desc', 'yesterday', 1]),
            forged(['inventory:created_at:desc', 1.5, 1]),
            forged(['inventory:created_at:desc', 1]),
            forged(['inventory:status:desc', 'lost', 1, 1]),
            forged(['inventory:model:desc', 'a\u0000', 'b', 'c', 1, 1]),
        ]) {
            const refused = await server.callUnchecked(listInventory, { body: { page_size: '5', after }, token: admin });
            expect(refused.status, after).toBe(400);
            expect(refused.error.errors?.[0]?.field).toBe('after');
        }
        const again = await server.call(listInventory, {
            body: { sort: 'imei', page_size: '5', after: imeiCursor },
            token: admin,
        });
        expect(again.status).toBe(200);
    });
});

describe('the audit trail by key', () => {
    /** Every page by `$skip`, then by cursor: the ids of each page. */
    const walk = async (query: { $sort?: string; entity?: string }, size: number) => {
        const byOffset: number[][] = [];
        for (let skip = 0; ; skip += size) {
            const answer = await server.call(listAuditEvents, { query: { ...query, $limit: size, $skip: skip }, token: admin });
            expect(answer.status).toBe(200);
            byOffset.push(answer.body.data.map(event => event.id));
            if (answer.body.data.length < size) break;
        }
        const byKey: number[][] = [];
        let after: string | undefined;
        for (let page = 0; page < byOffset.length; page++) {
            const answer = await server.call(listAuditEvents, {
                query: { ...query, $limit: size, $skip: page * size, ...(after ? { after } : {}) },
                token: admin,
            });
            expect(answer.status).toBe(200);
            byKey.push(answer.body.data.map(event => event.id));
            expect(answer.body.next === undefined, `page ${page}`).toBe(answer.body.data.length < size);
            if (!answer.body.next) break;
            after = answer.body.next;
        }
        return { byOffset, byKey };
    };

    for (const $sort of [undefined, 'id', '-id', 'at', '-at', 'action', '-action', 'entity', '-entity']) {
        it(`pages by cursor as by offset, sorted by ${$sort ?? 'default (newest first)'}`, async () => {
            const { byOffset, byKey } = await walk({ ...($sort ? { $sort } : {}), entity: 'keyset_b' }, 7);
            expect(byOffset.flat()).toHaveLength(48);
            expect(byKey).toEqual(byOffset);
        });
    }

    it('pages the whole trail by cursor as by offset, newest first', async () => {
        const { byOffset, byKey } = await walk({ $sort: '-action' }, 50);
        expect(byOffset.flat().length).toBeGreaterThan(60);
        expect(byKey).toEqual(byOffset);
    });

    it('refuses a cursor of another sort or list with 400 naming after', async () => {
        const inventory = await server.call(listInventory, { body: { page_size: '5' }, token: admin });
        const byAction = await server.call(listAuditEvents, { query: { $sort: 'action', $limit: 5 }, token: admin });
        for (const after of [inventory.body.next!, byAction.body.next!, '-']) {
            const refused = await server.callUnchecked(listAuditEvents, { query: { $limit: '5', after }, token: admin });
            expect(refused.status, after).toBe(400);
            expect(refused.error.errors?.[0]?.field).toBe('after');
        }
    });
});
