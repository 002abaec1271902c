/**
 * The budget: the analytics calls answer fast at 1M transactions. Measured on a throwaway
 * PostgreSQL 15 cluster (bench/throughput.ts `startPostgres`, its default settings: JIT on,
 * shared_buffers 128 MB, work_mem 4 MB) holding two years of a business of that size, through the
 * real calls in process (`buildApp`, `app.inject`). On demand: `npm run bench` (not `--fast`), or
 * alone `npx tsx bench/analytics.ts`; ten to fifteen minutes, one of them generating the data.
 *
 * - **The data.** The demo seed (server/seed/index.ts), then, in set-based SQL (generate_series, one
 *   statement per table, `generateBusiness` below): GENERATED_SHOPS shops in nine regions (one in
 *   four branded, ten in eleven owned by one of GENERATED_OWNERS owners), GENERATED_AGENTS sales
 *   agents spread over the shops, and GENERATED_LOANS loans sold over the last two years (more of
 *   them lately, more in the busier shops), each with its customer, its deposit, every instalment
 *   paid so far and its device lock. Most loans pay on time (completed once the term is paid); one
 *   in seven stopped paying partway (active and behind: portfolio at risk, two in three of those
 *   phones locked); a few were cancelled before their deposit, deactivated, or wait for their
 *   lock. Beside them payments in suspense and reversals. About 1M rows in `transactions`, in
 *   about a minute on 2 cores (printed), then everything is VACUUMed and ANALYZEd (as autovacuum
 *   would soon after such a load). Its own ranges, which
 *   nothing else uses: customers 2774…, agents 2786…, owners 2785…, loans `LPB-`, payments `TXB-`.
 * - **The calls**, as the demo `analyst` (every analytics role, no shop: the whole business):
 *   each report (`bi_analysis`, `shop_analysis`, `shop_owners_analysis`,
 *   `all_unbranded_analysis`, `agent_analysis`) for the last 30 and 365 days, in each scope (all,
 *   the region, shop and agent that sold most: the largest slice of each kind); `bi_dashboard`
 *   as the analyst (the business), as a shop-attached analyst who owns shops (their shops) and as
 *   the busiest agent (their own sales); `bi_auth`; the option lists `bi_region`, `bi_shop` and
 *   `bi_agent` with a `q`. One round to warm up (plans, caches), then up to RUNS rounds, each
 *   round every call once in turn (so no call is timed only against its own warm cache), no round
 *   begun after TIME_BOX_MS once MIN_RUNS are done; the median and p95 of each, and the machine's
 *   load average (it is shared: a loaded machine shows in the figures).
 * - **Budgets** (`ANALYTICS_BUDGETS`, on the p95): a report over 30 days 500 ms, over 365 days
 *   1500 ms (a year is twelve times the rows; a person picking a year expects a little wait);
 *   `bi_dashboard` 300 ms (it loads on every visit to the dashboard home); `bi_auth` and the option
 *   lists 100 ms (they answer as one types).
 * - **JIT.** PostgreSQL compiles a query whose estimated cost passes `jit_above_cost`; the budgets
 *   are judged with the cluster as it comes (JIT on), and `BENCH_ANALYTICS_JIT=off` runs the same
 *   with it off, to see what compiling costs the calls.
 * - **When a budget is missed**, the call is made once more with auto_explain logging the plan
 *   (ANALYZE, BUFFERS) of each of its statements slower than EXPLAIN_MIN_MS, and the plans are
 *   written to a file whose path is printed: what to index or roll up starts there.
 * - **On PGlite** with the seed's default demo data (what `npm start` runs, a data folder on disk)
 *   the same calls, for information, and the slowest p95 against half a second (`pgliteSlowestP95Ms`):
 *   the demo must answer well inside a second.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { count, desc, eq, isNotNull } from 'drizzle-orm';
import postgres from 'postgres';
import { API_BASE } from '../contract';
import type { CallDefinition } from '../contract/define';
import {
    BI_PICKED_SCOPES,
    BI_SCOPES,
    agentAnalysis,
    biAnalysis,
    biAuth,
    biDashboard,
    biScopeOptions,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
    periodDays,
    type BiPickedScope,
    type BiReport,
    type BiScope,
} from '../contract/analytics';
import { buildApp } from '../server/app';
import { openDatabase, type Database } from '../server/db';
import { loans, stores } from '../server/db/schema';
import { prepareDatabase } from '../server/seed';
import { BUSINESS_TIME_ZONE } from '../server/time';
import { SALES_AGENT_GROUP } from '../server/domain/security';
import { loadSettings } from '../server/settings';
import { report } from './size';
import { startPostgres } from './throughput';

/** The generated business: about 1M transactions (the count is printed). */
const GENERATED_SHOPS = 300;
const GENERATED_OWNERS = 60;
const GENERATED_AGENTS = 3000;
const GENERATED_LOANS = Number(process.env.BENCH_ANALYTICS_LOANS ?? 62_000);
const SUSPENSE_PAYMENTS = 8000;
const REVERSALS = 1500;
/** Timed rounds after one to warm up; p95 of 20 is the second slowest. */
const RUNS = Number(process.env.BENCH_ANALYTICS_RUNS ?? 20);
/** Slow calls take fewer rounds: after MIN_RUNS, none is begun once TIME_BOX_MS has passed (p95 of 5 is the slowest). */
const MIN_RUNS = 5;
const TIME_BOX_MS = 6 * 60_000;
const PGLITE_RUNS = 10;
/**
 * PostgreSQL's JIT, on by default: `BENCH_ANALYTICS_JIT=off` turns it off in the cluster, to see
 * what it costs the calls (the budgets are judged as PostgreSQL comes, with it on).
 */
