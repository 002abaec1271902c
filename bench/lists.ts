/**
 * The budget: every list call and lookup of the contract answers within its budget at a
 * business's size, at a page of 50, on the embedded PGlite and on PostgreSQL (bench/database.ts:
 * a throwaway cluster). On demand: `npm run bench -- --only=lists`, or alone
 * `npx tsx bench/lists.ts`; not run by CI.
 *
 * - **The calls**: the same as the list plans test's (tests/server/listCalls.ts: every GET call and
 *   every readOnly POST, found from the contract's call table, with the inputs of `inputsOf`): the
 *   first page, a deep page (`$skip` 10,000 or page 201), each sort both ways, each filter (a
 *   status or kind: the selective and the unselective alike; a search; an id), as the super admin.
 *   A call answered 400 for one changed field (a rule beyond the schema) is left out, as in the test.
 * - **The data**: the demo seed with BENCH_LISTS_CUSTOMERS generated customers (a business:
 *   100,000 on PGlite, 1,000,000 on PostgreSQL, issue 25) and AUDIT_PER_CUSTOMER audit events
 *   each, then VACUUM ANALYZE, opened as the plans test opens it (tests/server/seededLists.ts). `BENCH_LISTS_CUSTOMERS=2000` for a quick run while building;
 *   `BENCH_LISTS_DATABASES=pglite` (or `postgres`) for one database.
 * - **Timing**: one round to warm up, then RUNS rounds calling every input in turn, through
 *   app.inject (no network). A figure per call and input, its p95, beside its budget: ≤ 50 ms on
 *   PostgreSQL, ≤ 100 ms on PGlite; an analytics call (a report, the dashboard, the BI options)
 *   is held to the budget bench/analytics.ts holds it to (`analyticsBudgetOf`), on both. The
 *   slowest figures are printed first with the load average, since a shared machine's timings
 *   are noisy.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../server/db';
import { inputsOf, knownRecords, listCallEntries, type Send, type Variant } from '../tests/server/listCalls';
import { openSeededLists } from '../tests/server/seededLists';
import { analyticsBudgetOf } from './analytics';
import { benchSettings, onEachDatabase, type DatabaseKind } from './database';
import { report } from './size';

/** A business's customers on each database (issue 25): PGlite holds a tenth. */
const BUSINESS_CUSTOMERS: Record<DatabaseKind, number> = { pglite: 100_000, postgres: 1_000_000 };
const CUSTOMERS = process.env.BENCH_LISTS_CUSTOMERS ? Number(process.env.BENCH_LISTS_CUSTOMERS) : undefined;
const AUDIT_PER_CUSTOMER = 5;
const RUNS = Number(process.env.BENCH_LISTS_RUNS ?? 20);
const P95_MS: Record<DatabaseKind, number> = { postgres: 50, pglite: 100 };
const DATABASES = (process.env.BENCH_LISTS_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];

const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Every call and input's p95 on one database. */
const timings = async (
    kind: DatabaseKind,
    databaseUrl?: string,
): Promise<{ figures: Record<string, number>; budgets: Record<string, number> }> => {
    const customers = CUSTOMERS ?? BUSINESS_CUSTOMERS[kind];
    const { settings, remove } = benchSettings('lists', databaseUrl);
    try {
        const { database, send, seededMs, close } = await openSeededLists(settings, {
            customers,
            auditEvents: customers * AUDIT_PER_CUSTOMER,
            vacuum: true,
        });
        console.log(`lists bench (${kind}): ${customers} customers seeded in ${(seededMs / 1000).toFixed(1)} s`);
        try {
            const known = await knownRecords(async <Row>(text: string) => ({
                rows: rowsOf<Row>(await database.db.execute(sql.raw(text))),
            }));
            const cases: { figure: string; call: Parameters<Send>[0]; variant: Variant; budget: number }[] = [];
            for (const [name, call] of listCallEntries()) {
                for (const variant of await inputsOf(name, call, send, known)) {
                    const first = await send(call, variant.input);
                    const refused = first.status === 400 && variant.label !== 'base' && variant.label !== 'written';
                    if (refused) continue;
                    if (first.status >= 500 || first.status === 400) {
                        throw new Error(`${name} ${variant.label} answered ${first.status}: ${JSON.stringify(first.body)}`);
                    }
                    const budget = analyticsBudgetOf(call, variant.input.query) ?? P95_MS[kind];
                    cases.push({ figure: `${name} ${variant.label} ${kind}`, call, variant, budget });
                }
            }
            const samples = new Map<string, number[]>();
            for (let run = 0; run < RUNS; run++) {
                for (const { figure, call, variant } of cases) {
                    const start = performance.now();
                    await send(call, variant.input);
                    samples.set(figure, [...(samples.get(figure) ?? []), performance.now() - start]);
                }
            }
            const figures = Object.fromEntries(cases.map(({ figure }) => [figure, percentile(samples.get(figure) ?? [], 95)]));
            const slowest = Object.entries(figures)
                .sort(([, a], [, b]) => b - a)
                .slice(0, 10);
            console.log(`lists bench (${kind}), ${cases.length} inputs, load average ${loadavg()[0]?.toFixed(2)}; slowest p95:`);
            for (const [figure, p95] of slowest) console.log(`     ${figure.padEnd(60)} ${p95.toFixed(1)} ms`);
            return { figures, budgets: Object.fromEntries(cases.map(({ figure, budget }) => [figure, budget])) };
        } finally {
            await close();
        }
    } finally {
        remove();
    }
};

/** Times every list call on each database and prints each figure beside its budget; answers the misses. */
export const listsReport = async (): Promise<number> => {
    const budgets: Record<string, number> = {};
    const figures = await onEachDatabase(DATABASES, async (kind, databaseUrl) => {
        const measured = await timings(kind, databaseUrl);
        Object.assign(budgets, measured.budgets);
        return measured.figures;
    });
    return report(figures, budgets);
};

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exit((await listsReport()) ? 1 : 0);
}
