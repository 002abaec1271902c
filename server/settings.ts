/**
 * The server's settings, read once from the environment. A bad value stops the start with a
 * message naming the variable, rather than surfacing later as a strange failure.
 */
import type { FastifyRequest } from 'fastify';
import { BlockList, isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { connectionCeiling, openFileLimit } from './connections';

export interface Settings {
    port: number;
    host: string;
    /** Where the embedded database keeps its files; `memory://` keeps it in memory. */
    dataDir: string;
    /** A PostgreSQL URL; when set, it is used instead of the embedded database. */
    databaseUrl: string | undefined;
    /**
     * DATABASE_POOL_SIZE: the connections this instance opens to PostgreSQL (postgres.js `max`;
     * the one that LISTENs comes on top). postgres.js pipelines queries on each, so a few serve
     * many requests at once: DEFAULT_DATABASE_POOL_SIZE, measured in bench/throughput.ts.
     */
    databasePoolSize: number;
    /** How long a session lasts, in seconds. */
    sessionTtlSeconds: number;
    /** The password of the seeded demo accounts. */
    seedPassword: string;
    /** Development stand-ins (SMS outbox reader, operator sign-in page) are mounted. */
    devTools: boolean;
    /**
     * The stand-ins answer loopback callers only: DEV_TOOLS was not set, so they are on merely
     * because the server listens on a loopback address (see server/dev.ts).
     */
    devToolsLoopbackOnly: boolean;
    /**
     * The published description of the API: `GET /portal_api/openapi.json` (server/openapi.ts).
     * API_DOCS; on unless NODE_ENV is production, where publishing it is a choice.
     */
    apiDocs: boolean;
    /**
     * Whose `X-Forwarded-*` headers to believe: false (nobody's), true (the first hop's, whoever
     * it is), or the proxies' addresses and CIDR ranges. Decides `request.ip` and `request.protocol`.
     */
    trustProxy: boolean | string[];
    /** How long a client may take to send a whole request (headers and body), in milliseconds. */
    requestTimeoutMs: number;
    /**
     * How long a connection may sit idle, before its first request or between requests, before it
     * is closed (milliseconds). Behind a load balancer that keeps connections open, it must exceed
     * the balancer's own idle time.
     */
    idleTimeoutMs: number;
    /** The most connections open at once (server/connections.ts), below the open-file limit. */
    maxConnections: number;
    /** The most connections one source may hold open; TRUST_PROXY's proxies count in the total only. */
    maxConnectionsPerSource: number;
    /** The mobile operator's sign-in page, with `{auth_id}` and `{provider}` placeholders. */
    operatorAuthorizeUrl: string | undefined;
    /**
     * The Google Places API key for the store location picker's place search. A secret: never
     * logged, never sent to the client (the client only learns whether search is on).
     */
    placesApiKey: string | undefined;
    /**
     * The key that signs sign-in device tokens (server/domain/auth/devices.ts), the same on every
     * instance. A secret. Unset, the server makes one once and keeps it in the database.
     */
    deviceTokenSecret: string | undefined;
    production: boolean;
    logLevel: string;
    /** How the server calls other services (the places provider), so tests can stand in for them. */
    fetch: typeof fetch;
    /** The clock every rule reads, so tests can move time instead of sleeping. */
    now: () => Date;
}

export class SettingsError extends Error {
    override name = 'SettingsError';
}

type Env = Record<string, string | undefined>;

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `3600`, `30m`, `8h`, `2d` → seconds. */
export const parseDuration = (value: string): number | null => {
    const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(value);
    if (!match) return null;
    const seconds = Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1);
    return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
};

/**
 * One source's connections by default: a browser holds up to 6 to one site, so a shop of staff
 * behind one address fits many times over, while one machine cannot hold the server's descriptors.
 */
export const DEFAULT_CONNECTIONS_PER_SOURCE = 256;

/**
 * PostgreSQL connections per instance unless DATABASE_POOL_SIZE says otherwise: one per core, at
 * least two. On 2 cores, 1, 2 and 4 connections served the indexed call within 3% of each other
 * under load (bench/profileCompare.ts --pools=1,2,4); two let PostgreSQL use both cores.
 */
