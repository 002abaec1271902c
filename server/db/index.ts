/**
 * Opens the database: the embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set. Both are driven through one drizzle type and migrated from the same committed SQL.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import type { Settings } from '../settings';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async tx => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: a query that may run inside or outside a transaction. */
export type Queryable = Database | Transaction;

export interface OpenDatabase {
    db: Database;
    kind: 'pglite' | 'postgres';
    /** Applies the committed migrations that have not run yet. */
    migrate(): Promise<void>;
    close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export const MEMORY_DATA_DIR = 'memory://';

export const openDatabase = async (
    settings: Pick<Settings, 'databaseUrl' | 'dataDir'>,
): Promise<OpenDatabase> => {
    if (settings.databaseUrl) {
        const pool = new pg.Pool({ connectionString: settings.databaseUrl, max: 10 });
        // An idle client's network error must not crash the process; the next query reports it.
        pool.on('error', () => undefined);
        const db = drizzlePg({ client: pool, schema });
        return {
            db,
            kind: 'postgres',
            migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
            close: () => pool.end(),
        };
    }

    let dataDir: string | undefined;
    if (settings.dataDir !== MEMORY_DATA_DIR) {
        dataDir = path.resolve(settings.dataDir, 'pglite');
        mkdirSync(dataDir, { recursive: true });
    }
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite({ client, schema });
    return {
        db,
        kind: 'pglite',
        migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
        close: () => client.close(),
    };
};

/** Drops every table, type and the migration journal: the next migrate starts from nothing. */
export const dropEverything = async (db: Database): Promise<void> => {
    await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await db.execute(sql`DROP SCHEMA public CASCADE`);
    await db.execute(sql`CREATE SCHEMA public`);
};
