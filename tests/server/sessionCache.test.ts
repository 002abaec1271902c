/**
 * Sessions are cached in each instance, and a revoked session, a removed role or a disabled admin
 * stops working in every instance as soon as the change commits (NOTIFY portal_auth from triggers,
 * migration 0002), in this instance before its own answer leaves.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { logout, myRoles } from '../../contract/auth';
import { listAdminRoles, listGroupRoles, removeGroupRole } from '../../contract/security';
import { admins } from '../../server/db/schema';
import { SessionCache } from '../../server/domain/auth/sessionCache';
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

describe('the cache itself', () => {
    it('keeps nothing while its instance is not listening for changes, and forgets everything when listening is lost', () => {
        const cache = new SessionCache();
        const session = {
            sessionId: 1,
            admin: { id: 1, username: 'a', firstName: 'A', lastName: 'B', groupId: 1, storeId: null },
            roles: new Set<string>(),
            mustChangePassword: false,
        };
        cache.set('hash', session, Date.now() + 60_000, Date.now());
        expect(cache.get('hash', Date.now())).toBeNull();
        cache.setListening(true);
        cache.set('hash', session, Date.now() + 60_000, Date.now());
        expect(cache.get('hash', Date.now())).toBe(session);
        cache.setListening(false);
        expect(cache.get('hash', Date.now())).toBeNull();
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
        cache.set('expiring', session, 5_000, 0);
        expect(cache.get('expiring', 999)).toBe(session);
        expect(cache.get('expiring', 1000)).toBeNull();
        cache.set('short', session, 500, 0);
        expect(cache.get('short', 500)).toBeNull();
    });
});