const JIT = process.env.BENCH_ANALYTICS_JIT === 'off' ? 'off' : 'on';
/** auto_explain logs the statements of a call over budget that take at least this long. */
const EXPLAIN_MIN_MS = 20;

const PERIODS = [30, 365] as const;
type Period = (typeof PERIODS)[number];

const REPORT_CALLS = {
    overview: biAnalysis,
    shops: shopAnalysis,
    shop_owners: shopOwnersAnalysis,
    unbranded: unbrandedAnalysis,
    agents: agentAnalysis,
} as const satisfies Record<BiReport, { path: string }>;

/** Whose dashboard is timed: the analyst's (the business), a shop-attached analyst's (their shops), an agent's (their sales). */
type DashboardUser = 'analyst' | 'shop analyst' | 'agent';

type ReportFigure = `${BiReport} ${Period}d ${BiScope}`;
type Figure = ReportFigure | `dashboard ${DashboardUser}` | 'bi_auth' | `bi_${BiPickedScope} q`;

const REPORT_P95_MS: Record<Period, number> = { 30: 500, 365: 1500 };
const DASHBOARD_P95_MS = 300;
const OPTIONS_P95_MS = 100;

const reportFigures = (Object.keys(REPORT_CALLS) as BiReport[]).flatMap(name =>
    PERIODS.flatMap(days => BI_SCOPES.map(scope => [`${name} ${days}d ${scope}` as ReportFigure, REPORT_P95_MS[days]] as const)),
);

/** Every call's p95 in ms, and the slowest on PGlite with the demo data. */
export const ANALYTICS_BUDGETS = {
    ...(Object.fromEntries(reportFigures) as Record<ReportFigure, number>),
    'dashboard analyst': DASHBOARD_P95_MS,
    'dashboard shop analyst': DASHBOARD_P95_MS,
    'dashboard agent': DASHBOARD_P95_MS,
    bi_auth: OPTIONS_P95_MS,
    'bi_region q': OPTIONS_P95_MS,
    'bi_shop q': OPTIONS_P95_MS,
    'bi_agent q': OPTIONS_P95_MS,
    /** PGlite, demo data: the slowest call's p95; half a second is well inside the second a page may take. */
    pgliteSlowestP95Ms: 500,
} satisfies Record<Figure | 'pgliteSlowestP95Ms', number>;

/**
 * The budget this bench holds an analytics call to, for the lists bench (bench/lists.ts), which
 * times the same calls among every list: one call has one budget, not a list's 50 ms there and
 * half a second here. A report's by its period (30 days or fewer, else a year's: the longest
 * period, three years, is held to the year's too), the dashboard's, and the options'
 * (`bi_auth`, `bi_{scope}`); undefined for a call this bench does not time.
 */
export const analyticsBudgetOf = (call: CallDefinition, query: Readonly<Record<string, unknown>> = {}): number | undefined => {
    if ((Object.values(REPORT_CALLS) as CallDefinition[]).includes(call)) {
        const { from, to } = query;
        const days = typeof from === 'string' && typeof to === 'string' ? periodDays(from, to) : Number.POSITIVE_INFINITY;
        return days <= 30 ? REPORT_P95_MS[30] : REPORT_P95_MS[365];
    }
    if (call === biDashboard) return DASHBOARD_P95_MS;
    if (call === biAuth || call === biScopeOptions) return OPTIONS_P95_MS;
    return undefined;
};

const REGIONS = [
    'Gauteng',
    'Gauteng',
    'Gauteng',
    'KwaZulu-Natal',
    'KwaZulu-Natal',
    'Western Cape',
    'Western Cape',
    'Eastern Cape',
    'Limpopo',
    'Mpumalanga',
    'North West',
    'Free State',
    'Northern Cape',
];
const FIRST_NAMES = ['Thabo', 'Lerato', 'Sipho', 'Naledi', 'Bongani', 'Palesa', 'Tshepo', 'Nomvula', 'Kabelo', 'Ayanda', 'Lwazi'];
const LAST_NAMES = ['Mokoena', 'Dlamini', 'Nkosi', 'Ndlovu', 'Khumalo', 'Mahlangu', 'Zulu', 'Mthembu', 'Molefe', 'Sithole'];

