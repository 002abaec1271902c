/**
 * The calls that act on an existing loan (contract/loans.ts): a customer's loans, deposits,
 * statements and insurance; the requests a maker raises for a checker; cancelling a sale.
 *
 * A request for a checker is validated now against the loan as it stands (the maker sees what is
 * wrong at once), with the checks the checker's decision runs again (server/domain/approvals/).
 * At most one request of a kind waits per loan: the partial unique index
 * `approval_requests_one_pending_key` keeps it so even for two makers at the same instant, and its
 * violation is the 409 `errors.request_pending`.
 */
import { and, asc, desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY } from '../../../contract/customers';
import {
    cancelLoan,
    checkInsurance,
    customerLoans,
    depositTransactions,
    INSURANCE_STATUSES,
    loanCancellationOptions,
    loanStatements,
    requestImeiChange,
    requestLoanDeactivation,
    requestLoanTransfer,
    SALES_EXIT_REASONS,
    transferOwnerLookup,
} from '../../../contract/loans';
import type { LoanApprovalKind } from '../../../contract/approvals';
import type { Queryable, Transaction } from '../../db';
import { approvalRequests, inventoryItems, loans, transactions } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { cents, iso } from '../../wire';
import { businessDay } from '../analytics/figures';
import { checkImeiChange, checkLoanActive, checkLoanTransfer } from '../approvals/checks';
import { insertLoanRequest, PENDING_CONFLICTS, pendingRequestsOfLoans, requestPending } from '../approvals/requests';
import { standingsOf } from '../lending/standing';
import { releaseCustomerDrafts } from '../origination/expiry';
import { refreshDevices } from './devices';
import { moveLoan } from './lifecycles';
import {
    balanceDue,
    checkOwnShopLoan,
    loansOfCustomer,
    selectLoans,
    toLoan,
    visibleCustomer,
    visibleCustomers,
    visibleLoan,
    type LoanRow,
    type SelectedLoan,
} from './records';

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

// ---------------------------------------------------------------------------------------------
// Requests for a checker

/**
 * Refuses a request while one of the same kind, or a deregistration, already waits on the loan:
 * the new one could never be decided after it (approving the deregistration would close it
 * unread). The customer view disables the button and says what waits (customers/sections/Loans.tsx).
 */
const checkNothingWaiting = async (db: Queryable, loanId: number, kind: LoanApprovalKind) => {
    const waiting = await db
        .select({ id: approvalRequests.id, kind: approvalRequests.kind })
        .from(approvalRequests)
        .where(and(eq(approvalRequests.loanId, loanId), eq(approvalRequests.status, 'pending')));
    if (waiting.some(other => other.kind === kind)) throw requestPending();
    const deregistration = waiting.find(other => other.kind === 'deregistration');
    if (deregistration) {
        throw new HttpError(
            409,
            'errors.deregistration_pending',
            `A deregistration of this loan waits for a checker (request #${deregistration.id})`,
            'loan_reference',
        );
    }
};

/**
 * Records a request for a checker on an active loan, in one write; `validate` runs inside it
 * against the loan locked as it stands (the checks of server/domain/approvals/checks.ts, which the
 * checker's decision runs again), and answers the change the request asks for.
 */
const raiseRequest = async (
    context: CallContext,
    loan: SelectedLoan,
    kind: LoanApprovalKind,
    reason: string,
    validate: (tx: Transaction, current: LoanRow) => Promise<Record<string, string>>,
) =>
    context.write(
        async tx => {
            const [current] = await tx.select().from(loans).where(eq(loans.id, loan.loan.id)).for('update');
            if (!current) throw new Error('A loan vanished while a request was raised');
            checkLoanActive(current);
            await checkNothingWaiting(tx, current.id, kind);
            const change = await validate(tx, current);
            const created = await insertLoanRequest(tx, {
                kind,
                loan: current,
                change,
                reason,
                makerAdminId: context.session?.admin.id ?? 0,
                now: context.now(),
            });
            return {
                result: { pending_requests: await pendingRequestsOfLoans(tx, [current.id]) },
                audit: created.audit,
            };
        },
        { conflicts: PENDING_CONFLICTS },
    );

