/**
 * Sessions are cached in each instance, and a revoked session, a removed role or a disabled admin
 * stops working in every instance as soon as the change commits (NOTIFY portal_auth from triggers,
 * migration 0002), in this instance before its own answer leaves.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract';
import { logout, myRoles } from '../../contract/auth';
import { listAdminRoles, listGroupRoles, removeGroupRole } from '../../contract/security';
import { admins } from '../../server/db/schema';
import { freshReads, SessionCache } from '../../server/domain/auth/sessionCache';
import { openSession } from '../../server/domain/auth/sessions';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let other: FastifyInstance;
beforeAll(async () => {
    server = await startTestServer();
    other = await server.buildAnother({});
});
afterAll(() => server?.close());

/** A call on the other instance, as the portal makes it. */
const onOther = (path: string, token: string) =>
    other.inject({ method: 'GET', url: `${API_BASE}${path}`, headers: { authorization: `Bearer ${token}` } });

/** Notifications reach another instance within milliseconds; this waits for at most a second. */
const eventually = async (check: () => Promise<boolean>) => {
    for (let waited = 0; waited <= 1000; waited += 10) {
        if (await check()) return true;
        await new Promise(resolve => setTimeout(resolve, 10));
    }
    return false;
};

describe('a session cached by two instances', () => {
    it('signed out in one, stops working in this one on the next call and in the other at once', async () => {
        const token = await server.signIn('maker');
        expect((await onOther('/authentication/roles', token)).statusCode).toBe(200);
        expect((await server.call(myRoles, { token })).status).toBe(200);

        expect((await server.call(logout, { token })).status).toBe(200);
        expect((await server.call(myRoles, { token })).status).toBe(401);
        expect(await eventually(async () => (await onOther('/authentication/roles', token)).statusCode === 401)).toBe(true);
    });

    it('loses a role removed through the other instance', async () => {
        const adminToken = await server.signIn('admin');
        const checkerToken = await server.signIn('checker');
        expect((await onOther('/prerequisites/admins?$limit=1', checkerToken)).statusCode).toBe(200);

        const approvers = (await server.call(listGroupRoles, { query: { $limit: 1000 }, token: adminToken })).body.data;
        const viewUsers = (await server.call(listAdminRoles, { query: { q: 'VIEW_USERS' }, token: adminToken })).body.data[0];
        const [checker] = await server.db.select().from(admins).where(eq(admins.username, 'checker'));
        const held = approvers.find(row => row.group_id === checker?.groupId && row.role_id === viewUsers?.id);
        expect((await server.call(removeGroupRole, { params: { id: held?.id ?? 0 }, token: adminToken })).status).toBe(200);

        expect((await server.call(listAdminRoles, { token: checkerToken })).status).toBe(403);
        expect(
            await eventually(async () => (await onOther('/prerequisites/admins?$limit=1', checkerToken)).statusCode === 403),
        ).toBe(true);
    });

    it('is refused everywhere when its admin is disabled, even by a change made straight in the database', async () => {
        const token = await server.signIn('analyst');
        expect((await onOther('/authentication/roles', token)).statusCode).toBe(200);
        expect((await server.call(myRoles, { token })).status).toBe(200);
        await server.db.execute(sql`UPDATE admins SET status = 'disabled' WHERE username = 'analyst'`);
        expect(await eventually(async () => (await onOther('/authentication/roles', token)).statusCode === 401)).toBe(true);
        expect(await eventually(async () => (await server.call(myRoles, { token })).status === 401)).toBe(true);
    });
});

/**
 * NOTIFY reaches the other instance some time after the sign-out has answered; a call arriving in
 * between must not be served from that instance's cache. Repeated, since the window is short.
 * Two instances on one database are PostgreSQL's case: PGlite belongs to one process.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('revocation on two instances of one PostgreSQL', () => {
    it('refuses a token on the other instance on the first call after the sign-out answered, every time', async () => {
        const [maker] = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'maker'));
        // A session as a sign-in opens it, without hashing a password 200 times.
        const signIn = () =>
            server.db.transaction(
                async tx => (await openSession(tx, server.settings, maker?.id ?? 0, server.clock.now())).user.token,
            );
        expect(await signIn()).toBeTruthy();
        const served: number[] = [];
        for (let attempt = 0; attempt < 200; attempt++) {
            const token = await signIn();
            expect((await onOther('/authentication/roles', token)).statusCode).toBe(200);
            expect((await server.call(logout, { token })).status).toBe(200);
            if ((await onOther('/authentication/roles', token)).statusCode !== 401) served.push(attempt);
        }
        expect(served).toEqual([]);
    }, 120_000);
});

describe('the cache itself', () => {
    it('keeps nothing while its instance is not listening for changes, and forgets everything when listening is lost', () => {
        const cache = new SessionCache();
        const session = {
            sessionId: 1,
            admin: { id: 1, username: 'a', firstName: 'A', lastName: 'B', groupId: 1, storeId: null },
            roles: new Set<string>(),
            mustChangePassword: false,
        };
        cache.set('hash', session, Date.now() + 60_000, Date.now(), 1);
        expect(cache.get('hash', Date.now(), 1)).toBeNull();
        cache.setListening(true);
        cache.set('hash', session, Date.now() + 60_000, Date.now(), 1);
        expect(cache.get('hash', Date.now(), 1)).toBe(session);
        cache.setListening(false);
        expect(cache.get('hash', Date.now(), 1)).toBeNull();
    });

    it('never serves a session past its expiry or an entry past its age', () => {
        const cache = new SessionCache(1000);
        cache.setListening(true);
        const session = {
            sessionId: 1,
            admin: { id: 1, username: 'a', firstName: 'A', lastName: 'B', groupId: 1, storeId: null },
            roles: new Set<string>(),
            mustChangePassword: false,
        };
        cache.set('expiring', session, 5_000, 0, 1);
        expect(cache.get('expiring', 999, 1)).toBe(session);
        expect(cache.get('expiring', 1000, 1)).toBeNull();
        cache.set('short', session, 500, 0, 1);
        expect(cache.get('short', 500, 1)).toBeNull();
    });

    it('shares a revision read only among callers that asked before it began, failed or not', async () => {
        const begun: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
        const reads = freshReads(() => new Promise<number>((resolve, reject) => begun.push({ resolve, reject })));
        const first = reads();
        // Asked while the first read is under way: they wait for one that begins after them.
        const second = reads();
        const third = reads();
        expect(begun).toHaveLength(1);
        begun[0]?.resolve(1);
        expect(await first).toBe(1);
        await vi.waitFor(() => expect(begun).toHaveLength(2));
        const fourth = reads();
        begun[1]?.reject(new Error('connection lost'));
        await expect(second).rejects.toThrow('connection lost');
        await expect(third).rejects.toThrow('connection lost');
        await vi.waitFor(() => expect(begun).toHaveLength(3));
        begun[2]?.resolve(3);
        expect(await fourth).toBe(3);
        expect(begun).toHaveLength(3);
    });

    it('serves an entry only at the auth revision it was read at', () => {
        const cache = new SessionCache();
        cache.setListening(true);
        const session = {
            sessionId: 1,
            admin: { id: 1, username: 'a', firstName: 'A', lastName: 'B', groupId: 1, storeId: null },
            roles: new Set<string>(),
            mustChangePassword: false,
        };
        cache.set('hash', session, 60_000, 0, 7);
        expect(cache.get('hash', 1, 7)).toBe(session);
        expect(cache.get('hash', 2, 8)).toBeNull();
        // Gone, not kept for a later revision that happens to match again.
        expect(cache.get('hash', 3, 7)).toBeNull();
    });
});
