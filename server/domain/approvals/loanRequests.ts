/**
 * The requests a maker raises on a loan from the customer view (contract/approvals/loanRequests.ts):
 * deregistration, IMEI change and transfer of ownership, and who a transfer would go to.
 *
 * A request is validated now against the loan as it stands (the maker sees what is wrong at once),
 * with the checks the checker's decision runs again (checks.ts). At most one request of a kind
 * waits per loan: the partial unique index `approval_requests_one_pending_key` keeps it so even for
 * two makers at the same instant, and its violation is the 409 `errors.request_pending`.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    requestImeiChange,
    requestLoanDeactivation,
    requestLoanTransfer,
    transferOwnerLookup,
    type LoanApprovalKind,
} from '../../../contract/approvals';
import type { Queryable, Transaction } from '../../db';
import { approvalRequests, loans } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { refreshDevices } from '../devices';
import { checkOwnShopLoan, visibleCustomers, visibleLoan, type LoanRow, type SelectedLoan } from '../records';
import { checkImeiChange, checkLoanActive, checkLoanTransfer } from './checks';
import { insertLoanRequest, PENDING_CONFLICTS, pendingRequestsOfLoans, requestPending } from './requests';

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

export const registerLoanRequestRoutes = (app: FastifyInstance): void => {
    mount(app, requestLoanDeactivation, async ({ body }, context) => {
        const loan = await visibleLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        return raiseRequest(context, loan, 'deregistration', body.reason, () => Promise.resolve({}));
    });

    mount(app, requestImeiChange, async ({ body }, context) => {
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
    });

    mount(app, requestLoanTransfer, async ({ body }, context) => {
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
    });

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
};
