/**
 * Money, part 1 (contract/money/, server/domain/money/): finding payments, the suspense queue
 * (the loan picker, setting a payment aside, assigning it to its loan once however many press at
 * once), and insurance claims with their reversals (maker-checker: one pending per claim, never
 * one's own, one decision, the claim's amount back on the balance once), and reach (a caller
 * attached to a shop sees and acts on its shop's payments and claims only, no suspense). Against
 * the real database, with the demo data of server/seed/money.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
    correctSuspense,
    decideTpiReversal,
    failedTpiClaims,
    queueSuspense,
    requestedTpiReversals,
    requestTpiReversal,
    searchTransactions,
    successfulTpiClaims,
    suspenseTransactions,
    wrongAccountTransactions,
} from '../../contract/money';
import { auditEvents, customers, loans, stores, tpiClaims, tpiReversals, transactions } from '../../server/db/schema';
import { DEMO_CLAIMS, DEMO_SUSPENSE } from '../../server/seed/money';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { adminId, freshMsisdn, makeCustomer, makeLoan, nextSerial, type LoanOptions } from './customerFixtures';
import { userWithRoles as makeUser } from './users';
import { rowsOf, startTestServer, type TestServer } from './harness';
import { makeClaim, makePayment, makeSuspense } from './moneyFixtures';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'checker', 'agent']) token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const loanRow = async (id: number) => {
    const [row] = await server.db.select().from(loans).where(eq(loans.id, id));
    if (!row) throw new Error(`No loan ${id}`);
    return row;
};

/** A loan (customerFixtures.ts `makeLoan`) with its customer's name. */
const loanWithName = async (options: LoanOptions = {}) => {
    const made = await makeLoan(server.db, options);
    const [customer] = await server.db.select().from(customers).where(eq(customers.id, made.customer.id));
    if (!customer) throw new Error('No customer');
    return { ...made, lastName: customer.lastName, name: `${customer.firstName} ${customer.lastName}` };
};

const transactionRow = async (id: number) => {
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, id));
    if (!row) throw new Error(`No transaction ${id}`);
    return row;
};

const auditOf = (entity: string, entityId: number) =>
    server.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, String(entityId))))
        .orderBy(auditEvents.id);

/** A new portal user in a new group holding exactly `roles`, attached to `store` if named (users.ts). */
const userWithRoles = async (roles: readonly string[], store?: string) =>
    makeUser(server, token.admin, {
        roles,
        label: 'Money',
        msisdnPrefix: '27846',
        storeId: store === undefined ? undefined : await storeIdOf(store),
    });

const storeIdOf = async (name: string) => {
    const [row] = await server.db.select({ id: stores.id }).from(stores).where(eq(stores.name, name));
    if (!row) throw new Error(`No shop ${name}`);
    return row.id;
};

const search = (body: z.input<typeof searchTransactions.body>, as = 'maker') =>
    server.call(searchTransactions, { body, token: token[as] });

const requestReversal = async (claimId: number, as = 'maker') => {
    const made = await server.call(requestTpiReversal, {
        body: { claim_id: claimId, reason: 'The insurer recalled it' },
        token: token[as],
    });
    if (made.status !== 201) throw new Error(`Could not request: ${made.status} ${JSON.stringify(made.error)}`);
    return made.body.reversal;
};

// ---------------------------------------------------------------------------------------------

describe('the demo money', () => {
    it('shows paid and refused claims, a reversal waiting for a checker, and the suspense queue', async () => {
        const paid = await server.call(successfulTpiClaims, { body: {}, token: token.maker });
        expect(paid.status).toBe(200);
        const paidDemo = DEMO_CLAIMS.filter(claim => !claim.failed);
        expect(paid.body.records.map(claim => claim.insurer_reference).sort()).toEqual(
            paidDemo.map(claim => claim.insurerReference).sort(),
        );
        const reversed = paid.body.records.find(claim => claim.insurer_reference === 'HOL-CLM-10041');
        expect(reversed).toMatchObject({
            loan_reference: 'LPP-000004',
            customer_name: 'Mandla Zulu',
            msisdn: '27710000004',
            amount: 899,
            currency: 'ZAR',
            status: 'successful',
            reversed_at: null,
            pending_reversal_id: expect.any(Number),
        });
        const refused = await server.call(failedTpiClaims, { body: {}, token: token.maker });
        expect(refused.body.records).toHaveLength(2);
        expect(refused.body.records.every(claim => claim.status === 'failed' && (claim.reason ?? '').length > 0)).toBe(true);
        expect(refused.body.records.every(claim => claim.pending_reversal_id === null)).toBe(true);

        const waiting = await server.call(requestedTpiReversals, { body: {}, token: token.checker });
        expect(waiting.body.records).toEqual([
            expect.objectContaining({
                id: reversed?.pending_reversal_id,
                status: 'pending',
                requested_by: { id: await adminId(server.db, 'maker'), name: 'Sipho Ndlovu' },
                decided_by: null,
                claim: expect.objectContaining({ insurer_reference: 'HOL-CLM-10041' }),
            }),
        ]);

        // Each paid claim is an instalment by bank whose reference is the insurer's.
        const payment = await search({ reference: 'HOL-CLM-10041' });
        expect(payment.body.data).toEqual([
            expect.objectContaining({ kind: 'instalment', channel: 'bank', loan_reference: 'LPP-000004', amount: 899 }),
        ]);

        const queue = await server.call(suspenseTransactions, { body: {}, token: token.maker });
        expect(queue.body.data.map(item => item.reference).sort()).toEqual(DEMO_SUSPENSE.map(item => item.reference).sort());
        expect(
            new Set(queue.body.data.filter(item => item.suspense_status === 'open').map(item => item.suspense_reason)).size,
        ).toBe(3);
        expect(queue.body.data.find(item => item.suspense_status === 'queued')).toMatchObject({
            queue_note: expect.any(String),
            queued_by: { id: await adminId(server.db, 'maker'), name: 'Sipho Ndlovu' },
            customer_name: null,
            loan_reference: null,
        });
        // Oldest payment first by default.
        const paidAt = queue.body.data.map(item => item.paid_at);
        expect(paidAt).toEqual([...paidAt].sort());
    });

    it("offers the payer's own active loan for Themba's payment that named a paid-off loan", async () => {
        const queue = await server.call(suspenseTransactions, { body: { q: 'FNB-0042' }, token: token.maker });
        const item = queue.body.data[0];
        const picker = await server.call(wrongAccountTransactions, {
            body: { transaction_id: item?.id ?? 0 },
            token: token.maker,
        });
        expect(picker.status).toBe(200);
        expect(
            picker.body.candidates.map(({ loan_reference, match, assignable }) => ({ loan_reference, match, assignable })),
        ).toEqual([
            { loan_reference: 'LPP-000003', match: 'account', assignable: false },
            { loan_reference: 'LPP-000002', match: 'msisdn', assignable: true },
        ]);
    });

    it('gave the payments seeded before money their day paid', async () => {
        const found = await search({ reference: 'TX-LPP-000001-000' });
        expect(found.body.data[0]?.paid_at).toBe(found.body.data[0]?.created_at);
    });
});

