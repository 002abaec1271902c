/**
 * The transport, over real sockets: connections capped per source and in total, idle ones closed
 * early, an answer given before the body was read closing the connection rather than reading on,
 * and the form and timeout refusals naming what is wrong, in the error shape.
 *
 * Every test connects from a loopback address of its choosing (127.0.0.1, 127.0.0.2…): on Linux
 * the whole of 127.0.0.0/8 is this machine, so each is another source to the server.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { defineCall } from '../../contract/define';
import { registerLiveness } from '../../contract/registration';
import { apiError } from '../../contract/errors';
import { proxySources, sourceKey } from '../../server/connections';
import { mount, PUBLIC_UPLOADS_AT_ONCE, publicUploadsBeingRead } from '../../server/http';
import type { Settings } from '../../server/settings';
import { startTestServer, type TestServer } from './harness';
import { multipartBody } from './multipart';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

/** An upload call signed-in callers may make, with a few text fields, answering what it got. */
const echoUpload = defineCall({
    summary: 'test',
    method: 'POST',
    path: '/test/echo-upload',
    access: 'signed-in',
    upload: true,
    body: z.object({ note: z.string().optional(), kind: z.string().optional() }),
    response: z.object({ size: z.number() }),
});
const publicUpload = defineCall({ ...echoUpload, path: '/test/public-upload', access: 'public' });

/** An app with these transport settings, listening on a free port of 127.0.0.1. */
const listening = async (overrides: Partial<Settings>): Promise<{ app: FastifyInstance; port: number }> => {
    const app = await server.buildAnother(overrides);
    mount(app, echoUpload, async ({ file }) => ({ size: file.bytes.length }));
    mount(app, publicUpload, async ({ file }) => ({ size: file.bytes.length }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    return { app, port: (app.server.address() as AddressInfo).port };
};

interface Peer {
    socket: Socket;
    /** Everything the server sent so far. */
    received(): string;
    /** Settles when the server has closed the connection (or it failed). */
    closed: Promise<void>;
    isClosed(): boolean;
    /** Settles once the server sent something or closed the connection, whichever comes first. */
    answeredOrClosed(): Promise<void>;
}

/** A connection from `from`, established (the server accepted it at the TCP level). */
const open = async (port: number, from = '127.0.0.1'): Promise<Peer> => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    let text = '';
    let isClosed = false;
    const waiters = new Set<() => void>();
    const wake = () => {
        for (const waiter of waiters) waiter();
        waiters.clear();
    };
    socket.on('data', chunk => {
        text += String(chunk);
        wake();
    });
    socket.on('error', () => undefined);
    const closed = new Promise<void>(resolve =>
        socket.on('close', () => {
            isClosed = true;
            wake();
            resolve();
        }),
    );
    await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('close', () => reject(new Error(`the connection from ${from} was not established`)));
    });
    return {
        socket,
        received: () => text,
        closed,
        isClosed: () => isClosed,
        answeredOrClosed: () => (text || isClosed ? Promise.resolve() : new Promise<void>(resolve => void waiters.add(resolve))),
    };
};

/** Waits until the server's answer so far satisfies `done` (or the connection closed). */
const until = async (peer: Peer, done: (text: string) => boolean) => {
    while (!done(peer.received()) && !peer.isClosed()) {
        await new Promise<void>(resolve => {
            peer.socket.once('data', () => resolve());
            peer.socket.once('close', () => resolve());
        });
    }
};

