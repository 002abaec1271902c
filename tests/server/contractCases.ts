/**
 * What the contract-wide suites (matrix.test.ts, fuzz.test.ts) share: every call the server
 * mounts, the demo callers and how each signs in, and a sender that puts any input on the wire,
 * however malformed, and reads whatever comes back without trusting its shape.
 */
import fc from 'fast-check';
import { API_BASE, calls } from '../../contract';
import { login } from '../../contract/auth';
import type { CallDefinition } from '../../contract/define';
import { devCalls, devOutbox } from '../../contract/dev';
import { DEMO_ACCOUNTS } from '../../server/seed';
import { PASSWORD, type TestServer } from './harness';
import { DEFAULT_UPLOAD, multipartBody } from './multipart';

/**
 * Every call the server mounts in development and tests: the contract's, and the development
 * stand-ins (public, and mounted only when DEV_TOOLS is on, as it is in the harness).
 */
export const everyCall = { ...calls, ...devCalls };
export type CallName = keyof typeof everyCall;

export const callEntries = (): [CallName, CallDefinition][] => Object.entries(everyCall) as [CallName, CallDefinition][];

export const isDevCall = (name: string): boolean => Object.hasOwn(devCalls, name);

/** Every demo account, in the seed's order; `secure` signs in with an SMS code. */
export const DEMO_USERNAMES: readonly string[] = DEMO_ACCOUNTS.map(account => account.username);

/**
 * Signs a demo account in and answers its token. Accounts with the second factor read their code
 * from the development outbox, as otp.test.ts does (the harness's signIn stops at the code).
 */
export const signInAs = async (server: TestServer, username: string): Promise<string> => {
    const account = DEMO_ACCOUNTS.find(candidate => candidate.username === username);
    if (!account?.otpEnabled) return server.signIn(username);
    const started = await server.call(login, { body: { username, password: PASSWORD } });
    if (started.status !== 200 || !('otp_required' in started.body)) {
        throw new Error(`Sign-in as ${username} did not ask for a code: ${started.status} ${JSON.stringify(started.error)}`);
    }
    const outbox = await server.call(devOutbox, { query: { msisdn: account.msisdn, $limit: 1 } });
    const code = /\b(\d{6})\b/.exec(outbox.body.data[0]?.text ?? '')?.[1];
    if (!code) throw new Error(`No sign-in code for ${username} in the outbox`);
    const done = await server.call(login, { body: { auth_id: started.body.auth_id, otp: code } });
    if (done.status !== 200 || !('user' in done.body)) {
        throw new Error(`Sign-in as ${username} with its code failed: ${done.status} ${JSON.stringify(done.error)}`);
    }
    return done.body.user.token;
};

// ---------------------------------------------------------------------------------------------
// Values on the wire

/**
 * A value the generated inputs hold that JSON.stringify cannot write, or that would bloat every
 * failure report: shown short when fast-check prints a counterexample, written in full when sent.
 */
export class WireValue {
    private constructor(
        readonly kind: 'json' | 'url' | 'repeat',
        readonly text: string,
        readonly times = 1,
    ) {}

    /** Written into a JSON body as is (`1e400`, `-0`, 30 digits): numbers JSON.stringify cannot make. */
    static json(text: string): WireValue {
        return new WireValue('json', text);
    }

    /** Written into a path or query string without percent-encoding (`%zz`, `%ED%A0%80`); a plain string in a body. */
    static url(text: string): WireValue {
        return new WireValue('url', text);
    }

    /** `text` repeated `times` times: the 100 kB strings. */
    static repeat(text: string, times: number): WireValue {
        return new WireValue('repeat', text, times);
    }

    /** The text this value stands for. */
    asText(): string {
        return this.kind === 'repeat' ? this.text.repeat(this.times) : this.text;
    }

    toString(): string {
        const shown = this.text.length > 40 ? `${this.text.slice(0, 40)}…` : this.text;
        return this.kind === 'repeat' ? `${JSON.stringify(shown)} × ${this.times}` : `${this.kind}(${JSON.stringify(shown)})`;
    }

    [fc.toStringMethod](): string {
        return this.toString();
    }
}

/** What generated inputs are made of: JSON, with WireValues among the leaves. */
export type Wire = string | number | boolean | null | WireValue | readonly Wire[] | { readonly [key: string]: Wire };

export const isWireObject = (value: unknown): value is { readonly [key: string]: Wire } =>
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof WireValue);