describe('finding payments (search/transaction)', () => {
    it('finds a reference whole or by its start, with LIKE wildcards taken literally', async () => {
        const stem = `MNY${nextSerial()}`;
        const { loan, msisdn } = await loanWithName();
        await makePayment(server.db, { id: loan.id, msisdn }, { reference: `${stem}_A` });
        await makePayment(server.db, { id: loan.id, msisdn }, { reference: `${stem}xA` });
        await makeSuspense(server.db, { reference: `${stem}-B` });

        expect((await search({ reference: stem })).body.total_items).toBe(3);
        const exact = await search({ reference: `${stem}_A` });
        expect(exact.body.data.map(row => row.reference)).toEqual([`${stem}_A`]);
        // `_` is a character here, not "any one character".
        expect((await search({ reference: `${stem}_` })).body.data.map(row => row.reference)).toEqual([`${stem}_A`]);
        expect((await search({ reference: `${stem}%` })).body.total_items).toBe(0);
        expect((await search({ reference: `%${stem}` })).body.total_items).toBe(0);
        expect((await search({ reference: 'MNY\\' })).body.total_items).toBe(0);
        // A start only, not a part.
        expect((await search({ reference: stem.slice(1) })).body.total_items).toBe(0);
    });

    it('finds a reference whatever its letter case, as references are compared everywhere', async () => {
        const stem = `MNY${nextSerial()}`;
        const { loan, msisdn } = await loanWithName();
        await makePayment(server.db, { id: loan.id, msisdn }, { reference: `${stem}-Case-1` });
        const lower = await search({ reference: `${stem.toLowerCase()}-case` });
        expect(lower.body.data.map(row => row.reference)).toEqual([`${stem}-Case-1`]);
        expect((await search({ reference: `${stem}-CASE-1` })).body.total_items).toBe(1);
    });

    it('finds by phone number, loan, kind, channel and state, naming the customer of matched payments only', async () => {
        const made = await loanWithName();
        const loan = { id: made.loan.id, msisdn: made.msisdn };
        await makePayment(server.db, loan, { kind: 'deposit', amount: 399, channel: 'cash' });
        await makePayment(server.db, loan, { amount: 79, channel: 'mpesa' });
        const loose = await makeSuspense(server.db, { msisdn: made.msisdn, amount: 79, channel: 'card' });

        const byPhone = await search({ msisdn: `+${made.msisdn}` });
        expect(byPhone.status).toBe(200);
        expect(byPhone.body.total_items).toBe(3);
        expect(byPhone.body.data.find(row => row.id === loose.id)).toMatchObject({
            loan_reference: null,
            customer_name: null,
            suspense_status: 'open',
            suspense_reason: 'unknown_account',
            upload_id: null,
        });
        expect(byPhone.body.data.filter(row => row.loan_reference === made.loanReference)).toHaveLength(2);
        expect(byPhone.body.data.find(row => row.loan_reference !== null)?.customer_name).toBe(made.name);

        const byLoan = await search({ loan_reference: made.loanReference.toLowerCase() });
        expect(byLoan.body.total_items).toBe(2);
        expect((await search({ msisdn: made.msisdn, kind: 'deposit' })).body.data.map(row => row.amount)).toEqual([399]);
        expect((await search({ msisdn: made.msisdn, channel: 'card' })).body.data.map(row => row.id)).toEqual([loose.id]);
        expect((await search({ msisdn: made.msisdn, state: 'suspense' })).body.data.map(row => row.id)).toEqual([loose.id]);
        expect((await search({ msisdn: made.msisdn, state: 'matched' })).body.total_items).toBe(2);
        expect((await search({ msisdn: freshMsisdn() })).body).toEqual({ data: [], total_items: 0 });
    });

    it("gives a matched payment its customer's public id (the customer view's address) and a payment in suspense none", async () => {
        const made = await loanWithName();
        await makePayment(server.db, { id: made.loan.id, msisdn: made.msisdn }, { amount: 79 });
        await makeSuspense(server.db, { msisdn: made.msisdn, amount: 79 });
        const [customer] = await server.db.select().from(customers).where(eq(customers.id, made.customer.id));

        const found = await search({ msisdn: made.msisdn, sort: 'amount', order: 'asc' });
        expect(found.status).toBe(200);
        const byState = Object.fromEntries(found.body.data.map(row => [row.suspense_status ?? 'matched', row]));
        expect(byState.matched?.customer_public_id).toBe(customer?.publicId);
        expect(byState.open?.customer_public_id).toBeNull();
    });

    it('counts a corrected payment as matched and a queued one as in suspense', async () => {
        const msisdn = freshMsisdn();
        const { loanReference } = await loanWithName();
        const queued = await makeSuspense(server.db, { msisdn, status: 'queued' });
        const corrected = await makeSuspense(server.db, { msisdn });
        const done = await server.call(correctSuspense, {
            body: { transaction_id: corrected.id, loan_reference: loanReference },
            token: token.maker,
        });
        expect(done.status).toBe(200);
        expect((await search({ msisdn, state: 'suspense' })).body.data.map(row => row.id)).toEqual([queued.id]);
        expect((await search({ msisdn, state: 'matched' })).body.data).toEqual([
            expect.objectContaining({ id: corrected.id, loan_reference: loanReference, suspense_status: 'corrected' }),
        ]);
    });

    it("takes from/to as the business's days in South Africa, inclusive", async () => {
        const msisdn = freshMsisdn();
        // 22:30 UTC on the 10th is half past midnight on the 11th in Johannesburg.
        const late = await makeSuspense(server.db, { msisdn, paidAt: new Date('2025-03-10T22:30:00Z') });
        const early = await makeSuspense(server.db, { msisdn, paidAt: new Date('2025-03-10T21:30:00Z') });
        const ids = async (from?: string, to?: string) =>
            (await search({ msisdn, from, to, order: 'asc' })).body.data.map(row => row.id);
        expect(await ids('2025-03-11', '2025-03-11')).toEqual([late.id]);
        expect(await ids('2025-03-10', '2025-03-10')).toEqual([early.id]);
        expect(await ids('2025-03-10', '2025-03-11')).toEqual([early.id, late.id]);
        expect(await ids('2025-03-12')).toEqual([]);
        expect(await ids(undefined, '2025-03-09')).toEqual([]);
    });

    it('sorts, orders and pages, with the count of every match', async () => {
        const msisdn = freshMsisdn();
        const amounts = [30, 10, 50, 20, 40];
        for (const [index, amount] of amounts.entries()) {
            await makeSuspense(server.db, { msisdn, amount, reference: `SRT${nextSerial()}-${index}` });
        }
        const page = (page_number: number) =>
            search({ msisdn, sort: 'amount', order: 'asc', page_size: 2, page_number }).then(answer => answer.body);
        expect(await page(1)).toMatchObject({ total_items: 5, data: [{ amount: 10 }, { amount: 20 }] });
        expect(await page(3)).toMatchObject({ total_items: 5, data: [{ amount: 50 }] });
        expect(await page(4)).toEqual({ data: [], total_items: 5 });
        const byReference = await search({ msisdn, sort: 'reference', order: 'desc' });
        expect(byReference.body.data.map(row => row.reference.slice(-1))).toEqual(['4', '3', '2', '1', '0']);
    });

    it('reads a page sorted by amount or by reference along an index, either way, as by the day paid', async () => {
        // The page query's shape (server/domain/money/transactions.ts): the sort column, then id.
        const plan = async (column: 'amount' | 'reference' | 'paid_at', order: 'ASC' | 'DESC') =>
            rowsOf<{ 'QUERY PLAN': string }>(
                await server.db.execute(
                    sql`EXPLAIN SELECT id FROM transactions ORDER BY ${sql.identifier(column)} ${sql.raw(order)}, id ${sql.raw(order)} LIMIT 25`,
                ),
            )
                .map(row => row['QUERY PLAN'])
                .join('\n');
        for (const order of ['ASC', 'DESC'] as const) {
            expect(await plan('amount', order)).toContain('transactions_amount_idx');
            expect(await plan('reference', order)).toContain('transactions_reference_order_idx');
            expect(await plan('paid_at', order)).toContain('transactions_paid_idx');
        }
    });

    it('refuses bad input with a 400 naming the field', async () => {
        for (const [body, field] of [
            [{ msisdn: '12' }, 'msisdn'],
            [{ from: '2025-02-30' }, 'from'],
            [{ loan_reference: 'a' }, 'loan_reference'],
            [{ state: 'lost' }, 'state'],
            [{ sort: 'msisdn' }, 'sort'],
            [{ page_size: 501 }, 'page_size'],
            [{ reference: 'x'.repeat(65) }, 'reference'],
        ] as const) {
            const answer = await server.callUnchecked(searchTransactions, { body, token: token.maker });
            expect([answer.status, answer.error.field], JSON.stringify(body)).toEqual([400, field]);
        }
    });

    it('is refused to a caller without FIND_TRANSACTION', async () => {
        const answer = await search({}, 'agent');
        expect([answer.status, answer.error.key]).toEqual([403, 'errors.forbidden']);
    });
});

