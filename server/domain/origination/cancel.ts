/**
 * Cancelling a sale that has not gone through (contract/origination/cancel.ts): while the loan is
 * `draft` or `awaiting_deposit`, with a sales-exit reason (`other` needs a note); its reserved
 * phone goes back in stock, in the same write.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SALES_EXIT_REASONS } from '../../../contract/customers';
import { cancelLoan, loanCancellationOptions } from '../../../contract/origination';
import { inventoryItems, loans } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { checkOwnShopLoan, moveLoan, selectLoans, toLoan, visibleLoan } from '../records';

export const registerCancellationRoutes = (app: FastifyInstance): void => {
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
