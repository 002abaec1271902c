/**
 * A customer's loans (contract/customers/loans.ts): each with its schedule, standing and device,
 * and the requests waiting on them; their deposits, statements and insurance. The requests a
 * maker raises on a loan are server/domain/approvals/loanRequests.ts; cancelling a sale is
 * server/domain/origination/cancel.ts.
 */
import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    checkInsurance,
    CURRENCY,
    customerLoans,
    depositTransactions,
    INSURANCE_STATUSES,
    loanStatements,
} from '../../../contract/customers';
import { loans, transactions } from '../../db/schema';
import { mount } from '../../http';
import { cents, iso } from '../../wire';
import { businessDay } from '../../time';
import { pendingRequestsOfLoans } from '../approvals/requests';
import { refreshDevices } from '../devices';
import { standingsOf } from '../lending/standing';
import { releaseCustomerDrafts } from '../origination/expiry';
import { balanceDue, loansOfCustomer, toLoan, visibleCustomer, visibleLoan } from '../records';

const toTransaction = (row: { tx: typeof transactions.$inferSelect; loanReference: string | null }) => ({
    id: row.tx.id,
    reference: row.tx.reference,
    msisdn: row.tx.msisdn,
    loan_reference: row.loanReference,
    amount: row.tx.amount,
    currency: CURRENCY,
    channel: row.tx.channel,
    kind: row.tx.kind,
    created_at: iso(row.tx.createdAt),
});

export const registerLoanRoutes = (app: FastifyInstance): void => {
    mount(app, customerLoans, async ({ body }, context) => {
        const customer = await visibleCustomer(context, body.msisdn);
        await releaseCustomerDrafts(context, customer.customer.id);
        const first = await loansOfCustomer(context.db, customer.customer.id);
        await refreshDevices(
            context,
            first.filter(row => row.device?.requestedState).map(row => row.loan.id),
        );
        const rows = await loansOfCustomer(context.db, customer.customer.id);
        // Every loan's schedule in one more query, on the business day of the server's clock.
        const schedules = await standingsOf(
            context.db,
            rows.map(row => row.loan.id),
            businessDay(context.now()),
        );
        return {
            data: rows.map(row => {
                const schedule = schedules.get(row.loan.id);
                return { ...toLoan(row), standing: schedule?.standing ?? null, schedule: schedule?.instalments ?? [] };
            }),
            pending_requests: await pendingRequestsOfLoans(
                context.db,
                rows.map(row => row.loan.id),
            ),
        };
    });

    mount(app, depositTransactions, async ({ body }, context) => {
        const customer = await visibleCustomer(context, body.msisdn);
        const c = customer.customer;
        const ofCustomer = or(eq(loans.customerId, c.id), and(isNull(transactions.loanId), eq(transactions.msisdn, c.msisdn)));
        const rows = await context.db
            .select({ tx: transactions, loanReference: loans.loanReference })
            .from(transactions)
            .leftJoin(loans, eq(loans.id, transactions.loanId))
            .where(
                and(
                    eq(transactions.kind, 'deposit'),
                    ofCustomer,
                    body.loan_reference !== undefined ? eq(loans.loanReference, body.loan_reference) : undefined,
                ),
            )
            .orderBy(desc(transactions.createdAt), desc(transactions.id))
            .limit(500);
        return { data: rows.map(toTransaction) };
    });

    mount(app, loanStatements, async ({ body }, context) => {
        const { loan } = await visibleLoan(context, body.loan_reference);
        const rows = await context.db
            .select()
            .from(transactions)
            .where(eq(transactions.loanId, loan.id))
            .orderBy(asc(transactions.createdAt), asc(transactions.id))
            .limit(2000);
        let balance = loan.price;
        const entries = rows.map(row => {
            balance = cents(row.kind === 'reversal' ? balance + row.amount : balance - row.amount);
            return {
                date: iso(row.createdAt),
                reference: row.reference,
                kind: row.kind,
                amount: row.amount,
                balance_after: balance,
            };
        });
        return {
            loan_reference: loan.loanReference,
            currency: CURRENCY,
            price: loan.price,
            deposit: loan.deposit,
            financed: cents(loan.cashPrice - loan.deposit),
            cash_price: loan.cashPrice,
            cost_of_credit: cents(loan.price - loan.cashPrice),
            instalment: loan.instalment,
            instalment_period: loan.instalmentPeriod,
            term: loan.term,
            first_due_date: loan.firstDueDate,
            balance: balanceDue(loan),
            status: loan.status,
            entries,
        };
    });

    mount(app, checkInsurance, async ({ body }, context) => {
        const { loan } = await visibleLoan(context, body.loan_reference);
        const today = iso(context.now()).slice(0, 10);
        const status: (typeof INSURANCE_STATUSES)[number] =
            loan.insurer === null ? 'none' : loan.insuredUntil !== null && loan.insuredUntil >= today ? 'active' : 'expired';
        return {
            loan_reference: loan.loanReference,
            insured: status === 'active',
            status,
            insurer: loan.insurer,
            policy_number: loan.insurancePolicyNumber,
            premium: loan.insurancePremium,
            currency: CURRENCY,
            cover_until: loan.insuredUntil,
        };
    });
};