/** The username of the shop-attached analyst the generator adds (Analytics group, owns shops). */
const SHOP_ANALYST = 'bench.shopanalyst';

type Sql = postgres.Sql;

const textArray = (values: readonly string[]) => `ARRAY[${values.map(value => `'${value.replaceAll("'", "''")}'`).join(',')}]`;

/**
 * The generated business on top of the demo seed (see the header). Answers the seconds each step
 * took and what it made.
 */
export const generateBusiness = async (sql: Sql, now: Date): Promise<{ seconds: number; steps: string[] }> => {
    const started = performance.now();
    const steps: string[] = [];
    const step = async (what: string, work: () => Promise<unknown>) => {
        const start = performance.now();
        await work();
        steps.push(`${what} ${((performance.now() - start) / 1000).toFixed(1)} s`);
    };
    const at = now.toISOString();
    const regions = sql.unsafe(textArray(REGIONS));
    const firstNames = sql.unsafe(textArray(FIRST_NAMES));
    const lastNames = sql.unsafe(textArray(LAST_NAMES));

    await step('shops, owners, agents', async () => {
        await sql`
            INSERT INTO stores (name, region, town, latitude, longitude, branded, created_at)
            SELECT 'Bench shop ' || lpad(n::text, 3, '0'), r.region, r.region || ' ' || (1 + n % 7), -26 - (n % 90) / 10.0,
                   27 + (n % 60) / 10.0, n % 4 = 0, ${at}::timestamptz - interval '800 days'
            FROM generate_series(1, ${GENERATED_SHOPS}) AS n
            CROSS JOIN LATERAL (SELECT (${regions})[1 + n % ${REGIONS.length}] AS region) AS r`;
        // The generated accounts sign in with the analyst's password (the seed's SEED_PASSWORD).
        await sql`
            INSERT INTO admins (username, first_name, last_name, msisdn, group_id, status, password_hash, created_at)
            SELECT 'bench.owner.' || n, (${firstNames})[1 + n % ${FIRST_NAMES.length}],
                   (${lastNames})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}], '2785' || lpad(n::text, 7, '0'),
                   (SELECT id FROM admin_groups WHERE name = 'Shop Owner'), 'active'::admin_status,
                   (SELECT password_hash FROM admins WHERE username = 'analyst'), ${at}::timestamptz - interval '800 days'
            FROM generate_series(1, ${GENERATED_OWNERS}) AS n
            UNION ALL
            SELECT ${SHOP_ANALYST}, 'Bench', 'Shop Analyst', '27859999999', (SELECT id FROM admin_groups WHERE name = 'Analytics'),
                   'active'::admin_status, (SELECT password_hash FROM admins WHERE username = 'analyst'), ${at}::timestamptz - interval '800 days'`;
        // Nine shops in ten have an owner (each owner about five shops); the shop analyst owns three more.
        await sql`
            UPDATE stores SET owner_admin_id = o.id
            FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM admins WHERE username LIKE 'bench.owner.%') AS o
            WHERE stores.name LIKE 'Bench shop %' AND substr(stores.name, 12)::int % 11 <> 10
              AND substr(stores.name, 12)::int % ${GENERATED_OWNERS} = o.k`;
        await sql`
            UPDATE stores SET owner_admin_id = (SELECT id FROM admins WHERE username = ${SHOP_ANALYST})
            WHERE name IN ('Bench shop 009', 'Bench shop 019', 'Bench shop 029')`;
        await sql`
            UPDATE admins SET store_id = (SELECT min(id) FROM stores WHERE owner_admin_id = admins.id)
            WHERE username LIKE 'bench.owner.%' OR username = ${SHOP_ANALYST}`;
        await sql`
            INSERT INTO admins (username, first_name, last_name, msisdn, group_id, store_id, status, password_hash, created_at)
            SELECT 'bench.agent.' || n, (${firstNames})[1 + n % ${FIRST_NAMES.length}],
                   (${lastNames})[1 + (n / 7) % ${LAST_NAMES.length}], '2786' || lpad(n::text, 7, '0'),
                   (SELECT id FROM admin_groups WHERE name = ${SALES_AGENT_GROUP}), s.ids[1 + n % cardinality(s.ids)], 'active',
                   (SELECT password_hash FROM admins WHERE username = 'analyst'), ${at}::timestamptz - interval '800 days'
            FROM generate_series(1, ${GENERATED_AGENTS}) AS n
            CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM stores) AS s`;
    });

    // Every sale: its shop (skewed: some shops sell far more), an agent of that shop, a model, the
    // moment its deposit was paid (more of them lately), how many instalments fell due since and
    // how many were paid, and its status. h (0–99) picks its story: 0–1 never paid the deposit,
    // 2 deactivated, 3–16 stopped paying partway, the rest pay on time.
    await step('sales plan', async () => {
        await sql`DROP TABLE IF EXISTS bench_sales`;
        await sql`
            CREATE UNLOGGED TABLE bench_sales AS
            SELECT g, b.store_id, b.agent_id, b.sku, b.sold_at, b.h, d.due, p.paid, p.status
            FROM generate_series(1, ${GENERATED_LOANS}) AS g
            CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids, count(*)::int AS n FROM stores) AS st
            CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM admins WHERE username LIKE 'bench.agent.%') AS ag
            CROSS JOIN (SELECT array_agg(sku ORDER BY sku) AS skus FROM phone_models) AS md
            CROSS JOIN LATERAL (SELECT floor(st.n * power(((g::bigint * 7919) % 100003) / 100003.0, 1.6))::int AS si) AS x
            CROSS JOIN LATERAL (
                SELECT st.ids[1 + x.si] AS store_id,
                       ag.ids[x.si + st.n * (1 + (g / 7) % (${GENERATED_AGENTS} / st.n - 1))] AS agent_id,
                       md.skus[1 + (g * 7) % cardinality(md.skus)] AS sku,
                       ${at}::timestamptz - make_interval(mins => (730 * 1440 * power(((g::bigint * 104729) % 1000003) / 1000003.0, 1.15))::int) AS sold_at,
                       (g * 37) % 100 AS h
            ) AS b
            JOIN phone_models m ON m.sku = b.sku
            CROSS JOIN LATERAL (
                SELECT least(m.term, CASE WHEN m.instalment_period = 'weekly'
                    THEN floor(extract(epoch FROM ${at}::timestamptz - b.sold_at) / 604800)::int
                    ELSE (extract(year FROM age(${at}::timestamptz, b.sold_at)) * 12 + extract(month FROM age(${at}::timestamptz, b.sold_at)))::int
                END) AS due
            ) AS d
            CROSS JOIN LATERAL (
                SELECT CASE WHEN b.h < 2 THEN -1
                            WHEN b.h = 2 THEN least(d.due, 4)
                            WHEN b.h < 17 THEN least(d.due, g % greatest(2, m.term / 2))
                            WHEN ${at}::timestamptz - b.sold_at < interval '1 day' AND b.h % 3 = 0 THEN 0
                            ELSE d.due END AS paid,
                       CASE WHEN b.h < 2 THEN CASE WHEN ${at}::timestamptz - b.sold_at < interval '3 days' THEN 'awaiting_deposit' ELSE 'cancelled' END
                            WHEN b.h = 2 THEN 'deactivated'
                            WHEN b.h < 17 THEN 'active'
                            WHEN ${at}::timestamptz - b.sold_at < interval '1 day' AND b.h % 3 = 0 THEN 'awaiting_lock'
                            WHEN d.due = m.term THEN 'completed'
                            ELSE 'active' END AS status
            ) AS p`;
    });

    await step('customers and loans', async () => {
        await sql`
            INSERT INTO customers (msisdn, username, first_name, last_name, id_number, credit_limit, kyc_status, channel, store_id,
                registered_by_admin_id, created_at)
            SELECT '2774' || lpad(g::text, 7, '0'), 'bench.customer.' || g, (${firstNames})[1 + g % ${FIRST_NAMES.length}],
                   (${lastNames})[1 + (g / 11) % ${LAST_NAMES.length}], '7' || lpad(g::text, 12, '0'), 8000, 'verified', 'shop',
                   store_id, agent_id, sold_at - interval '1 day'
            FROM bench_sales`;
        await sql`
            INSERT INTO loans (loan_reference, customer_id, imei, sku, lock_solution, price, deposit, instalment, instalment_period,
                term, cash_price, first_due_date, balance, agent_admin_id, store_id, channel, status, customer_otp_verified_at, agent_otp_verified_at,
                created_at, updated_at)
            SELECT 'LPB-' || lpad(b.g::text, 7, '0'), c.id, '35888' || lpad(b.g::text, 10, '0'), m.sku, m.lock_solution,
                   m.deposit + m.instalment_amount * m.term, m.deposit, m.instalment_amount, m.instalment_period, m.term,
                   m.cash_price, ((b.sold_at AT TIME ZONE 'Africa/Johannesburg')::date
                       + CASE WHEN m.instalment_period = 'weekly' THEN interval '7 days' ELSE interval '1 month' END)::date,
                   CASE WHEN b.paid < 0 THEN m.deposit + m.instalment_amount * m.term ELSE m.instalment_amount * (m.term - b.paid) END,
                   b.agent_id, b.store_id, 'shop', b.status::loan_status, b.sold_at - interval '20 minutes',
                   b.sold_at - interval '20 minutes', b.sold_at - interval '30 minutes', b.sold_at
            FROM bench_sales b
            JOIN customers c ON c.msisdn = '2774' || lpad(b.g::text, 7, '0')
            JOIN phone_models m ON m.sku = b.sku`;
    });

    // The deposit when sold, then each instalment paid, within a day and a half of falling due.
    await step('transactions', async () => {
        await sql`
            INSERT INTO transactions (reference, msisdn, loan_id, amount, channel, kind, paid_at, created_at)
            SELECT 'TXB-' || l.id || '-' || k, '2774' || substr(l.loan_reference, 5), l.id,
                   CASE WHEN k = 0 THEN l.deposit ELSE l.instalment END,
                   (ARRAY['mpesa','mpesa','mpesa','card','cash','bank']::transaction_channel[])[1 + (l.id + k) % 6],
                   (CASE WHEN k = 0 THEN 'deposit' ELSE 'instalment' END)::transaction_kind, t.at, t.at
            FROM loans l
            JOIN bench_sales b ON l.loan_reference = 'LPB-' || lpad(b.g::text, 7, '0')
            CROSS JOIN generate_series(0, b.paid) AS k
            CROSS JOIN LATERAL (SELECT least(${at}::timestamptz, b.sold_at
                + CASE WHEN l.instalment_period = 'weekly' THEN k * interval '7 days' ELSE k * interval '1 month' END
                + CASE WHEN k = 0 THEN interval '0' ELSE ((l.id * 31 + k * 17) % 72 - 36) * interval '1 hour' END) AS at) AS t
            WHERE b.paid >= 0`;
        // Payments in suspense (no loan, so no scope) and reversals of an instalment on active loans.
        await sql`
            INSERT INTO transactions (reference, msisdn, loan_id, amount, channel, kind, account, paid_at, created_at,
                suspense_status, suspense_reason)
            SELECT 'TXB-S-' || n, '2779' || lpad(n::text, 7, '0'), NULL, 50 + n % 400, 'bank', 'instalment', 'UNKNOWN-' || n,
                   ${at}::timestamptz - (n % 730) * interval '1 day', ${at}::timestamptz - (n % 730) * interval '1 day',
                   'open', 'unknown_account'
            FROM generate_series(1, ${SUSPENSE_PAYMENTS}) AS n`;
        await sql`
            INSERT INTO transactions (reference, msisdn, loan_id, amount, channel, kind, paid_at, created_at)
            SELECT 'TXB-R-' || l.id, '2774' || substr(l.loan_reference, 5), l.id, l.instalment, 'bank', 'reversal', t.at, t.at
            FROM (SELECT * FROM loans WHERE loan_reference LIKE 'LPB-%' AND status = 'active' ORDER BY id % 13, id LIMIT ${REVERSALS}) AS l
            CROSS JOIN LATERAL (SELECT l.created_at + (${at}::timestamptz - l.created_at) / 2 AS at) AS t`;
    });

    await step('device locks', async () => {
        await sql`
            INSERT INTO device_locks (loan_id, imei, lock_solution, state, confirmed_state, confirmed_at, challenge, updated_at)
            SELECT l.id, l.imei, l.lock_solution, s.state::device_state, s.state::confirmed_device_state,
                   CASE WHEN s.state = 'pending' THEN NULL ELSE l.created_at END, lpad(((l.id * 7919) % 100000000)::text, 8, '0'),
                   l.created_at
            FROM loans l
            JOIN bench_sales b ON l.loan_reference = 'LPB-' || lpad(b.g::text, 7, '0')
            CROSS JOIN LATERAL (SELECT CASE WHEN b.status IN ('completed', 'deactivated') THEN 'released'
                                            WHEN b.status = 'awaiting_lock' THEN 'pending'
                                            WHEN b.status = 'active' AND b.paid < b.due - 1 AND b.g % 3 <> 0 THEN 'locked'
                                            ELSE 'active' END AS state) AS s
            WHERE b.paid >= 0`;
        await sql`DROP TABLE bench_sales`;
    });

    // VACUUM too: autovacuum visits a table after that many inserts anyway, and until it has, the
    // payments' covering index cannot answer alone (its pages are not yet marked all-visible).
    await step('VACUUM ANALYZE', () => sql`VACUUM ANALYZE`);
    return { seconds: (performance.now() - started) / 1000, steps };
};

