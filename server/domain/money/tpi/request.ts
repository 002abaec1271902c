/**
 * Asking for a successful claim's reversal (the maker's half): one waits per claim, kept so by
 * locking the claim's row and by the partial unique index `tpi_reversals_one_pending_key`.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { requestTpiReversal } from '../../../../contract/money';
import { loans, tpiClaims, tpiReversals } from '../../../db/schema';
import type { CallContext } from '../../../http';
import { reachOf } from '../reach';
import { readReversal } from './read';
import { claimNotFound, claimNotReversible, requestPending } from './refusals';

/** Records the reversal request, audited `tpi_reversals.request`, and answers it as read back. */
export const requestReversal = (context: CallContext, body: z.output<typeof requestTpiReversal.body>) =>
    context.write(
        async tx => {
            // The claim's row serialises the askers: the second finds the first's request.
            const [found] = await tx
                .select({ claim: tpiClaims, storeId: loans.storeId })
                .from(tpiClaims)
                .innerJoin(loans, eq(loans.id, tpiClaims.loanId))
                .where(eq(tpiClaims.id, body.claim_id))
                .for('update', { of: tpiClaims });
            if (!found || !reachOf(context).loan(found.storeId)) throw claimNotFound();
            const { claim } = found;
            if (claim.status !== 'successful' || claim.reversedAt !== null) throw claimNotReversible('claim_id');
            const [waiting] = await tx
                .select({ id: tpiReversals.id })
                .from(tpiReversals)
                .where(and(eq(tpiReversals.claimId, claim.id), eq(tpiReversals.status, 'pending')));
            if (waiting) throw requestPending();
            const [created] = await tx
                .insert(tpiReversals)
                .values({
                    claimId: claim.id,
                    reason: body.reason,
                    makerAdminId: context.session?.admin.id ?? 0,
                    createdAt: context.now(),
                })
                .returning({ id: tpiReversals.id });
            if (!created) throw new Error('The new reversal could not be read back');
            return {
                result: { reversal: await readReversal(tx, created.id) },
                audit: {
                    action: 'tpi_reversals.request',
                    entity: 'tpi_reversals',
                    entityId: created.id,
                    after: {
                        claim_id: claim.id,
                        insurer_reference: claim.insurerReference,
                        amount: claim.amount,
                        reason: body.reason,
                    },
                },
            };
        },
        { conflicts: { tpi_reversals_one_pending_key: requestPending } },
    );