const health = `GET ${API_BASE}/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

/** The JSON body of a raw HTTP/1.1 answer with Content-Length. */
const bodyOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
const headerOf = (text: string, name: string): string | undefined =>
    new RegExp(`^${name}:\\s*(.*?)\\r?$`, 'im').exec(text.slice(0, text.indexOf('\r\n\r\n')))?.[1];

const answeredHealth = async (peer: Peer) => {
    peer.socket.write(health);
    await until(peer, text => /\r\n\r\n[\s\S]*\}/.test(text));
    return peer.received();
};

describe('connection caps', () => {
    it('past the per-source cap a new connection is closed at once, while other sources are still served', async () => {
        const { app, port } = await listening({ maxConnectionsPerSource: 3, maxConnections: 50 });
        const held = await Promise.all([1, 2, 3].map(() => open(port, '127.0.0.1')));
        try {
            const extra = await open(port, '127.0.0.1');
            // Whatever it asks, it is not served: the server has closed it.
            extra.socket.write(health);
            await extra.answeredOrClosed();
            expect(extra.received()).toBe('');
            await extra.closed;

            // The total has room: another source is served, and so are the connections held.
            const elsewhere = await open(port, '127.0.0.2');
            expect(await answeredHealth(elsewhere)).toMatch(/^HTTP\/1\.1 200/);
            expect(await answeredHealth(held[0] as Peer)).toMatch(/^HTTP\/1\.1 200/);

            // A connection closed frees its place for that source at once.
            (held[1] as Peer).socket.destroy();
            await (held[1] as Peer).closed;
            // The server may not have seen the close yet when a new connection arrives (that one is
            // refused): the state to reach is a connection of this source answered.
            let answer = '';
            for (let attempt = 0; attempt < 100 && !answer; attempt += 1) {
                const again = await open(port, '127.0.0.1');
                answer = await answeredHealth(again);
                again.socket.destroy();
            }
            expect(answer).toMatch(/^HTTP\/1\.1 200/);
            elsewhere.socket.destroy();
        } finally {
            for (const peer of held) peer.socket.destroy();
            await app.close();
        }
    });

    it('past the total cap a new connection is closed at once, whatever its source', async () => {
        const { app, port } = await listening({ maxConnectionsPerSource: 100, maxConnections: 4 });
        const held = await Promise.all(['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'].map(from => open(port, from)));
        try {
            const extra = await open(port, '127.0.0.5');
            extra.socket.write(health);
            await extra.answeredOrClosed();
            expect(extra.received()).toBe('');
            await extra.closed;
            expect(await answeredHealth(held[0] as Peer)).toMatch(/^HTTP\/1\.1 200/);
        } finally {
            for (const peer of held) peer.socket.destroy();
            await app.close();
        }
    });

    it('connections from a proxy TRUST_PROXY names count in the total only', async () => {
        const { app, port } = await listening({ maxConnectionsPerSource: 2, maxConnections: 50, trustProxy: ['127.0.0.7'] });
        const proxied = await Promise.all([1, 2, 3, 4].map(() => open(port, '127.0.0.7')));
        try {
            for (const peer of proxied) expect(await answeredHealth(peer)).toMatch(/^HTTP\/1\.1 200/);
        } finally {
            for (const peer of proxied) peer.socket.destroy();
            await app.close();
        }
    });
});

describe('what a source is', () => {
    it('an IPv6 source counts by its /64, so one subscriber cannot spread past the cap over its addresses', () => {
        expect(sourceKey('2001:db8:1:2::1')).toBe(sourceKey('2001:db8:1:2:ffff:eeee:dddd:cccc'));
        expect(sourceKey('2001:0db8:0001:0002:0:0:0:9')).toBe('2001:db8:1:2::/64');
        expect(sourceKey('2001:db8:1:3::1')).not.toBe(sourceKey('2001:db8:1:2::1'));
        expect(sourceKey('::1')).toBe('0:0:0:0::/64');
        expect(sourceKey('127.0.0.1')).toBe('127.0.0.1');
        expect(sourceKey('127.0.0.2')).not.toBe(sourceKey('127.0.0.1'));
    });

    it('TRUST_PROXY=on, which turns the per-source cap off, is warned of at startup; named proxies are not', () => {
        const warnings: string[] = [];
        expect(proxySources(true, message => warnings.push(message))('203.0.113.9')).toBe(true);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/MAX_CONNECTIONS_PER_SOURCE/);
        proxySources(['10.0.0.1'], message => warnings.push(message));
        proxySources(false, message => warnings.push(message));
        expect(warnings).toHaveLength(1);
    });
});

describe('idle connections', () => {
    it('a connection that sends nothing, or nothing more after its answer, is closed after IDLE_TIMEOUT', async () => {
        // REQUEST_TIMEOUT is far longer: what closes them is the idle time alone.
        const { app, port } = await listening({ idleTimeoutMs: 300, requestTimeoutMs: 60_000 });
        try {
            const began = Date.now();
            const silent = await open(port, '127.0.0.1');
            const served = await open(port, '127.0.0.2');
            expect(await answeredHealth(served)).toMatch(/^HTTP\/1\.1 200/);
            await Promise.all([silent.closed, served.closed]);
            expect(silent.received()).toBe('');
            // Closed by the idle time (300 ms, and the second Node adds to a kept-alive one), long
            // before the 120 s a silent connection had before.
            expect(Date.now() - began).toBeLessThan(10_000);
        } finally {
            await app.close();
        }
    });

    it('a request still being answered is not idle', async () => {
        const slow = defineCall({
            summary: 'test',
            method: 'GET',
            path: '/test/slow',
            access: 'public',
            response: z.object({ ok: z.boolean() }),
        });
        const app = await server.buildAnother({ idleTimeoutMs: 200 });
        let release = () => undefined as void;
        const released = new Promise<void>(resolve => (release = resolve));
        mount(app, slow, async () => {
            await released;
            return { ok: true };
        });
        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as AddressInfo;
        try {
            const waiting = await open(port, '127.0.0.1');
            waiting.socket.write(`GET ${API_BASE}/test/slow HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
            // Another connection, opened after it, is closed for idling: the slow one has idled as long.
            const idle = await open(port, '127.0.0.2');
            await idle.closed;
            release();
            await until(waiting, text => text.includes('"ok":true'));
            expect(waiting.received()).toMatch(/^HTTP\/1\.1 200/);
            waiting.socket.destroy();
        } finally {
            await app.close();
        }
    });
});

