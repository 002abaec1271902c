/**
 * Passwords: an administrator resets a user's password to a temporary one the
 * server makes; every session of the user ends at once; the temporary password opens a session
 * that may only choose a new password; choosing it unlocks that session and ends the others. Any
 * user may change their own password knowing the current one.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOwnPassword, login, logout, myRoles } from '../../contract/auth';
import type { RoleCode } from '../../contract/roles';
import { addGroupRole, createAdminGroup, listAdminRoles } from '../../contract/security';
import { createAdmin, getAdmin, resetAdminPassword } from '../../contract/users';
import { registrationOptions } from '../../contract/registration';
import { admins, auditEvents, smsOutbox } from '../../server/db/schema';
import { race } from './concurrency';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
let adminId = 0;
const roleIds = new Map<string, number>();
const storeIds = new Map<string, number>();

const PASSWORD = 'a-long-password-1';
const TEMPORARY = /^[a-hjkmnp-z2-9]{5}(-[a-hjkmnp-z2-9]{5}){3}$/;

beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
    const roles = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: adminToken });
    for (const role of roles.body.data) roleIds.set(role.code, role.id);
    for (const store of (await server.call(registrationOptions)).body.stores) storeIds.set(store.name, store.id);
    const [admin] = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.username, 'admin'));
    adminId = admin?.id ?? 0;
});
afterAll(() => server?.close());

let serial = 0;

/** A new group holding exactly these roles and a member of it (in a shop when named), not yet signed in. */
const userWith = async (codes: RoleCode[], store?: string) => {
    serial += 1;
    const group = await server.call(createAdminGroup, { body: { name: `Password probe ${serial}` }, token: adminToken });
    for (const code of codes) {
        const added = await server.call(addGroupRole, {
            body: { group_id: group.body.id, role_id: roleIds.get(code) ?? 0 },
            token: adminToken,
        });
        expect(added.status).toBe(201);
    }
    const username = `password.probe.${serial}`;
    const created = await server.call(createAdmin, {
        body: {
            username,
            first_name: 'Probe',
            last_name: `Number ${serial}`,
            msisdn: `2783400${String(serial).padStart(4, '0')}`,
            group_id: group.body.id,
            store_id: store ? storeIds.get(store) : undefined,
            password: PASSWORD,
        },
        token: adminToken,
    });
    expect(created.status).toBe(201);
    return { id: created.body.id, username, msisdn: created.body.msisdn };
};

const signedIn = async (codes: RoleCode[], store?: string) => {
    const user = await userWith(codes, store);
    return { ...user, token: await server.signIn(user.username, PASSWORD) };
};

const EDITOR: RoleCode[] = ['EDIT_USER', 'VIEW_USERS'];

const reset = (id: number, token: string) => server.call(resetAdminPassword, { params: { id }, token });

describe('who may reset a password', () => {
    it('needs EDIT_USER', async () => {
        const target = await userWith(['VIEW_USERS']);
        const viewer = await signedIn(['VIEW_USERS']);
        const refused = await reset(target.id, viewer.token);
        expect([refused.status, refused.error.key]).toEqual([403, 'errors.forbidden']);
    });

    it("is never one's own account: that is changed knowing the current password", async () => {
        const refused = await reset(adminId, adminToken);
        expect([refused.status, refused.error.key, refused.error.field]).toEqual([403, 'errors.own_account', 'id']);
        expect((await server.call(myRoles, { token: adminToken })).status).toBe(200);
    });

    it('is refused on a user holding a role the caller lacks (nobody acts on a more powerful account)', async () => {
        const editor = await signedIn(EDITOR);
        const stronger = await userWith([...EDITOR, 'ADD_USER']);
        for (const target of [stronger.id, adminId]) {
            const refused = await reset(target, editor.token);
            expect([refused.status, refused.error.key]).toEqual([403, 'errors.group_roles_not_held']);
        }
        const [row] = await server.db.select().from(admins).where(eq(admins.id, stronger.id));
        expect(row?.mustChangePassword).toBe(false);
        // An equal is fine.
        const equal = await userWith(EDITOR);
        expect((await reset(equal.id, editor.token)).status).toBe(200);
    });

    it("answers 404 for a user outside a shop editor's shop, as if there were none", async () => {
        const editor = await signedIn(EDITOR, 'Soweto Central');
        const elsewhere = await userWith(['VIEW_USERS'], 'Durban Marine Parade');
        const noShop = await userWith(['VIEW_USERS']);
        for (const target of [elsewhere.id, noShop.id, 999_999]) {
            const refused = await reset(target, editor.token);
            expect([refused.status, refused.error.key]).toEqual([404, 'errors.not_found']);
        }
        const inShop = await userWith(['VIEW_USERS'], 'Soweto Central');
        expect((await reset(inShop.id, editor.token)).status).toBe(200);
    });
});

