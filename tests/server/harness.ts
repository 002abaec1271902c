/**
 * The server tests' harness: the real app on a real, fresh database per test file (in-memory
 * PGlite, or a throwaway database on the PostgreSQL server named by TEST_DATABASE_URL), migrated
 * and seeded like a real start, with a clock the tests move instead of sleeping. The database is
 * a copy of one migrated and seeded once per run (template.ts), the clock starting at the moment
 * that copy was seeded.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { z } from 'zod';
import { login } from '../../contract/auth';
import { callAddress, type CallDefinition, type CallResponse } from '../../contract/define';
import { apiError, type ApiError } from '../../contract/errors';
import { buildApp, type AppOptions } from '../../server/app';
import { MEMORY_DATA_DIR, openDatabase, type Database, type OpenDatabase } from '../../server/db';
import { prepareDatabase } from '../../server/seed';
import { loadSettings, type Settings } from '../../server/settings';
import { outsideDocument } from '../conformance/document';
import { DEFAULT_UPLOAD, multipartBody, type FilePart } from './multipart';
import { SEED_SETTINGS, type SeededTemplate } from './template';

export const PASSWORD = 'demo-pass-2026';

/** The rows of a raw `db.execute` (the server's own reading, for the tests that import it from here). */
export { rowsOf } from '../../server/db';

export interface TestClock {
    now(): Date;
    /** Moves time forward by this many milliseconds. */
    advance(ms: number): void;
}

/** How a call reaches the server, beside its input. */
export interface CallTransport {
    token?: string | null;
    headers?: Record<string, string>;
    /** The caller's address as the server sees it (127.0.0.1 unless a test plays another source). */
    remoteAddress?: string;
    /** An `upload: true` call's file parts (multipart.ts): a small PNG unless given. */
    files?: readonly FilePart[];
}

type PartInput<T> = T extends z.ZodType ? z.input<T> : undefined;

/**
 * A call's options: its `params`, `query` and `body` typed from the call's own schemas (what the
 * portal may send), and how it is sent. `CallOptions` without a call takes any input.
 */
export type CallOptions<C extends CallDefinition = CallDefinition> = CallTransport & {
    params?: PartInput<C['params']>;
    query?: PartInput<C['query']>;
    body?: PartInput<C['body']>;
};

/** Input the contract's types refuse, sent on purpose to see the server refuse it too. */
export type UncheckedCallOptions = CallTransport & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
};

export interface CallResult<C extends CallDefinition> {
    status: number;
    headers: LightMyRequestResponse['headers'];
    /** The answer, checked against the call's response schema (only when status is 2xx). */
    body: CallResponse<C>;
    /** The error answer, checked against apiError (only when status is not 2xx). */
    error: ApiError;
}

export interface TestServer {
    app: FastifyInstance;
    db: Database;
    database: OpenDatabase;
    settings: Settings;
    clock: TestClock;
    /** Makes a contract call the way the portal does (JSON, Bearer token and Coords headers). */
    call<C extends CallDefinition>(call: C, options?: CallOptions<C>): Promise<CallResult<C>>;
    /**
     * The same call with input its types refuse (a wrong type, a missing or unknown field), for the
     * tests of what the server answers to it.
     */
    callUnchecked<C extends CallDefinition>(call: C, options?: UncheckedCallOptions): Promise<CallResult<C>>;
    /** Signs in with a password (the demo password by default) and answers the token. */
    signIn(username: string, password?: string): Promise<string>;
    /** Builds another app on the same database (e.g. other settings); closed with the server. */
    buildAnother(overrides: Partial<Settings> & Pick<AppOptions, 'distDir' | 'logStream'>): Promise<FastifyInstance>;
    close(): Promise<void>;
}

/** A stopped clock: time moves only when a test moves it, so waits and expiries are exact. */
const createClock = (start: number): TestClock => {
    let current = start;
    return {
        now: () => new Date(current),
        advance: ms => {
            current += ms;
        },
    };
};

/**
 * A fresh database on TEST_DATABASE_URL's server (a copy of `template` when given), dropped when
 * the tests are done.
 */
const throwawayPostgres = async (serverUrl: string, template: string | undefined) => {
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
        url: url.toString(),
        drop: async () => {
            try {
                await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            } finally {
                await admin.end();
            }
        },
    };
};

