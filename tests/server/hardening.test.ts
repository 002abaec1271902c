/**
 * What every answer and log line carries whatever the call: no secrets in the log, the security
 * headers, no caching of API answers, the caller's address behind a proxy, and slow clients cut off.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { defineCall } from '../../contract/define';
import { adminGroups, admins } from '../../server/db/schema';
import { mount } from '../../server/http';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
});
afterAll(() => server?.close());

interface LoggedError {
    stack: string;
    cause?: Record<string, unknown>;
}

const captureLog = () => {
    const lines: string[] = [];
    return { lines, logStream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('\n') };
};

describe('the log', () => {
    const HASH = 'scrypt$16384$8$1$SECRETSALT0123456789$SECRETHASHabcdefghijklmnopqrstuvwxyz';

    it('shows a failed query and its SQL, but none of its parameters', async () => {
        const log = captureLog();
        const app = await server.buildAnother({ logLevel: 'info', logStream: log.logStream });
        const duplicate = defineCall({
            summary: 'test',
            method: 'POST',
            path: '/test/duplicate-admin',
            access: 'public',
            response: z.object({}),
        });
        mount(app, duplicate, async () => {
            const [group] = await server.db.select({ id: adminGroups.id }).from(adminGroups).limit(1);
            // 'admin' is taken: the insert fails in the database, with every value in drizzle's error.
            await server.db.insert(admins).values({
                username: 'admin',
                firstName: 'Leakyfirst',
                lastName: 'Leakylast',
                msisdn: '27829990001',
                email: 'leaky@portal.example',
                groupId: group?.id ?? 1,
                passwordHash: HASH,
            });
            return {};
        });
        const response = await app.inject({ method: 'POST', url: `${API_BASE}/test/duplicate-admin` });
        expect(response.statusCode).toBe(500);

        const text = log.text();
        expect(text).toContain('request failed');
        expect(text).toMatch(/insert into \\"admins\\"/);
        expect(text).toContain('23505');
        for (const secret of [
            HASH,
            'SECRETSALT',
            'SECRETHASH',
            'Leakyfirst',
            'Leakylast',
            '27829990001',
            'leaky@portal.example',
        ]) {
            expect(text, secret).not.toContain(secret);
        }
        // PostgreSQL's detail repeats the value too: "Key (username)=(admin) already exists."
        expect(text).not.toContain('(username)=');
        expect(text).not.toMatch(/"params"/);
        // Still the error with its stack and its cause, for whoever reads the log.
        const failed = log.lines
            .map(line => JSON.parse(line) as { msg: string; err?: LoggedError })
            .find(line => line.msg === 'request failed');
        expect(failed?.err?.stack).toMatch(/^Error: Failed query: insert into "admins".*\n {4}at /s);
        const cause = failed?.err?.cause as Record<string, unknown> | undefined;
        expect(cause?.code).toBe('23505');
        // PGlite's field names, or postgres.js's.
        expect(cause?.constraint ?? cause?.constraint_name).toBe('admins_username_unique');
        expect(cause?.table ?? cause?.table_name).toBe('admins');
        // The database row is untouched.
        expect(await server.db.select().from(admins).where(eq(admins.msisdn, '27829990001'))).toEqual([]);
    });

    it('hides passwords, codes, tokens and cookies in anything logged', async () => {
        const log = captureLog();
        const app = await server.buildAnother({ logLevel: 'info', logStream: log.logStream });
        const chatty = defineCall({
            summary: 'test',
            method: 'POST',
            path: '/test/chatty',
            access: 'public',
            response: z.object({}),
        });
        mount(app, chatty, async (_input, { request }) => {
            request.log.info(
                {
                    password: 'pw-SECRET-1',
                    otp: '918273',
                    code: '564738',
                    token: 'tok-SECRET-2',
                    body: { password: 'pw-SECRET-3', new_password: 'pw-SECRET-4', code: '192837' },
                    headers: { cookie: 'sid=SECRET-5', authorization: 'Bearer SECRET-6' },
                    username: 'maker',
                },
                'something worth logging',
            );
            return {};
        });
        const response = await app.inject({
            method: 'POST',
            url: `${API_BASE}/test/chatty?code=473829&token=SECRET-7`,
            headers: { cookie: 'sid=SECRET-8', authorization: 'Bearer SECRET-9' },
        });
        expect(response.statusCode).toBe(200);
        const text = log.text();
        expect(text).toContain('something worth logging');
        expect(text).toContain('maker');
        for (const secret of [
            'pw-SECRET',
            '918273',
            '564738',
            'tok-SECRET',
            '192837',
            'SECRET-5',
            'SECRET-6',
            '473829',
            'SECRET-7',
            'SECRET-8',
            'SECRET-9',
        ]) {
            expect(text, secret).not.toContain(secret);
        }
    });
});

describe('security headers', () => {
    it('every answer forbids sniffing, framing and leaking the address; the API is never cached', async () => {
        const response = await server.app.inject({ method: 'GET', url: `${API_BASE}/health` });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['cache-control']).toBe('no-store');
        const csp = String(response.headers['content-security-policy']);
        for (const directive of [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' data: blob:",
            "media-src 'self' blob:",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]) {
            expect(csp, directive).toContain(directive);
        }
        expect(csp).not.toContain('unsafe-eval');

        // Error answers too.
        const missing = await server.app.inject({ method: 'GET', url: `${API_BASE}/no/such/call` });
        expect(missing.headers['cache-control']).toBe('no-store');
        expect(missing.headers['x-content-type-options']).toBe('nosniff');
    });

    it('sends HSTS only over TLS, which a trusted proxy vouches for', async () => {
        const plain = await server.app.inject({ method: 'GET', url: `${API_BASE}/health` });
        expect(plain.headers['strict-transport-security']).toBeUndefined();
        // Without TRUST_PROXY, anyone could write the header: it is not believed.
        const claimed = await server.app.inject({
            method: 'GET',
            url: `${API_BASE}/health`,
            headers: { 'x-forwarded-proto': 'https' },
        });
        expect(claimed.headers['strict-transport-security']).toBeUndefined();

        const behindProxy = await server.buildAnother({ trustProxy: ['127.0.0.1'] });
        const tls = await behindProxy.inject({
            method: 'GET',
            url: `${API_BASE}/health`,
            headers: { 'x-forwarded-proto': 'https' },
        });
        expect(tls.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    });

    it("keeps the operator stand-in page's own stricter policy", async () => {
        const response = await server.app.inject({
            method: 'GET',
            url: `${API_BASE}/dev/operator/authorize?auth_id=x&provider=mno`,
        });
        expect(response.headers['content-type']).toContain('text/html');
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("style-src 'unsafe-inline'");
        expect(csp).toContain("form-action 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
});

describe('TRUST_PROXY', () => {
    const whoAmI = defineCall({
        summary: 'test',
        method: 'GET',
        path: '/test/ip',
        access: 'public',
        response: z.object({ ip: z.string() }),
    });
    const ipOf = async (trustProxy: boolean | string[], remoteAddress: string, forwardedFor?: string) => {
        const app = await server.buildAnother({ trustProxy });
        mount(app, whoAmI, async (_input, { request }) => ({ ip: request.ip }));
        const response = await app.inject({
            method: 'GET',
            url: `${API_BASE}/test/ip`,
            remoteAddress,
            headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
        });
        return response.json<{ ip: string }>().ip;
    };

    it("makes request.ip the client's address behind the proxies it names, and only theirs", async () => {
        expect(await ipOf(false, '10.0.0.5', '198.51.100.1')).toBe('10.0.0.5');
        // On: the first hop is believed, and only the address it saw (not what the client wrote before it).
        expect(await ipOf(true, '10.0.0.5', '198.51.100.1')).toBe('198.51.100.1');
        expect(await ipOf(true, '10.0.0.5', '1.2.3.4, 198.51.100.1')).toBe('198.51.100.1');
        expect(await ipOf(['10.0.0.0/8'], '10.0.0.5', '198.51.100.1')).toBe('198.51.100.1');
        expect(await ipOf(['10.0.0.0/8'], '192.0.2.9', '198.51.100.1')).toBe('192.0.2.9');
    });
});

describe('slow clients', () => {
    it('a request body dribbled one byte at a time is cut off at REQUEST_TIMEOUT', async () => {
        const app = await server.buildAnother({ requestTimeoutMs: 1000 });
        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as AddressInfo;

        const socket = connect({ host: '127.0.0.1', port });
        let received = '';
        socket.on('data', chunk => (received += String(chunk)));
        const closed = new Promise<number>(resolve => socket.on('close', () => resolve(Date.now())));
        socket.on('error', () => undefined);
        await new Promise(resolve => socket.once('connect', resolve));
        const began = Date.now();
        socket.write(
            `POST ${API_BASE}/authentication HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{`,
        );
        // A byte every 300 ms: never idle for long, never done.
        const dribble = setInterval(() => socket.writable && socket.write(' '), 300);
        try {
            const end = await Promise.race([closed, new Promise<null>(resolve => setTimeout(() => resolve(null), 4000))]);
            expect(end, 'the connection was still open after 4 s').not.toBeNull();
            expect((end ?? Infinity) - began).toBeLessThan(3000);
            if (received) expect(received).toMatch(/^HTTP\/1\.1 408/);
        } finally {
            clearInterval(dribble);
            socket.destroy();
        }
    });
});