describe('an answer given before the body was read', () => {
    const declared = 500 * 1024 * 1024;

    it('a 401 on an upload declaring 500 MiB closes the connection: the client sees the answer, then the end', async () => {
        const { app, port } = await listening({});
        try {
            const peer = await open(port);
            peer.socket.write(
                `POST ${API_BASE}/test/echo-upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
                    `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declared}\r\n\r\n`,
            );
            const sent = 64 * 1024;
            peer.socket.write(Buffer.alloc(sent, 'a'));
            await peer.closed;
            expect(peer.received()).toMatch(/^HTTP\/1\.1 401/);
            expect(headerOf(peer.received(), 'Connection')).toBe('close');
            expect(apiError.parse(bodyOf(peer.received()))).toMatchObject({ code: 401, key: 'errors.not_signed_in' });
            expect(peer.socket.bytesWritten).toBeLessThan(sent + 1024);
        } finally {
            await app.close();
        }
    });

    it('a 413 on an upload declaring 500 MiB closes the connection too', async () => {
        const { app, port } = await listening({});
        try {
            const peer = await open(port);
            peer.socket.write(
                `POST ${API_BASE}/test/public-upload HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
                    `Content-Type: multipart/form-data; boundary=x\r\nContent-Length: ${declared}\r\n\r\n--x\r\n`,
            );
            await peer.closed;
            expect(peer.received()).toMatch(/^HTTP\/1\.1 413/);
            expect(headerOf(peer.received(), 'Connection')).toBe('close');
            expect(apiError.parse(bodyOf(peer.received()))).toMatchObject({ code: 413, key: 'errors.payload_too_large' });
        } finally {
            await app.close();
        }
    });

    it('an answer after the whole body was read keeps the connection for the next request', async () => {
        const { app, port } = await listening({});
        try {
            const peer = await open(port);
            const body = '{"strategy":"local","username":"nobody","password":"wrong-password-1"}';
            peer.socket.write(
                `POST ${API_BASE}/authentication HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
                    `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
            );
            await until(peer, text => /\r\n\r\n[\s\S]*\}/.test(text));
            expect(peer.received()).toMatch(/^HTTP\/1\.1 401/);
            expect(headerOf(peer.received(), 'Connection')).toBe('keep-alive');
            peer.socket.destroy();
        } finally {
            await app.close();
        }
    });
});

