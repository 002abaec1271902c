/**
 * The customer view's address (`?customer=<public_id>`, customer_by_public_id): every customer has
 * a random public id, and reading by it shows a customer exactly to whom the view's own lookup
 * would find them. Out of sight answers exactly as an id that does not exist, and a caller without
 * the view's role is refused whatever the id.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerByPublicId, fieldAgentRequest, findCustomer, type CustomerViewKey } from '../../contract/customers';
import { customers } from '../../server/db/schema';
import { signInAs } from './contractCases';
import { freshMsisdn, makeCustomer, makeLoan } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'checker', 'agent', 'shopowner', 'fieldagent', 'analyst'])
        token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());

const ACTIVE = '27710000001';
const DURBAN_BUSINESS = '27710000004';
const BY_FIELD_AGENT = '27710000006';
const DIGITAL = '27710000007';

const publicIdOf = async (msisdn: string) => {
    const [row] = await server.db.select({ id: customers.publicId }).from(customers).where(eq(customers.msisdn, msisdn));
    if (!row) throw new Error(`No customer ${msisdn}`);
    return row.id;
};

const open = (username: string, publicId: string, view: CustomerViewKey) =>
    server.call(customerByPublicId, { params: { public_id: publicId }, query: { view }, token: token[username] });

describe('the public id', () => {
    it('is a random id of its own for every customer, the demo ones as those added later', async () => {
        const rows = await server.db.select({ id: customers.publicId }).from(customers);
        expect(rows.length).toBeGreaterThan(5);
        expect(new Set(rows.map(row => row.id)).size).toBe(rows.length);
        for (const { id } of rows) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });

    it('is given to a customer a field agent records, and answered by every lookup', async () => {
        const msisdn = freshMsisdn();
        const added = await server.call(fieldAgentRequest, {
            body: {
                action: 'add',
                msisdn,
                first_name: 'Lerato',
                last_name: 'Khumalo',
                id_number: `88${msisdn.slice(-8)}`,
                town: 'Soweto',
            },
            token: token.fieldagent,
        });
        expect(added.status).toBe(200);
        const found = await server.call(findCustomer, { body: { username: msisdn }, token: token.admin });
        expect(found.body.users[0]?.public_id).toBe(await publicIdOf(msisdn));
        const byId = await open('fieldagent', await publicIdOf(msisdn), 'fieldagent');
        expect([byId.status, byId.body.customer.msisdn]).toEqual([200, msisdn]);
    });
});

describe('customer_by_public_id', () => {
    it('shows the customer to whom the view lets see them, with every field the lookup answers', async () => {
        const id = await publicIdOf(ACTIVE);
        const looked = await server.call(findCustomer, { body: { username: ACTIVE }, token: token.maker });
        for (const [username, view] of [
            ['admin', 'staff'],
            ['maker', 'staff'],
            ['maker', 'assisted'],
            ['agent', 'staff'],
            ['shopowner', 'staff'],
            ['fieldagent', 'shop'],
        ] as const) {
            const { status, body } = await open(username, id, view);
            expect([username, view, status]).toEqual([username, view, 200]);
            expect(body.customer).toEqual(looked.body.users[0]);
            expect(body.order).toBeNull();
        }
    });

    it('answers the digitally assisted view with the order in progress, as its lookup does', async () => {
        const made = await makeLoan(server.db, { status: 'awaiting_deposit' });
        const { status, body } = await open('maker', await publicIdOf(made.msisdn), 'assisted');
        expect([status, body.order?.loan_reference]).toEqual([200, made.loanReference]);
        // The staff view has no order: it is the assisted lookup's alone.
        expect((await open('maker', await publicIdOf(made.msisdn), 'staff')).body.order).toBeNull();
        expect((await open('maker', await publicIdOf(DIGITAL), 'assisted')).status).toBe(200);
    });

    it('answers a customer out of sight exactly as an id that does not exist', async () => {
        const unknown = await open('agent', randomUUID(), 'staff');
        expect([unknown.status, unknown.error.key, unknown.error.field]).toEqual([404, 'errors.customer_not_found', 'public_id']);
        const cases: [string, string, CustomerViewKey][] = [
            // Another shop's customer, for a shop's staff.
            ['agent', DURBAN_BUSINESS, 'staff'],
            ['agent', DURBAN_BUSINESS, 'assisted'],
            ['shopowner', DURBAN_BUSINESS, 'staff'],
            // The field agent's own view: only the customers they registered.
            ['fieldagent', ACTIVE, 'fieldagent'],
        ];
        for (const [username, msisdn, view] of cases) {
            const hidden = await open(username, await publicIdOf(msisdn), view);
            const nobody = await open(username, randomUUID(), view);
            expect([username, view, hidden.status]).toEqual([username, view, 404]);
            expect(hidden.error).toEqual(nobody.error);
        }
        // The same answer as the lookup's for the same customer.
        const lookup = await server.call(findCustomer, { body: { username: DURBAN_BUSINESS }, token: token.agent });
        expect([lookup.status, lookup.error.key, lookup.error.message]).toEqual([404, unknown.error.key, unknown.error.message]);
    });

    it("follows each view's lookup: the field agent's own customers, a shop's customers by shop", async () => {
        const mine = await open('fieldagent', await publicIdOf(BY_FIELD_AGENT), 'fieldagent');
        expect([mine.status, mine.body.customer.msisdn]).toEqual([200, BY_FIELD_AGENT]);
        // A customer of no shop is found by no shop's lookup.
        const shopless = await makeCustomer(server.db, { store: null });
        expect((await open('fieldagent', await publicIdOf(shopless.msisdn), 'shop')).status).toBe(404);
        // A customer becomes a shop's by a loan sold there, for the shop view as for its lookup.
        const elsewhere = await makeLoan(server.db, { store: 'Cape Town Bellville' });
        expect((await open('agent', await publicIdOf(elsewhere.msisdn), 'staff')).status).toBe(404);
        await makeLoan(server.db, { customerId: elsewhere.customer.id, msisdn: elsewhere.msisdn, store: 'Soweto Central' });
        expect((await open('agent', await publicIdOf(elsewhere.msisdn), 'staff')).status).toBe(200);
    });

    it("refuses a caller without the view's role, whatever the id, before looking", async () => {
        const id = await publicIdOf(ACTIVE);
        for (const [username, view] of [
            ['fieldagent', 'staff'],
            ['fieldagent', 'assisted'],
            ['shopowner', 'assisted'],
            ['shopowner', 'fieldagent'],
            ['agent', 'shop'],
            ['maker', 'fieldagent'],
        ] as const) {
            for (const publicId of [id, randomUUID()]) {
                const { status, error } = await open(username, publicId, view);
                expect([username, view, status, error.key, error.field]).toEqual([
                    username,
                    view,
                    403,
                    'errors.forbidden',
                    'view',
                ]);
            }
        }
        // No finder role at all: the contract's access refuses the call.
        for (const username of ['checker', 'analyst']) {
            expect((await open(username, id, 'staff')).status).toBe(403);
        }
    });

    it('refuses an id that is not a public id, naming it, and an unknown view', async () => {
        for (const bad of ['27710000001', '1', 'not-a-uuid']) {
            const { status, error } = await open('admin', bad, 'staff');
            expect([bad, status, error.field]).toEqual([bad, 400, 'public_id']);
        }
        const view = await open('admin', await publicIdOf(ACTIVE), 'everyone' as CustomerViewKey);
        expect([view.status, view.error.field]).toEqual([400, 'view']);
    });
});
