/**
 * A server killed with SIGKILL in the middle of importing a statement (server/domain/money/
 * reconciliation.ts: a claim, then short transactions of a batch each), and started again, imports
 * that upload exactly once: killed, it holds whole batches only and the upload says it is still
 * importing; started again, it resumes from the first batch not committed and finishes, every row
 * recorded once, each batch's audit event once, the loan's balance lowered once by its payments.
 * Real processes on a real data folder, as tests/server/crash.test.ts.
 *
 * When to kill: once a reader sees the upload importing with some of its rows in (a state, not a time).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { rowsOf } from './harness';
import { PROCESS_TEST_MS, run, START_MS, waitForOutput, type Running } from './processes';

/** Rows per statement: an import of a few seconds on the embedded database. */
const ROWS = 20_000;
/** The demo customer with one active loan (README, "Demo customers"). */
const DEMO_MSISDN = '27710000001';
const DEMO_LOAN = 'LPP-000001';

let dataDir: string;
const started: Running[] = [];
beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-reconciliation-crash-'));
});
afterAll(async () => {
    for (const running of started)
        if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
    await Promise.all(started.map(running => running.exited));
    rmSync(dataDir, { recursive: true, force: true });
});

const startServer = async () => {
    const running = run('server/main.ts', [], dataDir);
    started.push(running);
    const [, url] = await waitForOutput(running, /Portal ready on (http:\/\/127\.0\.0\.1:\d+)/, START_MS);
    return { running, url: url ?? '' };
};

const signIn = async (url: string) => {
    const answer = await fetch(`${url}/portal_api/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'demo-pass-2026' }),
    });
    return ((await answer.json()) as { user: { token: string } }).user.token;
};

const demoBalance = async (url: string, token: string): Promise<number> => {
    const answer = await fetch(`${url}/portal_api/api/v1/lipa_pole_pole_loans`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ msisdn: DEMO_MSISDN }),
    });
    const { data } = (await answer.json()) as { data: { loan_reference: string; balance: number }[] };
    const loan = data.find(row => row.loan_reference === DEMO_LOAN);
    if (!loan) throw new Error(`No ${DEMO_LOAN} among ${DEMO_MSISDN}'s loans`);
    return loan.balance;
};

/**
 * A statement of ROWS rows with references `<prefix>-n`: with `onDemoLoan`, one row in four pays
 * a cent on the demo loan; every other row is from a number no customer has (suspense), and one
 * in a hundred has a bad amount (rejected).
 */
const statement = (prefix: string, onDemoLoan: boolean): Buffer => {
    const lines = ['date,amount,reference,msisdn,account'];
    for (let n = 1; n <= ROWS; n++) {
        const reference = `${prefix}-${String(n).padStart(6, '0')}`;
        if (n % 100 === 0) lines.push(`2026-03-02,n/a,${reference},${DEMO_MSISDN},`);
        else if (onDemoLoan && n % 4 === 0) lines.push(`2026-03-02,0.01,${reference},${DEMO_MSISDN},${DEMO_LOAN}`);
        else lines.push(`2026-03-02,${1 + (n % 50)}.00,${reference},2798${String(n).padStart(7, '0')},`);
    }
    return Buffer.from(`${lines.join('\n')}\n`);
};

const upload = (url: string, token: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('channel', 'bank');
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
    return fetch(`${url}/portal_api/api/v1/reconciliation_deposits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
    });
};

interface UploadState {
    id: number;
    file_name: string;
    importing: boolean;
    rows: number;
    matched: number;
    suspense: number;
    duplicate: number;
    rejected: number;
}

const uploadNamed = async (url: string, token: string, name: string): Promise<UploadState | undefined> => {
    const answer = await fetch(`${url}/portal_api/api/v1/reconciliation_uploads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({}),
    });
    const { data } = (await answer.json()) as { data: UploadState[] };
    return data.find(upload => upload.file_name === name);
};

