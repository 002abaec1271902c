/**
 * A server killed with SIGKILL in the middle of writes, and started again, leaves no partial state:
 * every write it acknowledged is there, every write is whole (its row and its audit event, or
 * neither), and the indexes agree with their tables. Real processes on a real data folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { rowsOf } from './harness';
import { PROCESS_TEST_MS, run, START_MS, waitForOutput, type Running } from './processes';

let dataDir: string;
const started: Running[] = [];
beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'));
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

/** The rows of a raw query, whichever driver ran it. */

const signIn = async (url: string) => {
    const answer = await fetch(`${url}/portal_api/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'demo-pass-2026' }),
    });
    return ((await answer.json()) as { user: { token: string } }).user.token;
};

describe('a server killed in the middle of writes', () => {
    it(
        'keeps every acknowledged write, and every write whole, when it starts again',
        async () => {
            const first = await startServer();
            const token = await signIn(first.url);
            const acknowledged: string[] = [];
            let serial = 0;
            let killed = false;
            // Writers that go on until the process dies under them.
            const writer = async () => {
                while (!killed) {
                    serial += 1;
                    const name = `Crash group ${serial}`;
                    try {
                        const answer = await fetch(`${first.url}/portal_api/prerequisites/admin-groups`, {
                            method: 'POST',
                            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                            body: JSON.stringify({ name, description: 'written just before a crash' }),
                        });
                        if (answer.status === 201) acknowledged.push(name);
                    } catch {
                        return;
                    }
                }
            };
            const writers = Array.from({ length: 8 }, writer);
            while (acknowledged.length < 30) await new Promise(resolve => setTimeout(resolve, 20));
            first.running.child.kill('SIGKILL');
            killed = true;
            await first.running.exited;
            await Promise.all(writers);

            // The next start opens the same folder (the dead process's lock is taken over).
            const second = await startServer();
            expect((await fetch(`${second.url}/portal_api/health`)).status).toBe(200);
            second.running.child.kill('SIGTERM');
            await second.running.exited;

            const database = await openDatabase({ dataDir, databaseUrl: undefined });
            try {
                const groups = rowsOf<{ id: number; name: string }>(
                    await database.db.execute(sql`SELECT id, name FROM admin_groups WHERE name LIKE 'Crash group %'`),
                );
                const names = new Set(groups.map(row => row.name));
                for (const name of acknowledged) expect(names, name).toContain(name);

                // Whole writes: each group has its one audit event, and no event lacks its group.
                const events = rowsOf<{ entity_id: string }>(
                    await database.db.execute(
                        sql`SELECT entity_id FROM audit_events WHERE action = 'admin_groups.create' AND after->>'name' LIKE 'Crash group %'`,
                    ),
                );
                expect(events.map(row => Number(row.entity_id)).sort((a, b) => a - b)).toEqual(
                    groups.map(row => row.id).sort((a, b) => a - b),
                );

                // The unique index on names agrees with the table: every row is found through it.
                await database.db.execute(sql`SET enable_seqscan = off`);
                for (const row of groups) {
                    const found = await database.db.execute(
                        sql`SELECT id FROM admin_groups WHERE lower(name) = lower(${row.name})`,
                    );
                    expect(rowsOf(found)).toHaveLength(1);
                }
                const duplicates = await database.db.execute(sql`SELECT id FROM admin_groups GROUP BY id HAVING count(*) > 1`);
                expect(rowsOf(duplicates)).toEqual([]);
            } finally {
                await database.close();
            }
        },
        PROCESS_TEST_MS * 2,
    );
});
