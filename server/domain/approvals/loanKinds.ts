/**
 * The kinds of request on a loan: deregistration (the loan deactivated, its lock released, and the
 * other requests waiting on it closed), IMEI change (the loan moved to another phone, the lock
 * exchanged) and transfer of ownership. Each is checked again by the checks the maker's request
 * ran (checks.ts).
 */
import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { ApprovalKind } from '../../../contract/approvals';
import type { Transaction } from '../../db';
import { admins, approvalRequests, deviceLocks, inventoryItems, loans, smsOutbox } from '../../db/schema';
import { HttpError } from '../../http';
import type { AuditEntry } from '../../write';
import { commandChanges } from '../devices';
import { moveLoan } from '../records';
import { checkImeiChange, checkLoanActive, checkLoanTransfer } from './checks';
import { entry } from './kindRules';
import type { RequestRow } from './requests';

/** The request's loan, locked for the decision. */
const lockedLoan = async (tx: Transaction, request: RequestRow) => {
    if (request.loanId === null) throw new Error(`Request ${request.id} (${request.kind}) names no loan`);
    const [loan] = await tx.select().from(loans).where(eq(loans.id, request.loanId)).for('update');
    if (!loan) throw new Error(`The loan of request ${request.id} vanished`);
    return loan;
};

const changeValue = (request: RequestRow, key: string): string => {
    const value = request.change[key];
    if (typeof value !== 'string') throw new Error(`Request ${request.id} (${request.kind}) has no ${key}`);
    return value;
};

const lockedDevice = async (tx: Transaction, loanId: number) => {
    const [device] = await tx.select().from(deviceLocks).where(eq(deviceLocks.loanId, loanId)).for('update');
    return device;
};

/** The note a request closed by a deregistration carries: what its maker reads under "My requests". */
export const closedNote = (byRequest: number) => `Closed: the loan was deregistered by request #${byRequest}`;

const KIND_WORDS: Readonly<Record<ApprovalKind, string>> = {
    deregistration: 'deregistration',
    imei_change: 'IMEI change',
    loan_transfer: 'transfer of ownership',
    agent_registration: 'agent registration',
    price_change: 'price change',
};

/** What the maker of a closed request is told, in plain English like every notice the server writes. */
export const closedSms = (id: number, kind: ApprovalKind, loanReference: string, byRequest: number) =>
    `Your ${KIND_WORDS[kind]} request #${id} for loan ${loanReference} was closed: the loan was deregistered by request #${byRequest}.`;

/**
 * The requests that approving `request` closes besides itself, as a condition on approval_requests:
 * for a deregistration, the others waiting on its loan; for every other kind, none. One condition
 * for the approval and for the call that names them beforehand (index.ts), so the dialog names
 * exactly what the decision closes.
 */
export const othersClosedBy = (request: Pick<RequestRow, 'id' | 'kind' | 'loanId'>): SQL => {
    if (request.kind !== 'deregistration' || request.loanId === null) return sql`false`;
    return (
        and(
            eq(approvalRequests.loanId, request.loanId),
            eq(approvalRequests.status, 'pending'),
            ne(approvalRequests.id, request.id),
        ) ?? sql`false`
    );
};

export const deregistration = entry('deregistration', {
    revalidate: async (tx, request) => {
        const loan = await lockedLoan(tx, request);
        checkLoanActive(loan);
        return loan;
    },
    apply: async (tx, request, context, loan) => {
        const now = context.now();
        const status = moveLoan(loan.status, 'deactivated');
        await tx.update(loans).set({ status, updatedAt: now }).where(eq(loans.id, loan.id));
        const audit: AuditEntry[] = [
            {
                action: 'loans.deactivate',
                entity: 'loans',
                entityId: loan.id,
                before: { status: loan.status },
                after: { status },
            },
        ];
        // The lock is released as its lifecycle allows: from an active or locked phone (or a failed
        // command on one); a command still in flight is left to finish.
        const device = await lockedDevice(tx, loan.id);
        let deviceState = device?.state ?? null;
        if (device) {
            let changes: ReturnType<typeof commandChanges> | null = null;
            try {
                changes = commandChanges(device, 'complete', now);
            } catch (error) {
                if (!(error instanceof HttpError)) throw error;
            }
            if (changes) {
                await tx.update(deviceLocks).set(changes).where(eq(deviceLocks.id, device.id));
                deviceState = changes.state;
                audit.push({
                    action: 'device_locks.complete',
                    entity: 'device_locks',
                    entityId: device.id,
                    before: { state: device.state },
                    after: { state: changes.state, loan_reference: loan.loanReference },
                });
            }
        }
        // The loan's other pending requests (an IMEI change, a transfer) can never be approved now:
        // they are closed with the decision, saying why, rather than left in a queue for ever. The
        // approval dialog named them beforehand (`othersClosedBy`); each maker reads the note under
        // "My requests" and is sent it by SMS, the one message channel staff have.
        const closed = await tx
            .update(approvalRequests)
            .set({
                status: 'rejected',
                checkerAdminId: context.session?.admin.id ?? null,
                decisionNote: closedNote(request.id),
                decidedAt: now,
            })
            .where(othersClosedBy(request))
            .returning({ id: approvalRequests.id, kind: approvalRequests.kind, makerAdminId: approvalRequests.makerAdminId });
        const makers = closed.length
            ? await tx
                  .select({ id: admins.id, msisdn: admins.msisdn })
                  .from(admins)
                  .where(inArray(admins.id, [...new Set(closed.map(other => other.makerAdminId))]))
            : [];
        for (const other of closed) {
            audit.push({
                action: `approval_requests.${other.kind}.close`,
                entity: 'approval_requests',
                entityId: other.id,
                before: { status: 'pending' },
                after: { status: 'rejected', reason: 'loan_deactivated', by_request: request.id },
            });
            const maker = makers.find(admin => admin.id === other.makerAdminId);
            if (maker) {
                await tx.insert(smsOutbox).values({
                    msisdn: maker.msisdn,
                    text: closedSms(other.id, other.kind, loan.loanReference, request.id),
                    purpose: 'notice',
                    createdAt: now,
                });
            }
        }
        return {
            after: {
                loan_reference: loan.loanReference,
                loan_status: status,
                device_state: deviceState,
                ...(closed.length ? { closed_requests: closed.map(other => other.id) } : {}),
            },
            audit,
        };
    },
});

