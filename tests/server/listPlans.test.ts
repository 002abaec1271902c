/**
 * Every list call and lookup reads along an index: each one (listCalls.ts: every GET call and
 * every POST marked `readOnly`, with the filters, sorts and deep pages its schema offers) is made as
 * the super admin on a seeded database, every SELECT its handler runs is caught at the database
 * client, and each is explained (EXPLAIN (ANALYZE, FORMAT JSON), the same parameters) with
 * `enable_seqscan = off`: a Seq Scan that remains is one no index can serve, so a missing index
 * shows on a small set as it would on a large one.
 *
 * A plan fails, naming the call, its input, the statement and the plan's path to the node, when:
 * - a **large table** (LARGE below: every table but the few named SMALL, so a new table counts as
 *   large until said otherwise) is read by a **Seq Scan**;
 * - a large table is read **whole**: an Index Scan or Index Only Scan with no Index Cond (walking
 *   an index from one end) that no Limit bounds. A Limit bounds the scans it reaches through nodes
 *   that pass rows on as they come (Nested Loop's outer side, Merge Join, Append, Subquery Scan,
 *   Result, Incremental Sort…); a node that must take every row before giving one — a **Sort**, an
 *   Aggregate (a count), a WindowAgg (`count(*) over ()`), a Hash, a Materialize, a SetOp — and
 *   a Nested Loop's inner side, an InitPlan or a SubPlan, are not bounded by a Limit above them.
 *   So a Sort over an unfiltered large table fails, while a top-N Sort of rows an index selected
 *   (an Index Cond, or a Bitmap Heap Scan, whose index is its condition) passes: its input is
 *   bounded by the filter, not by the table;
 * - a large table is **filtered by walking an index**: an Index Scan with a Filter but no Index
 *   Cond, even under a Limit. It stops once it has a page, but a selective filter (one actor, a
 *   rare status) walks the whole index to find one; a filter must be an index's condition;
 * - a large table's index is **walked for a page throwing away more than FILTERED_PAGES pages of
 *   rows**: an Index Scan or Index Only Scan under a Limit whose Rows Removed by Filter, times its
 *   loops, once run (the plans are taken with EXPLAIN ANALYZE), exceeds it, whatever its Index
 *   Cond: a walk of a day's index that filters for a status is a range on paper and every payment
 *   in practice (the suspense queue's, 91 s at a million customers). A count or a Bitmap Heap Scan
 *   reads what its filter selects, not a page, and is left to the rules above.
 *
 * A list that pages by key (server/keyset.ts: its answer holds `next`) is asked again with that
 * cursor as `after`, after each of its inputs' first pages (every sort, every filter): a keyset
 * page must read no more than a page, so beyond the rules above it fails when any large table is
 * read other than under a Limit through nodes that pass rows on as they come (a per-row lookup on
 * a Nested Loop's inner side or in a SubPlan counts as bounded by the rows it is asked for; the
 * count of largePageOf, stopping at EXACT_COUNT_UP_TO, is under its own Limit). A Sort, an
 * Aggregate or a Bitmap Heap Scan between the Limit and the table is a page read only after all
 * the rows past the key were.
 *
 * The planner's choice among plans depends on the table sizes, so on a small set it would join
 * by hashing whole tables that at a business's size it would join by an index's lookups; the
 * plans are taken with hash and merge joins off too, which asks of each join what matters at
 * size: that the rows it needs can be found by an index.
 *
 * The set is the demo seed with SCALE generated customers (their loans, payments, devices and
 * requests), years of history and sparse suspense payments (seededLists.ts), ANALYZEd, on the
 * embedded PGlite; a page is 50 rows.
 */
import { appendFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditEvents } from '../../contract/audit';
import type { CallDefinition } from '../../contract/define';
import { EXACT_COUNT_UP_TO } from '../../server/lists';
import { MEMORY_DATA_DIR } from '../../server/db';
import * as schema from '../../server/db/schema';
import { loadSettings } from '../../server/settings';
import type { UncheckedCallOptions } from './harness';
import {
    inputsOf,
    knownRecords,
    listCallEntries,
    PAGE_SIZE,
    type Known,
    type ListCallName,
    type Send,
    type Variant,
} from './listCalls';
import { openSeededLists, type SeededLists } from './seededLists';