describe('a reset', () => {
    it('ends every session at once, retires the old password, and answers a temporary one once, never a hash', async () => {
        const user = await signedIn(['VIEW_USERS']);
        const second = await server.signIn(user.username, PASSWORD);
        // Cached by this instance: the reset must still end them at once.
        expect((await server.call(myRoles, { token: user.token })).status).toBe(200);

        const answer = await reset(user.id, adminToken);
        expect(answer.status).toBe(200);
        expect(answer.body.temporary_password).toMatch(TEMPORARY);
        expect(answer.body.user).toMatchObject({ id: user.id, username: user.username, status: 'active' });
        const [row] = await server.db.select().from(admins).where(eq(admins.id, user.id));
        expect(row?.passwordHash).toMatch(/^scrypt\$/);
        expect(row?.mustChangePassword).toBe(true);
        const raw = await server.app.inject({
            method: 'POST',
            url: `/portal_api/prerequisites/admins/${user.id}/password`,
            headers: { authorization: `Bearer ${adminToken}` },
        });
        expect(raw.statusCode).toBe(200);
        expect(raw.body).not.toContain('scrypt');
        expect(raw.body).not.toMatch(/hash/i);

        for (const token of [user.token, second]) {
            const ended = await server.call(myRoles, { token });
            expect([ended.status, ended.error.key]).toEqual([401, 'errors.not_signed_in']);
        }
        const old = await server.call(login, { body: { username: user.username, password: PASSWORD } });
        expect([old.status, old.error.key]).toEqual([401, 'errors.invalid_credentials']);
        // The first temporary password went with the second reset.
        const first = await server.call(login, { body: { username: user.username, password: answer.body.temporary_password } });
        expect(first.status).toBe(401);
    });

    it('of two resets at once, the later stands: exactly one of the two temporary passwords signs in', async () => {
        const user = await userWith(['VIEW_USERS']);
        const outcome = await race(server, resetAdminPassword, 2, { params: { id: user.id }, token: adminToken });
        expect(outcome.statuses).toEqual({ 200: 2 });
        const signIns = await Promise.all(
            outcome.winners.map(winner =>
                server.call(login, { body: { username: user.username, password: winner.body.temporary_password } }),
            ),
        );
        expect(signIns.map(answer => answer.status).sort()).toEqual([200, 401]);
    });

    it('makes a new temporary password each time', async () => {
        const user = await userWith(['VIEW_USERS']);
        const made = new Set<string>();
        for (let index = 0; index < 3; index++) made.add((await reset(user.id, adminToken)).body.temporary_password);
        expect(made.size).toBe(3);
    });

    it('releases a throttled account, so the user signs in at once with the temporary password', async () => {
        const user = await userWith(['VIEW_USERS']);
        const source = '10.98.0.1';
        for (let attempt = 0; attempt < 5; attempt++) {
            await server.call(login, { body: { username: user.username, password: 'wrong-password-9' }, remoteAddress: source });
        }
        const throttled = await server.call(login, {
            body: { username: user.username, password: PASSWORD },
            remoteAddress: source,
        });
        expect(throttled.status).toBe(429);
        const { temporary_password } = (await reset(user.id, adminToken)).body;
        const signIn = await server.call(login, {
            body: { username: user.username, password: temporary_password },
            remoteAddress: source,
        });
        expect(signIn.status).toBe(200);
    });

    it('tells the user by SMS without the password, and audits without it', async () => {
        const user = await userWith(['VIEW_USERS']);
        const { temporary_password } = (await reset(user.id, adminToken)).body;
        const [sms] = await server.db
            .select()
            .from(smsOutbox)
            .where(eq(smsOutbox.msisdn, user.msisdn))
            .orderBy(desc(smsOutbox.id))
            .limit(1);
        expect(sms?.purpose).toBe('notice');
        expect(sms?.text).toMatch(/reset by an administrator/);
        expect(sms?.text).not.toContain(temporary_password);

        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'admins.reset_password'), eq(auditEvents.entityId, String(user.id))));
        expect(event).toMatchObject({
            actorAdminId: adminId,
            roleUsed: 'EDIT_USER',
            entity: 'admins',
            before: expect.objectContaining({ must_change_password: false }),
            after: expect.objectContaining({ must_change_password: true, sessions_ended: 0 }),
        });
        const text = JSON.stringify(event);
        expect(text).not.toContain(temporary_password);
        expect(text).not.toMatch(/scrypt|password_hash|passwordHash/);
    });
});