describe('the suspense queue', () => {
    it('lists open and queued payments unless a status is asked for, filtered by reason, channel, dates and a search', async () => {
        const msisdn = freshMsisdn();
        const account = `ACC${nextSerial()}`;
        const open = await makeSuspense(server.db, { msisdn, reason: 'several_loans', channel: 'bank', amount: 20 });
        const queued = await makeSuspense(server.db, { msisdn, status: 'queued', channel: 'card', amount: 30, account });
        const corrected = await makeSuspense(server.db, { msisdn, status: 'corrected', amount: 40 });
        const list = (body: z.input<typeof suspenseTransactions.body>) =>
            server.call(suspenseTransactions, { body, token: token.maker }).then(answer => answer.body.data.map(row => row.id));

        expect(await list({ q: msisdn })).toEqual([open.id, queued.id]);
        expect(await list({ q: `+${msisdn}` })).toEqual([open.id, queued.id]);
        expect(await list({ q: msisdn, status: 'corrected' })).toEqual([corrected.id]);
        expect(await list({ q: msisdn, status: 'queued' })).toEqual([queued.id]);
        expect(await list({ q: msisdn, reason: 'several_loans' })).toEqual([open.id]);
        expect(await list({ q: msisdn, channel: 'card' })).toEqual([queued.id]);
        expect(await list({ q: account.toLowerCase() })).toEqual([queued.id]);
        expect(await list({ q: open.reference.slice(4) })).toEqual([open.id]);
        expect(await list({ q: msisdn, sort: 'amount', order: 'desc' })).toEqual([queued.id, open.id]);
        const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Johannesburg' });
        expect(await list({ q: msisdn, from: today, to: today })).toEqual([open.id, queued.id]);
        expect(await list({ q: msisdn, to: '2020-01-01' })).toEqual([]);

        const paged = await server.call(suspenseTransactions, {
            body: { q: msisdn, page_size: 1, page_number: 2 },
            token: token.maker,
        });
        expect(paged.body).toMatchObject({ total_items: 2, data: [{ id: queued.id, suspense_status: 'queued' }] });
        const past = await server.call(suspenseTransactions, {
            body: { q: msisdn, page_size: 1, page_number: 9 },
            token: token.maker,
        });
        expect(past.body).toEqual({ data: [], total_items: 2 });
    });

    it('refuses bad filters with a 400 naming the field', async () => {
        for (const [body, field] of [
            [{ status: 'gone' }, 'status'],
            [{ reason: 'other' }, 'reason'],
            [{ q: 'x'.repeat(65) }, 'q'],
            [{ sort: 'reference' }, 'sort'],
            [{ to: '2025-13-01' }, 'to'],
        ] as const) {
            const answer = await server.callUnchecked(suspenseTransactions, { body, token: token.maker });
            expect([answer.status, answer.error.field], JSON.stringify(body)).toEqual([400, field]);
        }
    });
});

describe('the loan picker (get_wrong_account_transactions)', () => {
    it("offers the loan the account names, the payer's loans, then what the search finds, each once, with whether it can take the payment", async () => {
        const payer = await loanWithName({ balance: 1000 });
        const payerOld = await loanWithName({
            customerId: payer.customer.id,
            msisdn: payer.msisdn,
            status: 'completed',
            balance: 0,
        });
        const named = await loanWithName({ balance: 40 });
        const payment = await makeSuspense(server.db, {
            msisdn: payer.msisdn,
            account: named.loanReference.toLowerCase(),
            amount: 50,
        });

        const picker = await server.call(wrongAccountTransactions, { body: { transaction_id: payment.id }, token: token.maker });
        expect(picker.status).toBe(200);
        expect(picker.body.transaction).toMatchObject({
            id: payment.id,
            suspense_status: 'open',
            account: named.loanReference.toLowerCase(),
        });
        expect(picker.body.candidates).toEqual([
            expect.objectContaining({ loan_reference: named.loanReference, match: 'account', assignable: false, balance: 40 }),
            expect.objectContaining({
                loan_reference: payer.loanReference,
                match: 'msisdn',
                assignable: true,
                msisdn: payer.msisdn,
                customer_name: payer.name,
                status: 'active',
                currency: 'ZAR',
            }),
            expect.objectContaining({
                loan_reference: payerOld.loanReference,
                match: 'msisdn',
                assignable: false,
                status: 'completed',
            }),
        ]);

        // A search by a loan reference's start (any case), a phone number, or part of a name; a loan already offered is not repeated.
        const other = await loanWithName();
        const byReference = await server.call(wrongAccountTransactions, {
            body: { transaction_id: payment.id, q: other.loanReference.toLowerCase() },
            token: token.maker,
        });
        expect(byReference.body.candidates.at(-1)).toMatchObject({ loan_reference: other.loanReference, match: 'search' });
        const byPhone = await server.call(wrongAccountTransactions, {
            body: { transaction_id: payment.id, q: `+${other.msisdn}` },
            token: token.maker,
        });
        expect(byPhone.body.candidates.filter(row => row.match === 'search').map(row => row.loan_reference)).toEqual([
            other.loanReference,
        ]);
        const byName = await server.call(wrongAccountTransactions, {
            body: { transaction_id: payment.id, q: other.lastName.toUpperCase() },
            token: token.maker,
        });
        expect(byName.body.candidates.filter(row => row.match === 'search').map(row => row.loan_reference)).toEqual([
            other.loanReference,
        ]);
        const again = await server.call(wrongAccountTransactions, {
            body: { transaction_id: payment.id, q: payer.msisdn },
            token: token.maker,
        });
        expect(again.body.candidates.map(row => row.loan_reference)).toEqual([
            named.loanReference,
            payer.loanReference,
            payerOld.loanReference,
        ]);
    });

    it('offers at most 20 loans', async () => {
        const customer = await makeCustomer(server.db);
        for (let index = 0; index < 22; index++) await loanWithName({ customerId: customer.id, msisdn: customer.msisdn });
        const payment = await makeSuspense(server.db, { msisdn: customer.msisdn });
        const picker = await server.call(wrongAccountTransactions, {
            body: { transaction_id: payment.id, q: 'TST' },
            token: token.maker,
        });
        expect(picker.body.candidates).toHaveLength(20);
        expect(new Set(picker.body.candidates.map(row => row.loan_reference)).size).toBe(20);
    });

    it('answers 404 on transaction_id for a payment that never was in suspense, or none', async () => {
        const { loan, msisdn } = await loanWithName();
        const matched = await makePayment(server.db, { id: loan.id, msisdn });
        for (const id of [matched.id, 2_000_000_000]) {
            const answer = await server.call(wrongAccountTransactions, { body: { transaction_id: id }, token: token.maker });
            expect([answer.status, answer.error.key, answer.error.field]).toEqual([
                404,
                'errors.transaction_not_found',
                'transaction_id',
            ]);
        }
    });
});

