/**
 * DATABASE_POOL_SIZE bounds the connections an instance opens to PostgreSQL (server/db/index.ts):
 * queries beyond it wait, pipelined on the connections there are. PostgreSQL only (CI's second
 * run of the server tests, TEST_DATABASE_URL): PGlite has one connection whatever the setting.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { rowsOf } from './harness';

/** The backends that answered `queries` queries sent at once, each holding its connection a moment. */
const backendsUsed = async (poolSize: number, queries: number) => {
    const database = await openDatabase({
        dataDir: 'memory://',
        databaseUrl: process.env.TEST_DATABASE_URL,
        databasePoolSize: poolSize,
    });
    try {
        const answers = await Promise.all(
            Array.from({ length: queries }, () =>
                database.db
                    .execute(sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`)
                    .then(result => rowsOf<{ pid: number }>(result)),
            ),
        );
        return new Set(answers.flat().map(row => row.pid)).size;
    } finally {
        await database.close();
    }
};

describe.runIf(process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
    it('opens at most DATABASE_POOL_SIZE connections, however many queries arrive at once', async () => {
        expect(await backendsUsed(1, 8)).toBe(1);
        const four = await backendsUsed(4, 8);
        // More than one shows the queries did overlap, so the bound of one above was the setting's.
        expect(four).toBeGreaterThan(1);
        expect(four).toBeLessThanOrEqual(4);
    });
});
