/**
 * The reconciliation budget: a statement at the row cap (MAX_STATEMENT_ROWS, some 3 MB; a 5 MB one
 * of about 80k rows is past the cap and refused) reconciles within 3× a plain PostgreSQL
 * `COPY` of the same file. Measured as a ratio in one run, so the machine's speed on the day
 * cancels out (on demand: `npm run bench`, or alone `npx tsx bench/reconciliation.ts`; a few
 * minutes, most of it seeding):
 *
 * - a statement of just under 5 MB, or of the cap's rows if fewer, is generated against the generated customers of the seed's
 *   `scale` (server/seed/customers.ts: number `2772…`, loan `LPS-…`, active unless g % 10 ≥ 6):
 *   payments naming an active loan, payments from an active loan's number with no account, payments
 *   naming a paid-off loan, from unknown numbers, too large for their loan, and a few malformed;
 * - on a throwaway PostgreSQL 15 cluster (bench/throughput.ts `startPostgres`): the import through
 *   the real call (`reconcileDeposits`, multipart, in process through `app.inject`) on the seeded
 *   database, against the plain COPY of the same payments into where they go: the rows the import
 *   wrote, COPY'd again (fresh references, rolled back) straight into `transactions`, with the
 *   indexes and foreign keys every payment pays for whoever writes it. That is the budget's ratio.
 * - beside it, for information, a COPY of the file into a bare table of its five text columns (no
 *   index, no key): the cost of moving the bytes alone. No import into the payments table comes
 *   near it (the COPY into `transactions` above is itself some 40 times slower), so it is shown,
 *   not budgeted;
 * - the same import on the embedded PGlite in a data folder on disk (as `npm start` runs it), which
 *   must stay well inside REQUEST_TIMEOUT (30 s).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import postgres from 'postgres';
import { API_BASE } from '../contract';
import { MAX_UPLOAD_BYTES } from '../contract/kyc';
import { MAX_STATEMENT_ROWS, reconcileDeposits, type ReconciliationUpload } from '../contract/money';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db';
import { prepareDatabase } from '../server/seed';
import { loadSettings } from '../server/settings';
import { report } from './size';
import { startPostgres } from './throughput';

export const RECONCILIATION_BUDGETS = {
    /**
     * The import through the call on PostgreSQL, over a plain COPY of the same payments into
     * `transactions` (whose indexes and foreign keys no import can skip): what the import's own
     * work (reading, checking, matching, balances, the upload's record) adds.
     */
    importOverCopy: 3,
    /** The same import on PGlite, in seconds: half of REQUEST_TIMEOUT's 30 s. */
    pgliteImportSeconds: 15,
} as const;

/** Generated customers (and their loans) the statement pays. */
const SCALE = Number(process.env.BENCH_RECONCILIATION_SCALE ?? 10_000);
/** The statement's size: just under the upload limit, room left for the form around it. */
const TARGET_BYTES = MAX_UPLOAD_BYTES - 64 * 1024;

const HEADER = 'date,amount,reference,msisdn,account\n';

/** A statement of about TARGET_BYTES (at most MAX_STATEMENT_ROWS rows) whose references start with `prefix` (see the header for the mix). */
export const benchStatement = (prefix: string, targetBytes = TARGET_BYTES): { bytes: Buffer; rows: number } => {
    const lines: string[] = [HEADER];
    let size = HEADER.length;
    let n = 0;
    while (size < targetBytes && n < MAX_STATEMENT_ROWS) {
        n += 1;
        // Active loans have g % 10 < 6 (server/seed/customers.ts), paid-off ones g % 10 = 6.
        const g = ((n * 7919) % Math.floor(SCALE / 10)) * 10 + (n % 6) || 10;
        const msisdn = `2772${String(g).padStart(7, '0')}`;
        const loan = `LPS-${String(g).padStart(8, '0')}`;
        const day = `2026-03-${String(1 + (n % 28)).padStart(2, '0')}`;
        const amount = `${1 + (n % 20)}.${String(n % 100).padStart(2, '0')}`;
        // As long as a bank's own (e.g. FNB-20260302-00012345): the cap's 50,000 rows make some 3 MB.
        const reference = `${prefix}-${day.replaceAll('-', '')}-${String(n).padStart(8, '0')}`;
        const kind = n % 100;
        let line: string;
        if (kind < 55) line = `${day},${amount},${reference},${msisdn},${loan}`;
        else if (kind < 70) line = `${day}T09:30:00,${amount},${reference},${msisdn},`;
        else if (kind < 80) {
            const paidOff = Math.min(SCALE, Math.floor(g / 10) * 10 + 6);
            line = `${day},${amount},${reference},${msisdn},LPS-${String(paidOff).padStart(8, '0')}`;
        } else if (kind < 95) line = `${day},${amount},${reference},2799${String(n).padStart(7, '0')},`;
        else if (kind < 98) line = `${day},900000.00,${reference},${msisdn},${loan}`;
        else line = kind === 98 ? `2026-02-30,${amount},${reference},${msisdn},` : `${day},12.345,${reference},${msisdn},`;
        lines.push(`${line}\n`);
        size += line.length + 1;
    }
    return { bytes: Buffer.from(lines.join(''), 'utf8'), rows: n };
};

