/**
 * The calls on an existing loan: what the customer view lists (loans, deposits, statements,
 * insurance), the requests a maker raises for a checker (one pending of a kind per loan, held by
 * the database even for parallel makers), and cancelling a sale with a sales-exit reason.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestImeiChange, requestLoanDeactivation, requestLoanTransfer } from '../../contract/approvals';
import { checkInsurance, customerLoans, depositTransactions, loanStatements, SALES_EXIT_REASONS } from '../../contract/customers';
import { cancelLoan, loanCancellationOptions } from '../../contract/origination';
import { approvalRequests, inventoryItems, loans } from '../../server/db/schema';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { adminId, freshImei, makeLoan } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'agent', 'checker']) token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());

describe('what the customer view lists', () => {
    it("lists a customer's loans newest first, with balance, device and the model", async () => {
        const { status, body } = await server.call(customerLoans, { body: { msisdn: '27710000001' }, token: token.agent });
        expect(status).toBe(200);
        expect(body.data).toHaveLength(1);
        expect(body.data[0]).toMatchObject({
            loan_reference: 'LPP-000001',
            status: 'active',
            brand: 'Samsung',
            currency: 'ZAR',
            agent: { name: 'Bongani Khumalo' },
            store: { name: 'Soweto Central' },
            device: { state: 'active', lock_solution: 'samsung' },
        });
        const loan = body.data[0];
        expect(loan && loan.amount_paid + loan.balance).toBeCloseTo(loan?.price ?? 0, 2);
    });

    it('lists the deposits, and a statement whose running balance ends at the balance', async () => {
        const deposits = await server.call(depositTransactions, { body: { msisdn: '27710000001' }, token: token.agent });
        expect(deposits.body.data).toHaveLength(1);
        expect(deposits.body.data[0]).toMatchObject({
            kind: 'deposit',
            loan_reference: 'LPP-000001',
            amount: 799,
            currency: 'ZAR',
        });

        const statement = await server.call(loanStatements, { body: { loan_reference: 'lpp-000001' }, token: token.agent });
        expect(statement.status).toBe(200);
        const { body } = statement;
        expect(body.entries[0]).toMatchObject({ kind: 'deposit', balance_after: body.price - body.deposit });
        expect(body.entries.at(-1)?.balance_after).toBe(body.balance);
        // The terms accepted (the seed's Galaxy A25): financed is the cash price less the deposit, the
        // cost of credit what the instalments add to it, and the price the total payable.
        expect(body).toMatchObject({
            cash_price: 4999,
            deposit: 799,
            financed: 4200,
            cost_of_credit: 568,
            price: 799 + 149 * 32,
        });
        expect(body.financed).toBe(body.cash_price - body.deposit);
        expect(body.cost_of_credit).toBe(body.price - body.cash_price);
        const dates = body.entries.map(entry => entry.date);
        expect(dates).toEqual([...dates].sort());
    });

    it('answers the insurance of a loan', async () => {
        const insured = await server.call(checkInsurance, { body: { loan_reference: 'LPP-000001' }, token: token.agent });
        expect(insured.body).toMatchObject({
            insured: true,
            status: 'active',
            insurer: 'Hollard',
            policy_number: 'HOL-LPP-000001',
        });
        const none = await server.call(checkInsurance, { body: { loan_reference: 'LPP-000002' }, token: token.agent });
        expect(none.body).toMatchObject({ insured: false, status: 'none', insurer: null });
    });

    it('answers an unknown loan, or one out of reach, with 404 Loan not found', async () => {
        for (const reference of ['LPP-999999', 'LPP-000004']) {
            const { status, error } = await server.call(loanStatements, {
                body: { loan_reference: reference },
                token: token.agent,
            });
            expect([status, error.key, error.message]).toEqual([404, 'errors.loan_not_found', 'Loan not found']);
        }
        const malformed = await server.call(loanStatements, { body: { loan_reference: 'no spaces!' }, token: token.agent });
        expect([malformed.status, malformed.error.field]).toEqual([400, 'loan_reference']);
    });
});

describe('a deregistration request (request/loan/deactivation)', () => {
    const deactivate = (loanReference: string) =>
        server.call(requestLoanDeactivation, {
            body: { loan_reference: loanReference, reason: 'Phone returned' },
            token: token.maker,
        });

    it('waits pending for a checker, and the answer lists the pending requests', async () => {
        const made = await makeLoan(server.db);
        const { status, body } = await deactivate(made.loanReference);
        expect(status).toBe(201);
        expect(body.pending_requests).toHaveLength(1);
        expect(body.pending_requests[0]).toMatchObject({
            kind: 'deregistration',
            status: 'pending',
            loan_reference: made.loanReference,
            reason: 'Phone returned',
            maker: { name: 'Sipho Ndlovu' },
        });
        const [loan] = await server.db.select().from(loans).where(eq(loans.id, made.loan.id));
        expect(loan?.status).toBe('active');
    });

    it('refuses a second one while one is pending, with 409 and nothing written', async () => {
        const made = await makeLoan(server.db);
        await deactivate(made.loanReference);
        const second = await deactivate(made.loanReference);
        expect([second.status, second.error.key]).toEqual([409, 'errors.request_pending']);
        const rows = await server.db.select().from(approvalRequests).where(eq(approvalRequests.loanId, made.loan.id));
        expect(rows).toHaveLength(1);
    });

    it('leaves exactly one pending request when many makers ask at the same instant', async () => {
        const made = await makeLoan(server.db);
        const outcome = await race(server, requestLoanDeactivation, 10, {
            body: { loan_reference: made.loanReference, reason: 'Phone returned' },
            token: token.maker,
        });
        expect(outcome.statuses).toEqual({ 201: 1, 409: 9 });
        for (const loser of outcome.losers) expect(loser.error.key).toBe('errors.request_pending');
        const rows = await server.db.select().from(approvalRequests).where(eq(approvalRequests.loanId, made.loan.id));
        expect(rows).toHaveLength(1);
    });

    it('is held by the database itself: a second pending row of a kind for a loan cannot be written', async () => {
        const made = await makeLoan(server.db);
        const maker = await adminId(server.db, 'maker');
        const row = {
            kind: 'deregistration' as const,
            loanId: made.loan.id,
            customerId: made.customer.id,
            change: {},
            reason: 'x',
            makerAdminId: maker,
        };
        await server.db.insert(approvalRequests).values(row);
        await expect(server.db.insert(approvalRequests).values(row)).rejects.toThrow();
        // A decided one does not count: a new request may follow it.
        await server.db.update(approvalRequests).set({ status: 'rejected' }).where(eq(approvalRequests.loanId, made.loan.id));
        expect((await deactivate(made.loanReference)).status).toBe(201);
    });

    it('is refused for a loan that is not active', async () => {
        for (const status of ['awaiting_deposit', 'completed', 'deactivated'] as const) {
            const made = await makeLoan(server.db, { status });
            const { status: code, error } = await deactivate(made.loanReference);
            expect([status, code, error.key]).toEqual([status, 409, 'errors.loan_state']);
        }
    });

    it('needs a reason', async () => {
        const made = await makeLoan(server.db);
        const { status, error } = await server.call(requestLoanDeactivation, {
            body: { loan_reference: made.loanReference, reason: ' ' },
            token: token.maker,
        });
        expect([status, error.field]).toEqual([400, 'reason']);
    });
});

describe('an IMEI change request', () => {
    const change = (loanReference: string, newImei: string) =>
        server.call(requestImeiChange, {
            body: { loan_reference: loanReference, new_imei: newImei, reason: 'Screen broke; replaced' },
            token: token.maker,
        });

    it('records the old and the new IMEI, and waits pending', async () => {
        const made = await makeLoan(server.db);
        const imei = freshImei();
        const { status, body } = await change(made.loanReference, imei);
        expect(status).toBe(201);
        expect(body.pending_requests[0]).toMatchObject({ kind: 'imei_change', change: { old_imei: made.imei, new_imei: imei } });
        const again = await change(made.loanReference, freshImei());
        expect([again.status, again.error.key]).toEqual([409, 'errors.request_pending']);
    });

    it('may wait beside a request of another kind for the same loan, but not behind a deregistration', async () => {
        const made = await makeLoan(server.db);
        expect((await change(made.loanReference, freshImei())).status).toBe(201);
        // A deregistration may follow it (approving it closes the change, naming itself).
        const deregistration = await server.call(requestLoanDeactivation, {
            body: { loan_reference: made.loanReference, reason: 'Returned' },
            token: token.maker,
        });
        expect(deregistration.status).toBe(201);
        expect(deregistration.body.pending_requests.map(request => request.kind).sort()).toEqual([
            'deregistration',
            'imei_change',
        ]);
        // Nothing may follow the deregistration: approving it would close it unread.
        const other = await makeLoan(server.db);
        await server.call(requestLoanDeactivation, {
            body: { loan_reference: other.loanReference, reason: 'Returned' },
            token: token.maker,
        });
        const behind = await change(other.loanReference, freshImei());
        expect([behind.status, behind.error.key]).toEqual([409, 'errors.deregistration_pending']);
    });

    it('refuses an IMEI that is not valid, the same IMEI, one on another open loan, and a phone not active', async () => {
        const made = await makeLoan(server.db);
        const bad = await change(made.loanReference, '356938035643801');
        expect([bad.status, bad.error.field]).toEqual([400, 'new_imei']);
        const same = await change(made.loanReference, made.imei);
        expect([same.status, same.error.field]).toEqual([400, 'new_imei']);
        const other = await makeLoan(server.db);
        const taken = await change(made.loanReference, other.imei);
        expect([taken.status, taken.error.key]).toEqual([409, 'errors.imei_in_use']);
        const locked = await makeLoan(server.db, { device: 'locked' });
        const notActive = await change(locked.loanReference, freshImei());
        expect([notActive.status, notActive.error.key]).toEqual([409, 'errors.device_state']);
        const rows = await server.db.select().from(approvalRequests).where(eq(approvalRequests.loanId, made.loan.id));
        expect(rows).toHaveLength(0);
    });
});

describe('a loan transfer request', () => {
    const transfer = (loanReference: string, msisdn: string) =>
        server.call(requestLoanTransfer, {
            body: { loan_reference: loanReference, new_msisdn: msisdn, reason: 'Given to a sister' },
            token: token.maker,
        });

    it('names the new owner and waits pending', async () => {
        const made = await makeLoan(server.db);
        const { status, body } = await transfer(made.loanReference, '27710000005');
        expect(status).toBe(201);
        expect(body.pending_requests[0]).toMatchObject({
            kind: 'loan_transfer',
            change: { from_msisdn: made.msisdn, to_msisdn: '27710000005' },
        });
    });

    it('refuses an unknown new owner and the current owner', async () => {
        const made = await makeLoan(server.db);
        const unknown = await transfer(made.loanReference, '27719999997');
        expect([unknown.status, unknown.error.key, unknown.error.field]).toEqual([
            404,
            'errors.customer_not_found',
            'new_msisdn',
        ]);
        const same = await transfer(made.loanReference, made.msisdn);
        expect([same.status, same.error.key]).toEqual([409, 'errors.same_owner']);
    });
});

describe('cancelling a sale', () => {
    it('offers every sales-exit reason while the sale has not gone through, and none after', async () => {
        const open = await server.call(loanCancellationOptions, { body: { loan_reference: 'LPP-000006' }, token: token.agent });
        expect(open.body).toMatchObject({ cancellable: true, status: 'awaiting_deposit', options: [...SALES_EXIT_REASONS] });
        const active = await server.call(loanCancellationOptions, { body: { loan_reference: 'LPP-000001' }, token: token.agent });
        expect(active.body).toMatchObject({ cancellable: false, options: [] });
    });

    it('cancels with a reason and puts the reserved phone back in stock', async () => {
        const [before] = await server.db.select().from(loans).where(eq(loans.loanReference, 'LPP-000006'));
        const { status, body } = await server.call(cancelLoan, {
            body: { loan_reference: 'LPP-000006', reason: 'price_concerns' },
            token: token.agent,
        });
        expect(status).toBe(200);
        expect(body).toMatchObject({ status: 'cancelled', cancellation_reason: 'price_concerns' });
        const [item] = await server.db
            .select()
            .from(inventoryItems)
            .where(eq(inventoryItems.id, before?.inventoryItemId ?? 0));
        expect(item?.status).toBe('in_stock');
        const again = await server.call(cancelLoan, {
            body: { loan_reference: 'LPP-000006', reason: 'price_concerns' },
            token: token.agent,
        });
        expect([again.status, again.error.key]).toEqual([409, 'errors.loan_state']);
    });

    it('needs a note when the reason is "other", and refuses an unknown reason', async () => {
        const made = await makeLoan(server.db, { status: 'draft' });
        const noNote = await server.call(cancelLoan, {
            body: { loan_reference: made.loanReference, reason: 'other' },
            token: token.agent,
        });
        expect([noNote.status, noNote.error.key, noNote.error.field]).toEqual([400, 'errors.note_required', 'note']);
        const unknown = await server.call(cancelLoan, {
            body: { loan_reference: made.loanReference, reason: 'bored' as 'other' },
            token: token.agent,
        });
        expect([unknown.status, unknown.error.field]).toEqual([400, 'reason']);
        const noted = await server.call(cancelLoan, {
            body: { loan_reference: made.loanReference, reason: 'other', note: 'Wants a different colour' },
            token: token.agent,
        });
        expect(noted.body.status).toBe('cancelled');
    });

    it('is refused for an active loan, and cancels once for parallel sellers', async () => {
        const active = await makeLoan(server.db);
        const refused = await server.call(cancelLoan, {
            body: { loan_reference: active.loanReference, reason: 'needs_more_time' },
            token: token.agent,
        });
        expect([refused.status, refused.error.key]).toEqual([409, 'errors.loan_state']);
        const made = await makeLoan(server.db, { status: 'awaiting_deposit' });
        const outcome = await race(server, cancelLoan, 6, {
            body: { loan_reference: made.loanReference, reason: 'needs_more_time' },
            token: token.agent,
        });
        expect(outcome.statuses).toEqual({ 200: 1, 409: 5 });
        const cancelled = await server.db
            .select()
            .from(loans)
            .where(and(eq(loans.id, made.loan.id), eq(loans.status, 'cancelled')));
        expect(cancelled).toHaveLength(1);
    });
});
