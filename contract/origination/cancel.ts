/**
 * Cancelling a sale that has not gone through (`draft` or `awaiting_deposit`) with a sales-exit
 * reason (spec §9); its reserved phone goes back in stock.
 */
import { z } from 'zod';
import { LOAN_STATUSES, loan, SALES_EXIT_REASONS } from '../customers/loans';
import { defineCall } from '../define';
import { loanReference } from '../fields';

export const loanCancellationOptions = defineCall({
    summary:
        "The sales-exit reasons a loan may be cancelled with: all of them while the loan is `draft` or `awaiting_deposit`, none otherwise ('No options available').",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/get_loan_cancellation_options',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan_reference: z.string(),
        status: z.enum(LOAN_STATUSES),
        cancellable: z.boolean(),
        options: z.array(z.enum(SALES_EXIT_REASONS)),
    }),
});

export const cancelLoan = defineCall({
    summary:
        'Cancel a sale that has not gone through (`draft` or `awaiting_deposit`) with a sales-exit reason; `other` needs a note. The reserved phone goes back in stock.',
    method: 'POST',
    path: '/api/v1/initiate_loan_cancellation',
    access: 'ADD_LOAN',
    body: z.object({
        loan_reference: loanReference,
        reason: z.enum(SALES_EXIT_REASONS),
        note: z.string().trim().max(500).optional(),
    }),
    response: loan,
});

export const cancellationCalls = { loanCancellationOptions, cancelLoan };