describe('signing in after a reset', () => {
    it('gives a session that may only change the password; changing it unlocks that session', async () => {
        const user = await userWith(['VIEW_USERS']);
        const { temporary_password } = (await reset(user.id, adminToken)).body;
        const signIn = await server.call(login, { body: { username: user.username, password: temporary_password } });
        expect(signIn.status).toBe(200);
        if (!('user' in signIn.body)) throw new Error('expected a session');
        expect(signIn.body.user.must_change_password).toBe(true);
        const token = signIn.body.user.token;
        // Even a call the user's roles allow.
        for (const refused of [
            await server.call(myRoles, { token }),
            await server.call(getAdmin, { params: { id: user.id }, token }),
        ]) {
            expect([refused.status, refused.error.key]).toEqual([403, 'errors.password_change_required']);
        }
        const other = await server.call(login, { body: { username: user.username, password: temporary_password } });
        if (!('user' in other.body)) throw new Error('expected a session');

        const unchanged = await server.call(changeOwnPassword, {
            body: { current_password: temporary_password, new_password: temporary_password },
            token,
        });
        expect([unchanged.status, unchanged.error.key, unchanged.error.field]).toEqual([
            400,
            'errors.password_unchanged',
            'new_password',
        ]);
        const short = await server.call(changeOwnPassword, {
            body: { current_password: temporary_password, new_password: 'short' },
            token,
        });
        expect([short.status, short.error.field]).toEqual([400, 'new_password']);
        const wrong = await server.call(changeOwnPassword, {
            body: { current_password: 'not-the-password', new_password: 'my-own-new-password' },
            token,
        });
        expect([wrong.status, wrong.error.key, wrong.error.field]).toEqual([
            400,
            'errors.wrong_current_password',
            'current_password',
        ]);

        const changed = await server.call(changeOwnPassword, {
            body: { current_password: temporary_password, new_password: 'my-own-new-password' },
            token,
        });
        expect(changed.status).toBe(200);
        expect(changed.body.ended).toBe(1);
        expect((await server.call(myRoles, { token })).status).toBe(200);
        expect((await server.call(myRoles, { token: other.body.user.token })).status).toBe(401);

        expect((await server.call(login, { body: { username: user.username, password: temporary_password } })).status).toBe(401);
        const again = await server.call(login, { body: { username: user.username, password: 'my-own-new-password' } });
        expect(again.status).toBe(200);
        if (!('user' in again.body)) throw new Error('expected a session');
        expect(again.body.user.must_change_password).toBe(false);

        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'admins.change_password'), eq(auditEvents.entityId, String(user.id))));
        expect(event?.after).toEqual({ must_change_password: false, sessions_ended: 1 });
        expect(JSON.stringify(event)).not.toContain('my-own-new-password');
    });

    it('may sign out before choosing', async () => {
        const user = await userWith(['VIEW_USERS']);
        const { temporary_password } = (await reset(user.id, adminToken)).body;
        const token = await server.signIn(user.username, temporary_password);
        expect((await server.call(logout, { token })).status).toBe(200);
    });
});

describe("changing one's own password", () => {
    it('is open to any signed-in user and ends their other sessions', async () => {
        const user = await signedIn([]);
        const other = await server.signIn(user.username, PASSWORD);
        const changed = await server.call(changeOwnPassword, {
            body: { current_password: PASSWORD, new_password: 'another-long-password' },
            token: user.token,
        });
        expect(changed.body.ended).toBe(1);
        expect((await server.call(myRoles, { token: user.token })).status).toBe(200);
        expect((await server.call(myRoles, { token: other })).status).toBe(401);
    });

    it('counts wrong current passwords towards the sign-in throttle', async () => {
        const user = await signedIn([]);
        const source = '10.98.0.2';
        for (let attempt = 0; attempt < 5; attempt++) {
            const wrong = await server.call(changeOwnPassword, {
                body: { current_password: `guess-${attempt}`, new_password: 'another-long-password' },
                token: user.token,
                remoteAddress: source,
            });
            expect(wrong.status).toBe(400);
        }
        const throttled = await server.call(changeOwnPassword, {
            body: { current_password: PASSWORD, new_password: 'another-long-password' },
            token: user.token,
            remoteAddress: source,
        });
        expect(throttled.status).toBe(429);
    });

    it('of two changes at once, one wins', async () => {
        const user = await signedIn([]);
        const outcome = await race(server, changeOwnPassword, 2, index => ({
            body: { current_password: PASSWORD, new_password: `parallel-password-${index}` },
            token: user.token,
        }));
        expect(outcome.winners).toHaveLength(1);
        // The loser saw the password change under it (409), or checked it after the change (400).
        expect(outcome.losers.map(loser => loser.status).every(status => status === 409 || status === 400)).toBe(true);
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'admins.change_password'), eq(auditEvents.entityId, String(user.id))));
        expect(event).toBeDefined();
    });
});
