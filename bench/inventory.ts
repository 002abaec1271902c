/**
 * The budget: the inventory list (`get_phone_inventory`, the inventory screen) answers fast
 * with 100,000 devices, on the embedded PGlite and on PostgreSQL (bench/database.ts: a throwaway
 * cluster). On demand: `npm run bench` (not `--fast`), or alone
 * `npx tsx bench/inventory.ts`; a few minutes, most of it seeding.
 *
 * - **The data.** The demo seed, BENCH_SHOPS more shops, then BENCH_DEVICES devices in one
 *   set-based statement: spread over every store (a third of them in the demo's Soweto Central,
 *   the shop owner's), over the catalogue's SKUs, over two years, mostly sold (as a lending
 *   business's stock is), then VACUUM ANALYZE (as autovacuum would soon after such a load).
 * - **The calls**, as the screen makes them (50 a page, newest first): as `admin` (every store)
 *   the first page, a later page, each status, one store, sorted by each sortable column, a
 *   search by brand, by part of an IMEI, by one or two digits (every IMEI read) and one that
 *   matches nothing; as `shopowner` (their stores only) the first page and a status. One round to warm up, then RUNS rounds, each
 *   calling every figure in turn.
 * - **Budget**: every figure's p95 ≤ 50 ms, on each database.
 */
import { loadavg } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { API_BASE } from '../contract';
import { listInventory, type InventorySort } from '../contract/inventory';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db';
import { stores } from '../server/db/schema';
import { prepareDatabase } from '../server/seed';
import { benchSettings, onEachDatabase, type DatabaseKind } from './database';
import { report } from './size';

const BENCH_DEVICES = Number(process.env.BENCH_INVENTORY_DEVICES ?? 100_000);
const BENCH_SHOPS = 200;
const RUNS = Number(process.env.BENCH_INVENTORY_RUNS ?? 40);
const P95_MS = 50;

type Body = {
    q?: string;
    status?: string;
    store_id?: number;
    sort?: InventorySort;
    order?: 'asc' | 'desc';
    page_number?: string;
    page_size?: string;
};

const CALLS = {
    'admin first page': { user: 'admin', body: {} },
    'admin page 20': { user: 'admin', body: { page_number: '20' } },
    'admin in stock': { user: 'admin', body: { status: 'in_stock' } },
    'admin reserved': { user: 'admin', body: { status: 'reserved' } },
    'admin sold': { user: 'admin', body: { status: 'sold' } },
    'admin one store': { user: 'admin', body: { store_id: 'busy' } },
    'admin q brand': { user: 'admin', body: { q: 'samsung' } },
    'admin q imei part': { user: 'admin', body: { q: '0004217' } },
    'admin q no match': { user: 'admin', body: { q: 'no such phone' } },
    // Fewer than three digits: below what trigrams find, every IMEI is read for the count.
    'admin q one digit': { user: 'admin', body: { q: '7' } },
    'admin q model digits': { user: 'admin', body: { q: '15' } },
    // Each column the screen sorts by, along its index.
    'admin by imei': { user: 'admin', body: { sort: 'imei', order: 'asc' } },
    'admin by model': { user: 'admin', body: { sort: 'model', order: 'asc' } },
    'admin by store desc': { user: 'admin', body: { sort: 'store', order: 'desc' } },
    'admin by price': { user: 'admin', body: { sort: 'cash_price', order: 'asc' } },
    'admin by status': { user: 'admin', body: { sort: 'status', order: 'asc' } },
    'shopowner first page': { user: 'shopowner', body: {} },
    'shopowner in stock': { user: 'shopowner', body: { status: 'in_stock' } },
} as const satisfies Record<string, { user: string; body: Omit<Body, 'store_id'> & { store_id?: 'busy' } }>;

type Call = keyof typeof CALLS;
type Figure = `${Call} ${DatabaseKind}`;

export const INVENTORY_BUDGETS = Object.fromEntries(
    (['pglite', 'postgres'] as const).flatMap(kind => (Object.keys(CALLS) as Call[]).map(call => [`${call} ${kind}`, P95_MS])),
) as Record<Figure, number>;