describe('a public upload', () => {
    /** Headers and the start of a multipart body declaring `declared` bytes; the rest is never sent. */
    const startUpload = (path: string, fields: [string, string][], declared = 4 * 1024 * 1024) => {
        const boundary = 'public-upload-boundary';
        const head =
            fields
                .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
                .join('') +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="face.png"\r\nContent-Type: image/png\r\n\r\n`;
        return (
            `POST ${API_BASE}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n` +
            head +
            'x'.repeat(64 * 1024)
        );
    };

    it("checks a registration photo's token before reading its file: a stranger's is refused with the file still coming", async () => {
        const { app, port } = await listening({});
        try {
            const stranger = await open(port, '127.0.0.21');
            stranger.socket.write(startUpload(registerLiveness.path, [['registration_token', 'A'.repeat(43)]]));
            await until(stranger, text => /\r\n\r\n[\s\S]*\}/.test(text));
            expect(stranger.received()).toMatch(/^HTTP\/1\.1 409/);
            expect(bodyOf(stranger.received())).toMatchObject({ key: 'errors.registration_step_closed' });
            await stranger.closed;

            // The token comes before the file, or the file is not read at all.
            const unordered = await open(port, '127.0.0.22');
            unordered.socket.write(startUpload(registerLiveness.path, []));
            await until(unordered, text => /\r\n\r\n[\s\S]*\}/.test(text));
            expect(unordered.received()).toMatch(/^HTTP\/1\.1 400/);
            expect(bodyOf(unordered.received())).toMatchObject({ field: 'registration_token' });
            await unordered.closed;
        } finally {
            await app.close();
        }
    });

    it(`reads at most ${PUBLIC_UPLOADS_AT_ONCE} public uploads at once: the next is answered 503 with Retry-After until one ends`, async () => {
        const { app, port } = await listening({});
        const reading = await Promise.all(
            Array.from({ length: PUBLIC_UPLOADS_AT_ONCE }, (_, index) => open(port, `127.0.0.${31 + index}`)),
        );
        try {
            for (const peer of reading) peer.socket.write(startUpload('/test/public-upload', []));
            while (publicUploadsBeingRead(app) < PUBLIC_UPLOADS_AT_ONCE) await new Promise(resolve => setImmediate(resolve));
            const extra = await open(port, '127.0.0.41');
            extra.socket.write(startUpload('/test/public-upload', []));
            await until(extra, text => /\r\n\r\n[\s\S]*\}/.test(text));
            expect(extra.received()).toMatch(/^HTTP\/1\.1 503/);
            expect(headerOf(extra.received(), 'retry-after')).toBe('5');
            expect(bodyOf(extra.received())).toMatchObject({ key: 'errors.unavailable', retry_after: 5 });

            reading[0]?.socket.destroy();
            while (publicUploadsBeingRead(app) >= PUBLIC_UPLOADS_AT_ONCE) await new Promise(resolve => setImmediate(resolve));
            const { payload, contentType } = multipartBody({}, [{ name: 'a.png', type: 'image/png', bytes: Buffer.from('png') }]);
            const served = await app.inject({
                method: 'POST',
                url: `${API_BASE}/test/public-upload`,
                payload,
                headers: { 'content-type': contentType },
            });
            expect(served.statusCode).toBe(200);
        } finally {
            for (const peer of reading) peer.socket.destroy();
            await app.close();
        }
    });
});

describe('refusals that name what is wrong', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
        app = await server.buildAnother({});
        mount(app, publicUpload, async ({ file }) => ({ size: file.bytes.length }));
    });

    const send = async (payload: Buffer, contentType: string) => {
        const response = await app.inject({
            method: 'POST',
            url: `${API_BASE}/test/public-upload`,
            payload,
            headers: { 'content-type': contentType },
        });
        return { status: response.statusCode, error: apiError.parse(response.json()) };
    };
    const png = { name: 'photo.png', type: 'image/png', bytes: Buffer.from('89504e470d0a1a0a', 'hex') };

    it('21 text fields are too many fields, not a file too large', async () => {
        const fields = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`field${index}`, 'x']));
        const { payload, contentType } = multipartBody(fields, [png]);
        const answer = await send(payload, contentType);
        expect([answer.status, answer.error.key, answer.error.field]).toEqual([400, 'errors.too_many_fields', 'body']);
        expect(answer.error.message).not.toMatch(/MB|file/i);
    });

    it('a text field longer than its limit is named, as too long', async () => {
        const { payload, contentType } = multipartBody({ note: 'n'.repeat(3000) }, [png]);
        const answer = await send(payload, contentType);
        expect([answer.status, answer.error.key, answer.error.field]).toEqual([400, 'errors.field_too_long', 'note']);
        expect(answer.error.errors).toEqual([expect.objectContaining({ field: 'note', key: 'errors.field_too_long' })]);
    });

    it('a file sent without a filename is told so, not that it came twice', async () => {
        const boundary = 'portal-test-boundary';
        const payload = Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: image/png\r\n\r\n` +
                `${png.bytes.toString('latin1')}\r\n--${boundary}--\r\n`,
            'latin1',
        );
        const answer = await send(payload, `multipart/form-data; boundary=${boundary}`);
        expect([answer.status, answer.error.key, answer.error.field]).toEqual([400, 'errors.file_name_required', 'file']);
        expect(answer.error.message).not.toMatch(/more than once/);
    });

    it('headers too large, and bytes that are not HTTP, are answered in the error shape too', async () => {
        const { app: rawApp, port } = await listening({});
        try {
            const large = await open(port);
            large.socket.write(`GET ${API_BASE}/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
            await large.closed;
            expect(large.received()).toMatch(/^HTTP\/1\.1 431/);
            expect(apiError.parse(bodyOf(large.received()))).toMatchObject({ code: 431, key: 'errors.payload_too_large' });

            const garbled = await open(port);
            garbled.socket.write('HELLO THERE\r\n\r\n');
            await garbled.closed;
            expect(garbled.received()).toMatch(/^HTTP\/1\.1 400/);
            expect(headerOf(garbled.received(), 'X-Content-Type-Options')).toBe('nosniff');
            expect(apiError.parse(bodyOf(garbled.received()))).toMatchObject({ code: 400, key: 'errors.invalid_input' });
        } finally {
            await rawApp.close();
        }
    });

    it('a body dribbled past REQUEST_TIMEOUT is answered 408 in the error shape', async () => {
        const { app: slowApp, port } = await listening({ requestTimeoutMs: 1000 });
        try {
            const peer = await open(port);
            peer.socket.write(
                `POST ${API_BASE}/authentication HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
            );
            // A byte every 300 ms: never idle for long, never done.
            const dribble = setInterval(() => peer.socket.writable && peer.socket.write(' '), 300);
            try {
                await peer.closed;
            } finally {
                clearInterval(dribble);
            }
            expect(peer.received()).toMatch(/^HTTP\/1\.1 408/);
            expect(headerOf(peer.received(), 'Content-Type')).toMatch(/^application\/json/);
            expect(headerOf(peer.received(), 'Connection')).toBe('close');
            expect(apiError.parse(bodyOf(peer.received()))).toMatchObject({
                code: 408,
                name: 'Timeout',
                key: 'errors.request_timeout',
            });
        } finally {
            await slowApp.close();
        }
    });
});