describe('a server killed in the middle of a statement import', () => {
    it(
        'holds whole batches, shows the upload importing, and resumes it to completion exactly once when it starts again',
        async () => {
            const first = await startServer();
            const token = await signIn(first.url);
            const balanceBefore = await demoBalance(first.url, token);

            const answer = upload(first.url, token, 'crash.csv', statement('CRASH', true)).then(
                response => `answered ${response.status}`,
                () => 'cut',
            );
            // Killed once some of its batches are in and the import is still under way.
            for (;;) {
                const seen = await uploadNamed(first.url, token, 'crash.csv');
                if (seen?.importing && seen.matched + seen.suspense > 0) break;
                expect(seen === undefined || seen.importing, 'the import was meant to be cut while under way').toBe(true);
            }
            first.running.child.kill('SIGKILL');
            await first.running.exited;
            expect(await answer).toBe('cut');

            const count = async (database: Awaited<ReturnType<typeof openDatabase>>, query: ReturnType<typeof sql>) =>
                Number(rowsOf<{ n: number | string }>(await database.db.execute(query))[0]?.n ?? 0);
            type Row = { id: number; rows: number; matched: number; suspense: number; duplicate: number; rejected: number };
            const crashUploads = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
                rowsOf<Row & { importing: boolean; batches_done: number }>(
                    await database.db.execute(
                        sql`SELECT id, rows, matched, suspense, duplicate, rejected, pending IS NOT NULL AS importing, batches_done
                            FROM reconciliation_uploads WHERE file_name = 'crash.csv'`,
                    ),
                );
            const batchEvents = (database: Awaited<ReturnType<typeof openDatabase>>, id: number) =>
                count(
                    database,
                    sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'reconciliation_uploads.import' AND entity_id = ${String(id)}`,
                );

            // Killed: whole batches only, the upload still importing (as readers are told).
            const killed = await openDatabase({ dataDir, databaseUrl: undefined });
            let uploadId: number;
            try {
                const [cut, ...others] = await crashUploads(killed);
                expect(others).toEqual([]);
                if (!cut) throw new Error('The upload was not claimed');
                uploadId = cut.id;
                expect(cut.importing).toBe(true);
                expect(cut.batches_done).toBeGreaterThan(0);
                const payments = await count(
                    killed,
                    sql`SELECT count(*)::int AS n FROM transactions WHERE reference LIKE 'CRASH-%'`,
                );
                expect(payments).toBe(cut.matched + cut.suspense);
                expect(payments).toBeLessThan(ROWS - ROWS / 100);
                expect(await batchEvents(killed, cut.id)).toBe(cut.batches_done);
            } finally {
                await killed.close();
            }

            // Started again: the import is resumed at start and finished.
            const second = await startServer();
            const secondToken = await signIn(second.url);
            for (;;) {
                const seen = await uploadNamed(second.url, secondToken, 'crash.csv');
                if (seen && !seen.importing) break;
            }
            const balanceAfter = await demoBalance(second.url, secondToken);
            second.running.child.kill('SIGTERM');
            await second.running.exited;

            const database = await openDatabase({ dataDir, databaseUrl: undefined });
            try {
                const [done, ...others] = await crashUploads(database);
                expect(others).toEqual([]);
                expect(done?.id).toBe(uploadId);
                if (!done) throw new Error('The upload is gone');
                // Every row once: each good row's payment (the references are unique), each bad row kept.
                const payments = await count(
                    database,
                    sql`SELECT count(*)::int AS n FROM transactions WHERE reference LIKE 'CRASH-%'`,
                );
                const carried = await count(
                    database,
                    sql`SELECT count(*)::int AS n FROM transactions WHERE upload_id = ${done.id}`,
                );
                const kept = await count(
                    database,
                    sql`SELECT count(*)::int AS n FROM reconciliation_rows WHERE upload_id = ${done.id}`,
                );
                expect({ ...done, payments, carried, kept }).toEqual({
                    id: done.id,
                    rows: ROWS,
                    matched: done.matched,
                    suspense: ROWS - ROWS / 100 - done.matched,
                    duplicate: 0,
                    rejected: ROWS / 100,
                    importing: false,
                    batches_done: done.batches_done,
                    payments: ROWS - ROWS / 100,
                    carried: ROWS - ROWS / 100,
                    kept: ROWS / 100,
                });
                // Each batch applied once: one event per batch number, as many as the batches.
                const numbers = rowsOf<{ batch: number }>(
                    await database.db.execute(
                        sql`SELECT (after->>'batch')::int AS batch FROM audit_events
                            WHERE action = 'reconciliation_uploads.import' AND entity_id = ${String(done.id)} ORDER BY id`,
                    ),
                ).map(event => Number(event.batch));
                expect(numbers).toEqual(Array.from({ length: done.batches_done }, (_, at) => at + 1));
                expect(
                    await count(
                        database,
                        sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'reconciliation_uploads.create' AND after->>'file_name' = 'crash.csv'`,
                    ),
                ).toBe(1);
                // The loan's balance lowered once by what went on it.
                const cents = await count(
                    database,
                    sql`SELECT coalesce(sum(t.amount * 100), 0)::int AS n FROM transactions t JOIN loans l ON l.id = t.loan_id
                        WHERE t.reference LIKE 'CRASH-%' AND l.loan_reference = ${DEMO_LOAN}`,
                );
                expect(cents).toBe(done.matched);
                expect(Math.round(balanceAfter * 100)).toBe(Math.round(balanceBefore * 100) - cents);
            } finally {
                await database.close();
            }
        },
        PROCESS_TEST_MS * 2,
    );
});