const jsonRequest = (headers: Record<string, string>, options: UncheckedCallOptions) =>
    options.body !== undefined
        ? { payload: JSON.stringify(options.body), headers: { ...headers, 'content-type': 'application/json' } }
        : {};

/** An upload call as the portal makes it: multipart, the body's fields as text parts, then the file. */
const uploadRequest = (headers: Record<string, string>, options: UncheckedCallOptions) => {
    const { payload, contentType } = multipartBody(
        (options.body ?? {}) as Record<string, unknown>,
        options.files ?? [DEFAULT_UPLOAD],
    );
    return { payload, headers: { ...headers, 'content-type': contentType } };
};

/**
 * The run's seeded template, unless this test's settings change what is migrated or seeded (then
 * it seeds its own, as every file once did), or the set-up did not run (a harness used elsewhere).
 */
const templateFor = (overrides: Partial<Settings>): SeededTemplate | undefined =>
    SEED_SETTINGS.some(key => key in overrides) ? undefined : inject('seededTemplate');

export const startTestServer = async (overrides: Partial<Settings> = {}): Promise<TestServer> => {
    const template = templateFor(overrides);
    const clock = createClock(template?.seededAt ?? Date.now());
    const postgres = process.env.TEST_DATABASE_URL
        ? await throwawayPostgres(process.env.TEST_DATABASE_URL, template?.kind === 'postgres' ? template.database : undefined)
        : null;
    const settings: Settings = {
        ...loadSettings({ NODE_ENV: 'test' }),
        dataDir: MEMORY_DATA_DIR,
        databaseUrl: postgres?.url,
        logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
        devTools: true,
        now: clock.now,
        ...overrides,
    };
    const database = await openDatabase(
        settings,
        template?.kind === 'pglite' ? { loadDataDir: new Blob([readFileSync(template.file)]) } : {},
    );
    // A copy of the template was migrated and seeded with these very settings.
    if (!template) await prepareDatabase(database, settings);
    // Every answer written from its schema is checked against JSON.stringify (server/serializers.ts).
    const app = await buildApp({ db: database.db, settings, listen: database.listen, checkSerializers: true });
    const others: FastifyInstance[] = [];

    const call = async <C extends CallDefinition>(definition: C, options: UncheckedCallOptions = {}): Promise<CallResult<C>> => {
        const url = callAddress(definition, options.params, options.query);
        const headers: Record<string, string> = { Coords: '-26.2485,27.8540', ...options.headers };
        if (options.token) {
            headers.authorization = `Bearer ${options.token}`;
            headers['access-token'] = options.token;
        }
        const response = await app.inject({
            method: definition.method,
            url,
            headers,
            ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
            ...(definition.upload ? uploadRequest(headers, options) : jsonRequest(headers, options)),
        });
        const json: unknown = response.body ? JSON.parse(response.body) : undefined;
        const drift = outsideDocument(definition, response.statusCode, json);
        if (drift) throw new Error(drift);
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        return {
            status: response.statusCode,
            headers: response.headers,
            body: (ok ? definition.response.parse(json) : undefined) as CallResponse<C>,
            error: (ok ? undefined : apiError.parse(json)) as ApiError,
        };
    };

    return {
        app,
        db: database.db,
        database,
        settings,
        clock,
        // Typed input is input too: the two differ only in what the type checker lets through.
        call: (definition, options) => call(definition, options as UncheckedCallOptions),
        callUnchecked: call,
        signIn: async (username, password = PASSWORD) => {
            const result = await call(login, { body: { username, password } });
            if (result.status !== 200 || !('user' in result.body)) {
                throw new Error(`Sign-in as ${username} failed: ${result.status} ${JSON.stringify(result.error ?? result.body)}`);
            }
            return result.body.user.token;
        },
        buildAnother: async ({ distDir, logStream, ...more }) => {
            const other = await buildApp({
                db: database.db,
                settings: { ...settings, ...more },
                distDir,
                logStream,
                listen: database.listen,
                checkSerializers: true,
            });
            others.push(other);
            return other;
        },
        close: async () => {
            await Promise.all([app.close(), ...others.map(other => other.close())]);
            await database.close();
            await postgres?.drop();
        },
    };
};