describe('setting a payment aside (queue/suspense/accounts)', () => {
    it('queues an open or queued payment with the note, who and when, and audits it', async () => {
        const payment = await makeSuspense(server.db);
        const first = await server.call(queueSuspense, {
            body: { transaction_id: payment.id, note: '  Waiting for the bank  ' },
            token: token.maker,
        });
        expect(first.status).toBe(200);
        expect(first.body.transaction).toMatchObject({
            id: payment.id,
            suspense_status: 'queued',
            queue_note: 'Waiting for the bank',
            queued_by: { id: await adminId(server.db, 'maker'), name: 'Sipho Ndlovu' },
            queued_at: server.clock.now().toISOString(),
        });
        const second = await server.call(queueSuspense, {
            body: { transaction_id: payment.id, note: 'The payer called back' },
            token: token.admin,
        });
        expect(second.body.transaction).toMatchObject({
            queue_note: 'The payer called back',
            queued_by: { name: 'Thandi Mokoena' },
        });
        const audit = await auditOf('transactions', payment.id);
        expect(audit.map(row => [row.action, row.before, row.after])).toEqual([
            [
                'transactions.suspense_queue',
                { suspense_status: 'open', queue_note: null },
                { suspense_status: 'queued', queue_note: 'Waiting for the bank' },
            ],
            [
                'transactions.suspense_queue',
                { suspense_status: 'queued', queue_note: 'Waiting for the bank' },
                { suspense_status: 'queued', queue_note: 'The payer called back' },
            ],
        ]);
    });

    it('refuses a corrected payment (409), one not in suspense (404) and a note too short (400)', async () => {
        const corrected = await makeSuspense(server.db, { status: 'corrected' });
        const done = await server.call(queueSuspense, {
            body: { transaction_id: corrected.id, note: 'Again' },
            token: token.maker,
        });
        expect([done.status, done.error.key, done.error.field]).toEqual([409, 'errors.suspense_resolved', 'transaction_id']);
        const missing = await server.call(queueSuspense, {
            body: { transaction_id: 2_000_000_000, note: 'Again' },
            token: token.maker,
        });
        expect([missing.status, missing.error.key]).toEqual([404, 'errors.transaction_not_found']);
        const open = await makeSuspense(server.db);
        const short = await server.call(queueSuspense, { body: { transaction_id: open.id, note: ' a ' }, token: token.maker });
        expect([short.status, short.error.field]).toEqual([400, 'note']);
        expect((await transactionRow(open.id)).suspenseStatus).toBe('open');
    });

    it('is refused to a caller without CORRECT_SUSPENSE_TRANSACTIONS', async () => {
        const payment = await makeSuspense(server.db);
        const answer = await server.call(queueSuspense, {
            body: { transaction_id: payment.id, note: 'Mine' },
            token: token.checker,
        });
        expect([answer.status, answer.error.key]).toEqual([403, 'errors.forbidden']);
    });
});

describe('assigning a payment to its loan (correct_wrong_account_transactions)', () => {
    it('records it as an instalment on the loan, lowers the balance once, and audits before and after', async () => {
        const made = await loanWithName({ balance: 100.1 });
        const payment = await makeSuspense(server.db, { amount: 33.37, status: 'queued', account: 'nothing' });
        const answer = await server.call(correctSuspense, {
            body: { transaction_id: payment.id, loan_reference: made.loanReference.toLowerCase(), note: 'The payer confirmed' },
            token: token.maker,
        });
        expect(answer.status).toBe(200);
        expect(answer.body.loan).toEqual({ loan_reference: made.loanReference, balance_before: 100.1, balance: 66.73 });
        expect(answer.body.transaction).toMatchObject({
            id: payment.id,
            kind: 'instalment',
            loan_reference: made.loanReference,
            customer_name: made.name,
            suspense_status: 'corrected',
            suspense_reason: 'unknown_account',
            corrected_by: { id: await adminId(server.db, 'maker'), name: 'Sipho Ndlovu' },
            corrected_at: server.clock.now().toISOString(),
        });
        expect((await loanRow(made.loan.id)).balance).toBe(66.73);
        expect(await transactionRow(payment.id)).toMatchObject({ loanId: made.loan.id, kind: 'instalment' });
        const [audit] = await auditOf('transactions', payment.id);
        expect(audit).toMatchObject({
            action: 'transactions.suspense_correct',
            roleUsed: 'CORRECT_SUSPENSE_TRANSACTIONS',
            before: { suspense_status: 'queued', loan_id: null, loan_balance: 100.1 },
            after: {
                suspense_status: 'corrected',
                loan_reference: made.loanReference,
                loan_balance: 66.73,
                amount: 33.37,
                note: 'The payer confirmed',
            },
        });

        const again = await server.call(correctSuspense, {
            body: { transaction_id: payment.id, loan_reference: made.loanReference },
            token: token.maker,
        });
        expect([again.status, again.error.key, again.error.field]).toEqual([409, 'errors.suspense_resolved', 'transaction_id']);
        expect((await loanRow(made.loan.id)).balance).toBe(66.73);
    });

    it('refuses an unknown payment (404), an unknown loan (404), a loan not active (409) and more than the balance (409), changing nothing', async () => {
        const payment = await makeSuspense(server.db, { amount: 60 });
        const correct = (transaction_id: number, loan_reference: string) =>
            server.call(correctSuspense, { body: { transaction_id, loan_reference }, token: token.maker });
        const active = await loanWithName({ balance: 500 });

        const notSuspense = await makePayment(server.db, { id: active.loan.id, msisdn: active.msisdn });
        const unknown = await correct(notSuspense.id, active.loanReference);
        expect([unknown.status, unknown.error.key, unknown.error.field]).toEqual([
            404,
            'errors.transaction_not_found',
            'transaction_id',
        ]);
        const noLoan = await correct(payment.id, 'LPP-999999');
        expect([noLoan.status, noLoan.error.key, noLoan.error.field]).toEqual([404, 'errors.loan_not_found', 'loan_reference']);
        for (const status of ['completed', 'awaiting_deposit', 'cancelled'] as const) {
            const closed = await loanWithName({ status, balance: 500 });
            const refused = await correct(payment.id, closed.loanReference);
            expect([refused.status, refused.error.key, refused.error.field], status).toEqual([
                409,
                'errors.loan_state',
                'loan_reference',
            ]);
        }
        const small = await loanWithName({ balance: 59.99 });
        const tooMuch = await correct(payment.id, small.loanReference);
        expect([tooMuch.status, tooMuch.error.key]).toEqual([409, 'errors.amount_exceeds_balance']);
        expect((await loanRow(small.loan.id)).balance).toBe(59.99);
        expect(await transactionRow(payment.id)).toMatchObject({ suspenseStatus: 'open', loanId: null });
        // Exactly the balance is fine: the loan is then paid.
        const exact = await loanWithName({ balance: 60 });
        expect((await correct(payment.id, exact.loanReference)).status).toBe(200);
        expect((await loanRow(exact.loan.id)).balance).toBe(0);
    });

    it('refuses a bad loan reference and a long note with a 400 naming the field', async () => {
        const payment = await makeSuspense(server.db);
        for (const [body, field] of [
            [{ transaction_id: payment.id, loan_reference: 'no' }, 'loan_reference'],
            [{ transaction_id: payment.id, loan_reference: 'LPP-000001', note: 'x'.repeat(501) }, 'note'],
            [{ transaction_id: 0, loan_reference: 'LPP-000001' }, 'transaction_id'],
            [{ transaction_id: '7', loan_reference: 'LPP-000001' }, 'transaction_id'],
        ] as const) {
            const answer = await server.callUnchecked(correctSuspense, { body, token: token.maker });
            expect([answer.status, answer.error.field], JSON.stringify(body)).toEqual([400, field]);
        }
    });

    it('moves a payment once however many press at once: one 200, 49 × 409, the balance lowered once', async () => {
        const made = await loanWithName({ balance: 1000 });
        const payment = await makeSuspense(server.db, { amount: 79 });
        const outcome = await race(server, correctSuspense, 50, {
            body: { transaction_id: payment.id, loan_reference: made.loanReference },
            token: token.maker,
        });
        expect(outcome.statuses).toEqual({ 200: 1, 409: 49 });
        expect(new Set(outcome.losers.map(loser => loser.error.key))).toEqual(new Set(['errors.suspense_resolved']));
        expect((await loanRow(made.loan.id)).balance).toBe(921);
        const audit = await auditOf('transactions', payment.id);
        expect(audit).toHaveLength(1);
    });

    it('of two payments that together exceed the balance, assigned at once, takes one', async () => {
        const made = await loanWithName({ balance: 100 });
        const first = await makeSuspense(server.db, { amount: 70 });
        const second = await makeSuspense(server.db, { amount: 60 });
        const ids = [first.id, second.id];
        const outcome = await race(server, correctSuspense, 2, index => ({
            body: { transaction_id: ids[index] ?? 0, loan_reference: made.loanReference },
            token: token.maker,
        }));
        expect(outcome.statuses).toEqual({ 200: 1, 409: 1 });
        expect(outcome.losers[0]?.error.key).toBe('errors.amount_exceeds_balance');
        const winner = outcome.winners[0]?.body;
        expect(winner?.loan.balance_before).toBe(100);
        expect((await loanRow(made.loan.id)).balance).toBe(winner?.loan.balance);
        const rows = await Promise.all(ids.map(transactionRow));
        expect(rows.filter(row => row.suspenseStatus === 'corrected')).toHaveLength(1);
        expect(rows.filter(row => row.suspenseStatus === 'open' && row.loanId === null)).toHaveLength(1);
    });
});