const multipart = (channel: string, bytes: Buffer) => {
    const boundary = `----bench-${randomBytes(8).toString('hex')}`;
    const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="channel"\r\n\r\n${channel}\r\n`),
        Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        bytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** COPY of the file into a plain table of its five columns, the median of three, in ms. */
export const copyMs = async (url: string, bytes: Buffer): Promise<number> => {
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    try {
        await sql`CREATE TABLE IF NOT EXISTS bench_statement (date text, amount text, reference text, msisdn text, account text)`;
        const samples: number[] = [];
        for (let run = 0; run < 4; run++) {
            await sql`TRUNCATE bench_statement`;
            const start = performance.now();
            const stream = await sql`COPY bench_statement FROM STDIN (FORMAT csv, HEADER)`.writable();
            await withinMs(pipeline(Readable.from([bytes]), stream), COPY_WATCHDOG_MS, 'The COPY of the statement');
            const ms = performance.now() - start;
            // The first warms the connection and the table's files.
            if (run > 0) samples.push(ms);
        }
        const [copied] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bench_statement`;
        if (!copied?.n) throw new Error('COPY loaded nothing');
        return median(samples);
    } finally {
        await withinMs(Promise.resolve(sql`DROP TABLE IF EXISTS bench_statement`), 10_000, 'Dropping the table').catch(
            () => undefined,
        );
        await sql.end({ timeout: 5 });
    }
};

/** A sentinel that rolls a transaction back. */
class RollBack extends Error {}

/**
 * postgres.js never settles a COPY … FROM STDIN the server refused (porsager/postgres#1173): its
 * error is lost and the wait is for ever. A COPY here that takes this long has failed.
 */
const COPY_WATCHDOG_MS = 120_000;

