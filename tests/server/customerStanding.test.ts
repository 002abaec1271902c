/**
 * The customer view's loans carry their schedule and standing (contract/lending.ts): worked out by the
 * schedule module on the server's business day, from what the loan's payments left of its
 * balance, whatever recorded them; the clock moved shows the standing move with it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerLoans } from '../../contract/customers';
import { correctSuspense } from '../../contract/money';
import { loans } from '../../server/db/schema';
import { businessDay } from '../../server/time';
import { signInAs } from './contractCases';
import { makeLoan } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';
import { makePayment, makeSuspense } from './moneyFixtures';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker']) token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());

describe("a customer's loans", () => {
    it("answers each loan's schedule and standing today, its payments to the oldest instalment first", async () => {
        // A weekly loan of 6 × 100 whose deposit was paid 22 days ago: instalments fell due 15, 8 and
        // 1 days ago; 130 paid since, through a suspense payment assigned to it (the balance lowered).
        const made = await makeLoan(server.db);
        const dayOf = (days: number) => businessDay(new Date(server.clock.now().getTime() + days * 86_400_000));
        await server.db
            .update(loans)
            .set({
                instalmentPeriod: 'weekly',
                instalment: 100,
                term: 6,
                price: made.loan.deposit + 600,
                balance: 600,
                firstDueDate: dayOf(-15),
            })
            .where(eq(loans.id, made.loan.id));
        await makePayment(
            server.db,
            { id: made.loan.id, msisdn: made.msisdn },
            {
                kind: 'deposit',
                amount: made.loan.deposit,
                paidAt: new Date(server.clock.now().getTime() - 22 * 86_400_000),
            },
        );
        const suspense = await makeSuspense(server.db, { msisdn: made.msisdn, amount: 130 });
        const assigned = await server.call(correctSuspense, {
            body: { transaction_id: suspense.id, loan_reference: made.loanReference },
            token: token.maker,
        });
        expect(assigned.status).toBe(200);

        const { status, body } = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.admin });
        expect(status).toBe(200);
        const loan = body.data.find(row => row.loan_reference === made.loanReference);
        expect(loan?.standing).toEqual({
            amount_overdue: 170,
            days_overdue: 8,
            oldest_unpaid_due: dayOf(-8),
            next_due: { date: dayOf(6), amount: 100 },
            paid_to_date: 130,
        });
        expect(loan?.schedule.map(row => [row.number, row.due_date, row.paid, row.outstanding, row.status])).toEqual([
            [1, dayOf(-15), 100, 0, 'paid'],
            [2, dayOf(-8), 30, 70, 'overdue'],
            [3, dayOf(-1), 0, 100, 'overdue'],
            [4, dayOf(6), 0, 100, 'upcoming'],
            [5, dayOf(13), 0, 100, 'upcoming'],
            [6, dayOf(20), 0, 100, 'upcoming'],
        ]);

        // A week later the next instalment is overdue too, and the oldest unpaid a week older.
        server.clock.advance(7 * 86_400_000);
        const later = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: await signInAs(server, 'admin') });
        expect(later.body.data.find(row => row.loan_reference === made.loanReference)?.standing).toMatchObject({
            amount_overdue: 270,
            days_overdue: 15,
            next_due: { date: dayOf(13 - 7), amount: 100 },
        });
    });

    it('answers no schedule for a sale whose deposit is not paid', async () => {
        const made = await makeLoan(server.db, { status: 'awaiting_deposit' });
        const { body } = await server.call(customerLoans, {
            body: { msisdn: made.msisdn },
            // Signed in again: the test before moved the clock past the first session.
            token: await signInAs(server, 'admin'),
        });
        expect(body.data[0]).toMatchObject({ loan_reference: made.loanReference, standing: null, schedule: [] });
    });
});