/** Generated customers: enough that every list has rows of every kind, few enough to seed in seconds. */
const SCALE = 50;

/**
 * Years of matched payments and payments still in suspense added to the seed's (seededLists.ts):
 * with them a suspense payment is about one in sixteen, and there are enough that a planner without
 * the suspense queue's indexes (migration 0040) pages it by walking every payment by day.
 */
const PAYMENT_HISTORY = 5;
const SUSPENSE_PAYMENTS = 2_000;

/**
 * The most rows a scan of a large table may throw away (see the header), in pages of PAGE_SIZE. A
 * page read through an index whose filter keeps one row in ten passes; one that keeps fewer
 * fails as soon as the table holds this many pages of rows it throws away, which the set's
 * largest tables do (tens of thousands of rows) and a business's a thousand times over.
 */
const FILTERED_PAGES = 10;

/** Audit events added to the seed's. */
const AUDIT_EVENTS = 20_000;

/**
 * Years of finished loans added to the seed's (seededLists.ts): without them every loan is still
 * running, and a report's read of the loans that can count costs what walking them all does.
 */
const LOAN_HISTORY = 5;

/**
 * The calls whose plans still read a large table whole, each with why: their test passes only
 * while it still finds a fault (it.fails), so a fix shows as a failure that says to remove the
 * call from here. Each is a known cost at a business's size, not an accepted one.
 */
const KNOWN: Partial<Record<ListCallName, string>> = {};

/**
 * The keyset pages (see the header) whose plans still read more than a page after the key, by
 * their variant's label: their faults are expected, and the call fails when none is left, saying
 * to remove it from here.
 */
const KNOWN_KEYSET: Partial<Record<ListCallName, { labels: string[]; why: string }>> = {
    listInventory: {
        labels: ['sort=model order=desc after=next', 'sort=cash_price order=desc after=next'],
        why: "descending by model or price after a key, the key's group's devices are read by a bitmap and sorted (server/domain/inventory/list.ts)",
    },
};

/**
 * Inputs of a list (by their variant's label) whose plans still break a rule above, with why: their
 * faults are expected, and the call fails when none is left, saying to remove it from here. The
 * rest of the list's inputs are held to every rule.
 */
const KNOWN_VARIANTS: Partial<Record<ListCallName, { labels: string[]; why: string }>> = {
    suspenseTransactions: {
        labels: ['channel=mpesa', 'channel=bank', 'channel=card', 'channel=cash', 'status=open'],
        why: 'a channel, or open alone, is a filter on the walk of transactions_suspense_paid_idx (migration 0040), no index condition; it keeps a quarter, or four in five, of the payments in suspense, within FILTERED_PAGES here',
    },
};

/** The tables that do not grow with the business's customers: catalogues, settings, one-row tables, shops. */
const SMALL = new Set([
    '__drizzle_migrations',
    'admin_groups',
    'admin_roles',
    'group_roles',
    'auth_revision',
    'lending_job',
    'lock_policies',
    'phone_models',
    // One row per store, SKU and status (migration 0017): the catalogue times the shops.
    'inventory_counts',
    'server_secrets',
    // The shops (300 at a business's size) and the staff (agents: MAX_GENERATED_AGENTS).
    'stores',
    'admins',
    'agent_profiles',
    // A statement or two a day.
    'reconciliation_uploads',
]);

const TABLES = Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map(table => getTableName(table));
const LARGE = new Set(TABLES.filter(name => !SMALL.has(name)));

interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    'Index Cond'?: string;
    'Parent Relationship'?: string;
    Filter?: string;
    'Rows Removed by Filter'?: number;
    'Actual Loops'?: number;
    Plans?: PlanNode[];
}

/** Nodes that take every row of their input before answering one: a Limit above does not bound their input. */
const TAKES_ALL = new Set(['Sort', 'Aggregate', 'WindowAgg', 'Hash', 'Materialize', 'SetOp', 'Recursive Union']);

