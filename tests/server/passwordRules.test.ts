/**
 * Password rules (OWASP ASVS 5.0 level 2): a new password has at least 12
 * characters, is not on the list of common passwords (case aside) and does not contain the
 * username, wherever it is chosen; each refusal is a 400 naming the field with its own key. A
 * password chosen under older rules still signs in, and the account is then asked to change it.
 */
import { and, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeOwnPassword, login, myRoles } from '../../contract/auth';
import { createAdminGroup } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import { register, registrationOptions } from '../../contract/registration';
import { admins, auditEvents, smsOutbox } from '../../server/db/schema';
import { hashPassword } from '../../server/domain/auth';
import { passwordProblem } from '../../server/domain/auth/passwordRules';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
let groupId = 0;
let storeId = 0;

const PASSWORD = 'a-long-password-1';

beforeAll(async () => {
    server = await startTestServer();
    adminToken = await server.signIn('admin');
    groupId = (await server.call(createAdminGroup, { body: { name: 'Password rules probe' }, token: adminToken })).body.id;
    storeId = (await server.call(registrationOptions)).body.stores[0]?.id ?? 0;
});
afterAll(() => server?.close());

let serial = 0;
const nextUser = () => {
    serial += 1;
    return { username: `rules.probe.${serial}`, msisdn: `2783410${String(serial).padStart(4, '0')}` };
};

const create = (username: string, msisdn: string, password: string, otp = false) =>
    server.call(createAdmin, {
        body: {
            username,
            first_name: 'Rules',
            last_name: 'Probe',
            msisdn,
            group_id: groupId,
            password,
            otp_enabled: otp,
        },
        token: adminToken,
    });

/** A user whose stored password was chosen before today's rules (written straight to the database). */
const userWithOldPassword = async (oldPassword: string, otp = false) => {
    const { username, msisdn } = nextUser();
    const created = await create(username, msisdn, PASSWORD, otp);
    expect(created.status).toBe(201);
    await server.db
        .update(admins)
        .set({ passwordHash: await hashPassword(oldPassword) })
        .where(eq(admins.id, created.body.id));
    return { id: created.body.id, username, msisdn };
};

const requiredChanges = (adminId: number) =>
    server.db
        .select({ after: auditEvents.after })
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'admins.password_change_required'), eq(auditEvents.entityId, String(adminId))));

describe('the list of common passwords', () => {
    const words = readFileSync(new URL('../../server/domain/auth/common-passwords.txt', import.meta.url), 'utf8')
        .split('\n')
        .filter(line => line !== '' && line !== '#' && !line.startsWith('# '));

    it('ships at least 10,000 lower-cased, distinct passwords, and never the demo password', () => {
        expect(words.length).toBeGreaterThanOrEqual(10_000);
        expect(new Set(words).size).toBe(words.length);
        expect(words.filter(word => word !== word.toLowerCase())).toEqual([]);
        expect(words.filter(word => word.toLowerCase() === 'demo-pass-2026')).toEqual([]);
        expect(passwordProblem('demo-pass-2026', 'admin')).toBeNull();
    });

    it('is checked without regard to case, after the length', () => {
        expect(passwordProblem('password1234', 'someone')).toBe('common');
        expect(passwordProblem('PassWord1234', 'someone')).toBe('common');
        expect(passwordProblem('password', 'someone')).toBe('too_short');
        // Twelve characters as a person counts them, however many UTF-16 units they take.
        expect(passwordProblem('😀'.repeat(11), 'someone')).toBe('too_short');
        expect(passwordProblem('😀'.repeat(12), 'someone')).toBeNull();
    });
});

describe('a new user', () => {
    it('needs a password of at least 12 characters, refused with its own key before sending', async () => {
        const { username, msisdn } = nextUser();
        const short = await create(username, msisdn, 'abcdefgh-jk');
        expect([short.status, short.error.key, short.error.field]).toEqual([400, 'errors.password_too_short', 'password']);
        expect((await create(username, msisdn, 'abcdefgh-jkm')).status).toBe(201);
    });

    it('is refused a common password, whatever its case, and one containing the username', async () => {
        const { username, msisdn } = nextUser();
        const common = await create(username, msisdn, 'QwertyUiop123');
        expect([common.status, common.error.key, common.error.field]).toEqual([400, 'errors.password_common', 'password']);
        const named = await create(username, msisdn, `my-${username.toUpperCase()}-pass`);
        expect([named.status, named.error.key, named.error.field]).toEqual([
            400,
            'errors.password_contains_username',
            'password',
        ]);
        expect((await server.db.select().from(admins).where(eq(admins.username, username))).length).toBe(0);
    });
});