const withinMs = async <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms / 1000} s: the server refused it`)), ms);
    });
    try {
        return await Promise.race([work, timeout]);
    } finally {
        clearTimeout(timer);
    }
};

/**
 * What writing the payments costs with this schema by the fastest means PostgreSQL has: the
 * payments an upload recorded, read back as CSV with fresh references, COPY'd into `transactions`
 * itself (its indexes and foreign keys) in a transaction that is rolled back; the median of three, in ms.
 */
export const transactionsCopyMs = async (url: string, uploadId: number): Promise<number> => {
    const sql = postgres(url, { max: 1, onnotice: () => undefined });
    try {
        // Read with a plain query: after a COPY … TO STDOUT postgres.js may leave its socket paused
        // and never read the next answer (porsager/postgres PR #1016). NULL is written as nothing.
        const [read] = await sql<{ csv: string | null }[]>`SELECT string_agg(format(
                '%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s', 'F' || reference, msisdn, loan_id, amount, channel, kind, account,
                paid_at, suspense_status, suspense_reason, upload_id, upload_line), E'\n') AS csv
            FROM transactions WHERE upload_id = ${uploadId}`;
        const csv = Buffer.from(`${read?.csv ?? ''}\n`);
        const samples: number[] = [];
        for (let run = 0; run < 3; run++) {
            let ms = 0;
            const copied = sql
                .begin(async tx => {
                    const start = performance.now();
                    const writer = await tx`COPY transactions (reference, msisdn, loan_id, amount, channel, kind, account,
                        paid_at, suspense_status, suspense_reason, upload_id, upload_line) FROM STDIN (FORMAT csv)`.writable();
                    await pipeline(Readable.from([csv]), writer);
                    ms = performance.now() - start;
                    throw new RollBack();
                })
                .catch((error: unknown) => {
                    if (!(error instanceof RollBack)) throw error;
                });
            await withinMs(copied, COPY_WATCHDOG_MS, 'The COPY into transactions');
            samples.push(ms);
        }
        return median(samples);
    } finally {
        // A COPY left hanging (above) must not hold the benchmark: its connection is closed.
        await sql.end({ timeout: 5 });
    }
};

/** The import through the real call on a database seeded with SCALE customers: a small warm-up, then the timed one. */
const importMs = async (env: Record<string, string>, bytes: Buffer): Promise<{ ms: number; upload: ReconciliationUpload }> => {
    const settings = loadSettings({ ...process.env, LOG_LEVEL: 'silent', DEV_TOOLS: 'off', NODE_ENV: 'production', ...env });
    const database = await openDatabase(settings);
    await prepareDatabase(database, settings, { scale: SCALE });
    const app = await buildApp({ db: database.db, settings, listen: database.listen });
    try {
        const signedIn = await app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            payload: { username: 'admin', password: settings.seedPassword },
        });
        const token = (JSON.parse(signedIn.body) as { user: { token: string } }).user.token;
        const send = async (file: Buffer) => {
            const { payload, contentType } = multipart('bank', file);
            const start = performance.now();
            const answer = await app.inject({
                method: reconcileDeposits.method,
                url: `${API_BASE}${reconcileDeposits.path}`,
                headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
                payload,
            });
            const ms = performance.now() - start;
            if (answer.statusCode !== 201) throw new Error(`The import answered ${answer.statusCode}: ${answer.body}`);
            return { ms, upload: reconcileDeposits.response.parse(JSON.parse(answer.body)).upload };
        };
        await send(benchStatement('WARM', 64 * 1024).bytes);
        return await send(bytes);
    } finally {
        await app.close();
        await database.close();
    }
};

const describe = (upload: ReconciliationUpload) =>
    `${upload.rows} rows: ${upload.matched} matched, ${upload.suspense} suspense, ${upload.duplicate} duplicate, ${upload.rejected} rejected`;

export const reconciliationFigures = async () => {
    const { bytes } = benchStatement('BNK');
    const megabytes = (bytes.length / (1024 * 1024)).toFixed(2);

    const cluster = await startPostgres();
    let copy: number;
    let onPostgres: { ms: number; upload: ReconciliationUpload };
    let floor: number;
    try {
        copy = await copyMs(cluster.url, bytes);
        onPostgres = await importMs({ DATABASE_URL: cluster.url }, bytes);
        floor = await transactionsCopyMs(cluster.url, onPostgres.upload.id);
    } finally {
        await cluster.stop();
    }

    const dataDir = mkdtempSync(join(tmpdir(), 'bench-reconciliation-'));
    let onPglite: { ms: number; upload: ReconciliationUpload };
    try {
        onPglite = await importMs({ DATA_DIR: dataDir }, bytes);
    } finally {
        rmSync(dataDir, { recursive: true, force: true });
    }

    console.log(
        `measured: a ${megabytes} MB statement, ${describe(onPostgres.upload)}; PostgreSQL COPY ${copy.toFixed(0)} ms, ` +
            `the same payments COPY'd into transactions ${floor.toFixed(0)} ms, import ${onPostgres.ms.toFixed(0)} ms ` +
            `(×${(onPostgres.ms / floor).toFixed(2)}); the file COPY'd into a bare table of five text columns ${copy.toFixed(0)} ms ` +
            `(the import ×${(onPostgres.ms / copy).toFixed(1)} of it, shown, not budgeted); ` +
            `PGlite import ${onPglite.ms.toFixed(0)} ms`,
    );
    return {
        importOverCopy: onPostgres.ms / floor,
        pgliteImportSeconds: onPglite.ms / 1000,
    };
};

if (import.meta.url === `file://${process.argv[1]}`) {
    process.exit(report(await reconciliationFigures(), RECONCILIATION_BUDGETS) ? 1 : 0);
}