const describeNode = (node: PlanNode) =>
    [
        node['Node Type'],
        node['Relation Name'] && `on ${node['Relation Name']}`,
        node['Index Name'] && `using ${node['Index Name']}`,
    ]
        .filter(Boolean)
        .join(' ');

/** What is wrong with a plan (see the header), one line a fault, each with its path from the root. */
const planFaults = (root: PlanNode): string[] => {
    const faults: string[] = [];
    const walk = (node: PlanNode, bounded: boolean, path: string[]) => {
        const here = [...path, describeNode(node)];
        const table = node['Relation Name'];
        const type = node['Node Type'];
        if (table && LARGE.has(table)) {
            if (type === 'Seq Scan') faults.push(`Seq Scan of ${table}: ${here.join(' → ')}`);
            else if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && node.Filter) {
                faults.push(`${table} filtered by walking an index (${node.Filter}): ${here.join(' → ')}`);
            } else if ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond'] && !bounded) {
                const reason = path.findLast(step => TAKES_ALL.has(step.split(' ')[0] ?? '')) ?? 'no Limit';
                faults.push(`every row of ${table} read (${reason}): ${here.join(' → ')}`);
            }
            // A page's walk (an index read under a Limit) that filtered; EXPLAIN ANALYZE gives the rows removed per loop.
            const removed = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
            const walked = type === 'Index Scan' || type === 'Index Only Scan';
            if (walked && bounded && removed > FILTERED_PAGES * PAGE_SIZE)
                faults.push(`${removed} rows of ${table} thrown away by its filter (${node.Filter}): ${here.join(' → ')}`);
        }
        for (const child of node.Plans ?? []) {
            const relation = child['Parent Relationship'];
            const childBounded =
                type === 'Limit'
                    ? true
                    : TAKES_ALL.has(type) || relation === 'InitPlan' || relation === 'SubPlan'
                      ? false
                      : type === 'Nested Loop' && relation === 'Inner'
                        ? false
                        : bounded;
            walk(child, childBounded, here);
        }
    };
    walk(root, false, []);
    return faults;
};

/**
 * What more is wrong with a keyset page's plan (see the header): a large table read other than
 * under a Limit through nodes that pass rows on as they come; a lookup per row (a Nested Loop's
 * inner side, a SubPlan or InitPlan) is bounded as the rows it serves are.
 */
const keysetFaults = (root: PlanNode): string[] => {
    const faults: string[] = [];
    const walk = (node: PlanNode, bounded: boolean, path: string[]) => {
        const here = [...path, describeNode(node)];
        const table = node['Relation Name'];
        if (table && LARGE.has(table) && !bounded) {
            const reason = path.findLast(step => TAKES_ALL.has(step.split(' ')[0] ?? '')) ?? 'no Limit';
            faults.push(`more than a page of ${table} read after the key (${reason}): ${here.join(' → ')}`);
        }
        const type = node['Node Type'];
        for (const child of node.Plans ?? []) walk(child, type === 'Limit' ? true : TAKES_ALL.has(type) ? false : bounded, here);
    };
    walk(root, false, []);
    return faults;
};

/** The cursor a list's page answered (server/keyset.ts), when it pages by key and another page may follow. */
const nextOf = (body: unknown): string | undefined => {
    const next = (body as { next?: unknown } | undefined)?.next;
    return typeof next === 'string' ? next : undefined;
};

/** The page after `variant`'s, asked for by its cursor, in the part of the input its page fields travel in. */
const keysetVariant = (variant: Variant, next: string): Variant => {
    const part = variant.input.body !== undefined && typeof variant.input.body === 'object' ? 'body' : 'query';
    return {
        label: `${variant.label} after=next`,
        input: { ...variant.input, [part]: { ...(variant.input[part] as object), after: next } },
        keyset: true,
    };
};

let seeded: SeededLists | undefined;
let send: Send;
let known: Known;
let client: PGlite;
/** The statements the client ran while `capturing`. */
let captured: { text: string; params: unknown[] }[] = [];
let capturing = false;
let explain: (text: string, params: unknown[], options?: { walks: boolean }) => Promise<PlanNode>;

