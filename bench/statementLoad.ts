/**
 * The statement-load budget: while the worst statements import, other users are answered at once. The
 * worst statement is MAX_STATEMENT_ROWS rows (the cap) ended by lone CRs (the line ending that was
 * read in quadratic time), every row a payment recorded in suspense (from numbers no customer has:
 * the most writing a row can cost). Measured on the embedded PGlite in a data folder on disk (as
 * `npm start` runs it) and on a throwaway PostgreSQL 15 cluster (bench/throughput.ts
 * `startPostgres`), each with one such import and then four at once, in process (`app.inject`: what
 * is measured is the event loop and the database, not the sockets, whose caps are another budget's):
 *
 * - from the moment the imports are sent until they have all answered, a `health` request and a
 *   list call (the shops list, signed in) are sent every PROBE_EVERY_MS whether the previous ones
 *   have answered or not (so a stalled server is sampled for as long as it stalls, not once);
 * - the budget is each one's p99 over the run, in ms.
 *
 * On demand: `npm run bench -- --only=statements`, or alone `npx tsx bench/statementLoad.ts`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_BASE } from '../contract';
import { health } from '../contract/auth';
import { MAX_STATEMENT_ROWS, reconcileDeposits } from '../contract/money';
import { listShops } from '../contract/shops';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db';
import { prepareDatabase } from '../server/seed';
import { loadSettings } from '../server/settings';
import { report } from './size';
import { startPostgres } from './throughput';

export const STATEMENT_LOAD_BUDGETS = {
    pgliteHealthP99Ms: 200,
    pgliteListP99Ms: 200,
    pgliteFourHealthP99Ms: 200,
    pgliteFourListP99Ms: 200,
    postgresHealthP99Ms: 200,
    postgresListP99Ms: 200,
    postgresFourHealthP99Ms: 200,
    postgresFourListP99Ms: 200,
} as const;

const PROBE_EVERY_MS = 25;

/** The worst statement: the cap's rows, ended by lone CRs, each a payment no loan takes. */
export const worstStatement = (prefix: string): Buffer => {
    const rows = ['date,amount,reference,msisdn,account'];
    for (let n = 1; n <= MAX_STATEMENT_ROWS; n++) {
        rows.push(
            `2026-03-02,${1 + (n % 50)}.00,${prefix}-20260302-${String(n).padStart(8, '0')},2798${String(n).padStart(7, '0')},`,
        );
    }
    return Buffer.from(`${rows.join('\r')}\r`);
};

const multipart = (bytes: Buffer) => {
    const boundary = `----bench-${randomBytes(8).toString('hex')}`;
    const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="channel"\r\n\r\nbank\r\n`),
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

const p99 = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? NaN;
};

interface Run {
    healthP99: number;
    listP99: number;
    healthMax: number;
    listMax: number;
    samples: number;
    importMs: number;
}

/** `imports` worst statements sent at once, probed until all have answered. */
const underImports = async (app: FastifyInstance, token: string, imports: number): Promise<Run> => {
    const url = (path: string) => `${API_BASE}${path}`;
    const statements = Array.from({ length: imports }, () => worstStatement(`W${randomBytes(4).toString('hex')}`));
    const healthMs: number[] = [];
    const listMs: number[] = [];
    const probes: Promise<void>[] = [];
    const timed = async (into: number[], request: () => Promise<LightMyRequestResponse>) => {
        const start = performance.now();
        const answer = await request();
        if (answer.statusCode !== 200) throw new Error(`A probe answered ${answer.statusCode}: ${answer.body}`);
        into.push(performance.now() - start);
    };
    const began = performance.now();
    let done = false;
    const sent = Promise.all(
        statements.map(async bytes => {
            const { body, contentType } = multipart(bytes);
            const answer = await app.inject({
                method: reconcileDeposits.method,
                url: url(reconcileDeposits.path),
                headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
                payload: body,
            });
            if (answer.statusCode !== 201) throw new Error(`An import answered ${answer.statusCode}: ${answer.body}`);
        }),
    ).finally(() => {
        done = true;
    });
    while (!done) {
        probes.push(timed(healthMs, () => app.inject({ method: health.method, url: url(health.path) })));
        probes.push(
            timed(listMs, () =>
                app.inject({
                    method: listShops.method,
                    url: url(listShops.path),
                    headers: { authorization: `Bearer ${token}` },
                    payload: { page_number: '1', page_size: '25' },
                }),
            ),
        );
        await new Promise(resolve => setTimeout(resolve, PROBE_EVERY_MS));
    }
    await sent;
    const importMs = performance.now() - began;
    await Promise.all(probes);
    return {
        healthP99: p99(healthMs),
        listP99: p99(listMs),
        healthMax: Math.max(...healthMs),
        listMax: Math.max(...listMs),
        samples: healthMs.length,
        importMs,
    };
};

const measured = async (env: Record<string, string>): Promise<{ one: Run; four: Run }> => {
    const settings = loadSettings({ ...process.env, LOG_LEVEL: 'silent', DEV_TOOLS: 'off', NODE_ENV: 'production', ...env });
    const database = await openDatabase(settings);
    await prepareDatabase(database, settings);
    const app = await buildApp({ db: database.db, settings, listen: database.listen });
    try {
        const signedIn = await app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            payload: { username: 'admin', password: settings.seedPassword },
        });
        const { token } = (JSON.parse(signedIn.body) as { user: { token: string } }).user;
        const one = await underImports(app, token, 1);
        const four = await underImports(app, token, 4);
        return { one, four };
    } finally {
        await app.close();
        await database.close();
    }
};

const described = (name: string, { one, four }: { one: Run; four: Run }) =>
    [
        [one, 'one import'],
        [four, 'four at once'],
    ]
        .map(
            ([run, what]) =>
                `${name}, ${what as string}: ${(run as Run).importMs.toFixed(0)} ms importing, ${(run as Run).samples} probes; ` +
                `health p99 ${(run as Run).healthP99.toFixed(0)} ms (max ${(run as Run).healthMax.toFixed(0)}), ` +
                `list p99 ${(run as Run).listP99.toFixed(0)} ms (max ${(run as Run).listMax.toFixed(0)})`,
        )
        .join('\n');

export const statementLoadFigures = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-statement-load-'));
    let pglite: { one: Run; four: Run };
    try {
        pglite = await measured({ DATA_DIR: dataDir });
    } finally {
        rmSync(dataDir, { recursive: true, force: true });
    }
    const cluster = await startPostgres();
    let postgres: { one: Run; four: Run };
    try {
        postgres = await measured({ DATABASE_URL: cluster.url });
    } finally {
        await cluster.stop();
    }
    console.log(`measured: statements of ${MAX_STATEMENT_ROWS} rows ended by CR\n${described('PGlite', pglite)}`);
    console.log(described('PostgreSQL', postgres));
    return {
        pgliteHealthP99Ms: pglite.one.healthP99,
        pgliteListP99Ms: pglite.one.listP99,
        pgliteFourHealthP99Ms: pglite.four.healthP99,
        pgliteFourListP99Ms: pglite.four.listP99,
        postgresHealthP99Ms: postgres.one.healthP99,
        postgresListP99Ms: postgres.one.listP99,
        postgresFourHealthP99Ms: postgres.four.healthP99,
        postgresFourListP99Ms: postgres.four.listP99,
    };
};

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exit(report(await statementLoadFigures(), STATEMENT_LOAD_BUDGETS) ? 1 : 0);
}