export const DEFAULT_DATABASE_POOL_SIZE = Math.max(2, availableParallelism());

/** The most DATABASE_POOL_SIZE may be: PostgreSQL's own default allows 100 connections in all. */
const MAX_DATABASE_POOL_SIZE = 100;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const ON = /^(1|true|on|yes)$/i;
const OFF = /^(0|false|off|no)$/i;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** 127.0.0.0/8, ::1 (in any spelling, also IPv4-mapped) and `localhost`: only this machine reaches it. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
    if (!address) return false;
    const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
    if (bare === 'localhost') return true;
    const version = isIP(bare);
    return version !== 0 && LOOPBACK.check(bare, version === 4 ? 'ipv4' : 'ipv6');
};

/** The names proxy-addr (Fastify's trustProxy) knows besides addresses. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string): boolean => {
    if (PROXY_NAMES.has(entry)) return true;
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
};

/** What the start-up says loudly when the stand-ins are reachable from other machines. */
export const devToolsWarning = (settings: Pick<Settings, 'devTools' | 'host'>): string | null =>
    settings.devTools && !isLoopbackAddress(settings.host)
        ? `DEV_TOOLS is on and the server listens on ${settings.host}: the development tools (sign-in as ` +
          'any phone number, every SMS code) are reachable from the network. Turn DEV_TOOLS off unless ' +
          'this is a throwaway demo.'
        : null;

