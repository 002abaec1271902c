/**
 * Opens the database: the embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL
 * is set (queries through postgres.js, which pipelines them; NOTIFY through one node-postgres
 * client, whose connection events say exactly when listening is lost). Both are driven through one
 * drizzle type and migrated from the same committed SQL. The embedded database on disk belongs to
 * one process: DATA_DIR is locked while it is open.
 */
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import pg from 'pg';
import * as schema from './schema';
import { withStatementReuse } from './pgliteStatements';
import { DEFAULT_DATABASE_POOL_SIZE, type Settings } from '../settings';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside `db.transaction(async tx => …)`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: a query that may run inside or outside a transaction. */
export type Queryable = Database | Transaction;

/** The rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
export const rowsOf = <Row = Record<string, unknown>>(result: unknown): Row[] =>
    Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

export interface OpenDatabase {
    db: Database;
    kind: 'pglite' | 'postgres';
    /** Applies the committed migrations that have not run yet. */
    migrate(): Promise<void>;
    /**
     * Calls `onNotify` for every NOTIFY on `channel` (sent by any process on this database), and
     * `onState` with true once listening and false whenever listening is lost (it resumes by
     * itself). Answers a function that stops listening.
     */
    listen(
        channel: string,
        onNotify: (payload: string) => void,
        onState: (listening: boolean) => void,
    ): Promise<() => Promise<void>>;
    close(): Promise<void>;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

export const MEMORY_DATA_DIR = 'memory://';

// ---------------------------------------------------------------------------------------------
// The data folder lock

/** In DATA_DIR, beside the database's own folder; what it holds says who has the database. */
export const LOCK_FILE_NAME = 'portal.lock';

/** A lock file this old that still cannot be read was left half-written by a process that died. */
const GARBLED_LOCK_MS = 5_000;

export class DataDirLockedError extends Error {
    override name = 'DataDirLockedError';
}

interface LockRecord {
    pid: number;
    hostname: string;
    /** The kernel's start time of the process (Linux), to tell a reused pid from the holder. */
    processStart?: string;
    startedAt: string;
    command?: string;
}

export interface DataDirLock {
    release(): void;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
const processStartOf = (pid: number): string | undefined => {
    try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // The command name (field 2) may hold spaces and parentheses: count from its closing one.
        return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    } catch {
        return undefined;
    }
};

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

const readLock = (file: string): LockRecord | 'missing' | 'garbled' => {
    let text: string;
    try {
        text = readFileSync(file, 'utf8');
    } catch (error) {
        if (errorCode(error) === 'ENOENT') return 'missing';
        throw error;
    }
    try {
        const record = JSON.parse(text) as Partial<LockRecord>;
        if (typeof record.pid === 'number' && typeof record.hostname === 'string') {
            return { startedAt: '', ...record, pid: record.pid, hostname: record.hostname };
        }
    } catch {
        // Not JSON (yet): below.
    }
    return 'garbled';
};

/** Is the process that wrote this lock still running? Assumed so when this machine cannot tell. */
const holderRuns = (record: LockRecord): boolean => {
    if (record.hostname !== hostname()) return true;
    try {
        process.kill(record.pid, 0);
    } catch (error) {
        // EPERM: it runs, under another user.
        if (errorCode(error) === 'ESRCH') return false;
    }
    const start = processStartOf(record.pid);
    return record.processStart === undefined || start === undefined || start === record.processStart;
};

const sameHolder = (a: LockRecord | 'missing' | 'garbled', b: LockRecord | 'garbled') =>
    a === b ||
    (typeof a === 'object' &&
        typeof b === 'object' &&
        a.pid === b.pid &&
        a.startedAt === b.startedAt &&
        a.hostname === b.hostname);

const describeHolder = (record: LockRecord) => {
    const self = record.pid === process.pid && record.hostname === hostname() ? ', this very process' : '';
    const command = record.command ? ` (${record.command})` : '';
    const started = record.startedAt ? `, started ${record.startedAt}` : '';
    return `process ${record.pid}${command} on ${record.hostname}${started}${self}`;
};

/**
 * Takes DATA_DIR for this process, or throws DataDirLockedError naming the folder and the process
 * that has it. `open(…, 'wx')` creates the lock file only when there is none, so of two starts one
 * wins. A lock whose process is gone (killed, crashed) is moved aside and the take retried once;
 * moving it is atomic, so of two starts racing for the same stale lock only one removes it.
 */
export const lockDataDir = (dataDir: string): DataDirLock => {
    const folder = path.resolve(dataDir);
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, LOCK_FILE_NAME);
    const mine: LockRecord = {
        pid: process.pid,
        hostname: hostname(),
        processStart: processStartOf(process.pid),
        startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
        command: process.argv
            .slice(1)
            .map(arg => path.relative(process.cwd(), arg) || arg)
            .join(' ')
            .slice(0, 200),
    };
    const refuse = (holder: LockRecord | 'garbled') =>
        new DataDirLockedError(
            `The data folder ${folder} is in use by ` +
                `${holder === 'garbled' ? 'another process that is starting' : describeHolder(holder)}. ` +
                'The embedded database allows one process at a time: stop that one first (npm run seed too needs the ' +
                `server stopped). If no such process runs, remove ${file}.`,
        );

    for (let attempt = 0; ; attempt++) {
        let fd: number | undefined;
        try {
            fd = openSync(file, 'wx', 0o644);
        } catch (error) {
            if (errorCode(error) !== 'EEXIST') throw error;
        }
        if (fd !== undefined) {
            try {
                writeSync(fd, `${JSON.stringify(mine)}\n`);
            } finally {
                closeSync(fd);
            }
            break;
        }

        const holder = readLock(file);
        if (holder === 'missing') {
            if (attempt < 2) continue;
            throw refuse('garbled');
        }
        const written = statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
        const stale = holder === 'garbled' ? Date.now() - written > GARBLED_LOCK_MS : !holderRuns(holder);
        if (!stale || attempt > 0) throw refuse(holder);

        const aside = `${file}.stale-${process.pid}`;
        try {
            renameSync(file, aside);
        } catch (error) {
            if (errorCode(error) === 'ENOENT') continue;
            throw error;
        }
        // Between reading and moving it, another start may have replaced the stale lock with its own.
        const moved = readLock(aside);
        if (sameHolder(moved, holder)) {
            unlinkSync(aside);
            continue;
        }
        try {
            // Put the live one back where its owner will look for it on release.
            linkSync(aside, file);
        } catch {
            // A third start took the place meanwhile: that one holds the folder now.
        }
        unlinkSync(aside);
        throw refuse(typeof moved === 'object' ? moved : holder);
    }

    const release = () => {
        process.off('exit', release);
        const holder = readLock(file);
        if (typeof holder === 'object' && sameHolder(holder, mine)) unlinkSync(file);
    };
    // A crash or process.exit() skips close(); the exit event still runs synchronous code.
    process.on('exit', release);
    return { release };
};