describe('insurance claims', () => {
    it('list paid and refused claims apart, searched by loan, phone, name or insurer reference, by day, sorted and paged', async () => {
        const made = await loanWithName({ balance: 2000 });
        const loan = { id: made.loan.id, msisdn: made.msisdn };
        const stamp = nextSerial();
        const paid = await makeClaim(server.db, {
            loan,
            amount: 100,
            insurerReference: `INS-${stamp}-1`,
            createdAt: new Date('2025-04-01T10:00:00Z'),
        });
        const paid2 = await makeClaim(server.db, {
            loan,
            amount: 300,
            insurerReference: `INS-${stamp}-2`,
            createdAt: new Date('2025-04-03T10:00:00Z'),
        });
        const refused = await makeClaim(server.db, { loan, outcome: 'failed', amount: 200, reason: 'Lapsed policy' });

        const claims = (
            call: typeof successfulTpiClaims | typeof failedTpiClaims,
            body: z.input<typeof successfulTpiClaims.body>,
        ) => server.call(call, { body, token: token.maker }).then(answer => answer.body);
        expect((await claims(successfulTpiClaims, { q: made.loanReference })).records.map(row => row.id)).toEqual([
            paid2.claim.id,
            paid.claim.id,
        ]);
        expect((await claims(failedTpiClaims, { q: made.loanReference })).records).toEqual([
            expect.objectContaining({ id: refused.claim.id, reason: 'Lapsed policy', status: 'failed', amount: 200 }),
        ]);
        expect((await claims(successfulTpiClaims, { q: `+${made.msisdn}` })).total_items).toBe(2);
        expect((await claims(successfulTpiClaims, { q: made.lastName.toLowerCase() })).total_items).toBe(2);
        expect((await claims(successfulTpiClaims, { q: `ins-${stamp}-1` })).records.map(row => row.id)).toEqual([paid.claim.id]);
        expect(
            (await claims(successfulTpiClaims, { q: made.loanReference, from: '2025-04-02' })).records.map(row => row.id),
        ).toEqual([paid2.claim.id]);
        expect(
            (await claims(successfulTpiClaims, { q: made.loanReference, to: '2025-04-01' })).records.map(row => row.id),
        ).toEqual([paid.claim.id]);
        expect(
            (await claims(successfulTpiClaims, { q: made.loanReference, sort: 'amount', order: 'asc' })).records.map(
                row => row.amount,
            ),
        ).toEqual([100, 300]);
        expect(await claims(successfulTpiClaims, { q: made.loanReference, page_size: 1, page_number: 2 })).toMatchObject({
            total_items: 2,
            records: [{ id: paid.claim.id, pending_reversal_id: null, reversed_at: null }],
        });
        expect(await claims(successfulTpiClaims, { q: made.loanReference, page_size: 1, page_number: 5 })).toEqual({
            records: [],
            total_items: 2,
        });
    });

    it("give each claim its customer's public id, which the customer view's address names", async () => {
        const made = await loanWithName();
        const { claim } = await makeClaim(server.db, { loan: { id: made.loan.id, msisdn: made.msisdn } });
        const [customer] = await server.db.select().from(customers).where(eq(customers.id, made.customer.id));
        const found = await server.call(successfulTpiClaims, { body: { q: made.loanReference }, token: token.maker });
        expect(found.body.records).toEqual([expect.objectContaining({ id: claim.id, customer_public_id: customer?.publicId })]);
    });

    it('are refused to a caller without the viewing role', async () => {
        const answer = await server.call(failedTpiClaims, { body: {}, token: token.agent });
        expect([answer.status, answer.error.key]).toEqual([403, 'errors.forbidden']);
    });
});

describe('asking for a reversal (request_tpi_reversal)', () => {
    it('records one pending reversal by the maker, shown on the claim, and audits it', async () => {
        const { claim } = await makeClaim(server.db);
        const made = await server.call(requestTpiReversal, {
            body: { claim_id: claim.id, reason: '  Paid twice  ' },
            token: token.maker,
        });
        expect(made.status).toBe(201);
        expect(made.body.reversal).toMatchObject({
            reason: 'Paid twice',
            status: 'pending',
            requested_by: { id: await adminId(server.db, 'maker'), name: 'Sipho Ndlovu' },
            decided_by: null,
            decision_note: null,
            decided_at: null,
            claim: { id: claim.id, status: 'successful', pending_reversal_id: made.body.reversal.id },
        });
        const [audit] = await auditOf('tpi_reversals', made.body.reversal.id);
        expect(audit).toMatchObject({ action: 'tpi_reversals.request', after: { claim_id: claim.id, reason: 'Paid twice' } });

        const again = await server.call(requestTpiReversal, {
            body: { claim_id: claim.id, reason: 'Again' },
            token: token.admin,
        });
        expect([again.status, again.error.key, again.error.field]).toEqual([409, 'errors.request_pending', 'claim_id']);
    });

    it('refuses an unknown claim (404), a refused one and a reversed one (409), and a short reason (400)', async () => {
        const ask = (claim_id: number, reason = 'Recalled') =>
            server.call(requestTpiReversal, { body: { claim_id, reason }, token: token.maker });
        const missing = await ask(2_000_000_000);
        expect([missing.status, missing.error.key, missing.error.field]).toEqual([404, 'errors.claim_not_found', 'claim_id']);
        const refused = await makeClaim(server.db, { outcome: 'failed' });
        const notPaid = await ask(refused.claim.id);
        expect([notPaid.status, notPaid.error.key, notPaid.error.field]).toEqual([
            409,
            'errors.claim_not_reversible',
            'claim_id',
        ]);
        const reversed = await makeClaim(server.db);
        await server.db.update(tpiClaims).set({ reversedAt: new Date() }).where(eq(tpiClaims.id, reversed.claim.id));
        expect((await ask(reversed.claim.id)).error.key).toBe('errors.claim_not_reversible');
        const short = await ask(reversed.claim.id, 'no');
        expect([short.status, short.error.field]).toEqual([400, 'reason']);
        expect(await server.db.select().from(tpiReversals).where(eq(tpiReversals.claimId, reversed.claim.id))).toEqual([]);
    });

    it('keeps one pending per claim however many ask at once', async () => {
        const { claim } = await makeClaim(server.db);
        const outcome = await race(server, requestTpiReversal, 20, index => ({
            body: { claim_id: claim.id, reason: `Recalled ${index}` },
            token: index % 2 === 0 ? token.maker : token.admin,
        }));
        expect(outcome.statuses).toEqual({ 201: 1, 409: 19 });
        expect(new Set(outcome.losers.map(loser => loser.error.key))).toEqual(new Set(['errors.request_pending']));
        expect(await server.db.select().from(tpiReversals).where(eq(tpiReversals.claimId, claim.id))).toHaveLength(1);
    });
});

