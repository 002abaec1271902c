/**
 * Under load, nothing breaks: LOAD_CLIENTS clients (100) for LOAD_SECONDS (60 s) against the
 * server on a business-sized PostgreSQL set (`npm run seed -- --scale`, in a throwaway cluster),
 * each client signed in as the office worker it plays and making the screens' calls in an office's
 * proportions (MIX): mostly lists and lookups, some requests opened and decided, some sign-ins.
 * Reports, per call, how many were made, p50 and p99, and every error (any answer but the call's
 * own success status, or no answer); the budget is no error at all.
 *
 * The data it reads (customers to find, requests to decide, an upload's rows) is sampled from the
 * database once before the clock starts, so the clients ask for what exists. Each client decides
 * only requests of its own share (request id modulo the clients), so two clients never decide
 * the same request; a decision rejects (with a note) rather than approves, so the loans the other
 * calls read keep their state through the run.
 *
 * `npx tsx bench/load.ts` (or `npm run bench -- --only=load`): seeding a million customers takes
 * minutes; `LOAD_SCALE=N` seeds N customers instead (the business's other tables in proportion).
 * `LOAD_DATABASE_URL=postgres://…` runs on a database already seeded (`npm run seed -- --scale`)
 * instead of a throwaway cluster, so one seed serves several runs; the run rejects some pending
 * requests there.
 */
import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { calls } from '../contract';
import { callAddress, type CallDefinition, type CallInput } from '../contract/define';
import { report } from './size';
import { startPortal, startPostgres } from './throughput';

export const LOAD_BUDGETS = {
    /** Answers that were not the call's success, or no answer, over the whole run. */
    loadErrors: 0,
    /** The slowest call's p99 under the office's load (every call's own p99 is printed). */
    loadWorstP99Ms: 1_000,
} as const;

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const PASSWORD = process.env.SEED_PASSWORD ?? 'demo-pass-2026';

/** One request a client makes: the call (for its address and status) and its input. */
interface Planned<C extends CallDefinition = CallDefinition> {
    call: C;
    input: CallInput<C>;
}
const plan = <C extends CallDefinition>(call: C, input: CallInput<C>): Planned => ({ call, input }) as Planned;

/** What the clients read, sampled before the run. */
interface Sample {
    customers: { msisdn: string; username: string | null; idNumber: string }[];
    /** Pending loan requests (a checker decides them), by id. */
    pending: number[];
    /** Any requests, by id: a checker opens them. */
    requests: number[];
    upload: number | null;
}

/** A deterministic choice: the same run asks for the same things in the same order. */
const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x80000000;
};
type Random = ReturnType<typeof random>;
const pick = <T>(next: Random, from: readonly T[]): T => from[Math.floor(next() * from.length)]!;

/** An office worker: who signs in, and what they do, by weight (per hundred of their calls). */
interface Worker {
    account: string;
    mix: [weight: number, make: (next: Random, sample: Sample, client: number) => Planned | null][];
}

const customerLookup = (next: Random, sample: Sample) => {
    const customer = pick(next, sample.customers);
    const which = next();
    return which < 0.5 ? customer.msisdn : which < 0.8 || !customer.username ? customer.idNumber : customer.username;
};