// ---------------------------------------------------------------------------------------------

/**
 * `loadDataDir`: an embedded database in memory starts as a copy of this dumped data folder
 * (PGlite's `dumpDataDir`) instead of empty; the server tests start each file from one seeded copy.
 */
export const openDatabase = async (
    settings: Pick<Settings, 'databaseUrl' | 'dataDir'> & Partial<Pick<Settings, 'databasePoolSize'>>,
    options: { loadDataDir?: Blob } = {},
): Promise<OpenDatabase> => {
    if (settings.databaseUrl) {
        // postgres.js pipelines queries on a connection: a few connections keep PostgreSQL busy
        // with fewer round trips than a connection per request would (docs/architecture.md).
        const client = postgres(settings.databaseUrl, {
            max: settings.databasePoolSize ?? DEFAULT_DATABASE_POOL_SIZE,
            // Unreachable is answered within seconds (a 503), not after the driver's 30 s default.
            connect_timeout: 10,
            onnotice: () => undefined,
        });
        const db = drizzlePostgres({ client, schema });
        const listeners: (() => Promise<void>)[] = [];
        return {
            db,
            kind: 'postgres',
            migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER }),
            listen: async (channel, onNotify, onState) => {
                const stop = listenOnPostgres(settings.databaseUrl ?? '', channel, onNotify, onState);
                listeners.push(stop);
                return stop;
            },
            close: async () => {
                await Promise.all(listeners.map(stop => stop()));
                await client.end();
            },
        };
    }

    let dataDir: string | undefined;
    let lock: DataDirLock | undefined;
    if (settings.dataDir !== MEMORY_DATA_DIR) {
        // Before PGlite opens anything: a second process must not touch the files at all.
        lock = lockDataDir(settings.dataDir);
        dataDir = path.resolve(settings.dataDir, 'pglite');
    }
    let client: PGlite;
    try {
        if (dataDir) mkdirSync(dataDir, { recursive: true });
        // pg_trgm: the inventory list finds part of an IMEI through a trigram index (migration 0017).
        client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir, extensions: { pg_trgm } });
    } catch (error) {
        lock?.release();
        throw error;
    }
    // Queries outside a transaction reuse their parsed statements, in one exchange each (pgliteStatements.ts).
    const db = drizzlePglite({ client: withStatementReuse(client), schema });
    return {
        db,
        kind: 'pglite',
        migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
        listen: async (channel, onNotify, onState) => {
            // One process owns the embedded database: its notifications arrive on the same client.
            const unlisten = await client.listen(checkedChannel(channel), onNotify);
            onState(true);
            return async () => {
                onState(false);
                await unlisten();
            };
        },
        close: async () => {
            try {
                await client.close();
            } finally {
                lock?.release();
            }
        },
    };
};

// ---------------------------------------------------------------------------------------------
// Listening for NOTIFY on PostgreSQL

const checkedChannel = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    return channel;
};

/** How long to wait before listening again after the connection was lost. */
const RELISTEN_DELAY_MS = 1000;

/**
 * A connection of its own (a pooled one would be handed to queries), listening until stopped.
 * When it is lost, `onState(false)` at once and a new connection a second later, until one holds.
 */
const listenOnPostgres = (
    url: string,
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean) => void,
): (() => Promise<void>) => {
    const name = checkedChannel(channel);
    let stopped = false;
    let current: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;

    const lost = (client: pg.Client) => {
        if (current !== client) return;
        current = null;
        onState(false);
        client.end().catch(() => undefined);
        if (!stopped) retry = setTimeout(connect, RELISTEN_DELAY_MS);
    };

    const connect = () => {
        const client = new pg.Client({ connectionString: url });
        current = client;
        client.on('notification', message => {
            if (message.channel === name) onNotify(message.payload ?? '');
        });
        client.on('error', () => lost(client));
        client.on('end', () => lost(client));
        client
            .connect()
            .then(() => client.query(`LISTEN ${name}`))
            .then(() => {
                if (current === client && !stopped) onState(true);
            })
            .catch(() => lost(client));
    };

    connect();
    return async () => {
        stopped = true;
        clearTimeout(retry);
        const client = current;
        current = null;
        onState(false);
        await client?.end().catch(() => undefined);
    };
};

/** Drops every table, type and the migration journal: the next migrate starts from nothing. */
export const dropEverything = async (db: Database): Promise<void> => {
    await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
    await db.execute(sql`DROP SCHEMA public CASCADE`);
    await db.execute(sql`CREATE SCHEMA public`);
};