describe('the reversal queue (requested_tpi_reversals)', () => {
    it("lists pending unless told, newest first, the caller's own, searched, and the decided ones", async () => {
        const made = await loanWithName({ balance: 3000 });
        const loan = { id: made.loan.id, msisdn: made.msisdn };
        const byMaker = await requestReversal((await makeClaim(server.db, { loan })).claim.id, 'maker');
        const byAdmin = await requestReversal((await makeClaim(server.db, { loan })).claim.id, 'admin');
        const queue = (body: z.input<typeof requestedTpiReversals.body>, as = 'maker') =>
            server.call(requestedTpiReversals, { body, token: token[as] }).then(answer => answer.body);

        expect((await queue({ q: made.loanReference })).records.map(row => row.id)).toEqual([byAdmin.id, byMaker.id]);
        expect((await queue({ q: made.loanReference, mine: true })).records.map(row => row.id)).toEqual([byMaker.id]);
        expect((await queue({ q: made.loanReference, mine: true }, 'admin')).records.map(row => row.id)).toEqual([byAdmin.id]);
        expect((await queue({ q: made.lastName }, 'checker')).total_items).toBe(2);
        expect(await queue({ q: made.loanReference, page_size: 1, page_number: 2 })).toMatchObject({
            total_items: 2,
            records: [{ id: byMaker.id }],
        });

        const denied = await server.call(decideTpiReversal, {
            body: { reversal_id: byMaker.id, decision: 'deny', note: 'Not recalled' },
            token: token.checker,
        });
        expect(denied.status).toBe(200);
        expect((await queue({ q: made.loanReference })).records.map(row => row.id)).toEqual([byAdmin.id]);
        expect((await queue({ q: made.loanReference, status: 'denied' })).records).toEqual([
            expect.objectContaining({
                id: byMaker.id,
                status: 'denied',
                decision_note: 'Not recalled',
                decided_by: { id: await adminId(server.db, 'checker'), name: 'Lerato Dlamini' },
                decided_at: server.clock.now().toISOString(),
            }),
        ]);
    });

    it('sorts by when asked or decided, either way, ties by id, across pages without overlap', async () => {
        const made = await loanWithName({ balance: 3000 });
        const loan = { id: made.loan.id, msisdn: made.msisdn };
        const asked: number[] = [];
        for (let index = 0; index < 3; index++) {
            server.clock.advance(1000);
            asked.push((await requestReversal((await makeClaim(server.db, { loan })).claim.id, 'maker')).id);
        }
        const [first, second, third] = asked as [number, number, number];
        // Decided in another order than asked: the third first.
        for (const id of [third, first, second]) {
            server.clock.advance(1000);
            const denied = await server.call(decideTpiReversal, {
                body: { reversal_id: id, decision: 'deny', note: 'Not recalled' },
                token: token.checker,
            });
            expect(denied.status).toBe(200);
        }
        const page = (body: z.input<typeof requestedTpiReversals.body>) =>
            server
                .call(requestedTpiReversals, { body: { q: made.loanReference, status: 'denied', ...body }, token: token.maker })
                .then(answer => {
                    expect(answer.status).toBe(200);
                    return answer.body.records.map(row => row.id);
                });
        for (const [sort, ascending] of [
            ['created_at', [first, second, third]],
            ['decided_at', [third, first, second]],
        ] as const) {
            for (const order of ['asc', 'desc'] as const) {
                const expected = order === 'asc' ? ascending : [...ascending].reverse();
                expect(await page({ sort, order }), `${sort} ${order}`).toEqual(expected);
                const pages = [
                    ...(await page({ sort, order, page_size: 2 })),
                    ...(await page({ sort, order, page_size: 2, page_number: 2 })),
                ];
                expect(pages, `${sort} ${order}, two pages`).toEqual(expected);
            }
        }
        // Without a sort, newest asked first as before.
        expect(await page({})).toEqual([third, second, first]);
    });

    it('refuses a sort or an order it does not know, naming the field', async () => {
        for (const [body, field] of [
            [{ sort: 'amount' }, 'sort'],
            [{ order: 'sideways' }, 'order'],
        ] as const) {
            const answer = await server.callUnchecked(requestedTpiReversals, { body, token: token.maker });
            expect([answer.status, answer.error.field], JSON.stringify(body)).toEqual([400, field]);
        }
    });

    it('reads the queue sorted by when decided along its index, either way', async () => {
        // The page query's shape (server/domain/money/tpi/lists.ts): one status, the column, then id. The
        // test's table is small enough to read whole, so the other ways are ruled out to see the index's use.
        const plans = await server.db.transaction(async tx => {
            await tx.execute(sql`SET LOCAL enable_seqscan = off`);
            await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
            const plan = async (order: 'ASC' | 'DESC') =>
                rowsOf<{ 'QUERY PLAN': string }>(
                    await tx.execute(
                        sql`EXPLAIN SELECT id FROM tpi_reversals WHERE status = 'denied' ORDER BY decided_at ${sql.raw(order)}, id ${sql.raw(order)} LIMIT 25`,
                    ),
                )
                    .map(row => row['QUERY PLAN'])
                    .join('\n');
            return [await plan('ASC'), await plan('DESC')];
        });
        for (const plan of plans) {
            expect(plan).toContain('tpi_reversals_decided_idx');
            expect(plan).not.toContain('Sort');
        }
    });

    it('is refused to a caller who neither asks nor decides', async () => {
        const answer = await server.call(requestedTpiReversals, { body: {}, token: token.agent });
        expect([answer.status, answer.error.key]).toEqual([403, 'errors.forbidden']);
    });
});