const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** The timings of every call on one database (`databaseUrl` PostgreSQL, else PGlite in a folder). */
const timings = async (kind: DatabaseKind, databaseUrl?: string): Promise<Record<Figure, number>> => {
    const { settings, remove } = benchSettings('inventory', databaseUrl);
    const database = await openDatabase(settings);
    try {
        await prepareDatabase(database, settings);
        const started = performance.now();
        await database.db.execute(sql`
            INSERT INTO stores (name, region, town, latitude, longitude)
            SELECT 'Inventory bench shop ' || n, 'Region ' || (n % 9), 'Town ' || (n % 40), -26 + (n % 100) / 100.0, 28 + (n % 100) / 100.0
            FROM generate_series(1, ${BENCH_SHOPS}) AS n`);
        // A third in the shop owner's shop; the rest over every store. IMEIs 99… are the bench's own.
        await database.db.execute(sql`
            WITH skus AS (SELECT array_agg(sku ORDER BY sku) AS all FROM phone_models),
                 shops AS (SELECT array_agg(id ORDER BY id) AS all FROM stores),
                 busy AS (SELECT id FROM stores WHERE name = 'Soweto Central')
            INSERT INTO inventory_items (sku, imei, store_id, status, created_at)
            SELECT skus.all[1 + (n * 7) % cardinality(skus.all)],
                   '99' || lpad(n::text, 13, '0'),
                   CASE WHEN n % 3 = 0 THEN busy.id ELSE shops.all[1 + (n * 13) % cardinality(shops.all)] END,
                   (CASE WHEN n % 10 < 7 THEN 'sold' WHEN n % 10 < 9 THEN 'in_stock' WHEN n % 20 = 9 THEN 'reserved' ELSE 'returned' END)::inventory_status,
                   now() - make_interval(secs => (${BENCH_DEVICES} - n) * 630)
            FROM generate_series(1, ${BENCH_DEVICES}) AS n, skus, shops, busy`);
        await database.db.execute(sql`VACUUM ANALYZE`);
        console.log(
            `inventory bench (${kind}): ${BENCH_DEVICES} devices seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );

        const app = await buildApp({ db: database.db, settings, listen: database.listen });
        try {
            const tokens = new Map<string, string>();
            for (const user of ['admin', 'shopowner']) {
                const answer = await app.inject({
                    method: 'POST',
                    url: `${API_BASE}/authentication`,
                    payload: { username: user, password: settings.seedPassword },
                });
                tokens.set(user, (JSON.parse(answer.body) as { user: { token: string } }).user.token);
            }
            const [busy] = await database.db.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Soweto Central'));
            const busyId = busy?.id ?? 0;
            const call = async (name: Call) => {
                const { user, body } = CALLS[name];
                const payload: Body = { ...body, store_id: 'store_id' in body ? busyId : undefined };
                const answer = await app.inject({
                    method: listInventory.method,
                    url: `${API_BASE}${listInventory.path}`,
                    headers: { authorization: `Bearer ${tokens.get(user) ?? ''}` },
                    payload,
                });
                if (answer.statusCode !== 200) throw new Error(`${name} answered ${answer.statusCode}: ${answer.body}`);
            };
            const samples = new Map<Call, number[]>();
            const names = Object.keys(CALLS) as Call[];
            for (const name of names) await call(name);
            for (let run = 0; run < RUNS; run++) {
                for (const name of names) {
                    const start = performance.now();
                    await call(name);
                    samples.set(name, [...(samples.get(name) ?? []), performance.now() - start]);
                }
            }
            console.log(`inventory bench (${kind}), load average ${loadavg()[0]?.toFixed(2)}:`);
            for (const name of names) {
                const values = samples.get(name) ?? [];
                console.log(
                    `     ${name.padEnd(24)} median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms`,
                );
            }
            return Object.fromEntries(names.map(name => [`${name} ${kind}`, percentile(samples.get(name) ?? [], 95)])) as Record<
                Figure,
                number
            >;
        } finally {
            await app.close();
        }
    } finally {
        await database.close();
        remove();
    }
};

export const inventoryFigures = (): Promise<Record<Figure, number>> => onEachDatabase(['pglite', 'postgres'], timings);

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exit(report(await inventoryFigures(), INVENTORY_BUDGETS) ? 1 : 0);
}