/** What the generated database holds, in one line. */
const describeBusiness = async (sql: Sql): Promise<string> => {
    const [row] = await sql<
        {
            transactions: number;
            loans: number;
            active: number;
            completed: number;
            behind: number;
            locked: number;
            shops: number;
            branded: number;
            regions: number;
            agents: number;
            owners: number;
        }[]
    >`
        SELECT (SELECT count(*)::int FROM transactions) AS transactions,
               (SELECT count(*)::int FROM loans) AS loans,
               (SELECT count(*)::int FROM loans WHERE status = 'active') AS active,
               (SELECT count(*)::int FROM loans WHERE status = 'completed') AS completed,
               (SELECT count(*)::int FROM loans l WHERE status = 'active' AND l.balance > 0 AND l.created_at
                    + (CASE WHEN l.instalment_period = 'weekly' THEN interval '7 days' ELSE interval '1 month' END)
                      * (1 + (l.price - l.deposit - l.balance) / l.instalment) < now() - interval '30 days') AS behind,
               (SELECT count(*)::int FROM device_locks WHERE state = 'locked') AS locked,
               (SELECT count(*)::int FROM stores) AS shops,
               (SELECT count(*)::int FROM stores WHERE branded) AS branded,
               (SELECT count(DISTINCT region)::int FROM stores) AS regions,
               (SELECT count(DISTINCT agent_admin_id)::int FROM loans) AS agents,
               (SELECT count(DISTINCT owner_admin_id)::int FROM stores) AS owners`;
    if (!row) throw new Error('The generated database answered nothing');
    return (
        `${row.transactions.toLocaleString('en')} transactions, ${row.loans.toLocaleString('en')} loans (${row.active} active, ` +
        `${row.completed} completed, ${row.behind} more than 30 days behind, ${row.locked} phones locked), ${row.shops} shops ` +
        `(${row.branded} branded) in ${row.regions} regions, ${row.owners} owners, ${row.agents} agents who sold`
    );
};