export const imeiChange = entry('imei_change', {
    revalidate: async (tx, request) => {
        const loan = await lockedLoan(tx, request);
        checkLoanActive(loan);
        const newImei = changeValue(request, 'new_imei');
        const { stockItemId } = await checkImeiChange(tx, loan, newImei);
        return { loan, newImei, stockItemId };
    },
    apply: async (tx, _request, context, { loan, newImei, stockItemId }) => {
        const now = context.now();
        const device = await lockedDevice(tx, loan.id);
        if (!device) throw new Error(`Loan ${loan.loanReference} has no device, yet passed the IMEI checks`);
        // The stock follows the phones: the new one is sold, the old one comes back.
        if (stockItemId !== null) {
            await tx
                .update(inventoryItems)
                .set({ status: 'sold' })
                .where(and(eq(inventoryItems.id, stockItemId), eq(inventoryItems.status, 'in_stock')));
        }
        if (loan.inventoryItemId !== null) {
            await tx
                .update(inventoryItems)
                .set({ status: 'returned' })
                .where(and(eq(inventoryItems.id, loan.inventoryItemId), eq(inventoryItems.status, 'sold')));
        }
        await tx.update(loans).set({ imei: newImei, inventoryItemId: stockItemId, updatedAt: now }).where(eq(loans.id, loan.id));
        // The provider is asked to move the lock to the new phone (`exchange`).
        const changes = commandChanges({ ...device, imei: newImei }, 'exchange', now);
        await tx
            .update(deviceLocks)
            .set({ ...changes, imei: newImei })
            .where(eq(deviceLocks.id, device.id));
        return {
            after: { loan_reference: loan.loanReference, old_imei: loan.imei, new_imei: newImei, device_state: changes.state },
            audit: [
                {
                    action: 'loans.change_imei',
                    entity: 'loans',
                    entityId: loan.id,
                    before: { imei: loan.imei, inventory_item_id: loan.inventoryItemId },
                    after: { imei: newImei, inventory_item_id: stockItemId },
                },
                {
                    action: 'device_locks.exchange',
                    entity: 'device_locks',
                    entityId: device.id,
                    before: { state: device.state, imei: device.imei },
                    after: { state: changes.state, imei: newImei, requested_state: changes.requestedState },
                },
            ],
        };
    },
});

export const loanTransfer = entry('loan_transfer', {
    revalidate: async (tx, request) => {
        const loan = await lockedLoan(tx, request);
        checkLoanActive(loan);
        // Any known customer: the checker confirms the maker's choice, whoever they themselves may look up.
        const { ownerId } = await checkLoanTransfer(
            tx,
            loan,
            changeValue(request, 'from_msisdn'),
            changeValue(request, 'to_msisdn'),
        );
        return { loan, ownerId };
    },
    apply: async (tx, request, context, { loan, ownerId }) => {
        await tx.update(loans).set({ customerId: ownerId, updatedAt: context.now() }).where(eq(loans.id, loan.id));
        return {
            after: { loan_reference: loan.loanReference, to_msisdn: changeValue(request, 'to_msisdn') },
            audit: [
                {
                    action: 'loans.transfer',
                    entity: 'loans',
                    entityId: loan.id,
                    before: { customer_id: loan.customerId },
                    after: { customer_id: ownerId },
                },
            ],
        };
    },
});