export const loadSettings = (env: Env = process.env): Settings => {
    const problems: string[] = [];
    const text = (name: string): string | undefined => {
        const value = env[name]?.trim();
        return value === undefined || value === '' ? undefined : value;
    };

    const portText = text('PORT') ?? '8080';
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 0 || port > 65_535) {
        problems.push(`PORT must be a port number (0-65535), got "${portText}"`);
    }

    const ttlText = text('SESSION_TTL') ?? '8h';
    const sessionTtlSeconds = parseDuration(ttlText);
    if (sessionTtlSeconds === null) {
        problems.push(`SESSION_TTL must be seconds or a duration like 30m, 8h, 2d; got "${ttlText}"`);
    }

    const databaseUrl = text('DATABASE_URL');
    if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
        problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }

    const host = text('HOST') ?? '127.0.0.1';
    const production = env.NODE_ENV === 'production';
    /** An on/off setting: its default when unset, a problem when it is neither. */
    const onOff = (name: string, unset: boolean): boolean => {
        const value = text(name);
        if (value === undefined) return unset;
        if (ON.test(value)) return true;
        if (OFF.test(value)) return false;
        problems.push(`${name} must be on or off (true/false, 1/0), got "${value}"`);
        return unset;
    };
    const devToolsText = text('DEV_TOOLS');
    // Unasked, the stand-ins run only where nobody else can reach them: outside production, on loopback.
    const devTools = onOff('DEV_TOOLS', !production && isLoopbackAddress(host));
    const apiDocs = onOff('API_DOCS', !production);

    const trustProxyText = text('TRUST_PROXY');
    let trustProxy: boolean | string[] = false;
    if (trustProxyText !== undefined && !OFF.test(trustProxyText)) {
        const entries = trustProxyText
            .split(',')
            .map(entry => entry.trim())
            .filter(Boolean);
        if (ON.test(trustProxyText)) trustProxy = true;
        else if (entries.length > 0 && entries.every(isAddressOrRange)) trustProxy = entries;
        else {
            problems.push(
                "TRUST_PROXY must be on, off, or the proxies' addresses and CIDR ranges separated by commas; " +
                    `got "${trustProxyText}"`,
            );
        }
    }

    const timeoutText = text('REQUEST_TIMEOUT') ?? '30s';
    const requestTimeoutSeconds = parseDuration(timeoutText);
    if (requestTimeoutSeconds === null) {
        problems.push(`REQUEST_TIMEOUT must be seconds or a duration like 30s, 2m; got "${timeoutText}"`);
    }

    const idleText = text('IDLE_TIMEOUT') ?? '5s';
    const idleTimeoutSeconds = parseDuration(idleText);
    if (idleTimeoutSeconds === null) {
        problems.push(`IDLE_TIMEOUT must be seconds or a duration like 5s, 2m; got "${idleText}"`);
    }

    // The total leaves descriptors below the open-file limit for the database and the files served.
    const fileLimit = openFileLimit();
    const ceiling = connectionCeiling(fileLimit);
    const count = (name: string, fallback: number, most: number, why: string): number => {
        const given = text(name);
        if (given === undefined) return fallback;
        const value = Number(given);
        if (!/^\d+$/.test(given) || value < 1 || value > most) {
            problems.push(`${name} must be a whole number from 1 to ${most} (${why}); got "${given}"`);
        }
        return value;
    };
    const maxConnections = count(
        'MAX_CONNECTIONS',
        ceiling,
        ceiling,
        `the open-file limit, ${fileLimit}, less what the database and the files served need`,
    );
    const maxConnectionsPerSource = count(
        'MAX_CONNECTIONS_PER_SOURCE',
        Math.min(DEFAULT_CONNECTIONS_PER_SOURCE, maxConnections),
        maxConnections,
        'at most MAX_CONNECTIONS',
    );

    const databasePoolSize = count(
        'DATABASE_POOL_SIZE',
        DEFAULT_DATABASE_POOL_SIZE,
        MAX_DATABASE_POOL_SIZE,
        "each instance's connections count against PostgreSQL's max_connections",
    );

    const operatorAuthorizeUrl = text('OPERATOR_AUTHORIZE_URL');
    if (operatorAuthorizeUrl !== undefined && !/^https?:\/\//.test(operatorAuthorizeUrl)) {
        problems.push('OPERATOR_AUTHORIZE_URL must be an http(s) URL with {auth_id} and {provider} placeholders');
    }

    const seedPassword = env.SEED_PASSWORD ?? 'demo-pass-2026';
    if (seedPassword.length < 10) problems.push('SEED_PASSWORD must be at least 10 characters');

    const deviceTokenSecret = text('DEVICE_TOKEN_SECRET');
    if (deviceTokenSecret !== undefined && deviceTokenSecret.length < 32) {
        problems.push('DEVICE_TOKEN_SECRET must be at least 32 characters (or unset: the server keeps one in the database)');
    }

    const logLevel = text('LOG_LEVEL') ?? 'info';
    if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

    if (problems.length > 0) {
        throw new SettingsError(`Invalid settings:\n  - ${problems.join('\n  - ')}`);
    }

    return {
        port,
        host,
        dataDir: text('DATA_DIR') ?? '.data',
        databaseUrl,
        databasePoolSize,
        sessionTtlSeconds: sessionTtlSeconds ?? 8 * 3600,
        seedPassword,
        devTools,
        devToolsLoopbackOnly: devTools && devToolsText === undefined,
        apiDocs,
        trustProxy,
        requestTimeoutMs: (requestTimeoutSeconds ?? 30) * 1000,
        idleTimeoutMs: (idleTimeoutSeconds ?? 5) * 1000,
        maxConnections,
        maxConnectionsPerSource,
        operatorAuthorizeUrl,
        placesApiKey: text('PLACES_API_KEY'),
        deviceTokenSecret,
        production,
        logLevel,
        fetch: (input, init) => fetch(input, init),
        now: () => new Date(),
    };
};

/** Headers a proxy adds: a request carrying them came from elsewhere, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/** May this caller use the stand-ins? Everyone when DEV_TOOLS=on was asked for; else this machine only. */
export const devToolsAllowed = (
    request: FastifyRequest,
    settings: Pick<Settings, 'devTools' | 'devToolsLoopbackOnly' | 'trustProxy'>,
): boolean => {
    if (!settings.devTools) return false;
    if (!settings.devToolsLoopbackOnly) return true;
    // Without TRUST_PROXY, request.ip of a proxied request is the proxy's (often 127.0.0.1).
    if (settings.trustProxy === false && FORWARDING_HEADERS.some(name => request.headers[name] !== undefined)) return false;
    return isLoopbackAddress(request.ip);
};