beforeAll(async () => {
    const settings = { ...loadSettings({ NODE_ENV: 'test' }), dataDir: MEMORY_DATA_DIR, logLevel: 'silent' };
    // Every statement drizzle sends goes through its session's client (drizzle-orm/pglite's session):
    // its query outside a transaction, a transaction's own query inside one.
    const capture = (text: string, params: unknown[] | undefined) => {
        if (capturing) captured.push({ text, params: params ?? [] });
    };
    const wrapClient = (inner: PGlite): PGlite =>
        new Proxy(inner, {
            get(target, property) {
                if (property === 'query')
                    return ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
                        capture(text, params);
                        return target.query(text, params, options);
                    }) as PGlite['query'];
                if (property === 'transaction')
                    return (async callback =>
                        target.transaction(tx => {
                            const own = tx.query.bind(tx);
                            tx.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
                                capture(text, params);
                                return own(text, params, options);
                            }) as typeof tx.query;
                            return callback(tx);
                        })) as PGlite['transaction'];
                return Reflect.get(target, property) as unknown;
            },
        });
    seeded = await openSeededLists(settings, {
        customers: SCALE,
        auditEvents: AUDIT_EVENTS,
        loanHistory: LOAN_HISTORY,
        paymentHistory: PAYMENT_HISTORY,
        suspensePayments: SUSPENSE_PAYMENTS,
        wrapClient,
    });
    send = seeded.send;
    client = (seeded.database.db as unknown as { $client: PGlite }).$client;
    const query = client.query.bind(client);
    explain = async (text, params, { walks } = { walks: true }) => {
        if (!walks) await query('SET enable_indexscan = off');
        const result = await query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${text}`,
            params,
        ).finally(() => (walks ? undefined : query('SET enable_indexscan = on')));
        const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
        if (!plan) throw new Error(`No plan for ${text}`);
        return plan;
    };
    known = await knownRecords(query);
    // No plan may read a large table whole: no sequential scan, and joins by an index's lookups
    // (nested loops) rather than by hashing or merging whole tables (see the header).
    await query('SET enable_seqscan = off');
    await query('SET enable_hashjoin = off');
    await query('SET enable_mergejoin = off');
}, 180_000);

afterAll(async () => {
    await seeded?.close();
});

const isRead = (text: string) => /^\s*(select|with)\b/i.test(text);

/**
 * A search (`q`) is explained with index walks off too. It is answered from what trigram indexes
 * find (server/lists.ts `searchedThrough`), and on this set's few hundred customers the planner
 * walks a table's primary key testing each row sooner than look a trigram up, which at a
 * business's size it never does (bench/lists.ts times the searches there). With walks off, a plan
 * still free of Seq Scans reads every table through an index's condition: a search whose index is
 * missing fails here still.
 */
const isSearch = (variant: Variant) => variant.label.startsWith('q=');

const shown = (input: UncheckedCallOptions) =>
    JSON.stringify({ params: input.params, query: input.query, body: input.body }, (_key, value: unknown) => value);

describe('a large list’s total (server/lists.ts largePageOf)', () => {
    const auditPage = async (query: Record<string, unknown>) => {
        const answer = await send(listAuditEvents, { query });
        expect(answer.status).toBe(200);
        return answer.body as { total: number; skip: number; data: unknown[]; estimated?: true };
    };
    const countOf = async (where: string) =>
        (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events ${where}`)).rows[0]?.n ?? 0;

    it('is estimated, and says so, past what it counts', async () => {
        const page = await auditPage({ $limit: 50 });
        expect(page.estimated).toBe(true);
        expect(page.total).toBeGreaterThan(EXACT_COUNT_UP_TO);
        expect(page.data).toHaveLength(50);
    });

    it('is exact up to what it counts', async () => {
        const page = await auditPage({ $limit: 50, entity: 'session' });
        expect(page.estimated).toBeUndefined();
        expect(page.total).toBe(await countOf(`WHERE entity = 'session'`));
    });

    it('is exact on the last page, from the rows before it and on it', async () => {
        const all = await countOf('');
        const page = await auditPage({ $limit: 50, $skip: all - 10 });
        expect(page).toMatchObject({ total: all, skip: all - 10 });
        expect(page.estimated).toBeUndefined();
        expect(page.data).toHaveLength(10);
    });
});

