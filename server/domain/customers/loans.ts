/**
 * The calls that act on an existing loan (contract/loans.ts): a customer's loans, deposits,
 * statements and insurance; the requests a maker raises for a checker; cancelling a sale.
 *
 * A request for a checker is validated now against the loan as it stands (the maker sees what is
 * wrong at once); the checker's decision is a later domain's. At most one request of a kind waits
 * per loan: the partial unique index `approval_requests_one_pending_key` keeps it so even for two
 * makers at the same instant, and its violation is the 409 `errors.request_pending`.
 */
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
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
    type ApprovalRequest,
} from '../../../contract/loans';
import type { Queryable, Transaction } from '../../db';
import { admins, approvalRequests, customers, inventoryItems, loans, transactions } from '../../db/schema';
import { OPEN_LOAN_STATUSES } from '../../db/schema/loans';
import { HttpError, mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import { refreshDevices } from './devices';
import { loanStateRefused, moveLoan } from './lifecycles';
import {
    checkOwnShopLoan,
    customerNotFound,
    loansOfCustomer,
    selectLoans,
    toLoan,
    visibleCustomer,
    visibleCustomers,
    visibleLoan,
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

const cents = (value: number) => Math.round(value * 100) / 100;

// ---------------------------------------------------------------------------------------------
// Requests for a checker

const requestPending = () =>
    new HttpError(
        409,
        'errors.request_pending',
        'A request of this kind is already waiting for approval for this loan',
        'loan_reference',
    );

/** The pending requests of a loan, as the request calls answer them. */
const pendingRequestsOf = async (db: Queryable, loanId: number): Promise<ApprovalRequest[]> => {
    const rows = await db
        .select({
            request: approvalRequests,
            loanReference: loans.loanReference,
            msisdn: customers.msisdn,
            makerFirst: admins.firstName,
            makerLast: admins.lastName,
        })
        .from(approvalRequests)
        .innerJoin(loans, eq(loans.id, approvalRequests.loanId))
        .innerJoin(customers, eq(customers.id, approvalRequests.customerId))
        .innerJoin(admins, eq(admins.id, approvalRequests.makerAdminId))
        .where(and(eq(approvalRequests.loanId, loanId), eq(approvalRequests.status, 'pending')))
        .orderBy(asc(approvalRequests.id));
    return rows.map(row => ({
        id: row.request.id,
        kind: row.request.kind,
        status: row.request.status,
        loan_reference: row.loanReference,
        msisdn: row.msisdn,
        reason: row.request.reason,
        change: row.request.change,
        maker: { id: row.request.makerAdminId, name: `${row.makerFirst} ${row.makerLast}` },
        created_at: iso(row.request.createdAt),
    }));
};

/**
 * Records a request for a checker on an active loan, in one write; `validate` runs inside it
 * against the loan locked as it stands, and answers the change the request asks for.
 */
const raiseRequest = async (
    context: CallContext,
    loan: SelectedLoan,
    kind: ApprovalRequest['kind'],
    reason: string,
    validate: (tx: Transaction) => Promise<Record<string, string>>,
) =>
    context.write(
        async tx => {
            const [current] = await tx.select().from(loans).where(eq(loans.id, loan.loan.id)).for('update');
            if (!current) throw new Error('A loan vanished while a request was raised');
            if (current.status !== 'active')
                throw loanStateRefused(`Only an active loan takes this request; this loan is ${current.status}`);
            const [waiting] = await tx
                .select({ id: approvalRequests.id })
                .from(approvalRequests)
                .where(
                    and(
                        eq(approvalRequests.loanId, current.id),
                        eq(approvalRequests.kind, kind),
                        eq(approvalRequests.status, 'pending'),
                    ),
                );
            if (waiting) throw requestPending();
            const change = await validate(tx);
            const [created] = await tx
                .insert(approvalRequests)
                .values({
                    kind,
                    loanId: current.id,
                    customerId: current.customerId,
                    change,
                    reason,
                    makerAdminId: context.session?.admin.id ?? 0,
                    createdAt: context.now(),
                })
                .returning();
            if (!created) throw new Error('The new request could not be read back');
            return {
                result: { pending_requests: await pendingRequestsOf(tx, current.id) },
                audit: {
                    action: `approval_requests.${kind}.request`,
                    entity: 'approval_requests',
                    entityId: created.id,
                    after: { kind, loan_reference: current.loanReference, change, reason },
                },
            };
        },
        { conflicts: { approval_requests_one_pending_key: requestPending } },
    );

// ---------------------------------------------------------------------------------------------
// Routes

export const registerLoanRoutes = (app: FastifyInstance): void => {
    mount(app, customerLoans, async ({ body }, context) => {
        const customer = await visibleCustomer(context, body.msisdn);
        const first = await loansOfCustomer(context.db, customer.customer.id);
        await refreshDevices(
            context,
            first.filter(row => row.device?.requestedState).map(row => row.loan.id),
        );
        const rows = await loansOfCustomer(context.db, customer.customer.id);
        return { data: rows.map(toLoan) };
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
            financed: cents(loan.price - loan.deposit),
            balance: loan.balance,
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
            return raiseRequest(context, loan, 'deregistration', body.reason, async () => ({}));
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
            return raiseRequest(context, loan, 'imei_change', body.reason, async tx => {
                if (body.new_imei === loan.loan.imei) {
                    throw new HttpError(400, 'errors.field_invalid', 'The new IMEI is the one the loan already has', 'new_imei');
                }
                const [taken] = await tx
                    .select({ id: loans.id })
                    .from(loans)
                    .where(and(eq(loans.imei, body.new_imei), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
                if (taken) throw new HttpError(409, 'errors.imei_in_use', 'This IMEI belongs to another open loan', 'new_imei');
                const [device] = await selectLoans(tx).where(eq(loans.id, loan.loan.id));
                if (device?.device?.state !== 'active') {
                    throw new HttpError(
                        409,
                        'errors.device_state',
                        `The phone is exchanged from an active lock; this one is ${device?.device?.state ?? 'not attached'}`,
                        'loan_reference',
                    );
                }
                return { old_imei: loan.loan.imei, new_imei: body.new_imei };
            });
        },
        { status: 201 },
    );

    mount(
        app,
        requestLoanTransfer,
        async ({ body }, context) => {
            const loan = await visibleLoan(context, body.loan_reference);
            checkOwnShopLoan(context, loan.loan);
            return raiseRequest(context, loan, 'loan_transfer', body.reason, async tx => {
                const [owner] = await tx
                    .select({ id: customers.id, msisdn: customers.msisdn })
                    .from(customers)
                    .where(and(eq(customers.msisdn, body.new_msisdn), visibleCustomers(context)));
                if (!owner) throw customerNotFound('new_msisdn');
                if (owner.id === loan.loan.customerId) {
                    throw new HttpError(409, 'errors.same_owner', 'The loan already belongs to this customer', 'new_msisdn');
                }
                return { from_msisdn: loan.msisdn, to_msisdn: owner.msisdn };
            });
        },
        { status: 201 },
    );

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
