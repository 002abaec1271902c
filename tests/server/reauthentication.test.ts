/**
 * Re-authentication: changing one's own two-factor phone number or turning
 * two-factor off needs the current password again (`current_password` in updateAdmin's body),
 * checked like a sign-in: a wrong one is refused, audited and counted against the sign-in
 * throttle; a right one is audited with the change. An administrator changing another user's
 * account needs no password of theirs.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../contract/auth';
import { addGroupRole, createAdminGroup, listAdminRoles } from '../../contract/security';
import { createAdmin, getAdmin, updateAdmin } from '../../contract/users';
import { admins, auditEvents } from '../../server/db/schema';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
let editorGroup = 0;

const PASSWORD = 'a-long-password-1';

beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
    const roles = await server.call(listAdminRoles, { query: { $limit: 1000 }, token: adminToken });
    editorGroup = (await server.call(createAdminGroup, { body: { name: 'Re-authentication probe' }, token: adminToken })).body.id;
    for (const code of ['EDIT_USER', 'VIEW_USERS']) {
        const role = roles.body.data.find(row => row.code === code);
        expect(
            (await server.call(addGroupRole, { body: { group_id: editorGroup, role_id: role?.id ?? 0 }, token: adminToken }))
                .status,
        ).toBe(201);
    }
});
afterAll(() => server?.close());

let serial = 0;
const phone = () => {
    serial += 1;
    return `2783420${String(serial).padStart(4, '0')}`;
};

/** A user who may edit users (themselves among them), signed in; two-factor off unless asked. */
const editor = async (otp = false) => {
    const msisdn = phone();
    const username = `reauth.probe.${serial}`;
    const created = await server.call(createAdmin, {
        body: { username, first_name: 'Reauth', last_name: 'Probe', msisdn, group_id: editorGroup, password: PASSWORD },
        token: adminToken,
    });
    expect(created.status).toBe(201);
    // Two-factor on straight in the database: signing in would then need a code.
    const token = await server.signIn(username, PASSWORD);
    if (otp) await server.db.update(admins).set({ otpEnabled: true }).where(eq(admins.id, created.body.id));
    return { id: created.body.id, username, msisdn, token };
};

const auditOf = (action: string, adminId: number) =>
    server.db
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(adminId))));

describe("changing one's own two-factor phone number", () => {
    it('needs the current password: refused without it, and nothing changes', async () => {
        const me = await editor();
        const refused = await server.call(updateAdmin, { params: { id: me.id }, body: { msisdn: phone() }, token: me.token });
        expect([refused.status, refused.error.key, refused.error.field]).toEqual([
            400,
            'errors.current_password_required',
            'current_password',
        ]);
        expect((await server.call(getAdmin, { params: { id: me.id }, token: me.token })).body.msisdn).toBe(me.msisdn);
    });

    it('refuses a wrong current password, audits it, and counts it against the sign-in throttle', async () => {
        const me = await editor();
        const source = '10.96.0.1';
        for (let attempt = 0; attempt < 5; attempt++) {
            const wrong = await server.call(updateAdmin, {
                params: { id: me.id },
                body: { msisdn: phone(), current_password: `guess-number-${attempt}` },
                token: me.token,
                remoteAddress: source,
            });
            expect([wrong.status, wrong.error.key, wrong.error.field]).toEqual([
                400,
                'errors.wrong_current_password',
                'current_password',
            ]);
        }
        expect((await auditOf('admins.reauthenticate_failed', me.id)).map(row => row.after)).toEqual(
            Array.from({ length: 5 }, () => ({ for: ['msisdn'], reason: 'wrong_current_password', source })),
        );
        // The guesses closed the username to that source: the right password waits too, as at sign-in.
        const throttled = await server.call(updateAdmin, {
            params: { id: me.id },
            body: { msisdn: phone(), current_password: PASSWORD },
            token: me.token,
            remoteAddress: source,
        });
        expect(throttled.status).toBe(429);
        expect(await auditOf('admins.reauthenticate_throttled', me.id)).toHaveLength(1);
        expect((await server.call(getAdmin, { params: { id: me.id }, token: me.token })).body.msisdn).toBe(me.msisdn);
    });

    it('with the right password changes it, audited as a re-authentication beside the change', async () => {
        const me = await editor();
        const msisdn = phone();
        const changed = await server.call(updateAdmin, {
            params: { id: me.id },
            body: { msisdn, current_password: PASSWORD },
            token: me.token,
        });
        expect([changed.status, changed.body.msisdn]).toEqual([200, msisdn]);
        expect((await auditOf('admins.reauthenticate', me.id)).map(row => row.after)).toEqual([{ for: ['msisdn'] }]);
        expect(await auditOf('admins.update', me.id)).toHaveLength(1);
    });
    it('a right password whose change is refused for another reason never counts as a guess', async () => {
        const me = await editor();
        const other = await editor();
        const source = '10.96.0.7';
        // Six times the right password, each change refused: the phone number is someone else's.
        for (let attempt = 0; attempt < 6; attempt++) {
            const taken = await server.call(updateAdmin, {
                params: { id: me.id },
                body: { msisdn: other.msisdn, current_password: PASSWORD },
                token: me.token,
                remoteAddress: source,
            });
            expect(taken.status).toBe(409);
        }
        // A minute on, attempts left unsettled would count as failures: none were.
        server.clock.advance(61_000);
        const signedIn = await server.call(login, {
            body: { username: me.username, password: PASSWORD },
            remoteAddress: source,
        });
        expect(signedIn.status).toBe(200);
    });
});

describe("turning two-factor off on one's own account", () => {
    it('needs the current password; turning it on does not', async () => {
        const me = await editor(true);
        const refused = await server.call(updateAdmin, { params: { id: me.id }, body: { otp_enabled: false }, token: me.token });
        expect([refused.status, refused.error.key]).toEqual([400, 'errors.current_password_required']);
        const wrong = await server.call(updateAdmin, {
            params: { id: me.id },
            body: { otp_enabled: false, current_password: 'not-my-password' },
            token: me.token,
        });
        expect([wrong.status, wrong.error.key]).toEqual([400, 'errors.wrong_current_password']);
        expect((await server.call(getAdmin, { params: { id: me.id }, token: me.token })).body.otp_enabled).toBe(true);

        const off = await server.call(updateAdmin, {
            params: { id: me.id },
            body: { otp_enabled: false, current_password: PASSWORD },
            token: me.token,
        });
        expect([off.status, off.body.otp_enabled]).toEqual([200, false]);
        expect((await auditOf('admins.reauthenticate', me.id)).map(row => row.after)).toEqual([{ for: ['otp_enabled'] }]);

        const on = await server.call(updateAdmin, { params: { id: me.id }, body: { otp_enabled: true }, token: me.token });
        expect([on.status, on.body.otp_enabled]).toEqual([200, true]);
    });
});

describe('what needs no password', () => {
    it("one's own name, and another user's phone or two-factor changed by an administrator", async () => {
        const me = await editor();
        const renamed = await server.call(updateAdmin, {
            params: { id: me.id },
            body: { first_name: 'Renamed' },
            token: me.token,
        });
        expect(renamed.status).toBe(200);
        const other = await editor(true);
        const msisdn = phone();
        const byAdmin = await server.call(updateAdmin, {
            params: { id: other.id },
            body: { msisdn, otp_enabled: false },
            token: adminToken,
        });
        expect([byAdmin.status, byAdmin.body.msisdn, byAdmin.body.otp_enabled]).toEqual([200, msisdn, false]);
        expect(await auditOf('admins.reauthenticate', other.id)).toHaveLength(0);
    });
});