/** The back office (admins working lists all day), the checkers, and the shop counter. */
const WORKERS: Worker[] = [
    {
        account: 'admin',
        mix: [
            [20, (next, sample) => plan(calls.findCustomer, { body: { username: customerLookup(next, sample) } })],
            [10, () => plan(calls.listInventory, { body: { page_size: '50' } })],
            [
                5,
                () =>
                    plan(calls.listInventory, {
                        body: { status: 'in_stock', sort: 'cash_price', order: 'asc', page_size: '50' },
                    }),
            ],
            [10, () => plan(calls.searchTransactions, { body: { page_size: 50 } })],
            [5, () => plan(calls.searchTransactions, { body: { state: 'matched', sort: 'amount', page_size: 50 } })],
            [8, () => plan(calls.listCollections, { body: { page_size: 50 } })],
            [6, () => plan(calls.suspenseTransactions, { body: { page_size: 50 } })],
            [5, () => plan(calls.listAdmins, { query: { $limit: '50' } })],
            [5, () => plan(calls.listAuditEvents, { query: { $limit: '50' } })],
            [8, () => plan(calls.approvalCounts, {})],
            [8, (next, sample) => plan(calls.customerLoans, { body: { msisdn: pick(next, sample.customers).msisdn } })],
            [
                5,
                (_next, sample) =>
                    sample.upload === null
                        ? null
                        : plan(calls.reconciliationRows, { body: { upload_id: sample.upload, page_size: 50 } }),
            ],
            [5, () => plan(calls.listShops, { body: {} })],
        ],
    },
    {
        account: 'checker',
        mix: [
            [35, () => plan(calls.pendingMakerCheckerRequests, { body: { page_size: 50 } })],
            [15, () => plan(calls.pendingMakerCheckerRequests, { body: { status: 'approved', page_size: 50 } })],
            [20, () => plan(calls.approvalCounts, {})],
            [20, (next, sample) => plan(calls.getApprovalRequest, { params: { id: String(pick(next, sample.requests)) } })],
            [
                10,
                (next, sample, client) => {
                    // This client's share of the pending requests, each decided once.
                    const mine = sample.pending.filter(id => id % CLIENTS === client);
                    const id = mine.length ? mine[Math.floor(next() * mine.length)] : undefined;
                    if (id === undefined) return null;
                    sample.pending = sample.pending.filter(other => other !== id);
                    return plan(calls.decideMakerChecker, { body: { request_id: id, decision: 'reject', note: 'Load test' } });
                },
            ],
        ],
    },
];

/** Sign-ins: one in two hundred calls of any client is a fresh password sign-in (a shift starting). */
const SIGN_IN_SHARE = 0.005;

const sampleOf = async (url: string): Promise<Sample> => {
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    try {
        const customers = await sql<{ msisdn: string; username: string | null; id_number: string }[]>`
            SELECT msisdn, username, id_number FROM customers TABLESAMPLE SYSTEM (1) LIMIT 5000`;
        const fallback = customers.length
            ? customers
            : await sql<{ msisdn: string; username: string | null; id_number: string }[]>`
                  SELECT msisdn, username, id_number FROM customers LIMIT 5000`;
        const pending = await sql<{ id: number }[]>`
            SELECT r.id FROM approval_requests r JOIN admins m ON m.id = r.maker_admin_id
            WHERE r.status = 'pending' AND r.loan_id IS NOT NULL AND m.username <> 'checker'
            ORDER BY r.id LIMIT 20000`;
        const requests = await sql<{ id: number }[]>`SELECT id FROM approval_requests ORDER BY id DESC LIMIT 5000`;
        const [upload] = await sql<{ id: number }[]>`
            SELECT upload_id AS id FROM reconciliation_rows GROUP BY upload_id ORDER BY count(*) DESC LIMIT 1`;
        return {
            customers: fallback.map(row => ({ msisdn: row.msisdn, username: row.username, idNumber: row.id_number })),
            pending: pending.map(row => row.id),
            requests: requests.map(row => row.id),
            upload: upload?.id ?? null,
        };
    } finally {
        await sql.end();
    }
};

