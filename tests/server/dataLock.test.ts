/**
 * The embedded database belongs to one process: a second server (or `npm run seed`) on the same
 * DATA_DIR must stop at once instead of handing out the same ids, and a lock left by a killed
 * process must not block the next start. Real processes, since that is where it matters.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, openDatabase } from '../../server/db';
import { exitWithin, PROCESS_TEST_MS, run, START_MS, waitForOutput, type Running } from './processes';

/** A pid that surely belongs to no running process: one that has just exited. */
const deadPid = () => {
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    return Number(String(child.stdout));
};

describe('two servers on one data folder', () => {
    let dataDir: string;
    let first: Running;
    const started: Running[] = [];
    const start = (script = 'server/main.ts', args: string[] = []) => {
        const running = run(script, args, dataDir);
        started.push(running);
        return running;
    };

    beforeAll(() => {
        dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
    });
    afterAll(async () => {
        for (const running of started) {
            if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL');
        }
        await Promise.all(started.map(running => running.exited));
        rmSync(dataDir, { recursive: true, force: true });
    });

    it(
        'the second stops at once, non-zero, naming the folder and the process that holds it',
        async () => {
            first = start();
            const [, port] = await waitForOutput(first, /Portal ready on http:\/\/127\.0\.0\.1:(\d+)/, START_MS);

            const began = Date.now();
            const second = start();
            const code = await exitWithin(second, 45_000);
            expect(code).not.toBe(0);
            expect(second.output()).toContain(path.resolve(dataDir));
            expect(second.output()).toContain(`process ${first.child.pid}`);
            expect(second.output()).not.toContain('Portal ready');
            // Refused before touching the database: about tsx's own start-up time (2-3 s on an idle
            // machine; the bound leaves room for the other test files running beside this one).
            expect(Date.now() - began).toBeLessThan(30_000);

            // The first one is unharmed.
            const health = await fetch(`http://127.0.0.1:${port}/portal_api/health`);
            expect(health.status).toBe(200);
        },
        PROCESS_TEST_MS,
    );

    it(
        'npm run seed (which wipes the database) refuses too',
        async () => {
            const seed = start('server/seed/cli.ts', ['--reset']);
            const code = await exitWithin(seed, 45_000);
            expect(code).not.toBe(0);
            expect(seed.output()).toContain(path.resolve(dataDir));
            expect(seed.output()).toContain(`process ${first.child.pid}`);
            expect(seed.output()).not.toMatch(/Seeded/);
        },
        PROCESS_TEST_MS,
    );

    it(
        'a lock left by a killed server does not block the next start, which releases it on a clean stop',
        async () => {
            first.child.kill('SIGKILL');
            await first.exited;
            expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);

            const next = start();
            await waitForOutput(next, /Portal ready on/, START_MS);
            const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
            expect(lock.pid).toBe(next.child.pid);

            next.child.kill('SIGTERM');
            expect(await exitWithin(next, 45_000)).toBe(0);
            expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
        },
        PROCESS_TEST_MS,
    );

    it(
        'is taken by openDatabase on disk and released by close',
        async () => {
            // The folder holds the database the servers above made: opening it is quick.
            const database = await openDatabase({ dataDir, databaseUrl: undefined });
            try {
                expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
                await expect(openDatabase({ dataDir, databaseUrl: undefined })).rejects.toThrow(DataDirLockedError);
                const stillThere = run('server/main.ts', [], dataDir);
                started.push(stillThere);
                expect(await exitWithin(stillThere, 45_000)).not.toBe(0);
                expect(stillThere.output()).toContain(`process ${process.pid}`);
            } finally {
                await database.close();
            }
            expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
            // (memory:// takes no lock: every other server test file opens one in this same process.)
        },
        PROCESS_TEST_MS,
    );
});

describe('the data folder lock', () => {
    let dataDir: string;
    beforeAll(() => {
        dataDir = mkdtempSync(path.join(tmpdir(), 'portal-lock-unit-'));
    });
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

    it('refuses a second hold, also from the same process, until the first is released', () => {
        const lock = lockDataDir(dataDir);
        try {
            expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
            expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`${path.resolve(dataDir)}.*process ${process.pid}`, 's'));
        } finally {
            lock.release();
        }
        expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);
        lockDataDir(dataDir).release();
    });

    it('takes over a lock whose process is gone, or whose pid now belongs to another process', () => {
        const file = path.join(dataDir, LOCK_FILE_NAME);
        writeFileSync(file, JSON.stringify({ pid: deadPid(), hostname: hostname(), startedAt: new Date().toISOString() }));
        const taken = lockDataDir(dataDir);
        expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid });
        taken.release();

        // Our own pid, but a process that started at another time: the pid was reused after a crash.
        const reused = { pid: process.pid, hostname: hostname(), processStart: '1', startedAt: '2000-01-01T00:00:00Z' };
        writeFileSync(file, JSON.stringify(reused));
        lockDataDir(dataDir).release();
    });

    it('keeps a lock written on another host: it cannot tell whether that process still runs', () => {
        const file = path.join(dataDir, LOCK_FILE_NAME);
        writeFileSync(file, JSON.stringify({ pid: deadPid(), hostname: 'some-other-host', startedAt: new Date().toISOString() }));
        try {
            expect(() => lockDataDir(dataDir)).toThrow(/some-other-host/);
        } finally {
            rmSync(file);
        }
    });
});
