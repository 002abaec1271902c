/**
 * Connections: capped in total (below the process's open-file limit, so the database, the portal's
 * files and the log always have descriptors left) and per source, and closed early while idle.
 * 19,900 idle connections from one machine once took every descriptor and refused everybody for
 * 30 s; now one source (an IPv4 address, an IPv6 /64) holds at most MAX_CONNECTIONS_PER_SOURCE of them, and a connection that
 * sends no request for IDLE_TIMEOUT is closed.
 */
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';

/** The open-file limit assumed where the process cannot read its own (not Linux): the usual soft limit. */
export const ASSUMED_OPEN_FILE_LIMIT = 1024;

/** The soft limit on this process's open files (`ulimit -n`), from /proc on Linux; else the assumed one. */
export const openFileLimit = (readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number => {
    try {
        const soft = /^Max open files\s+(\d+|unlimited)\s/m.exec(readLimits())?.[1];
        if (soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
        const limit = Number(soft);
        return Number.isSafeInteger(limit) && limit > 0 ? limit : ASSUMED_OPEN_FILE_LIMIT;
    } catch {
        return ASSUMED_OPEN_FILE_LIMIT;
    }
};

/**
 * The descriptors kept back from connections: the database's (PGlite's files, or postgres.js's few
 * connections and the one that LISTENs), the portal's files being served, the log. A tenth of the
 * limit, and never fewer than 128.
 */
export const descriptorHeadroom = (limit: number): number => Math.max(128, Math.ceil(limit / 10));

/** The most connections MAX_CONNECTIONS may allow under this open-file limit (at least 16). */
export const connectionCeiling = (limit: number): number => Math.max(16, limit - descriptorHeadroom(limit));

/** A connection's address: IPv4 clients of a dual-stack listener arrive as `::ffff:a.b.c.d`. */
const addressOf = (socket: Socket): string | undefined => socket.remoteAddress?.replace(/^::ffff:(?=\d+\.)/i, '');

/** The groups of an IPv6 address, the `::` expanded (an embedded IPv4 tail counts as two). */
const ipv6Groups = (address: string): string[] => {
    const [head = '', tail] = address.split('%')[0]?.split('::') ?? [];
    const groups = (text: string) =>
        text === ''
            ? []
            : text.split(':').flatMap(group => {
                  if (!group.includes('.')) return [group];
                  const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
                  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
              });
    const left = groups(head);
    const right = tail === undefined ? [] : groups(tail);
    return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
};

/**
 * The source a connection counts against: an IPv4 address, or an IPv6 address's /64. One
 * subscriber is handed a whole /64 (2^64 addresses), so counting each IPv6 address apart would let
 * one machine open as many connections as it has addresses.
 */
export const sourceKey = (address: string): string => {
    if (isIP(address) !== 6) return address;
    const prefix = ipv6Groups(address)
        .slice(0, 4)
        .map(group => Number.parseInt(group || '0', 16).toString(16));
    return `${prefix.join(':')}::/64`;
};

/** proxy-addr's names (which TRUST_PROXY accepts) as ranges. */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
    loopback: [
        ['127.0.0.0', 8, 'ipv4'],
        ['::1', 128, 'ipv6'],
    ],
    linklocal: [
        ['169.254.0.0', 16, 'ipv4'],
        ['fe80::', 10, 'ipv6'],
    ],
    uniquelocal: [
        ['10.0.0.0', 8, 'ipv4'],
        ['172.16.0.0', 12, 'ipv4'],
        ['192.168.0.0', 16, 'ipv4'],
        ['fc00::', 7, 'ipv6'],
    ],
};

/**
 * The sources the per-source cap leaves alone: the proxies TRUST_PROXY names. Behind a load
 * balancer every connection comes from it, so counting them by source would cap the whole
 * service at one source's share; they count in the total only. TRUST_PROXY=on believes any first
 * hop, so then every source is a proxy and the per-source cap is off: `warn` says so at startup.
 */
export const proxySources = (
    trustProxy: boolean | string[],
    warn: (message: string) => void = () => undefined,
): ((source: string) => boolean) => {
    if (trustProxy === true) {
        warn(
            'TRUST_PROXY=on believes any first hop, so no source is held to MAX_CONNECTIONS_PER_SOURCE: ' +
                'name the proxies (their addresses or ranges) instead to keep the per-source cap',
        );
        return () => true;
    }
    if (trustProxy === false || trustProxy.length === 0) return () => false;
    const proxies = new BlockList();
    for (const entry of trustProxy) {
        for (const [address, prefix, family] of NAMED_RANGES[entry] ?? []) proxies.addSubnet(address, prefix, family);
        if (NAMED_RANGES[entry]) continue;
        const [address = '', prefix] = entry.split('/');
        const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
        if (prefix === undefined) proxies.addAddress(address, family);
        else proxies.addSubnet(address, Number(prefix), family);
    }
    return source => {
        const version = isIP(source);
        return version !== 0 && proxies.check(source, version === 6 ? 'ipv6' : 'ipv4');
    };
};

export interface ConnectionLimits {
    /** The most connections open at once (Node's `maxConnections`): past it, a new one is closed at once. */
    maxConnections: number;
    /** The most connections one source may hold open; past it, its new one is closed at once. */
    maxConnectionsPerSource: number;
    /** How long a new connection may wait before sending its first request (then Node's own timeouts hold). */
    idleTimeoutMs: number;
    /** Sources counted in the total only (the trusted proxies). */
    isProxy(source: string): boolean;
    /** Told, at most once a minute, how many connections were refused and why. */
    warn(message: string): void;
}

/** How often a refusal is logged: a flood of them must not become a flood of log lines. */
const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Guards a listener: the total cap (Node's `maxConnections`), the per-source cap and the idle time
 * of a new connection. A refused connection is closed without an answer: writing one would spend
 * on the flood what the cap is there to save. Per-source counts live in this process: each
 * instance guards its own descriptors.
 */
export const guardConnections = (server: Server, limits: ConnectionLimits): void => {
    server.maxConnections = limits.maxConnections;
    const open = new Map<string, number>();
    let refusedBySource = 0;
    let refusedInTotal = 0;
    let busiest = '';
    let lastLogged = 0;
    const refused = () => {
        const now = Date.now();
        if (now - lastLogged < REFUSAL_LOG_INTERVAL_MS) return;
        lastLogged = now;
        limits.warn(
            `connections refused since the last report: ${refusedBySource} past MAX_CONNECTIONS_PER_SOURCE ` +
                `(${limits.maxConnectionsPerSource}${busiest ? `, the latest from ${busiest}` : ''}), ` +
                `${refusedInTotal} past MAX_CONNECTIONS (${limits.maxConnections})`,
        );
        refusedBySource = 0;
        refusedInTotal = 0;
    };
    server.on('drop', () => {
        refusedInTotal += 1;
        refused();
    });

    /** Connections that have not yet sent a request: they are held to the idle time. */
    const awaitingRequest = new WeakSet<Socket>();
    server.on('connection', (socket: Socket) => {
        const address = addressOf(socket);
        // A proxy is judged by its own address; everyone else counts by their source (an IPv6 /64).
        const source = address === undefined || limits.isProxy(address) ? undefined : sourceKey(address);
        if (source !== undefined) {
            const count = open.get(source) ?? 0;
            if (count >= limits.maxConnectionsPerSource) {
                socket.destroy();
                refusedBySource += 1;
                busiest = source;
                refused();
                return;
            }
            open.set(source, count + 1);
            socket.once('close', () => {
                const left = (open.get(source) ?? 1) - 1;
                if (left > 0) open.set(source, left);
                else open.delete(source);
            });
        }
        // Node holds a connection that never sends a byte to the server's timeout (twice
        // REQUEST_TIMEOUT): the idle time instead, until its first request arrives. Between
        // requests the keep-alive timeout (the same idle time) holds.
        socket.setTimeout(limits.idleTimeoutMs);
        awaitingRequest.add(socket);
    });
    server.on('request', (request: { socket: Socket }) => {
        // While a request is read and answered, the server's own timeout holds again.
        if (awaitingRequest.delete(request.socket)) request.socket.setTimeout(server.timeout);
    });
};
