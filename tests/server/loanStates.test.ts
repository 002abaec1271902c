/**
 * Each loan state says what is true of it (docs/domain.md, "Loan"): a payment that brings the balance to
 * 0 completes the loan in the same transaction, whoever records it; a cancelled sale owes nothing;
 * a confirmed lock activation makes the sale active without a second step; and a draft that was
 * not finished within DRAFT_RESERVATION_HOURS gives its phone back to stock and its customer's
 * credit back to them, audited, by the sweep on demand or on its timer.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLimits, customerLoans, digitalAssistedIdentification, loanStatements } from '../../contract/customers';
import { confirmLockActivation } from '../../contract/devices';
import { cancelLoan, DRAFT_RESERVATION_HOURS, loanProgress } from '../../contract/origination';
import { correctSuspense } from '../../contract/money';
import { auditEvents, deviceLocks, inventoryItems, loans } from '../../server/db/schema';
import { SIMULATED_DELAY_MS } from '../../server/domain/devices/lockProviders';
import { releaseExpiredDrafts } from '../../server/domain/origination/expiry';
import { signInAs } from './contractCases';
import { adminId, makeLoan } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';
import { makeSuspense } from './moneyFixtures';
import { makeSale } from './originationFixtures';

let server: TestServer;
const token: Record<string, string> = {};
let agentId = 0;

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['agent', 'maker']) token[username] = await signInAs(server, username);
    agentId = await adminId(server.db, 'agent');
}, 60_000);
afterAll(() => server?.close());

const HOUR_MS = 60 * 60_000;

const loanRow = async (id: number) => {
    const [row] = await server.db.select().from(loans).where(eq(loans.id, id));
    if (!row) throw new Error('No loan');
    return row;
};
const itemStatus = async (imei: string) =>
    (await server.db.select({ status: inventoryItems.status }).from(inventoryItems).where(eq(inventoryItems.imei, imei)))[0]
        ?.status;
const auditOf = (entity: string, id: number) =>
    server.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, String(id))));

describe('a payment that brings the balance to 0', () => {
    it('completes the loan in the same transaction, audited, and the loan answers completed with nothing due', async () => {
        const made = await makeLoan(server.db, { balance: 79 });
        const payment = await makeSuspense(server.db, { amount: 79, msisdn: made.msisdn });
        const answer = await server.call(correctSuspense, {
            body: { transaction_id: payment.id, loan_reference: made.loanReference },
            token: token.maker,
        });
        expect(answer.status).toBe(200);
        expect(answer.body.loan.balance).toBe(0);
        expect(await loanRow(made.loan.id)).toMatchObject({ status: 'completed', balance: 0 });
        const events = await auditOf('loans', made.loan.id);
        expect(events).toEqual([
            expect.objectContaining({
                action: 'loans.complete',
                before: { status: 'active', balance: 79 },
                after: { status: 'completed', balance: 0, reason: 'paid_off', loan_reference: made.loanReference },
            }),
        ]);
        const listed = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.agent });
        expect(listed.body.data[0]).toMatchObject({ status: 'completed', balance: 0 });
    });

    it('leaves a loan with something still due active, whoever writes the balance', async () => {
        const partly = await makeLoan(server.db, { balance: 100 });
        const payment = await makeSuspense(server.db, { amount: 40, msisdn: partly.msisdn });
        await server.call(correctSuspense, {
            body: { transaction_id: payment.id, loan_reference: partly.loanReference },
            token: token.maker,
        });
        expect(await loanRow(partly.loan.id)).toMatchObject({ status: 'active', balance: 60 });
        // A statement import lowers balances in one statement of its own: the database holds the rule for it too.
        const batch = await makeLoan(server.db, { balance: 20 });
        await server.db
            .update(loans)
            .set({ balance: 0 })
            .where(inArray(loans.id, [batch.loan.id]));
        expect((await loanRow(batch.loan.id)).status).toBe('completed');
    });

    it('seeds the paid-off demo loan LPP-000008 as completed, its phone still to release', async () => {
        const listed = await server.call(customerLoans, { body: { msisdn: '27710000008' }, token: token.agent });
        expect(listed.body.data[0]).toMatchObject({
            loan_reference: 'LPP-000008',
            status: 'completed',
            balance: 0,
            device: { state: 'active' },
        });
    });
});

describe('a cancelled sale', () => {
    it('answers no balance due, in the loans list and its statement, and nothing paid', async () => {
        const sale = await makeSale(server.db, { agentId, status: 'awaiting_deposit' });
        const cancelled = await server.call(cancelLoan, {
            body: { loan_reference: sale.loanReference, reason: 'customer_changed_mind' },
            token: token.agent,
        });
        expect(cancelled.body).toMatchObject({ status: 'cancelled', balance: 0, amount_paid: 0 });
        const listed = await server.call(customerLoans, { body: { msisdn: sale.msisdn }, token: token.agent });
        expect(listed.body.data[0]).toMatchObject({ status: 'cancelled', balance: 0, amount_paid: 0 });
        const statement = await server.call(loanStatements, { body: { loan_reference: sale.loanReference }, token: token.agent });
        expect(statement.body).toMatchObject({ status: 'cancelled', balance: 0, entries: [] });
    });
});

describe('the lock activation', () => {
    it('makes the sale active once the provider confirms, with no second request, audited', async () => {
        const made = await makeLoan(server.db, { status: 'awaiting_lock' });
        const asked = await server.call(confirmLockActivation, {
            body: { loan_reference: made.loanReference },
            token: token.agent,
        });
        expect(asked.body).toMatchObject({ confirmed: false, device: { state: 'activating' } });
        server.clock.advance(SIMULATED_DELAY_MS.trustonic);
        // Reading the customer's loans is what brings the device up to date: the loan moves with it.
        const listed = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.agent });
        expect(listed.body.data[0]).toMatchObject({ status: 'active', device: { state: 'active', requested_state: null } });
        expect((await auditOf('loans', made.loan.id)).map(event => [event.action, event.after])).toEqual([
            ['loans.activate', { status: 'active', by: 'lock_confirmed' }],
        ]);
    });
});

describe('the digital-assisted order', () => {
    it('follows its loan: named as the loan names its phone, and gone once the loan is active', async () => {
        const lookup = () =>
            server.call(digitalAssistedIdentification, { body: { username: '27710000007' }, token: token.maker });
        const order = await lookup();
        expect(order.body.data).toMatchObject({
            is_existing_order: true,
            loan_reference: 'LPP-000007',
            status: 'awaiting_lock',
            model: 'vivo Y17s 64 GB',
        });
        const listed = await server.call(customerLoans, { body: { msisdn: '27710000007' }, token: token.maker });
        const loan = listed.body.data[0];
        expect(order.body.data.is_existing_order && order.body.data.model).toBe(`${loan?.brand} ${loan?.model}`);
        await server.db.update(loans).set({ status: 'active' }).where(eq(loans.loanReference, 'LPP-000007'));
        expect((await lookup()).body.data.is_existing_order).toBe(false);
    });
});

describe('a draft whose reservation expired', () => {
    /**
     * A draft started at the clock's now: the fixture's row takes the database's time, which runs
     * ahead of the test clock by however long the run has gone since the seeded copy was made.
     */
    const draftNow = async () => {
        const sale = await makeSale(server.db, { agentId, status: 'draft' });
        await server.db.update(loans).set({ createdAt: server.clock.now() }).where(eq(loans.id, sale.loan.id));
        return sale;
    };

    it('is released on demand after DRAFT_RESERVATION_HOURS, and not a minute before: phone in stock, credit back, audited', async () => {
        const sale = await draftNow();
        // Signed in afresh each time: two days on, the first session has long expired.
        const limits = async () => {
            token.agent = await signInAs(server, 'agent');
            return server.call(customerLimits, { body: { msisdn: sale.msisdn }, token: token.agent });
        };
        const held = (await limits()).body;
        expect(held.used).toBeGreaterThan(0);
        expect(await itemStatus(sale.imei)).toBe('reserved');

        server.clock.advance(DRAFT_RESERVATION_HOURS * HOUR_MS - 60_000);
        expect((await limits()).body.used).toBe(held.used);
        expect((await loanRow(sale.loan.id)).status).toBe('draft');

        server.clock.advance(2 * 60_000);
        const freed = (await limits()).body;
        expect([freed.used, freed.available, freed.open_loans]).toEqual([0, freed.credit_limit, 0]);
        expect(await loanRow(sale.loan.id)).toMatchObject({ status: 'cancelled', cancellationReason: 'reservation_expired' });
        expect(await itemStatus(sale.imei)).toBe('in_stock');
        const [expired] = await auditOf('loans', sale.loan.id);
        expect(expired).toMatchObject({
            action: 'loans.expire',
            actorAdminId: null,
            before: { status: 'draft' },
            after: { status: 'cancelled', reason: 'reservation_expired', loan_reference: sale.loanReference },
        });
        const itemId = sale.loan.inventoryItemId ?? 0;
        expect((await auditOf('inventory_items', itemId)).map(event => event.action)).toContain('inventory_items.release');
        const listed = await server.call(customerLoans, { body: { msisdn: sale.msisdn }, token: token.agent });
        expect(listed.body.data[0]).toMatchObject({
            status: 'cancelled',
            cancellation_reason: 'reservation_expired',
            balance: 0,
        });
    });

    it('is released before it is resumed: the wizard hears it was cancelled, never a draft to carry on', async () => {
        const sale = await draftNow();
        server.clock.advance(DRAFT_RESERVATION_HOURS * HOUR_MS + 60_000);
        token.agent = await signInAs(server, 'agent');
        const progress = await server.call(loanProgress, { body: { loan_reference: sale.loanReference }, token: token.agent });
        expect(progress.body).toMatchObject({ step: 'cancelled', loan: { status: 'cancelled', balance: 0 } });
        expect(await itemStatus(sale.imei)).toBe('in_stock');
    });

    it('sweeps only expired drafts: a sale past its codes, an active loan and a young draft are left alone', async () => {
        const old = await draftNow();
        const paying = await makeSale(server.db, { agentId, status: 'awaiting_deposit' });
        const active = await makeLoan(server.db, { status: 'active' });
        server.clock.advance(DRAFT_RESERVATION_HOURS * HOUR_MS + 60_000);
        const young = await makeSale(server.db, { agentId, status: 'draft' });
        await server.db.update(loans).set({ createdAt: server.clock.now() }).where(eq(loans.id, young.loan.id));

        // Two instances sweeping at the same moment release each draft once.
        const swept = await Promise.all([
            releaseExpiredDrafts(server.db, server.clock.now()),
            releaseExpiredDrafts(server.db, server.clock.now()),
        ]);
        expect(swept[0] + swept[1]).toBeGreaterThanOrEqual(1);
        expect((await loanRow(old.loan.id)).status).toBe('cancelled');
        expect((await loanRow(paying.loan.id)).status).toBe('awaiting_deposit');
        expect((await loanRow(active.loan.id)).status).toBe('active');
        expect((await loanRow(young.loan.id)).status).toBe('draft');
        expect(await itemStatus(young.imei)).toBe('reserved');
        expect((await auditOf('loans', old.loan.id)).filter(event => event.action === 'loans.expire')).toHaveLength(1);
        // Nothing left to release: a sweep writes nothing at all.
        expect(await releaseExpiredDrafts(server.db, server.clock.now())).toBe(0);
        const [lock] = await server.db.select().from(deviceLocks).where(eq(deviceLocks.loanId, old.loan.id));
        expect(lock?.state).toBe('pending');
    });
});
