/**
 * The refusals the server answers itself, in the error shape every answer has: Fastify's own (body
 * parser, limits, timeouts), the router's (a path parameter it could not take), Node's before a
 * request exists (too slow, headers too large, not HTTP), and a database that cannot be reached.
 */
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply } from 'fastify';
import type { ErrorKey } from '../contract/errors';
import { SECURITY_HEADERS } from './headers';
import { errorBody } from './http';
import { isApiPath } from './portal';

/** A route as registered: what the route test compares with the contract, and what a refusal lays a path over. */
export interface MountedRoute {
    method: string;
    url: string;
}

/** Fastify's own refusals (body parser, limits, timeouts) and the keys the portal translates. */
export const REFUSAL_KEYS: Partial<Record<number, ErrorKey>> = {
    405: 'errors.method_not_allowed',
    408: 'errors.request_timeout',
    413: 'errors.payload_too_large',
    415: 'errors.unsupported_media_type',
};

/** Class 08 (connection exception), 57P01-03 (server shutting down, not yet up), too many clients. */
const UNAVAILABLE_SQL_STATES = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_NETWORK_CODES = new Set([
    'ECONNREFUSED',
    'ECONNRESET',
    'ENOTFOUND',
    'EAI_AGAIN',
    'ETIMEDOUT',
    'EHOSTUNREACH',
    'ENETUNREACH',
    'EPIPE',
    // postgres.js's own
    'CONNECT_TIMEOUT',
    'CONNECTION_CLOSED',
    'CONNECTION_ENDED',
    'CONNECTION_DESTROYED',
]);
/** PGlite (and node-postgres, which listens for NOTIFY) say it in words only. */
const UNAVAILABLE_MESSAGES = new RegExp(
    [
        'PGlite is closed',
        'Connection terminated',
        'timeout exceeded when trying to connect',
        'Cannot use a pool after calling end',
        'Client has encountered a connection error',
    ].join('|'),
    'i',
);

/** Could the database not be reached at all (as opposed to refusing this query)? */
export const databaseUnavailable = (error: unknown, depth = 0): boolean => {
    if (!(error instanceof Error) || depth > 5) return false;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQL_STATES.test(code) || UNAVAILABLE_NETWORK_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
    if (error instanceof AggregateError && error.errors.some(inner => databaseUnavailable(inner, depth + 1))) return true;
    return databaseUnavailable(error.cause, depth + 1);
};

/** `/portal_api/users/:id` (or `/bi_:scope`) → a pattern the not-found handler matches a concrete path with. */
export const routePattern = (url: string) =>
    new RegExp(
        `^${url
            .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
            .replace(/:[^/]+/g, '[^/]+')
            .replace(/\*/g, '.*')}$`,
    );

/** Fastify's default `maxParamLength`: a longer path parameter is refused by the router. */
const MAX_PARAM_LENGTH = 100;

const decodes = (segment: string) => {
    try {
        decodeURIComponent(segment);
        return true;
    } catch {
        return false;
    }
};

/**
 * The path parameter the router could not take (not decodable, too long), found by laying the
 * raw path over the mounted routes' patterns: `/…/admin-groups/%zz` on `/…/admin-groups/:id` → id.
 */
const badParameterOf = (routes: readonly MountedRoute[], url: string): string | undefined => {
    const segments = (url.split('?')[0] ?? '').split('/');
    for (const route of routes) {
        const parts = route.url.split('/');
        if (parts.length !== segments.length) continue;
        let bad: string | undefined;
        const fits = parts.every((part, index) => {
            const segment = segments[index] ?? '';
            // A parameter fills the rest of its segment after a fixed start, if any (`bi_:scope`).
            const colon = part.indexOf(':');
            if (colon < 0) return part === segment;
            if (!segment.startsWith(part.slice(0, colon))) return false;
            const value = segment.slice(colon);
            if (bad === undefined && (!decodes(value) || value.length > MAX_PARAM_LENGTH)) bad = part.slice(colon + 1);
            return true;
        });
        if (fits && bad !== undefined) return bad;
    }
    return undefined;
};

/** The router's refusals (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH) come before any hook runs. */
export const sendRouterRefusal = (error: FastifyError, url: string, reply: FastifyReply, routes: readonly MountedRoute[]) => {
    const status = error.statusCode ?? 400;
    const key = REFUSAL_KEYS[status] ?? 'errors.invalid_input';
    const field = isApiPath(url) ? badParameterOf(routes, url) : undefined;
    if (isApiPath(url)) reply.header('Cache-Control', 'no-store');
    const details =
        field === undefined ? {} : { field, errors: [{ field, message: error.message, key: 'errors.field_invalid' }] };
    return reply
        .code(status)
        .header('X-Content-Type-Options', 'nosniff')
        .send(errorBody(status, key, error.message, details));
};

/**
 * Node's own refusals, before Fastify has a request (a request that took longer than
 * REQUEST_TIMEOUT to arrive, headers too large, bytes that are not HTTP): answered in the error
 * shape with the security headers, as every other answer is, then the connection is closed.
 * Nothing is written when an answer has begun on the connection (it would corrupt it).
 */
export const clientErrorHandler = (requestTimeoutMs: number) =>
    function answerClientError(error: Error & { code?: string }, socket: Socket) {
        if (error.code === 'ECONNRESET' || socket.destroyed) return;
        const [status, key, message]: [number, ErrorKey, string] =
            error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
                ? [408, 'errors.request_timeout', `The request took longer than ${requestTimeoutMs / 1000} s to arrive`]
                : error.code === 'HPE_HEADER_OVERFLOW'
                  ? [431, 'errors.payload_too_large', 'The request headers are too large']
                  : [400, 'errors.invalid_input', 'The request is not well-formed HTTP'];
        const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
        if (socket.writable && !answering?.headersSent) {
            const body = JSON.stringify(errorBody(status, key, message));
            const headers = {
                ...SECURITY_HEADERS,
                'Cache-Control': 'no-store',
                'Content-Type': 'application/json; charset=utf-8',
                'Content-Length': String(Buffer.byteLength(body)),
                Connection: 'close',
            };
            const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
            socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${body}`);
        }
        socket.destroy();
    };
