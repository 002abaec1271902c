/**
 * The server tests' global set-up: migrates and seeds one database per run, which every test
 * file's `startTestServer()` then starts from a copy of (harness.ts). Migrating 35 migrations and
 * seeding took ~2.8 s per file, 60 times a run; a copy takes a fraction of that. Each file still
 * gets a database of its own, exactly as seeded, but for the demo accounts' password hashes,
 * which name a lower cost (TEMPLATE_SCRYPT_N).
 *
 * PGlite: the seeded data folder as a tar file (`dumpDataDir`), opened with `loadDataDir`.
 * PostgreSQL (TEST_DATABASE_URL): a database that the others are created from with
 * `CREATE DATABASE … TEMPLATE …`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MEMORY_DATA_DIR, openDatabase, type OpenDatabase } from '../../server/db';
import { admins } from '../../server/db/schema';
import { hashPassword } from '../../server/domain/auth/passwords';
import { prepareDatabase } from '../../server/seed';
import { loadSettings, type Settings } from '../../server/settings';

/** What the set-up hands the test files (through vitest's provide/inject). */
export type SeededTemplate =
    { kind: 'pglite'; file: string; seededAt: number } | { kind: 'postgres'; database: string; seededAt: number };

declare module 'vitest' {
    export interface ProvidedContext {
        seededTemplate: SeededTemplate;
    }
}

/**
 * The settings a test server seeds with when a test passes none that change the seed: the
 * template must be exactly what `startTestServer()` would have migrated and seeded itself.
 */
export const seedSettings = (now: () => Date): Settings => ({
    ...loadSettings({ NODE_ENV: 'test' }),
    dataDir: MEMORY_DATA_DIR,
    now,
});

/** The settings that change what is migrated or seeded: with any of them a test seeds its own. */
export const SEED_SETTINGS = ['seedPassword', 'now', 'dataDir', 'databaseUrl'] as const satisfies readonly (keyof Settings)[];

/**
 * The scrypt cost of the template's passwords: 2^10, about 4 ms, where the server's 2^15 takes
 * about 130 ms of a core. The server verifies a hash at the cost it names, so the demo accounts
 * sign in through the same code; the thousand sign-ins of a run took some 150 s of CPU at the
 * server's cost. Passwords the tests set (new users, resets, changes) are hashed at the server's
 * cost, and tests/server/seed.test.ts checks that a seed does so.
 */
const TEMPLATE_SCRYPT_N = 2 ** 10;

/** Every seeded account's password hashed again at TEMPLATE_SCRYPT_N, each with its own salt. */
const cheapenPasswords = async (database: OpenDatabase, password: string) => {
    const accounts = await database.db.select({ id: admins.id }).from(admins);
    for (const { id } of accounts) {
        await database.db
            .update(admins)
            .set({ passwordHash: await hashPassword(password, TEMPLATE_SCRYPT_N) })
            .where(eq(admins.id, id));
    }
};

const withAdmin = async <T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
        return await work(admin);
    } finally {
        await admin.end();
    }
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
    // The moment the template is seeded is the moment every test file's clock starts at, so each
    // seeded time stands to `clock.now()` exactly as it did when every file seeded its own.
    const seededAt = Date.now();
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (serverUrl) {
        const name = `portal_template_${randomBytes(6).toString('hex')}`;
        await withAdmin(serverUrl, admin => admin.query(`CREATE DATABASE ${name}`));
        const url = new URL(serverUrl);
        url.pathname = `/${name}`;
        const settings = { ...seedSettings(() => new Date(seededAt)), databaseUrl: url.toString() };
        const database = await openDatabase(settings);
        try {
            await prepareDatabase(database, settings);
            await cheapenPasswords(database, settings.seedPassword);
        } finally {
            // A template takes copies only while no one is connected to it.
            await database.close();
        }
        project.provide('seededTemplate', { kind: 'postgres', database: name, seededAt });
        return () =>
            withAdmin(serverUrl, admin => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
    }

    const settings = seedSettings(() => new Date(seededAt));
    const database = await openDatabase(settings);
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-template-'));
    const file = path.join(folder, 'seeded.tar');
    try {
        await prepareDatabase(database, settings);
        await cheapenPasswords(database, settings.seedPassword);
        // drizzle keeps the PGlite client it drives; uncompressed, the copy loads fastest.
        const client = (database.db as unknown as { $client: PGlite }).$client;
        const dump = await client.dumpDataDir('none');
        writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
    } finally {
        await database.close();
    }
    project.provide('seededTemplate', { kind: 'pglite', file, seededAt });
    return async () => rmSync(folder, { recursive: true, force: true });
}
