/**
 * The deposit of a sale: the payment prompt sent to the customer, and the deposit confirmed by
 * its payment reference, which moves the loan to `awaiting_lock` (at a shop, or digitally assisted).
 */
import { z } from 'zod';
import { TRANSACTION_CHANNELS, transaction } from '../customers';
import { defineCall } from '../define';
import { CURRENCY, loanReference } from '../fields';

export const loanDeposit = defineCall({
    summary:
        'Asks the customer to pay the deposit: sends them a payment prompt by SMS naming the amount and the reference to quote. The loan must be `awaiting_deposit`; asking again sends the prompt again.',
    method: 'POST',
    path: '/api/v1/loan_deposit',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference, channel: z.enum(TRANSACTION_CHANNELS) }),
    response: z.object({
        loan_reference: z.string(),
        amount: z.number(),
        currency: z.literal(CURRENCY),
        channel: z.enum(TRANSACTION_CHANNELS),
        /** What the customer quotes when paying: the loan reference. */
        pay_reference: z.string(),
        sent_to: z.string(),
    }),
});

/** A payment provider's reference: letters, digits and dashes. */
export const paymentReference = z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9-]{5,39}$/, 'valid payment reference required');

const depositConfirmed = z.object({
    loan_reference: z.string(),
    loan_status: z.string(),
    deposit: transaction,
    /** True when this reference had already been recorded for this loan: nothing was recorded again. */
    replayed: z.boolean(),
});

export const confirmInitialDeposit = defineCall({
    summary:
        "Records the deposit paid in the shop: the payment's reference, amount (exactly the loan's deposit, else 400 `errors.deposit_amount`) and channel. The loan becomes `awaiting_lock` and the device sold. The same reference again for this loan answers the first record (`replayed`); a reference already used elsewhere is 409 `errors.reference_used`.",
    method: 'POST',
    path: '/api/v1/confirm_customer_initial_deposit',
    access: 'ADD_LOAN',
    body: z.object({
        loan_reference: loanReference,
        reference: paymentReference,
        amount: z.number().positive().max(1_000_000),
        channel: z.enum(TRANSACTION_CHANNELS),
    }),
    response: depositConfirmed,
});

export const digitalAssistedConfirmDeposit = defineCall({
    summary:
        "Digitally assisted sales: confirms the deposit the remote customer paid by mobile money, by its reference (the amount is the loan's deposit). Same rules as confirm_customer_initial_deposit.",
    method: 'POST',
    path: '/api/digital_assisted/confirm-deposit-payment',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference, reference: paymentReference }),
    response: depositConfirmed,
});

export const depositCalls = { loanDeposit, confirmInitialDeposit, digitalAssistedConfirmDeposit };