// ---------------------------------------------------------------------------------------------
// The calls

/** A day as the business counts it (YYYY-MM-DD), `daysBack` days before `at`. */
const businessDay = (at: Date, daysBack = 0): string => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(at);
    return new Date(Date.parse(`${day}T00:00:00Z`) - daysBack * 86_400_000).toISOString().slice(0, 10);
};

interface Members {
    region: string;
    shopId: number;
    agentId: number;
}

/** The region, shop and agent that sold most: each scope's largest slice. */
const busiestMembers = async (db: Database): Promise<Members> => {
    const [shop] = await db
        .select({ id: loans.storeId, n: count() })
        .from(loans)
        .where(isNotNull(loans.storeId))
        .groupBy(loans.storeId)
        .orderBy(desc(count()))
        .limit(1);
    const [region] = await db
        .select({ region: stores.region, n: count() })
        .from(loans)
        .innerJoin(stores, eq(stores.id, loans.storeId))
        .groupBy(stores.region)
        .orderBy(desc(count()))
        .limit(1);
    const [agent] = await db
        .select({ id: loans.agentAdminId, n: count() })
        .from(loans)
        .where(isNotNull(loans.agentAdminId))
        .groupBy(loans.agentAdminId)
        .orderBy(desc(count()))
        .limit(1);
    if (!shop?.id || !region || !agent?.id) throw new Error('No loans to pick the scopes from');
    return { region: region.region, shopId: shop.id, agentId: agent.id };
};

