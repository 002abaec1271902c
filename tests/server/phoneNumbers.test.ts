/**
 * The one phone-number rule (contract/fields.ts `msisdn`) as the server applies it: a South
 * African local number is kept in international form (0821234567 → 27821234567) by every call
 * that takes a number, so it reaches agent lists and the SMS gateway in a form the gateway takes,
 * and anything else not in international form is refused, naming the field and the expected form.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCustomer } from '../../contract/customers';
import { listAdminGroups } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import { register } from '../../contract/registration';
import { admins, customers, stores } from '../../server/db/schema';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let storeId: number;

beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
    const [store] = await server.db.select({ id: stores.id }).from(stores).limit(1);
    if (!store) throw new Error('no store seeded');
    storeId = store.id;
});
afterAll(() => server?.close());

let serial = 0;
const registration = (msisdn: string) => {
    serial += 1;
    return {
        username: `phone.rule.${serial}`,
        first_name: 'Phone',
        last_name: `Rule ${serial}`,
        msisdn,
        store_id: storeId,
        password: 'a-long-password-1',
    };
};

const storedMsisdnOf = async (username: string) => {
    const [row] = await server.db.select({ msisdn: admins.msisdn }).from(admins).where(eq(admins.username, username));
    return row?.msisdn;
};

describe('the phone-number rule on the server', () => {
    it('self-registration keeps a South African local number in international form', async () => {
        const body = registration('0846001234');
        const answer = await server.call(register, { body, remoteAddress: '10.77.0.1' });
        expect(answer.status).toBe(201);
        expect(await storedMsisdnOf(body.username)).toBe('27846001234');
    });

    it('a number with + and spaces around it is kept without them', async () => {
        const body = registration(' +27846001235 ');
        expect((await server.call(register, { body, remoteAddress: '10.77.0.2' })).status).toBe(201);
        expect(await storedMsisdnOf(body.username)).toBe('27846001235');
    });

    it('refuses any other number beginning with 0, naming the field and the form it expects', async () => {
        for (const [typed, address] of [
            ['084600123', '10.77.0.3'],
            ['+0846001236', '10.77.0.4'],
        ] as const) {
            const refused = await server.call(register, { body: registration(typed), remoteAddress: address });
            expect([refused.status, refused.error.key, refused.error.field]).toEqual([400, 'errors.invalid_input', 'msisdn']);
            expect(refused.error.message).toContain('international form, e.g. 27821234567');
        }
    });

    it('creating a user keeps the number in international form too', async () => {
        const groups = await server.call(listAdminGroups, { query: { $limit: 100 }, token: admin });
        const group = groups.body.data.find(row => row.name === 'Portal Staff') ?? groups.body.data[0];
        if (!group) throw new Error('no group seeded');
        const created = await server.call(createAdmin, {
            body: {
                username: 'phone.rule.user',
                first_name: 'Phone',
                last_name: 'Rule',
                msisdn: '0846001237',
                group_id: group.id,
                password: 'a-long-password-1',
            },
            token: admin,
        });
        expect(created.status).toBe(201);
        expect(created.body.msisdn).toBe('27846001237');
    });

    it('a local number already registered in international form is the same number', async () => {
        const first = registration('27846001238');
        expect((await server.call(register, { body: first, remoteAddress: '10.77.0.5' })).status).toBe(201);
        const again = registration('0846001238');
        // The answer reveals nothing (the owner is told by SMS), and no second account has the number.
        await server.call(register, { body: again, remoteAddress: '10.77.0.6' });
        const holders = await server.db.select({ id: admins.id }).from(admins).where(eq(admins.msisdn, '27846001238'));
        expect(holders).toHaveLength(1);
        expect(await storedMsisdnOf(again.username)).toBeUndefined();
    });

    it('finding a customer by the local number finds the one kept in international form', async () => {
        const [customer] = await server.db
            .select({ id: customers.id, msisdn: customers.msisdn })
            .from(customers)
            .where(like(customers.msisdn, '27_________'))
            .limit(1);
        if (!customer) throw new Error('no customer seeded with a South African number');
        const found = await server.call(findCustomer, { body: { username: `0${customer.msisdn.slice(2)}` }, token: admin });
        expect(found.status).toBe(200);
        expect(found.body.users.map(user => user.id)).toContain(customer.id);
    });
});