describe('a self-registration', () => {
    it('follows the same rules', async () => {
        const { username, msisdn } = nextUser();
        const body = { username, first_name: 'Self', last_name: 'Registered', msisdn, store_id: storeId };
        const named = await server.call(register, {
            body: { ...body, password: `${username}-2026` },
            remoteAddress: '10.97.0.1',
        });
        expect([named.status, named.error.key, named.error.field]).toEqual([
            400,
            'errors.password_contains_username',
            'password',
        ]);
        const short = await server.call(register, { body: { ...body, password: 'short-one' }, remoteAddress: '10.97.0.1' });
        expect([short.status, short.error.key]).toEqual([400, 'errors.password_too_short']);
        const fine = await server.call(register, { body: { ...body, password: PASSWORD }, remoteAddress: '10.97.0.1' });
        expect(fine.status).toBe(201);
    });
});

describe("changing one's own password", () => {
    it('follows the same rules, naming new_password', async () => {
        const { username, msisdn } = nextUser();
        expect((await create(username, msisdn, PASSWORD)).status).toBe(201);
        const token = await server.signIn(username, PASSWORD);
        for (const [password, key] of [
            ['eleven-char', 'errors.password_too_short'],
            ['Qwerty123456', 'errors.password_common'],
            [`new-${username}`, 'errors.password_contains_username'],
        ] as const) {
            const refused = await server.call(changeOwnPassword, {
                body: { current_password: PASSWORD, new_password: password },
                token,
            });
            expect([refused.status, refused.error.key, refused.error.field]).toEqual([400, key, 'new_password']);
        }
        const changed = await server.call(changeOwnPassword, {
            body: { current_password: PASSWORD, new_password: 'a-better-one-now' },
            token,
        });
        expect(changed.status).toBe(200);
    });
});

describe('signing in with a password chosen under older rules', () => {
    it('still works, and the session must change the password first (audited once)', async () => {
        const user = await userWithOldPassword('ten-chars!');
        const first = await server.call(login, { body: { username: user.username, password: 'ten-chars!' } });
        if (!('user' in first.body)) throw new Error('expected a session');
        expect(first.body.user.must_change_password).toBe(true);
        const token = first.body.user.token;
        const refused = await server.call(myRoles, { token });
        expect([refused.status, refused.error.key]).toEqual([403, 'errors.password_change_required']);
        expect((await requiredChanges(user.id)).map(row => row.after)).toEqual([
            { must_change_password: true, reason: 'too_short' },
        ]);

        // Signing in again while the mark stands records nothing more.
        await server.signIn(user.username, 'ten-chars!');
        expect(await requiredChanges(user.id)).toHaveLength(1);

        const changed = await server.call(changeOwnPassword, {
            body: { current_password: 'ten-chars!', new_password: 'a-much-longer-password' },
            token,
        });
        expect(changed.status).toBe(200);
        expect((await server.call(myRoles, { token })).status).toBe(200);
        const again = await server.call(login, { body: { username: user.username, password: 'a-much-longer-password' } });
        if (!('user' in again.body)) throw new Error('expected a session');
        expect(again.body.user.must_change_password).toBe(false);
    });

    it('marks a common password or one containing the username too, and not a good one', async () => {
        const common = await userWithOldPassword('Password1234');
        const named = await userWithOldPassword('placeholder');
        await server.db
            .update(admins)
            .set({ passwordHash: await hashPassword(`${named.username}!`) })
            .where(eq(admins.id, named.id));
        const good = await userWithOldPassword('demo-pass-2026');
        for (const [user, password, mark] of [
            [common, 'Password1234', true],
            [named, `${named.username}!`, true],
            [good, 'demo-pass-2026', false],
        ] as const) {
            const answer = await server.call(login, { body: { username: user.username, password } });
            if (!('user' in answer.body)) throw new Error('expected a session');
            expect(answer.body.user.must_change_password).toBe(mark);
        }
        expect((await requiredChanges(common.id)).map(row => row.after)).toEqual([
            { must_change_password: true, reason: 'common' },
        ]);
        expect((await requiredChanges(named.id)).map(row => row.after)).toEqual([
            { must_change_password: true, reason: 'contains_username' },
        ]);
    });

    it('marks a two-factor account at the password step, so the session after the code carries it', async () => {
        const user = await userWithOldPassword('old-short', true);
        const started = await server.call(login, { body: { username: user.username, password: 'old-short' } });
        if (!('auth_id' in started.body)) throw new Error('expected a code to be sent');
        const [sent] = await server.db.select({ text: smsOutbox.text }).from(smsOutbox).where(eq(smsOutbox.msisdn, user.msisdn));
        const code = /\b(\d{6})\b/.exec(sent?.text ?? '')?.[1] ?? '';
        const finished = await server.call(login, { body: { auth_id: started.body.auth_id, otp: code } });
        if (!('user' in finished.body)) throw new Error('expected a session');
        expect(finished.body.user.must_change_password).toBe(true);
    });

    it('leaves the demo password alone', async () => {
        const answer = await server.call(login, { body: { username: 'admin', password: 'demo-pass-2026' } });
        if (!('user' in answer.body)) throw new Error('expected a session');
        expect(answer.body.user.must_change_password).toBe(false);
    });
});
