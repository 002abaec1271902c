/**
 * Deciding a reversal (the checker's half): never one's own, with the role held now; approving
 * records the `reversal` payment on the claim's loan and raises its balance by the claim's amount,
 * once (the payment's unique reference), reopening a paid-off loan.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { decideTpiReversal } from '../../../../contract/money';
import { customers, loans, tpiClaims, tpiReversals, transactions } from '../../../db/schema';
import { HttpError, type CallContext } from '../../../http';
import { cents, iso } from '../../../wire';
import type { AuditEntry } from '../../../write';
import { reopensPaidOff } from '../../records';
import { rolesHeldNowShared } from '../../security';
import { reachOf } from '../reach';
import { readReversal } from './read';
import { claimNotReversible, requestNotFound } from './refusals';

/** The role a checker holds to decide a reversal, read again when they decide. */
export const APPROVE_REVERSAL = 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE';

/** The reference of the payment an approved reversal records on the loan. */
export const reversalReference = (claimId: number) => `TPI-REV-${claimId}`;

/** Approves or denies the reversal, audited with what approving did to the claim and its loan. */
export const decideReversal = (context: CallContext, body: z.output<typeof decideTpiReversal.body>) => {
    const me = context.session?.admin.id ?? 0;
    return context.write(
        async tx => {
            const [found] = await tx
                .select({ reversal: tpiReversals, storeId: loans.storeId })
                .from(tpiReversals)
                .innerJoin(tpiClaims, eq(tpiClaims.id, tpiReversals.claimId))
                .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
                .where(eq(tpiReversals.id, body.reversal_id))
                .for('update', { of: tpiReversals });
            if (!found || !reachOf(context).loan(found.storeId)) throw requestNotFound();
            const { reversal } = found;
            if (reversal.status !== 'pending') {
                throw new HttpError(409, 'errors.request_decided', `This request was already ${reversal.status}`, 'reversal_id');
            }
            if (reversal.makerAdminId === me) {
                throw new HttpError(
                    403,
                    'errors.own_request',
                    'You made this request: another person must decide it',
                    'reversal_id',
                );
            }
            const held = await rolesHeldNowShared(tx, me);
            const needed = [APPROVE_REVERSAL, ...(context.roleUsed ? [context.roleUsed] : [])];
            if (!needed.every(code => held.has(code))) {
                throw new HttpError(403, 'errors.forbidden', `Deciding this request needs ${needed.join(' and ')}`);
            }
            const now = context.now();
            const note = body.note ?? null;
            const approved = body.decision === 'approve';
            const effects: AuditEntry[] = [];
            if (approved) {
                const [claim] = await tx.select().from(tpiClaims).where(eq(tpiClaims.id, reversal.claimId)).for('update');
                const [loan] = claim ? await tx.select().from(loans).where(eq(loans.id, claim.loanId)).for('update') : [];
                if (!claim || !loan || claim.status !== 'successful' || claim.reversedAt !== null) {
                    throw claimNotReversible('reversal_id');
                }
                const [customer] = await tx
                    .select({ msisdn: customers.msisdn })
                    .from(customers)
                    .where(eq(customers.id, loan.customerId));
                const [payment] = await tx
                    .insert(transactions)
                    .values({
                        reference: reversalReference(claim.id),
                        msisdn: customer?.msisdn ?? '',
                        loanId: loan.id,
                        amount: claim.amount,
                        channel: 'bank',
                        kind: 'reversal',
                        paidAt: now,
                        createdAt: now,
                    })
                    .returning({ id: transactions.id });
                if (!payment) throw new Error('The reversal payment could not be read back');
                const balance = cents(loan.balance + claim.amount);
                const reopened = reopensPaidOff(loan.status, balance);
                await tx
                    .update(loans)
                    .set({ balance, updatedAt: now, ...(reopened ? { status: 'active' as const } : {}) })
                    .where(eq(loans.id, loan.id));
                if (reopened) {
                    effects.push({
                        action: 'loans.reopen',
                        entity: 'loans',
                        entityId: loan.id,
                        before: { status: loan.status, balance: loan.balance },
                        after: {
                            status: 'active',
                            balance,
                            reason: 'tpi_reversal',
                            loan_reference: loan.loanReference,
                            claim_id: claim.id,
                        },
                    });
                }
                await tx
                    .update(tpiClaims)
                    .set({ reversedAt: now, reversalTransactionId: payment.id })
                    .where(eq(tpiClaims.id, claim.id));
                effects.push({
                    action: 'tpi_claims.reverse',
                    entity: 'tpi_claims',
                    entityId: claim.id,
                    before: { reversed_at: null, loan_balance: loan.balance },
                    after: {
                        reversed_at: iso(now),
                        reversal_transaction_id: payment.id,
                        reference: reversalReference(claim.id),
                        amount: claim.amount,
                        loan_reference: loan.loanReference,
                        loan_balance: balance,
                    },
                });
            }
            const status = approved ? ('approved' as const) : ('denied' as const);
            await tx
                .update(tpiReversals)
                .set({ status, checkerAdminId: me, decisionNote: note, decidedAt: now })
                .where(eq(tpiReversals.id, reversal.id));
            return {
                result: { reversal: await readReversal(tx, reversal.id) },
                audit: [
                    {
                        action: `tpi_reversals.${body.decision}`,
                        entity: 'tpi_reversals',
                        entityId: reversal.id,
                        before: { status: reversal.status },
                        after: { status, note },
                    },
                    ...effects,
                ],
            };
        },
        // Defence in depth: the claim's reversal payment exists already (its reference is unique).
        { conflicts: { transactions_reference_unique: () => claimNotReversible('reversal_id') } },
    );
};
