/**
 * A server killed with SIGKILL in the middle of importing a statement (server/domain/money/
 * reconciliation.ts: one transaction), and started again, holds all of that upload or none of it:
 * the upload row, its payments, its duplicate and rejected rows, its audit event, and the balance
 * of the loan its payments went on. Real processes on a real data folder, as tests/server/crash.test.ts.
 *
 * When to kill: a first statement of the same size is imported whole and timed, and the second is
 * killed halfway through that time, well after its bytes have arrived and before it can finish
 * (the test checks that its answer never came).
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

describe('a server killed in the middle of a statement import', () => {
    it(
        'holds all of that upload or none of it when it starts again',
        async () => {
            const first = await startServer();
            const token = await signIn(first.url);
            const balanceBefore = await demoBalance(first.url, token);

            const began = Date.now();
            const calibration = await upload(first.url, token, 'calibration.csv', statement('CALIBRATE', false));
            const took = Date.now() - began;
            expect(calibration.status).toBe(201);

            const answer = upload(first.url, token, 'crash.csv', statement('CRASH', true)).then(
                response => `answered ${response.status}`,
                () => 'cut',
            );
            await new Promise(resolve => setTimeout(resolve, took / 2));
            first.running.child.kill('SIGKILL');
            await first.running.exited;
            expect(await answer, `the import was meant to be cut (a whole one took ${took} ms)`).toBe('cut');

            // The next start opens the same folder (the dead process's lock is taken over).
            const second = await startServer();
            expect((await fetch(`${second.url}/portal_api/health`)).status).toBe(200);
            const balanceAfter = await demoBalance(second.url, await signIn(second.url));
            second.running.child.kill('SIGTERM');
            await second.running.exited;

            const database = await openDatabase({ dataDir, databaseUrl: undefined });
            try {
                const count = async (query: ReturnType<typeof sql>) =>
                    Number(rowsOf<{ n: number | string }>(await database.db.execute(query))[0]?.n ?? 0);
                const uploads = rowsOf<{
                    id: number;
                    rows: number;
                    matched: number;
                    suspense: number;
                    duplicate: number;
                    rejected: number;
                }>(
                    await database.db.execute(
                        sql`SELECT id, rows, matched, suspense, duplicate, rejected FROM reconciliation_uploads WHERE file_name = 'crash.csv'`,
                    ),
                );
                expect(uploads.length).toBeLessThanOrEqual(1);
                const payments = await count(sql`SELECT count(*)::int AS n FROM transactions WHERE reference LIKE 'CRASH-%'`);
                const cents = await count(
                    sql`SELECT coalesce(sum(t.amount * 100), 0)::int AS n FROM transactions t JOIN loans l ON l.id = t.loan_id
                        WHERE t.reference LIKE 'CRASH-%' AND l.loan_reference = ${DEMO_LOAN}`,
                );
                const audits = await count(
                    sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'reconciliation_uploads.create' AND after->>'file_name' = 'crash.csv'`,
                );
                const [upload] = uploads;
                if (!upload) {
                    // None of it: no payment, no row, no event, the balance as it was.
                    expect({ payments, cents, audits }).toEqual({ payments: 0, cents: 0, audits: 0 });
                    expect(balanceAfter).toBe(balanceBefore);
                } else {
                    // All of it: every row accounted for, the payments its own, the balance lowered by them.
                    const kept = await count(
                        sql`SELECT count(*)::int AS n FROM reconciliation_rows WHERE upload_id = ${upload.id}`,
                    );
                    const carried = await count(sql`SELECT count(*)::int AS n FROM transactions WHERE upload_id = ${upload.id}`);
                    expect(upload.rows).toBe(ROWS);
                    expect({ payments, carried, kept, audits }).toEqual({
                        payments: upload.matched + upload.suspense,
                        carried: payments,
                        kept: upload.duplicate + upload.rejected,
                        audits: 1,
                    });
                    expect(cents).toBeGreaterThan(0);
                    expect(Math.round(balanceAfter * 100)).toBe(Math.round(balanceBefore * 100) - cents);
                }
            } finally {
                await database.close();
            }
        },
        PROCESS_TEST_MS * 2,
    );
});