describe('every list call and lookup reads along an index', () => {
    it('knows every table as large or small', () => {
        expect([...SMALL].filter(name => name !== '__drizzle_migrations' && !TABLES.includes(name))).toEqual([]);
    });

    const checkPlans = async (name: ListCallName, call: CallDefinition) => {
        const variants = await inputsOf(name, call, send, known);
        expect(variants.length, `${name}: no input could be derived from its schemas; write one in WRITTEN`).toBeGreaterThan(0);
        const faults: string[] = [];
        const explained = new Set<string>();
        // A page that answers a cursor is followed by the page after it (keysetVariant), explained too.
        const queue: Variant[] = [...variants];
        let keysetPages = 0;
        const knownKeysetFaults: string[] = [];
        const knownVariantFaults: string[] = [];
        for (let variant = queue.shift(); variant; variant = queue.shift()) {
            captured = [];
            capturing = true;
            const answer = await send(call, variant.input).finally(() => {
                capturing = false;
            });
            // A variant's one changed field may break a rule beyond the schema (`region` only with
            // its scope): that input is no screen's, and is passed over; the base must be answered.
            if (variant.keyset) keysetPages += 1;
            const next = nextOf(answer.body);
            if (next && !variant.keyset) queue.push(keysetVariant(variant, next));
            const refused = answer.status === 400 && variant.label !== 'base' && variant.label !== 'written';
            if (refused) continue;
            if (answer.status >= 500 || answer.status === 400) {
                faults.push(
                    `${name} ${variant.label}: answered ${answer.status} ${JSON.stringify(answer.body)} to ${shown(variant.input)}`,
                );
                continue;
            }
            for (const statement of captured.filter(({ text }) => isRead(text))) {
                const key = `${statement.text}\n${JSON.stringify(statement.params)}`;
                if (explained.has(key)) continue;
                explained.add(key);
                const plan = await explain(statement.text, statement.params, { walks: !isSearch(variant) });
                const knownKeyset = KNOWN_KEYSET[name]?.labels.includes(variant.label) ?? false;
                for (const fault of keysetFaults(plan).filter(() => variant.keyset))
                    (knownKeyset ? knownKeysetFaults : faults).push(`${name} ${variant.label}: ${fault}`);
                const knownVariant = KNOWN_VARIANTS[name]?.labels.includes(variant.label) ?? false;
                for (const fault of planFaults(plan)) {
                    (knownVariant ? knownVariantFaults : faults).push(
                        `${name} ${variant.label} ${shown(variant.input)}\n    ${fault}\n    ${statement.text}`,
                    );
                }
            }
        }
        // A call that takes a cursor (its schema's `after` gave a variant) must have answered one to follow.
        if (variants.some(variant => variant.label.startsWith('after=')))
            expect(keysetPages, `${name} takes \`after\` but no page answered \`next\``).toBeGreaterThan(0);
        // LIST_PLANS_OUT=file: every fault with its whole statement, for reading beside the diff.
        if (process.env.LIST_PLANS_OUT && faults.length > 0)
            appendFileSync(process.env.LIST_PLANS_OUT, `${faults.join('\n\n')}\n\n`);
        expect(faults).toEqual([]);
        if (KNOWN_VARIANTS[name])
            expect(knownVariantFaults.length, `${name}: no known fault left; remove it from KNOWN_VARIANTS`).toBeGreaterThan(0);
        const knownKeyset = KNOWN_KEYSET[name];
        if (knownKeyset)
            expect(knownKeysetFaults.length, `${name}: no known keyset fault left; remove it from KNOWN_KEYSET`).toBeGreaterThan(
                0,
            );
    };

    for (const [name, call] of listCallEntries()) {
        const known = KNOWN[name];
        if (known) it.fails(`${name} (known: ${known})`, () => checkPlans(name, call));
        else it(name, () => checkPlans(name, call));
    }

    it('lists as known only list calls', () => {
        const names = new Set(listCallEntries().map(([name]) => name as string));
        expect(Object.keys(KNOWN).filter(name => !names.has(name))).toEqual([]);
    });
});