interface Call {
    name: Figure;
    user: string;
    url: string;
}

const scopeQuery = (scope: BiScope, members: Members): string =>
    scope === 'all'
        ? 'scope=all'
        : scope === 'region'
          ? `scope=region&region=${encodeURIComponent(members.region)}`
          : scope === 'shop'
            ? `scope=shop&shop_id=${members.shopId}`
            : `scope=agent&agent_id=${members.agentId}`;

/** Every call the bench times, as whom, with its URL. */
const callsFor = (members: Members, today: Date, users: { shopAnalyst: string; agent: string }): Call[] => {
    const to = businessDay(today);
    const reports = (Object.entries(REPORT_CALLS) as [BiReport, { path: string }][]).flatMap(([name, call]) =>
        PERIODS.flatMap(days =>
            BI_SCOPES.map(scope => ({
                name: `${name} ${days}d ${scope}` as const,
                user: 'analyst',
                url: `${API_BASE}${call.path}?from=${businessDay(today, days - 1)}&to=${to}&${scopeQuery(scope, members)}`,
            })),
        ),
    );
    const query = { region: 'gau', shop: 'shop 1', agent: 'thabo' } satisfies Record<BiPickedScope, string>;
    return [
        ...reports,
        { name: 'dashboard analyst', user: 'analyst', url: `${API_BASE}${biDashboard.path}` },
        { name: 'dashboard shop analyst', user: users.shopAnalyst, url: `${API_BASE}${biDashboard.path}` },
        { name: 'dashboard agent', user: users.agent, url: `${API_BASE}${biDashboard.path}` },
        { name: 'bi_auth', user: 'analyst', url: `${API_BASE}${biAuth.path}` },
        ...BI_PICKED_SCOPES.map(scope => ({
            name: `bi_${scope} q` as const,
            user: 'analyst',
            url: `${API_BASE}${biScopeOptions.path.replace(':scope', scope)}?q=${encodeURIComponent(query[scope])}`,
        })),
    ];
};

