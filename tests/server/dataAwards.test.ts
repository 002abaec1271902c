/**
 * Data awards (AWARD_DATA): a bundle with a reason to a customer the caller may see, told by SMS,
 * at most once in DATA_AWARD_INTERVAL_DAYS even for two staff at the same instant, audited.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { awardCustomerData, customerDataAwards, DATA_AWARD_INTERVAL_DAYS } from '../../contract/customers';
import { auditEvents, dataAwards, smsOutbox } from '../../server/db/schema';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { makeCustomer } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};
const DAY_MS = 24 * 60 * 60_000;

const signInAll = async () => {
    for (const username of ['admin', 'maker', 'agent']) token[username] = await signInAs(server, username);
};
beforeAll(async () => {
    server = await startTestServer();
}, 60_000);
// The clock moves by weeks here: sessions are signed in afresh for each test.
beforeEach(signInAll);
afterAll(() => server?.close());

const award = (msisdn: string, who = 'maker', bundle_mb: 100 | 500 | 1024 = 500) =>
    server.call(awardCustomerData, {
        body: { msisdn, bundle_mb, reason: 'Paid every instalment early' },
        token: token[who],
    });

describe('data awards', () => {
    it('awards a bundle, tells the customer by SMS, audits it, and lists it with when the next may come', async () => {
        const { msisdn } = await makeCustomer(server.db);
        const { status, body } = await award(msisdn, 'maker', 1024);
        expect(status).toBe(201);
        expect(body).toMatchObject({
            msisdn,
            bundle_mb: 1024,
            reason: 'Paid every instalment early',
            awarded_by: { name: 'Sipho Ndlovu' },
        });
        const sms = await server.db.select().from(smsOutbox).where(eq(smsOutbox.msisdn, msisdn));
        expect(sms.map(row => row.text)).toEqual([expect.stringContaining('1 GB of mobile data')]);
        const audited = await server.db
            .select({ value: count() })
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'data_awards.create'), eq(auditEvents.entityId, String(body.id))));
        expect(audited[0]?.value).toBe(1);

        const listed = await server.call(customerDataAwards, { body: { msisdn }, token: token.maker });
        expect(listed.body.data.map(row => row.id)).toEqual([body.id]);
        expect(Date.parse(listed.body.next_award_at ?? '')).toBe(Date.parse(body.created_at) + DATA_AWARD_INTERVAL_DAYS * DAY_MS);
    });

    it(`refuses a second award within ${DATA_AWARD_INTERVAL_DAYS} days, and allows one after`, async () => {
        const { msisdn } = await makeCustomer(server.db);
        expect((await award(msisdn)).status).toBe(201);
        server.clock.advance((DATA_AWARD_INTERVAL_DAYS - 1) * DAY_MS);
        await signInAll();
        const again = await award(msisdn, 'admin');
        expect([again.status, again.error.key, again.error.field]).toEqual([409, 'errors.award_too_soon', 'bundle_mb']);
        server.clock.advance(DAY_MS + 1);
        await signInAll();
        expect((await award(msisdn, 'admin')).status).toBe(201);
        const listed = await server.call(customerDataAwards, { body: { msisdn }, token: token.maker });
        expect(listed.body.data).toHaveLength(2);
    });

    it('gives one bundle when ten staff award the same customer at once', async () => {
        const { msisdn } = await makeCustomer(server.db);
        const outcome = await race(server, awardCustomerData, 10, index => ({
            body: { msisdn, bundle_mb: 100, reason: `Goodwill ${index}` },
            token: index % 2 ? token.admin : token.maker,
        }));
        expect(outcome.statuses).toEqual({ 201: 1, 409: 9 });
        const [customerId] = await server.db
            .select({ id: dataAwards.customerId })
            .from(dataAwards)
            .where(eq(dataAwards.id, outcome.winners[0]!.body.id));
        const rows = await server.db.select({ value: count() }).from(dataAwards).where(eq(dataAwards.customerId, customerId!.id));
        expect(rows[0]?.value).toBe(1);
    });

    it('refuses a bundle it does not offer and a reason too short, naming the field, and writes nothing', async () => {
        const { msisdn } = await makeCustomer(server.db);
        const odd = await server.call(awardCustomerData, {
            body: { msisdn, bundle_mb: 200 as 100, reason: 'Goodwill' },
            token: token.maker,
        });
        expect([odd.status, odd.error.field]).toEqual([400, 'bundle_mb']);
        const short = await server.call(awardCustomerData, {
            body: { msisdn, bundle_mb: 100, reason: 'ok' },
            token: token.maker,
        });
        expect([short.status, short.error.field]).toEqual([400, 'reason']);
        const listed = await server.call(customerDataAwards, { body: { msisdn }, token: token.maker });
        expect(listed.body).toEqual({ data: [], next_award_at: null });
    });

    it('answers 404 for a customer the caller may not see, and 403 without AWARD_DATA', async () => {
        const { msisdn } = await makeCustomer(server.db);
        const stranger = await award('27799999999');
        expect([stranger.status, stranger.error.key]).toEqual([404, 'errors.customer_not_found']);
        const agent = await award(msisdn, 'agent');
        expect([agent.status, agent.error.key]).toEqual([403, 'errors.forbidden']);
    });
});