describe('deciding a reversal (approve_deny_tpi_reversal_request)', () => {
    it('reopens a loan the claim paid off: completed back to active, audited as loans.reopen', async () => {
        const made = await loanWithName({ balance: 158.35 });
        const { claim } = await makeClaim(server.db, { loan: { id: made.loan.id, msisdn: made.msisdn }, amount: 158.35 });
        expect(await loanRow(made.loan.id)).toMatchObject({ balance: 0, status: 'completed' });
        const reversal = await requestReversal(claim.id);
        const decided = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'approve', note: 'Paid twice' },
            token: token.checker,
        });
        expect(decided.status).toBe(200);
        // The customer owes the amount again, so the loan is open again to take payments.
        expect(await loanRow(made.loan.id)).toMatchObject({ balance: 158.35, status: 'active' });
        expect(await auditOf('loans', made.loan.id)).toContainEqual(
            expect.objectContaining({
                action: 'loans.reopen',
                before: expect.objectContaining({ status: 'completed', balance: 0 }),
                after: expect.objectContaining({ status: 'active', balance: 158.35, reason: 'tpi_reversal' }),
            }),
        );
    });

    it('approving records the reversal payment, puts the amount back on the balance, marks the claim reversed, and audits it', async () => {
        const made = await loanWithName({ balance: 1000 });
        const { claim } = await makeClaim(server.db, { loan: { id: made.loan.id, msisdn: made.msisdn }, amount: 158.35 });
        expect((await loanRow(made.loan.id)).balance).toBe(841.65);
        const reversal = await requestReversal(claim.id);
        const decided = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'approve', note: 'Confirmed with the insurer' },
            token: token.checker,
        });
        expect(decided.status).toBe(200);
        const now = server.clock.now().toISOString();
        expect(decided.body.reversal).toMatchObject({
            id: reversal.id,
            status: 'approved',
            decision_note: 'Confirmed with the insurer',
            decided_by: { id: await adminId(server.db, 'checker'), name: 'Lerato Dlamini' },
            decided_at: now,
            claim: { id: claim.id, reversed_at: now, pending_reversal_id: null },
        });
        expect((await loanRow(made.loan.id)).balance).toBe(1000);
        const [payment] = await server.db
            .select()
            .from(transactions)
            .where(eq(transactions.reference, `TPI-REV-${claim.id}`));
        expect(payment).toMatchObject({
            loanId: made.loan.id,
            amount: 158.35,
            kind: 'reversal',
            channel: 'bank',
            msisdn: made.msisdn,
            suspenseStatus: null,
        });
        const [claimRow] = await server.db.select().from(tpiClaims).where(eq(tpiClaims.id, claim.id));
        expect(claimRow?.reversalTransactionId).toBe(payment?.id);
        const found = await search({ reference: `TPI-REV-${claim.id}` });
        expect(found.body.data.find(row => row.reference === `TPI-REV-${claim.id}`)).toMatchObject({
            kind: 'reversal',
            loan_reference: made.loanReference,
        });

        expect((await auditOf('tpi_reversals', reversal.id)).map(row => row.action)).toEqual([
            'tpi_reversals.request',
            'tpi_reversals.approve',
        ]);
        expect(await auditOf('tpi_claims', claim.id)).toEqual([
            expect.objectContaining({
                action: 'tpi_claims.reverse',
                roleUsed: 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE',
                before: expect.objectContaining({ loan_balance: 841.65 }),
                after: expect.objectContaining({ loan_balance: 1000, amount: 158.35, reversal_transaction_id: payment?.id }),
            }),
        ]);

        const again = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'deny', note: 'Late' },
            token: token.admin,
        });
        expect([again.status, again.error.key, again.error.field]).toEqual([409, 'errors.request_decided', 'reversal_id']);
        // A reversed claim cannot be reversed again.
        const more = await server.call(requestTpiReversal, {
            body: { claim_id: claim.id, reason: 'Once more' },
            token: token.maker,
        });
        expect([more.status, more.error.key]).toEqual([409, 'errors.claim_not_reversible']);
    });

    it('denying needs a note, keeps the claim as it was, and lets a new request be made', async () => {
        const { claim, loanId } = await makeClaim(server.db);
        const balance = (await loanRow(loanId)).balance;
        const reversal = await requestReversal(claim.id);
        const bare = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'deny' },
            token: token.checker,
        });
        expect([bare.status, bare.error.field]).toEqual([400, 'note']);
        const blank = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'deny', note: '   ' },
            token: token.checker,
        });
        expect([blank.status, blank.error.field]).toEqual([400, 'note']);
        const denied = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'deny', note: 'The insurer confirmed the payment' },
            token: token.checker,
        });
        expect(denied.body.reversal).toMatchObject({ status: 'denied', claim: { reversed_at: null, pending_reversal_id: null } });
        expect((await loanRow(loanId)).balance).toBe(balance);
        expect(
            await server.db
                .select()
                .from(transactions)
                .where(eq(transactions.reference, `TPI-REV-${claim.id}`)),
        ).toEqual([]);
        expect((await requestReversal(claim.id)).status).toBe('pending');
    });

    it("refuses one's own request (403), an unknown one (404), and a caller without the approving role (403)", async () => {
        const { claim } = await makeClaim(server.db);
        const reversal = await requestReversal(claim.id, 'admin');
        const own = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'approve' },
            token: token.admin,
        });
        expect([own.status, own.error.key, own.error.field]).toEqual([403, 'errors.own_request', 'reversal_id']);
        const missing = await server.call(decideTpiReversal, {
            body: { reversal_id: 2_000_000_000, decision: 'approve' },
            token: token.checker,
        });
        expect([missing.status, missing.error.key, missing.error.field]).toEqual([
            404,
            'errors.request_not_found',
            'reversal_id',
        ]);
        const maker = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'approve' },
            token: token.maker,
        });
        expect([maker.status, maker.error.key]).toEqual([403, 'errors.forbidden']);
        const viewer = await userWithRoles(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE', 'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE']);
        const notChecker = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'approve' },
            token: viewer.token,
        });
        expect([notChecker.status, notChecker.error.key]).toEqual([403, 'errors.forbidden']);
        const [row] = await server.db.select().from(tpiReversals).where(eq(tpiReversals.id, reversal.id));
        expect(row?.status).toBe('pending');
    });

    it('refuses to approve a claim reversed meanwhile, leaving the request pending', async () => {
        const { claim, loanId } = await makeClaim(server.db);
        const reversal = await requestReversal(claim.id);
        await server.db.update(tpiClaims).set({ reversedAt: new Date() }).where(eq(tpiClaims.id, claim.id));
        const balance = (await loanRow(loanId)).balance;
        const answer = await server.call(decideTpiReversal, {
            body: { reversal_id: reversal.id, decision: 'approve' },
            token: token.checker,
        });
        expect([answer.status, answer.error.key]).toEqual([409, 'errors.claim_not_reversible']);
        expect((await loanRow(loanId)).balance).toBe(balance);
        const [row] = await server.db.select().from(tpiReversals).where(eq(tpiReversals.id, reversal.id));
        expect(row?.status).toBe('pending');
    });

    it('has one effect however many approve at once: one 200, 49 × 409, the balance raised once', async () => {
        const made = await loanWithName({ balance: 500 });
        const { claim } = await makeClaim(server.db, { loan: { id: made.loan.id, msisdn: made.msisdn }, amount: 120 });
        const reversal = await requestReversal(claim.id);
        const outcome = await race(server, decideTpiReversal, 50, index => ({
            body: { reversal_id: reversal.id, decision: 'approve' as const },
            token: index % 2 === 0 ? token.checker : token.admin,
        }));
        expect(outcome.statuses).toEqual({ 200: 1, 409: 49 });
        expect(new Set(outcome.losers.map(loser => loser.error.key))).toEqual(new Set(['errors.request_decided']));
        expect((await loanRow(made.loan.id)).balance).toBe(500);
        expect(await server.db.select().from(transactions).where(eq(transactions.loanId, made.loan.id))).toHaveLength(2);
        expect((await auditOf('tpi_claims', claim.id)).length).toBe(1);
    });
});