const signInAs = async (base: string, username: string) => {
    const answer = await fetch(new URL(callAddress(calls.login, undefined, undefined), base), {
        method: calls.login.method,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (answer.status !== 200) return { status: answer.status, token: null };
    const body = (await answer.json()) as { user?: { token: string } };
    return { status: answer.status, token: body.user?.token ?? null };
};

const send = async (base: string, token: string, { call, input }: Planned) => {
    const { params, query, body } = input as {
        params?: Record<string, unknown>;
        query?: Record<string, unknown>;
        body?: unknown;
    };
    const answer = await fetch(new URL(callAddress(call, params, query), base), {
        method: call.method,
        headers: {
            authorization: `Bearer ${token}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    return { status: answer.status, ok: answer.status === (call.status ?? 200), text };
};

const nameOf = new Map<CallDefinition, string>(Object.entries(calls).map(([name, call]) => [call as CallDefinition, name]));

const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Runs the clients against `base` for SECONDS; answers each call's timings and the errors seen. */
export const officeLoad = async (base: string, sample: Sample) => {
    const timings = new Map<string, number[]>();
    const errors: string[] = [];
    const record = (name: string, took: number) => {
        const list = timings.get(name) ?? [];
        list.push(took);
        timings.set(name, list);
    };
    // Each account signs in once before the clock starts; its clients share the session, as the
    // tabs of one office would, and sign in again now and then during the run.
    const tokens = new Map<string, string>();
    for (const { account } of WORKERS) {
        const { token, status } = await signInAs(base, account);
        if (!token) throw new Error(`${account} could not sign in (${status})`);
        tokens.set(account, token);
    }
    const ends = Date.now() + SECONDS * 1000;
    const client = async (index: number) => {
        const worker = WORKERS[index % WORKERS.length]!;
        const next = random(index + 1);
        const total = worker.mix.reduce((sum, [weight]) => sum + weight, 0);
        let token = tokens.get(worker.account)!;
        while (Date.now() < ends) {
            const started = performance.now();
            if (next() < SIGN_IN_SHARE) {
                const signedIn = await signInAs(base, worker.account).catch(() => ({ status: 0, token: null }));
                record('login', performance.now() - started);
                if (signedIn.token) token = signedIn.token;
                else errors.push(`login as ${worker.account}: ${signedIn.status}`);
                continue;
            }
            let roll = next() * total;
            const [, make] = worker.mix.find(([weight]) => (roll -= weight) < 0) ?? worker.mix[0]!;
            const planned = make(next, sample, index);
            if (!planned) continue;
            const name = nameOf.get(planned.call) ?? planned.call.path;
            const answer = await send(base, token, planned).catch((error: unknown) => ({
                status: 0,
                ok: false,
                text: String(error),
            }));
            record(name, performance.now() - started);
            if (!answer.ok) errors.push(`${name} as ${worker.account}: ${answer.status} ${answer.text.slice(0, 200)}`);
        }
    };
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    const perCall = [...timings.entries()]
        .map(([name, list]) => {
            const sorted = list.sort((a, b) => a - b);
            return { name, count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
        })
        .sort((a, b) => b.count - a.count);
    return { perCall, errors };
};

/** A throwaway cluster seeded at the business's size (or LOAD_SCALE), or LOAD_DATABASE_URL as it is. */
const seededDatabase = async (): Promise<{ url: string; stop(): Promise<void> }> => {
    const given = process.env.LOAD_DATABASE_URL;
    if (given) {
        console.log(`     on ${given.replace(/\/\/[^@]*@/, '//')} as seeded`);
        return { url: given, stop: async () => undefined };
    }
    const cluster = await startPostgres();
    const scale = process.env.LOAD_SCALE;
    const started = Date.now();
    const seeded = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'server/seed/cli.ts', '--reset', '--scale', ...(scale ? [scale] : [])],
        {
            env: { ...process.env, DATABASE_URL: cluster.url, LOG_LEVEL: 'warn' },
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'inherit'],
        },
    );
    if (seeded.status !== 0) {
        await cluster.stop();
        throw new Error(`Seeding failed: ${seeded.stdout}`);
    }
    console.log(`     ${seeded.stdout.trim()} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    return cluster;
};

export const loadFigures = async () => {
    const cluster = await seededDatabase();
    try {
        const sample = await sampleOf(cluster.url);
        const portal = await startPortal({ DATABASE_URL: cluster.url });
        try {
            const { perCall, errors } = await officeLoad(portal.url, sample);
            const made = perCall.reduce((sum, call) => sum + call.count, 0);
            console.log(`     ${CLIENTS} clients for ${SECONDS} s: ${made} calls, ${(made / SECONDS).toFixed(0)} a second`);
            for (const call of perCall) {
                console.log(
                    `     ${call.name.padEnd(30)} ${String(call.count).padStart(7)} calls  p50 ${call.p50.toFixed(1).padStart(7)} ms  p99 ${call.p99.toFixed(1).padStart(7)} ms`,
                );
            }
            for (const error of errors.slice(0, 20)) console.log(`     error: ${error}`);
            return {
                loadErrors: errors.length,
                loadWorstP99Ms: Math.max(0, ...perCall.map(call => call.p99)),
            };
        } finally {
            await portal.stop();
        }
    } finally {
        await cluster.stop();
    }
};

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exit(report(await loadFigures(), LOAD_BUDGETS) ? 1 : 0);
}