// ---------------------------------------------------------------------------------------------
// Routes

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

    mount(
        app,
        requestLoanDeactivation,
        async ({ body }, context) => {
            const loan = await visibleLoan(context, body.loan_reference);
            checkOwnShopLoan(context, loan.loan);
            return raiseRequest(context, loan, 'deregistration', body.reason, () => Promise.resolve({}));
        },
        { status: 201 },
    );

    mount(
        app,
        requestImeiChange,
        async ({ body }, context) => {
            const loan = await visibleLoan(context, body.loan_reference);
            checkOwnShopLoan(context, loan.loan);
            await refreshDevices(context, [loan.loan.id]);
            return raiseRequest(
                context,
                loan,
                'imei_change',
                body.reason,
                async (tx, current) => (await checkImeiChange(tx, current, body.new_imei)).change,
            );
        },
        { status: 201 },
    );

    mount(
        app,
        requestLoanTransfer,
        async ({ body }, context) => {
            const loan = await visibleLoan(context, body.loan_reference);
            checkOwnShopLoan(context, loan.loan);
            return raiseRequest(
                context,
                loan,
                'loan_transfer',
                body.reason,
                async (tx, current) =>
                    (await checkLoanTransfer(tx, current, loan.msisdn, body.new_msisdn, visibleCustomers(context))).change,
            );
        },
        { status: 201 },
    );

    mount(app, transferOwnerLookup, async ({ body }, context) => {
        const loan = await visibleLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        checkLoanActive(loan.loan);
        await checkNothingWaiting(context.db, loan.loan.id, 'loan_transfer');
        const { change } = await checkLoanTransfer(
            context.db,
            loan.loan,
            loan.msisdn,
            body.new_msisdn,
            visibleCustomers(context),
        );
        return { loan_reference: loan.loan.loanReference, msisdn: change.to_msisdn, name: change.to_name };
    });

    mount(app, loanCancellationOptions, async ({ body }, context) => {
        const { loan } = await visibleLoan(context, body.loan_reference);
        const cancellable = loan.status === 'draft' || loan.status === 'awaiting_deposit';
        return {
            loan_reference: loan.loanReference,
            status: loan.status,
            cancellable,
            options: cancellable ? [...SALES_EXIT_REASONS] : [],
        };
    });

    mount(app, cancelLoan, async ({ body }, context) => {
        const loan = await visibleLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        if (body.reason === 'other' && !body.note) {
            throw new HttpError(400, 'errors.note_required', 'Say why in the note when the reason is "other"', 'note');
        }
        return context.write(async tx => {
            const [current] = await tx.select().from(loans).where(eq(loans.id, loan.loan.id)).for('update');
            if (!current) throw new Error('A loan vanished while it was cancelled');
            const status = moveLoan(current.status, 'cancelled');
            const now = context.now();
            await tx
                .update(loans)
                .set({ status, cancellationReason: body.reason, cancellationNote: body.note ?? null, updatedAt: now })
                .where(eq(loans.id, current.id));
            if (current.inventoryItemId !== null) {
                await tx
                    .update(inventoryItems)
                    .set({ status: 'in_stock' })
                    .where(and(eq(inventoryItems.id, current.inventoryItemId), eq(inventoryItems.status, 'reserved')));
            }
            const [updated] = await selectLoans(tx).where(eq(loans.id, current.id));
            if (!updated) throw new Error('The loan could not be read back');
            return {
                result: toLoan(updated),
                audit: {
                    action: 'loans.cancel',
                    entity: 'loans',
                    entityId: current.id,
                    before: { status: current.status },
                    after: { status, reason: body.reason, note: body.note ?? null },
                },
            };
        });
    });
};