describe("a shop's reach (a caller attached to a shop)", () => {
    const SHOP = 'Soweto Central';
    const OTHER = 'Durban Marine Parade';
    const notFound = (answer: { status: number; error: { key?: string; field?: string } }) => [
        answer.status,
        answer.error.key,
        answer.error.field,
    ];

    it("finds the payments on its shop's loans only, none in suspense; staff without a shop find all", async () => {
        const shopUser = await userWithRoles(['FIND_TRANSACTION'], SHOP);
        const stem = `REACH${nextSerial()}`;
        const ours = await loanWithName({ store: SHOP });
        const theirs = await loanWithName({ store: OTHER });
        const unsold = await loanWithName({ store: null });
        const mine = await makePayment(server.db, { id: ours.loan.id, msisdn: ours.msisdn }, { reference: `${stem}-A` });
        await makePayment(server.db, { id: theirs.loan.id, msisdn: theirs.msisdn }, { reference: `${stem}-B` });
        await makePayment(server.db, { id: unsold.loan.id, msisdn: unsold.msisdn }, { reference: `${stem}-C` });
        await makeSuspense(server.db, { reference: `${stem}-D`, msisdn: ours.msisdn, account: ours.loanReference });

        const asShop = (body: z.input<typeof searchTransactions.body>) =>
            server.call(searchTransactions, { body, token: shopUser.token });
        const found = await asShop({ reference: stem });
        expect(found.status).toBe(200);
        expect(found.body.data.map(row => row.id)).toEqual([mine.id]);
        expect(found.body.total_items).toBe(1);
        // Every filter stays within reach: another shop's loan or customer, suspense, a page past the first.
        expect((await asShop({ loan_reference: theirs.loanReference })).body).toEqual({ data: [], total_items: 0 });
        expect((await asShop({ msisdn: theirs.msisdn })).body).toEqual({ data: [], total_items: 0 });
        expect((await asShop({ reference: stem, state: 'suspense' })).body).toEqual({ data: [], total_items: 0 });
        expect((await asShop({ msisdn: ours.msisdn })).body.data.map(row => row.id)).toEqual([mine.id]);
        expect((await asShop({ reference: stem, page_number: 2, page_size: 1 })).body).toEqual({ data: [], total_items: 1 });

        const all = await search({ reference: stem });
        expect(all.body.data.map(row => row.reference).sort()).toEqual(['A', 'B', 'C', 'D'].map(end => `${stem}-${end}`));
        expect(all.body.total_items).toBe(4);
    });

    it('has an empty suspense queue and answers 404 for any suspense payment, changing nothing; staff still work it', async () => {
        const shopUser = await userWithRoles(['VIEW_SUSPENSE_TRANSACTIONS', 'CORRECT_SUSPENSE_TRANSACTIONS'], SHOP);
        const ours = await loanWithName({ store: SHOP, balance: 500 });
        // A payment that names the shop's own loan, and one the staff already assigned to it.
        const payment = await makeSuspense(server.db, { msisdn: ours.msisdn, account: ours.loanReference, amount: 40 });
        const assigned = await makeSuspense(server.db, { msisdn: ours.msisdn, amount: 10 });
        const done = await server.call(correctSuspense, {
            body: { transaction_id: assigned.id, loan_reference: ours.loanReference },
            token: token.maker,
        });
        expect(done.status).toBe(200);

        for (const body of [{}, { q: ours.msisdn }, { status: 'corrected' as const }, { status: 'queued' as const }]) {
            const queue = await server.call(suspenseTransactions, { body, token: shopUser.token });
            expect([queue.status, queue.body], JSON.stringify(body)).toEqual([200, { data: [], total_items: 0 }]);
        }
        for (const id of [payment.id, assigned.id]) {
            const picker = await server.call(wrongAccountTransactions, { body: { transaction_id: id }, token: shopUser.token });
            expect(notFound(picker)).toEqual([404, 'errors.transaction_not_found', 'transaction_id']);
            const queued = await server.call(queueSuspense, {
                body: { transaction_id: id, note: 'Set aside by the shop' },
                token: shopUser.token,
            });
            // Not 409 for the corrected one: nothing is said about a payment out of reach.
            expect(notFound(queued)).toEqual([404, 'errors.transaction_not_found', 'transaction_id']);
            const corrected = await server.call(correctSuspense, {
                body: { transaction_id: id, loan_reference: ours.loanReference },
                token: shopUser.token,
            });
            expect(notFound(corrected)).toEqual([404, 'errors.transaction_not_found', 'transaction_id']);
        }
        expect(await transactionRow(payment.id)).toMatchObject({ suspenseStatus: 'open', loanId: null, queueNote: null });
        expect((await loanRow(ours.loan.id)).balance).toBe(490);

        const staffQueue = await server.call(suspenseTransactions, { body: { q: ours.msisdn }, token: token.maker });
        expect(staffQueue.body.data.map(row => row.id)).toEqual([payment.id]);
        const staffPicker = await server.call(wrongAccountTransactions, {
            body: { transaction_id: payment.id },
            token: token.maker,
        });
        expect(staffPicker.body.candidates.map(row => row.loan_reference)).toContain(ours.loanReference);
    });

    it("lists the claims and reversals of its shop's loans only; staff without a shop see all", async () => {
        const shopUser = await userWithRoles(
            [
                'VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE',
                'VIEW_FAILED_THIRD_PARTY_INSURANCE',
                'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE',
            ],
            SHOP,
        );
        const stem = `REACH${nextSerial()}`;
        const paidHere = await makeClaim(server.db, { store: SHOP, insurerReference: `${stem}-PAID-HERE` });
        const paidThere = await makeClaim(server.db, { store: OTHER, insurerReference: `${stem}-PAID-THERE` });
        const failedHere = await makeClaim(server.db, { store: SHOP, outcome: 'failed', insurerReference: `${stem}-FAIL-HERE` });
        await makeClaim(server.db, { store: OTHER, outcome: 'failed', insurerReference: `${stem}-FAIL-THERE` });
        const reversalHere = await requestReversal(paidHere.claim.id);
        const reversalThere = await requestReversal(paidThere.claim.id);

        const ids = (records: readonly { id: number }[]) => records.map(row => row.id);
        const paid = await server.call(successfulTpiClaims, { body: { q: stem }, token: shopUser.token });
        expect([ids(paid.body.records), paid.body.total_items]).toEqual([[paidHere.claim.id], 1]);
        const failed = await server.call(failedTpiClaims, { body: { q: stem }, token: shopUser.token });
        expect([ids(failed.body.records), failed.body.total_items]).toEqual([[failedHere.claim.id], 1]);
        // The other shop's customer is not found by their number either.
        expect((await server.call(successfulTpiClaims, { body: { q: paidThere.msisdn }, token: shopUser.token })).body).toEqual({
            records: [],
            total_items: 0,
        });
        const queue = await server.call(requestedTpiReversals, { body: { q: stem }, token: shopUser.token });
        expect([ids(queue.body.records), queue.body.total_items]).toEqual([[reversalHere.id], 1]);
        const pastFirst = await server.call(requestedTpiReversals, {
            body: { q: stem, page_number: 2, page_size: 1 },
            token: shopUser.token,
        });
        expect(pastFirst.body).toEqual({ records: [], total_items: 1 });

        const staffPaid = await server.call(successfulTpiClaims, { body: { q: stem }, token: token.maker });
        expect(ids(staffPaid.body.records).sort()).toEqual([paidHere.claim.id, paidThere.claim.id].sort());
        expect((await server.call(failedTpiClaims, { body: { q: stem }, token: token.checker })).body.total_items).toBe(2);
        const staffQueue = await server.call(requestedTpiReversals, { body: { q: stem }, token: token.checker });
        expect(ids(staffQueue.body.records).sort()).toEqual([reversalHere.id, reversalThere.id].sort());
    });

    it("answers 404 for another shop's claim or reversal, before any other refusal, changing nothing; acts on its own", async () => {
        const shopUser = await userWithRoles(
            ['REQUEST_REVERSAL_THIRD_PARTY_INSURANCE', 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE'],
            SHOP,
        );
        const here = await makeClaim(server.db, { store: SHOP, amount: 100 });
        const there = await makeClaim(server.db, { store: OTHER, amount: 100 });
        const failedThere = await makeClaim(server.db, { store: OTHER, outcome: 'failed' });
        const unsold = await makeClaim(server.db, { store: null });

        const ask = (claimId: number) =>
            server.call(requestTpiReversal, {
                body: { claim_id: claimId, reason: 'Asked by the shop' },
                token: shopUser.token,
            });
        // A paid claim, a refused one (409 to staff), a claim on a loan of no shop.
        for (const claimId of [there.claim.id, failedThere.claim.id, unsold.claim.id]) {
            expect(notFound(await ask(claimId))).toEqual([404, 'errors.claim_not_found', 'claim_id']);
        }
        expect(await server.db.select().from(tpiReversals).where(eq(tpiReversals.claimId, there.claim.id))).toEqual([]);

        const decide = (reversalId: number) =>
            server.call(decideTpiReversal, {
                body: { reversal_id: reversalId, decision: 'approve' },
                token: shopUser.token,
            });
        const pendingThere = await requestReversal(there.claim.id);
        const balanceThere = (await loanRow(there.loanId)).balance;
        expect(notFound(await decide(pendingThere.id))).toEqual([404, 'errors.request_not_found', 'reversal_id']);
        const [stillPending] = await server.db.select().from(tpiReversals).where(eq(tpiReversals.id, pendingThere.id));
        expect(stillPending?.status).toBe('pending');
        expect((await loanRow(there.loanId)).balance).toBe(balanceThere);
        // Decided already (409 to staff): still 404.
        const denied = await server.call(decideTpiReversal, {
            body: { reversal_id: pendingThere.id, decision: 'deny', note: 'Not recalled after all' },
            token: token.checker,
        });
        expect(denied.status).toBe(200);
        expect(notFound(await decide(pendingThere.id))).toEqual([404, 'errors.request_not_found', 'reversal_id']);

        // Its own shop's claim: asked by the shop, decided by another; asked by staff, decided by the shop.
        const asked = await ask(here.claim.id);
        expect(asked.status).toBe(201);
        const ownRequest = await decide(asked.body.reversal.id);
        expect(notFound(ownRequest)).toEqual([403, 'errors.own_request', 'reversal_id']);
        const denyOwn = await server.call(decideTpiReversal, {
            body: { reversal_id: asked.body.reversal.id, decision: 'deny', note: 'Asked in error' },
            token: token.checker,
        });
        expect(denyOwn.status).toBe(200);
        const byStaff = await requestReversal(here.claim.id);
        const balanceHere = (await loanRow(here.loanId)).balance;
        const approved = await decide(byStaff.id);
        expect([approved.status, approved.body.reversal.status, approved.body.reversal.claim.reversed_at]).toEqual([
            200,
            'approved',
            expect.any(String),
        ]);
        expect((await loanRow(here.loanId)).balance).toBe(balanceHere + 100);
    });
});