/** JSON text of a value, with WireValues written as they say; keys such as `__proto__` stay plain keys. */
export const toJsonText = (value: Wire): string => {
    if (value instanceof WireValue) return value.kind === 'json' ? value.text : JSON.stringify(value.asText());
    if (Array.isArray(value)) return `[${value.map(item => toJsonText(item as Wire)).join(',')}]`;
    if (isWireObject(value)) {
        return `{${Object.entries(value)
            .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
            .join(',')}}`;
    }
    return JSON.stringify(value);
};

/**
 * Percent-encodes text for a URL. A lone surrogate has no UTF-8 form, so it goes as the bytes
 * its code unit would have (WTF-8, e.g. %ED%A0%80): what a careless client sends.
 */
const encodeUrlText = (text: string): string => {
    let encoded = '';
    for (const char of text) {
        const unit = char.charCodeAt(0);
        if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
            encoded += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
                .map(byte => `%${byte.toString(16).toUpperCase()}`)
                .join('');
        } else {
            encoded += encodeURIComponent(char);
        }
    }
    return encoded;
};

/** A path or query value's text: WireValue.url as is, anything else percent-encoded. */
const urlText = (value: Wire): string => {
    if (value instanceof WireValue) return value.kind === 'url' ? value.text : encodeUrlText(value.asText());
    if (typeof value === 'string') return encodeUrlText(value);
    if (value === null) return '';
    if (typeof value === 'object') return encodeUrlText(toJsonText(value));
    return encodeUrlText(String(value));
};

/**
 * A query string's pairs from generated values: a list repeats its key (`?id=1&id=2`), an object
 * becomes bracketed keys (`?group_id[$ne]=1`, which Fastify keeps as one literal key), null a bare
 * key. Keys are as the server will see them; values are already percent-encoded.
 */
const queryPairs = (query: { readonly [key: string]: Wire }): [string, string | null][] => {
    const pairs: [string, string | null][] = [];
    const add = (key: string, value: Wire) => {
        if (Array.isArray(value)) {
            for (const item of value as readonly Wire[]) add(key, item);
        } else if (isWireObject(value)) {
            for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
        } else {
            pairs.push([key, value === null ? null : urlText(value)]);
        }
    };
    for (const [key, value] of Object.entries(query)) add(key, value);
    return pairs;
};

/**
 * The keys the server may see in the query string sendRaw makes of these values: each as sent, or
 * still percent-encoded when it does not decode (a lone surrogate's bytes are not UTF-8, and the
 * query parser then keeps the text as it came).
 */
export const queryKeys = (query: { readonly [key: string]: Wire }): string[] =>
    queryPairs(query).flatMap(([key]) => [key, encodeUrlText(key)]);

export interface RawRequest {
    params?: { readonly [key: string]: Wire };
    query?: { readonly [key: string]: Wire };
    /** Absent: no body at all (no content type either). */
    body?: Wire;
    token?: string | null;
    remoteAddress?: string;
}

export interface RawAnswer {
    status: number;
    /** The parsed answer, or undefined when it was not JSON. */
    json: unknown;
    text: string;
    url: string;
}

/** Sends a call with any input, however malformed; path parameters missing from `params` go empty. */
export const sendRaw = async (server: TestServer, call: CallDefinition, request: RawRequest): Promise<RawAnswer> => {
    const path = call.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
        const value = request.params?.[name];
        return value === undefined ? '' : urlText(value);
    });
    const search = queryPairs(request.query ?? {})
        .map(([key, value]) => (value === null ? encodeUrlText(key) : `${encodeUrlText(key)}=${value}`))
        .join('&');
    const url = API_BASE + path + (search ? `?${search}` : '');
    const headers: Record<string, string> = { Coords: '-26.2485,27.8540' };
    if (request.token) headers.authorization = `Bearer ${request.token}`;
    let payload: string | Buffer | undefined = request.body !== undefined ? toJsonText(request.body) : undefined;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    // An upload call's object body goes as the portal sends it: a multipart form with a small image.
    if (call.upload && isWireObject(request.body)) {
        const form = multipartBody(request.body, [DEFAULT_UPLOAD]);
        payload = form.payload;
        headers['content-type'] = form.contentType;
    }
    const response = await server.app.inject({
        method: call.method,
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    });
    let json: unknown;
    try {
        json = response.body ? (JSON.parse(response.body) as unknown) : undefined;
    } catch {
        json = undefined;
    }
    return { status: response.statusCode, json, text: response.body, url };
};
