/**
 * Finding customers and what the customer view shows: each lookup and who it finds, what a
 * caller out of a customer's reach gets (the same 404 as for nobody), messages without codes,
 * limits, qualified phones, call ratings, conversion, and the field agents' requests.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    convertCustomer,
    customerCallRatings,
    customerLimits,
    customerLoans,
    customerMessages,
    digitalAssistedIdentification,
    fieldAgentRequest,
    findCustomer,
    findFieldAgentCustomer,
    qualifiedDevices,
    rateCall,
} from '../../contract/customers';
import { sendVivoAuthCode } from '../../contract/devices';
import { callRatings, customers, stores } from '../../server/db/schema';
import { DEMO_CUSTOMERS } from '../../server/seed/customers';
import { HIDDEN_CODE_TEXT } from '../../server/domain/customers/view';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { freshMsisdn, makeCustomer, makeLoan, nextSerial } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};
let soweto = 0;

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'agent', 'shopowner', 'fieldagent', 'analyst'])
        token[username] = await signInAs(server, username);
    const [row] = await server.db.select({ id: stores.id }).from(stores).where(eq(stores.name, 'Soweto Central'));
    soweto = row?.id ?? 0;
}, 60_000);
afterAll(() => server?.close());

const demo = (msisdn: string) => {
    const found = DEMO_CUSTOMERS.find(customer => customer.msisdn === msisdn);
    if (!found) throw new Error(`No demo customer ${msisdn}`);
    return found;
};
const ACTIVE = '27710000001';
const DURBAN_BUSINESS = '27710000004';
const NO_LOAN = '27710000005';
const BY_FIELD_AGENT = '27710000006';
const DIGITAL = '27710000007';

describe('find customer (view_customer_msisdn)', () => {
    it.each([
        ['the phone number', ACTIVE],
        ['the phone number with +', `+${ACTIVE}`],
        ['the username, whatever its case', 'Zanele.Dube'],
        ['the id number', demo(ACTIVE).idNumber],
        ['the IMEI of a loan', demo(ACTIVE).loan?.imei ?? ''],
        ['the reference of a loan', demo(ACTIVE).loan?.reference ?? ''],
        ['the reference of a loan, typed in small letters', (demo(ACTIVE).loan?.reference ?? '').toLowerCase()],
    ])('finds a customer by %s, with every field of the customer view', async (_what, text) => {
        const { status, body } = await server.call(findCustomer, { body: { username: text }, token: token.admin });
        expect(status).toBe(200);
        expect(body.users).toHaveLength(1);
        expect(body.users[0]).toMatchObject({
            msisdn: ACTIVE,
            first_name: 'Zanele',
            last_name: 'Dube',
            customer_type: 'normal',
            business: null,
            currency: 'ZAR',
            kyc_status: 'verified',
            address: { town: 'Johannesburg', suburb: 'Orlando East' },
            store: { name: 'Soweto Central' },
        });
    });

    it('answers a business customer with the business details', async () => {
        const { body } = await server.call(findCustomer, { body: { username: DURBAN_BUSINESS }, token: token.admin });
        expect(body.users[0]).toMatchObject({
            customer_type: 'business',
            business: {
                business_name: 'Zulu Spaza Supplies',
                employee_count: 6,
                industry_vertical: 'retail',
                turnover_band: '500k_1m',
            },
        });
    });

    it('refuses a malformed phone number or username with a 400 naming the field', async () => {
        for (const text of ['27 71 000', 'a', "x' OR 1=1 --", '']) {
            const { status, error } = await server.call(findCustomer, { body: { username: text }, token: token.admin });
            expect([status, error.field]).toEqual([400, 'username']);
        }
    });

    it('answers an unknown customer with 404 Customer record not found', async () => {
        const { status, error } = await server.call(findCustomer, { body: { username: '27719999999' }, token: token.admin });
        expect([status, error.key, error.message]).toEqual([404, 'errors.customer_not_found', 'Customer record not found']);
    });

    it("shows a shop's staff their shop's customers only, and answers another shop's as if unknown", async () => {
        for (const username of ['agent', 'shopowner']) {
            expect((await server.call(findCustomer, { body: { username: ACTIVE }, token: token[username] })).status).toBe(200);
            const other = await server.call(findCustomer, { body: { username: DURBAN_BUSINESS }, token: token[username] });
            expect([other.status, other.error.key]).toEqual([404, 'errors.customer_not_found']);
        }
    });

    it("finds by loan reference within each lookup's reach only: another shop's loan answers as unknown", async () => {
        const elsewhere = await makeLoan(server.db, { store: 'Cape Town Bellville' });
        const admin = await server.call(findCustomer, { body: { username: elsewhere.loanReference }, token: token.admin });
        expect([admin.status, admin.body.users[0]?.msisdn]).toEqual([200, elsewhere.msisdn]);
        for (const username of ['agent', 'shopowner']) {
            const other = await server.call(findCustomer, {
                body: { username: elsewhere.loanReference },
                token: token[username],
            });
            expect([username, other.status, other.error.key]).toEqual([username, 404, 'errors.customer_not_found']);
        }
        const assisted = await server.call(digitalAssistedIdentification, {
            body: { username: 'LPP-000007' },
            token: token.maker,
        });
        expect([assisted.status, assisted.body.data.is_existing_order]).toEqual([200, true]);
        // The field agent's own lookup: LPP-000006 is the sale of a customer this agent registered, LPP-000001 is not.
        const mine = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: 'LPP-000006' },
            token: token.fieldagent,
        });
        expect([mine.status, mine.body.users[0]?.msisdn]).toEqual([200, BY_FIELD_AGENT]);
        const notMine = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: demo(ACTIVE).loan?.reference ?? '' },
            token: token.fieldagent,
        });
        expect(notMine.status).toBe(404);
        const otherShop = await server.call(findFieldAgentCustomer, {
            query: { find: 'shop' },
            body: { username: elsewhere.loanReference, store_id: soweto },
            token: token.fieldagent,
        });
        expect(otherShop.status).toBe(404);
    });

    it('shows a shop a customer of another shop once they hold a loan sold there', async () => {
        const made = await makeLoan(server.db, { store: 'Cape Town Bellville' });
        expect((await server.call(findCustomer, { body: { username: made.msisdn }, token: token.agent })).status).toBe(404);
        await makeLoan(server.db, { customerId: made.customer.id, msisdn: made.msisdn, store: 'Soweto Central' });
        expect((await server.call(findCustomer, { body: { username: made.msisdn }, token: token.agent })).status).toBe(200);
    });
});

describe("a customer out of the caller's reach", () => {
    it('is answered 404 by every call that names the customer, exactly as an unknown number', async () => {
        for (const msisdn of [DURBAN_BUSINESS, '27719999998']) {
            for (const call of [customerLimits, customerMessages, qualifiedDevices, customerLoans] as const) {
                const { status, error } = await server.call(call, { body: { msisdn }, token: token.agent });
                expect([call.path, status, error.key]).toEqual([call.path, 404, 'errors.customer_not_found']);
            }
        }
    });
});

describe('find customer as a field agent (get_lipa_pole_pole_customers)', () => {
    it('finds the customers the agent registered, and no one else', async () => {
        const mine = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: BY_FIELD_AGENT },
            token: token.fieldagent,
        });
        expect([mine.status, mine.body.users[0]?.registered_by?.name]).toEqual([200, 'Naledi Mahlangu']);
        const other = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: ACTIVE },
            token: token.fieldagent,
        });
        expect([other.status, other.error.key]).toEqual([404, 'errors.customer_not_found']);
        // The admin registered nobody: their own customers are none, whatever else they may see.
        const admin = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: BY_FIELD_AGENT },
            token: token.admin,
        });
        expect(admin.status).toBe(404);
    });

    it("finds a shop's customers by shop: an agent without a shop names it", async () => {
        const unnamed = await server.call(findFieldAgentCustomer, {
            query: { find: 'shop' },
            body: { username: ACTIVE },
            token: token.fieldagent,
        });
        expect([unnamed.status, unnamed.error.key, unnamed.error.field]).toEqual([400, 'errors.store_required', 'store_id']);
        const found = await server.call(findFieldAgentCustomer, {
            query: { find: 'shop' },
            body: { username: ACTIVE, store_id: soweto },
            token: token.fieldagent,
        });
        expect([found.status, found.body.users[0]?.msisdn]).toEqual([200, ACTIVE]);
        const elsewhere = await server.call(findFieldAgentCustomer, {
            query: { find: 'shop' },
            body: { username: DURBAN_BUSINESS, store_id: soweto },
            token: token.fieldagent,
        });
        expect(elsewhere.status).toBe(404);
    });

    it('refuses an unknown scope and an unknown shop', async () => {
        const scope = await server.call(findFieldAgentCustomer, {
            query: { find: 'everyone' as 'shop' },
            body: { username: ACTIVE },
            token: token.fieldagent,
        });
        expect([scope.status, scope.error.field]).toEqual([400, 'find']);
        const shop = await server.call(findFieldAgentCustomer, {
            query: { find: 'shop' },
            body: { username: ACTIVE, store_id: 999_999 },
            token: token.fieldagent,
        });
        expect([shop.status, shop.error.key]).toEqual([400, 'errors.unknown_store']);
    });
});

describe('customer limits', () => {
    it('answer the credit limit, what open loans use and what is left', async () => {
        const { status, body } = await server.call(customerLimits, { body: { msisdn: ACTIVE }, token: token.maker });
        const loans = await server.call(customerLoans, { body: { msisdn: ACTIVE }, token: token.maker });
        const balance = loans.body.data.reduce((sum, loan) => sum + loan.balance, 0);
        expect(status).toBe(200);
        expect(body).toMatchObject({
            msisdn: ACTIVE,
            credit_limit: 8000,
            used: balance,
            available: 8000 - balance,
            currency: 'ZAR',
            open_loans: 1,
        });
    });
});

describe('customer messages (get_customer_sms)', () => {
    it('answers the texts newest first', async () => {
        const { status, body } = await server.call(customerMessages, { body: { msisdn: ACTIVE }, token: token.maker });
        expect(status).toBe(200);
        expect(body.texts.length).toBeGreaterThan(1);
        const ids = body.texts.map(text => text.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        expect(body.texts.at(-1)?.text).toContain('Welcome');
    });

    it("never shows a one-time code, so staff cannot authorise in the customer's place", async () => {
        const made = await makeLoan(server.db, { status: 'awaiting_lock', lockSolution: 'vivo' });
        expect(
            (await server.call(sendVivoAuthCode, { body: { loan_reference: made.loanReference }, token: token.admin })).status,
        ).toBe(200);
        const { body } = await server.call(customerMessages, { body: { msisdn: made.msisdn }, token: token.admin });
        expect(body.texts[0]).toMatchObject({ purpose: 'otp', text: HIDDEN_CODE_TEXT });
        expect(JSON.stringify(body)).not.toMatch(/\b\d{6}\b/);
    });

    it('is refused to a role without VIEW_CUSTOMER_MESSAGES', async () => {
        const { status } = await server.call(customerMessages, { body: { msisdn: ACTIVE }, token: token.fieldagent });
        expect(status).toBe(403);
    });
});

describe('qualified phones', () => {
    it('lists the models whose financed amount fits the credit left, with the stock', async () => {
        const { status, body } = await server.call(qualifiedDevices, { body: { msisdn: NO_LOAN }, token: token.maker });
        expect(status).toBe(200);
        expect(body.available_limit).toBe(3500);
        expect(body.devices.length).toBeGreaterThan(0);
        for (const device of body.devices) expect(device.cash_price - device.deposit).toBeLessThanOrEqual(3500);
        expect(body.devices.map(device => device.sku)).not.toContain('APPLE-IP13-128');
        expect(body.devices.every(device => device.in_stock >= 0)).toBe(true);
    });

    it('is empty for a customer with no credit left', async () => {
        const customer = await makeCustomer(server.db, { creditLimit: 0 });
        const { body } = await server.call(qualifiedDevices, { body: { msisdn: customer.msisdn }, token: token.maker });
        expect(body).toMatchObject({ available_limit: 0, devices: [] });
    });
});

describe('digitally assisted lookup (customer-identification)', () => {
    it('answers the order in progress when the customer has one', async () => {
        const { status, body } = await server.call(digitalAssistedIdentification, {
            body: { username: DIGITAL },
            token: token.maker,
        });
        expect(status).toBe(200);
        expect(body.data).toMatchObject({
            is_existing_order: true,
            loan_reference: 'LPP-000007',
            status: 'awaiting_lock',
            customer: { msisdn: DIGITAL },
        });
    });

    it('answers the users otherwise', async () => {
        const { body } = await server.call(digitalAssistedIdentification, { body: { username: NO_LOAN }, token: token.maker });
        expect(body.data.is_existing_order).toBe(false);
        expect('users' in body.data && body.data.users[0]?.msisdn).toBe(NO_LOAN);
    });
});

describe('call rating', () => {
    it('records a rating from 1 to 5 with who gave it', async () => {
        const { status, body } = await server.call(rateCall, {
            body: { msisdn: ACTIVE, rating: 5, comment: 'Paid on the call' },
            token: token.agent,
        });
        expect(status).toBe(201);
        expect(body).toMatchObject({
            msisdn: ACTIVE,
            rating: 5,
            comment: 'Paid on the call',
            rated_by: { name: 'Bongani Khumalo' },
        });
    });

    it('leaves a trace: the latest ratings, newest first with who and when, and how many in all', async () => {
        const customer = await makeCustomer(server.db);
        const none = await server.call(customerCallRatings, { body: { msisdn: customer.msisdn }, token: token.agent });
        expect([none.status, none.body]).toEqual([200, { ratings: [], total: 0 }]);
        for (const rating of [1, 2, 3, 4, 5, 4]) {
            server.clock.advance(60_000);
            const rated = await server.call(rateCall, { body: { msisdn: customer.msisdn, rating }, token: token.agent });
            expect(rated.status).toBe(201);
        }
        const { status, body } = await server.call(customerCallRatings, {
            body: { msisdn: customer.msisdn },
            token: token.agent,
        });
        expect(status).toBe(200);
        expect(body.total).toBe(6);
        expect(body.ratings.map(rating => rating.rating)).toEqual([4, 5, 4, 3, 2]);
        expect(body.ratings[0]).toMatchObject({
            msisdn: customer.msisdn,
            comment: null,
            rated_by: { name: 'Bongani Khumalo' },
            created_at: server.clock.now().toISOString(),
        });
    });

    it("answers another shop's customer's ratings as an unknown customer", async () => {
        const { status, error } = await server.call(customerCallRatings, {
            body: { msisdn: DURBAN_BUSINESS },
            token: token.agent,
        });
        expect([status, error.key]).toEqual([404, 'errors.customer_not_found']);
    });

    it('refuses a rating out of range, naming the field, and writes nothing', async () => {
        const before = await server.db.select({ value: count() }).from(callRatings);
        for (const rating of [0, 6, 3.5]) {
            const { status, error } = await server.call(rateCall, { body: { msisdn: ACTIVE, rating }, token: token.agent });
            expect([status, error.field]).toEqual([400, 'rating']);
        }
        expect(await server.db.select({ value: count() }).from(callRatings)).toEqual(before);
    });
});

describe('customer conversion', () => {
    const toBusiness = (msisdn: string) => ({
        msisdn,
        customer_type: 'business' as const,
        business: {
            business_name: 'Dube Hair Salon',
            employee_count: 3,
            industry_vertical: 'services' as const,
            turnover_band: 'under_100k' as const,
            address: { street: '12 Vilakazi Street', town: 'Johannesburg', postal_code: '1804' },
        },
    });

    it('converts a normal customer to business and back', async () => {
        const customer = await makeCustomer(server.db);
        const business = await server.call(convertCustomer, { body: toBusiness(customer.msisdn), token: token.maker });
        expect(business.status).toBe(200);
        expect(business.body).toMatchObject({
            customer_type: 'business',
            business: { business_name: 'Dube Hair Salon', address: { street: '12 Vilakazi Street', town: 'Johannesburg' } },
        });
        const normal = await server.call(convertCustomer, {
            body: { msisdn: customer.msisdn, customer_type: 'normal' },
            token: token.maker,
        });
        expect(normal.body).toMatchObject({ customer_type: 'normal', business: null });
    });

    it('refuses converting to the type the customer has, and a business without its details', async () => {
        const customer = await makeCustomer(server.db);
        const same = await server.call(convertCustomer, {
            body: { msisdn: customer.msisdn, customer_type: 'normal' },
            token: token.maker,
        });
        expect([same.status, same.error.key]).toEqual([409, 'errors.customer_type_unchanged']);
        const partial = await server.callUnchecked(convertCustomer, {
            body: { msisdn: customer.msisdn, customer_type: 'business' },
            token: token.maker,
        });
        expect([partial.status, partial.error.field]).toEqual([400, 'business']);
    });

    it('converts once when many ask at the same moment', async () => {
        const customer = await makeCustomer(server.db);
        const outcome = await race(server, convertCustomer, 8, { body: toBusiness(customer.msisdn), token: token.maker });
        expect(outcome.statuses).toEqual({ 200: 1, 409: 7 });
    });
});

describe('field agent requests', () => {
    const newRequest = (msisdn: string, idNumber = `88${nextSerial()}`) => ({
        action: 'add' as const,
        msisdn,
        first_name: 'Mpho',
        last_name: 'Sebego',
        id_number: idNumber,
        town: 'Soweto',
        note: 'Wants a Samsung, paid weekly',
    });

    it("registers a new phone number as the agent's customer, whom the agent then finds", async () => {
        const msisdn = freshMsisdn();
        const added = await server.call(fieldAgentRequest, { body: newRequest(msisdn), token: token.fieldagent });
        expect(added.status).toBe(200);
        expect(added.body).toMatchObject({ action: 'add', request: { msisdn, first_name: 'Mpho', status: 'open' } });
        const found = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: msisdn },
            token: token.fieldagent,
        });
        expect(found.body.users[0]).toMatchObject({
            msisdn,
            channel: 'field_agent',
            kyc_status: 'none',
            registered_by: { name: 'Naledi Mahlangu' },
        });
    });

    it('answers the same for a known number, without changing that customer or showing them to the agent', async () => {
        const [before] = await server.db.select().from(customers).where(eq(customers.msisdn, ACTIVE));
        const added = await server.call(fieldAgentRequest, { body: newRequest(ACTIVE), token: token.fieldagent });
        expect(added.status).toBe(200);
        expect(added.body).toMatchObject({ action: 'add', request: { msisdn: ACTIVE, first_name: 'Mpho', status: 'open' } });
        const [after] = await server.db.select().from(customers).where(eq(customers.msisdn, ACTIVE));
        expect(after).toEqual(before);
        const found = await server.call(findFieldAgentCustomer, {
            query: { find: 'fieldagent' },
            body: { username: ACTIVE },
            token: token.fieldagent,
        });
        expect(found.status).toBe(404);
    });

    it("lists the agent's own requests, newest first", async () => {
        await server.call(fieldAgentRequest, { body: newRequest(freshMsisdn()), token: token.fieldagent });
        const mine = await server.call(fieldAgentRequest, { body: { action: 'fetch' }, token: token.fieldagent });
        expect(mine.body.action).toBe('fetch');
        if (mine.body.action !== 'fetch') return;
        expect(mine.body.total_items).toBeGreaterThanOrEqual(2);
        const ids = mine.body.data.map(request => request.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        const admins = await server.call(fieldAgentRequest, { body: { action: 'fetch' }, token: token.admin });
        expect(admins.body).toMatchObject({ action: 'fetch', total_items: 0 });
    });

    it("refuses an id number that is another customer's, and a shop that does not exist", async () => {
        const taken = await server.call(fieldAgentRequest, {
            body: newRequest(freshMsisdn(), demo(ACTIVE).idNumber),
            token: token.fieldagent,
        });
        expect([taken.status, taken.error.field]).toEqual([409, 'id_number']);
        const shop = await server.call(fieldAgentRequest, {
            body: { ...newRequest(freshMsisdn()), store_id: 999_999 },
            token: token.fieldagent,
        });
        expect([shop.status, shop.error.key]).toEqual([400, 'errors.unknown_store']);
    });

    it('makes one customer when two requests for a new number arrive together', async () => {
        const msisdn = freshMsisdn();
        const idNumber = `88${nextSerial()}`;
        const outcome = await race(server, fieldAgentRequest, 6, { body: newRequest(msisdn, idNumber), token: token.fieldagent });
        expect(outcome.statuses).toEqual({ 200: 6 });
        const rows = await server.db.select().from(customers).where(eq(customers.msisdn, msisdn));
        expect(rows).toHaveLength(1);
    });
});