const percentile = (values: readonly number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

type App = Awaited<ReturnType<typeof buildApp>>;

const signIn = async (app: App, username: string, password: string): Promise<string> => {
    const answer = await app.inject({ method: 'POST', url: `${API_BASE}/authentication`, payload: { username, password } });
    const body = JSON.parse(answer.body) as { user?: { token: string } };
    if (!body.user) throw new Error(`${username} could not sign in: ${answer.statusCode} ${answer.body}`);
    return body.user.token;
};

const callOnce = async (app: App, call: Call, token: string): Promise<number> => {
    const start = performance.now();
    const answer = await app.inject({ method: 'GET', url: call.url, headers: { authorization: `Bearer ${token}` } });
    const ms = performance.now() - start;
    if (answer.statusCode !== 200) throw new Error(`${call.name} (${call.url}) answered ${answer.statusCode}: ${answer.body}`);
    return ms;
};

interface Timing {
    median: number;
    p95: number;
}

interface Timings {
    byCall: Map<Figure, Timing>;
    /** Rounds timed (at least MIN_RUNS, at most the runs asked for, fewer once TIME_BOX_MS has passed). */
    rounds: number;
    /** The machine's 1-minute load average before and after: the machine is shared, its load is part of the figures. */
    load: [number, number];
}

/** One round to warm up (plans, caches), then rounds of every call in turn until `runs` or the time box. */
const timeCalls = async (
    app: App,
    calls: readonly Call[],
    tokens: ReadonlyMap<string, string>,
    runs: number,
): Promise<Timings> => {
    const samples = new Map<Figure, number[]>(calls.map(call => [call.name, []]));
    const loadBefore = loadavg()[0] ?? NaN;
    let started = performance.now();
    let rounds = 0;
    for (let round = -1; round < runs; round++) {
        if (round === 0) started = performance.now();
        if (round >= MIN_RUNS && performance.now() - started > TIME_BOX_MS) break;
        for (const call of calls) {
            const ms = await callOnce(app, call, tokens.get(call.user) ?? '');
            if (round >= 0) samples.get(call.name)?.push(ms);
        }
        if (round >= 0) rounds++;
    }
    return {
        byCall: new Map(
            [...samples].map(([name, values]) => [name, { median: percentile(values, 50), p95: percentile(values, 95) }]),
        ),
        rounds,
        load: [loadBefore, loadavg()[0] ?? NaN],
    };
};

const printTable = (title: string, timings: Timings, budgets?: Partial<Record<Figure, number>>) => {
    console.log(
        `     ${title}, ${timings.rounds} runs each, load average ${timings.load.map(value => value.toFixed(1)).join(' → ')}; ms:`,
    );
    console.log(`     ${'call'.padEnd(28)} ${'median'.padStart(8)} ${'p95'.padStart(8)} ${budgets ? 'budget'.padStart(8) : ''}`);
    for (const [name, { median, p95 }] of timings.byCall) {
        const budget = budgets?.[name];
        console.log(
            `     ${name.padEnd(28)} ${median.toFixed(1).padStart(8)} ${p95.toFixed(1).padStart(8)} ${budget === undefined ? '' : String(budget).padStart(8)}`,
        );
    }
};

/**
 * Where the cluster's log is: `startPostgres` has pg_ctl write it beside the data folder. Its
 * connections load auto_explain (quiet until `explainCalls` sets a threshold), so it is set before
 * the app opens any.
 */
const prepareExplain = async (sql: Sql): Promise<string> => {
    const [dir] = await sql<{ setting: string }[]>`SELECT setting FROM pg_settings WHERE name = 'data_directory'`;
    if (!dir) throw new Error('The cluster does not say where its data is');
    await sql.unsafe(`ALTER SYSTEM SET session_preload_libraries = 'auto_explain'`);
    await sql`SELECT pg_reload_conf()`;
    return join(dirname(dir.setting), 'server.log');
};

/**
 * Each call again, with auto_explain logging every statement of it slower than EXPLAIN_MIN_MS with
 * its plan (EXPLAIN ANALYZE, BUFFERS); the plans as the log wrote them, call by call.
 */
const explainCalls = async (sql: Sql, log: string, app: App, calls: readonly Call[], tokens: ReadonlyMap<string, string>) => {
    const setAll = async (values: Record<string, string>) => {
        for (const [name, value] of Object.entries(values)) await sql.unsafe(`ALTER SYSTEM SET ${name} = ${value}`);
        await sql`SELECT pg_reload_conf()`;
        // The backends read the configuration again before their next command; give the signal time to arrive.
        await new Promise(resolve => setTimeout(resolve, 500));
    };
    // This session began before auto_explain was preloaded: it learns its settings' names by loading it.
    await sql.unsafe(`LOAD 'auto_explain'`);
    await setAll({
        'auto_explain.log_min_duration': `'${EXPLAIN_MIN_MS}ms'`,
        'auto_explain.log_analyze': 'on',
        'auto_explain.log_buffers': 'on',
    });
    const plans: string[] = [];
    try {
        for (const call of calls) {
            const before = statSync(log).size;
            const ms = await callOnce(app, call, tokens.get(call.user) ?? '');
            await new Promise(resolve => setTimeout(resolve, 200));
            const logged = readFileSync(log).subarray(before).toString('utf8');
            plans.push(`==== ${call.name} (${ms.toFixed(0)} ms with the plans measured): GET ${call.url}\n${logged}`);
        }
    } finally {
        await setAll({ 'auto_explain.log_min_duration': '-1', 'auto_explain.log_analyze': 'off' });
    }
    return plans.join('\n');
};

// ---------------------------------------------------------------------------------------------

const settingsFor = (env: Record<string, string>) =>
    loadSettings({ ...process.env, LOG_LEVEL: 'silent', DEV_TOOLS: 'off', NODE_ENV: 'production', ...env });

/** The timings at 1M transactions on PostgreSQL, with the plans of the calls over budget. */
const onPostgres = async (): Promise<Map<Figure, Timing>> => {
    const cluster = await startPostgres();
    const sql = postgres(cluster.url, { max: 1, onnotice: () => undefined });
    try {
        const log = await prepareExplain(sql);
        if (JIT === 'off') {
            await sql.unsafe('ALTER SYSTEM SET jit = off');
            await sql`SELECT pg_reload_conf()`;
        }
        const settings = settingsFor({ DATABASE_URL: cluster.url });
        const now = settings.now();
        const seedStart = performance.now();
        const database = await openDatabase(settings);
        try {
            await prepareDatabase(database, settings);
            const seedSeconds = (performance.now() - seedStart) / 1000;
            const generated = await generateBusiness(sql, now);
            console.log(
                `measured: demo seed ${seedSeconds.toFixed(1)} s, then generated in ${generated.seconds.toFixed(1)} s ` +
                    `(${generated.steps.join(', ')}):`,
            );
            console.log(`     ${await describeBusiness(sql)}`);

            const members = await busiestMembers(database.db);
            const [agent] = await sql<{ username: string }[]>`SELECT username FROM admins WHERE id = ${members.agentId}`;
            if (!agent) throw new Error('The busiest agent has no account');
            const app = await buildApp({ db: database.db, settings, listen: database.listen });
            try {
                const tokens = new Map<string, string>();
                for (const user of ['analyst', SHOP_ANALYST, agent.username]) {
                    tokens.set(user, await signIn(app, user, settings.seedPassword));
                }
                const calls = callsFor(members, now, { shopAnalyst: SHOP_ANALYST, agent: agent.username });
                const timings = await timeCalls(app, calls, tokens, RUNS);
                printTable(
                    `PostgreSQL (JIT ${JIT}), as the analyst unless named (region ${members.region}, shop ${members.shopId}, agent ${agent.username})`,
                    timings,
                    ANALYTICS_BUDGETS,
                );
                const over = calls.filter(call => (timings.byCall.get(call.name)?.p95 ?? 0) > ANALYTICS_BUDGETS[call.name]);
                if (over.length > 0) {
                    const file = join(tmpdir(), `bench-analytics-plans-${Date.now()}.txt`);
                    writeFileSync(file, await explainCalls(sql, log, app, over, tokens));
                    console.log(
                        `     ${over.length} calls over budget: the plans of their statements over ${EXPLAIN_MIN_MS} ms are in ${file}`,
                    );
                }
                return timings.byCall;
            } finally {
                await app.close();
            }
        } finally {
            await database.close();
        }
    } finally {
        await sql.end({ timeout: 5 });
        await cluster.stop();
    }
};

/** The same calls on PGlite in a data folder on disk with the demo data, as `npm start` runs them. */
const onPglite = async (): Promise<Map<Figure, Timing>> => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-analytics-'));
    try {
        const settings = settingsFor({ DATA_DIR: dataDir });
        const database = await openDatabase(settings);
        try {
            await prepareDatabase(database, settings);
            const members = await busiestMembers(database.db);
            const app = await buildApp({ db: database.db, settings, listen: database.listen });
            try {
                const tokens = new Map<string, string>();
                // The demo shop owner holds VIEW_SHOP_OWNERS_ANALYTICS: their dashboard is their shop's.
                for (const user of ['analyst', 'shopowner', 'agent'])
                    tokens.set(user, await signIn(app, user, settings.seedPassword));
                const calls = callsFor(members, settings.now(), { shopAnalyst: 'shopowner', agent: 'agent' });
                const timings = await timeCalls(app, calls, tokens, PGLITE_RUNS);
                printTable('PGlite with the demo data', timings);
                return timings.byCall;
            } finally {
                await app.close();
            }
        } finally {
            await database.close();
        }
    } finally {
        rmSync(dataDir, { recursive: true, force: true });
    }
};

export const analyticsFigures = async (): Promise<Record<keyof typeof ANALYTICS_BUDGETS, number>> => {
    const timings = await onPostgres();
    const pglite = await onPglite();
    const figures = Object.fromEntries(
        (Object.keys(ANALYTICS_BUDGETS) as (keyof typeof ANALYTICS_BUDGETS)[]).map(name => [
            name,
            name === 'pgliteSlowestP95Ms'
                ? Math.max(...[...pglite.values()].map(timing => timing.p95))
                : (timings.get(name)?.p95 ?? NaN),
        ]),
    );
    return figures as Record<keyof typeof ANALYTICS_BUDGETS, number>;
};

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exit(report(await analyticsFigures(), ANALYTICS_BUDGETS) ? 1 : 0);
}
