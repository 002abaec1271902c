/**
 * Loan origination (spec §7 "Loan", "OTP"; docs/domain.md "Customers and loans"): the calls the
 * add-loan wizard makes, in the order it makes them, from "who is the customer" to a financed
 * phone whose lock is active.
 *
 *   customer/login/check → (kyc.ts: images, identity, kyc-details) → customer-qualified-devices →
 *   imei/validation/check → loan_quote (the terms, to accept) → create_loan (draft on the
 *   accepted quote, device reserved) → generate/customer-otp and
 *   generate/agent-otp → customer_otp + agent_otp, or verify-otp-v2 (both at once), or
 *   digital_assisted/verify-otp → awaiting_deposit → loan_deposit (payment prompt) →
 *   confirm_customer_initial_deposit or digital_assisted/confirm-deposit-payment → awaiting_lock →
 *   confirm_lock_activation (contract/devices.ts) → active.
 *
 * This file holds the checks, the quote, the sale and where it stands; the codes are codes.ts, the
 * deposit deposit.ts.
 *
 * Cancelling with a sales-exit reason (cancel.ts) is open until the deposit is paid. `loan_progress`
 * says where a sale stands, so a wizard reloaded or reconnected resumes at the right step. Every
 * step refuses a loan in the wrong status with 409 `errors.loan_state` and the reason; every step
 * is safe to repeat (a code verified twice, a deposit reference sent twice, a loan created twice
 * for the same device and customer give the first answer again and change nothing more).
 *
 * Who: every call needs ADD_LOAN; the customer must be one the caller sees (contract/customers/index.ts)
 * or one they are registering, and the loan one they may act on (their shop's, or their own sale).
 * The device comes from the caller's shop, or, for a caller without one (a field agent, head-office
 * staff), from the store they name.
 */
import { z } from 'zod';
import { customer, CUSTOMER_CHANNELS, INSTALMENT_PERIODS, loan, transaction } from '../customers';
import { defineCall, id } from '../define';
import { LOCK_SOLUTIONS } from '../devices';
import { CURRENCY, imei, loanReference, msisdn } from '../fields';
import { cancellationCalls } from './cancel';
import { codeCalls } from './codes';
import { depositCalls } from './deposit';

export * from './cancel';
export * from './codes';
export * from './deposit';

/** Where the wizard stands, computed by the server from the loan (never trusted from the client). */
export const ORIGINATION_STEPS = ['otp', 'deposit', 'lock', 'done', 'cancelled'] as const;
export type OriginationStep = (typeof ORIGINATION_STEPS)[number];

/** A 6-digit code sent by SMS for a sale: valid 5 minutes, single use, 5 guesses (as every code). */
export const SALE_OTP = { length: 6, ttlMinutes: 5, maxAttempts: 5 } as const;

export const customerLoginCheck = defineCall({
    summary:
        "Is this phone number already a customer? `customer` is set when the caller may see them; `known` is true when the number is someone's whom the caller does not see (the identity step then proves the customer is present: their ID number must match). 409 `errors.own_customer` ('Cannot add loan for yourself') when the number is the caller's own.",
    method: 'POST',
    path: '/api/v1/customer/login/check',
    access: 'ADD_LOAN',
    body: z.object({ msisdn }),
    response: z.object({
        msisdn: z.string(),
        known: z.boolean(),
        customer: customer.nullable(),
    }),
});

export const imeiValidationCheck = defineCall({
    summary:
        'Checks a device for a sale: 15 digits with a valid check digit (400), a unit of the chosen model in stock at the store (409 `errors.imei_not_in_stock`), on no open loan (409 `errors.imei_in_use`). Reads only; `create_loan` reserves it.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/imei/validation/check',
    access: 'ADD_LOAN',
    body: z.object({ imei, sku: z.string().trim().min(1).max(64), store_id: id.optional() }),
    response: z.object({
        imei: z.string(),
        sku: z.string(),
        brand: z.string(),
        model: z.string(),
        store: z.object({ id: z.number().int(), name: z.string() }),
    }),
});

/** How long a quote may be accepted after it is issued: after that `create_loan` refuses it and the wizard asks for a new one. */
export const QUOTE_VALIDITY_MINUTES = 30;

/**
 * How long a `draft` sale (the loan made, its codes not both verified) holds its phone and the
 * customer's credit: after this many hours from its start the server cancels it
 * (`reservation_expired`), the phone goes back in stock and the credit back to the customer. Long
 * enough for a customer who left to come back the next day; short enough that a lost draft does
 * not keep a phone off the shelf for a week.
 */
export const DRAFT_RESERVATION_HOURS = 48;

/**
 * The cost of credit as a share of the amount financed, in percent to one decimal, half away from
 * zero, worked in whole cents (1.45 on 100.00 is 1.5, which `Math.round(x * 1000) / 10` on the
 * floating quotient makes 1.4); 0 when nothing is financed. The server quotes it and the portal
 * says it of a loan with this one rule.
 */
export const costOfCreditPercent = (costOfCredit: number, amountFinanced: number): number => {
    const financed = Math.round(amountFinanced * 100);
    if (financed <= 0) return 0;
    const cost = Math.round(costOfCredit * 100);
    const tenths = Math.floor((2 * Math.abs(cost) * 1000 + financed) / (2 * financed));
    return (Math.sign(cost) * tenths) / 10;
};

/** What a sale is about: the customer, the model and device, the shop (for a caller without one) and the channel. */
const saleSubject = {
    msisdn,
    sku: z.string().trim().min(1).max(64),
    imei,
    store_id: id.optional(),
    channel: z.enum(CUSTOMER_CHANNELS),
};

/** A quote's opaque identifier (a random UUID): it says nothing of who asked or for whom. */
export const quoteId = z.uuid('valid quote required');

/**
 * The terms a customer is offered, every figure named and adding up to the cent:
 * amount_financed = cash_price − deposit; total_payable = deposit + instalment × instalments;
 * cost_of_credit = total_payable − cash_price, and `cost_of_credit_percent` is that share of the
 * amount financed, to one decimal. The first instalment falls due one period (a week, or a calendar
 * month) after the day the quote is issued, as the schedule counts from the deposit day.
 */
export const quote = z.object({
    quote_id: z.string(),
    msisdn: z.string(),
    sku: z.string(),
    brand: z.string(),
    model: z.string(),
    imei: z.string(),
    store: z.object({ id: z.number().int(), name: z.string() }),
    lock_solution: z.enum(LOCK_SOLUTIONS),
    currency: z.literal(CURRENCY),
    cash_price: z.number(),
    deposit: z.number(),
    amount_financed: z.number(),
    cost_of_credit: z.number(),
    /** `costOfCreditPercent(cost_of_credit, amount_financed)`. */
    cost_of_credit_percent: z.number(),
    instalment: z.number(),
    instalments: z.number().int(),
    instalment_period: z.enum(INSTALMENT_PERIODS),
    /** YYYY-MM-DD: one period after today, if the deposit is paid today; the loan's moves with a later deposit. */
    first_due_date: z.string(),
    total_payable: z.number(),
    issued_at: z.string(),
    expires_at: z.string(),
});
export type Quote = z.infer<typeof quote>;

export const loanQuote = defineCall({
    summary: `Issues a quote for a sale: every figure the customer will owe (cash price, deposit, amount financed, cost of credit in ZAR and as a share of the amount financed, each instalment, how many and how often, the first due date, the total payable) and the lock solution, valid ${QUOTE_VALIDITY_MINUTES} minutes. Quoted only for a sale that could go ahead now: the same checks as create_loan (customer seen, no other sale in progress, KYC submitted, qualifies, device in stock and free), none of which reserves anything. The quote is kept, with who asked, and \`create_loan\` accepts it by its \`quote_id\`.`,
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/loan_quote',
    access: 'ADD_LOAN',
    body: z.object(saleSubject),
    response: quote,
});

export const createLoan = defineCall({
    summary:
        "Starts a sale on the quote the customer accepted (`quote_id`, from loan_quote): a `draft` loan with exactly the quoted terms, on the quoted device, which is reserved for it. A quote that is expired, already used, another caller's, for another customer, device, shop or channel, or whose model's prices changed since, is 409 `errors.quote_stale` on `quote_id`: the terms are never silently re-priced, the customer is quoted again. The customer's KYC must still be submitted (not rejected), the model must fit their available limit, the device must pass the IMEI check. The same quote (or the same customer, device and seller) again answers the same draft; another sale in progress for the customer is 409 `errors.sale_in_progress`.",
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/create_loan',
    access: 'ADD_LOAN',
    body: z.object({ ...saleSubject, quote_id: quoteId }),
    response: loan,
});

/**
 * A sale's code that is not verified yet, as the server knows it: the latest one sent and not used,
 * where it went (masked as every code's is), when it was last sent and until when it works.
 * `expired` is judged by the server's clock when it answers: such a code no longer verifies, a new
 * one must be sent.
 */
const codeState = z.object({
    sent_to: z.string(),
    sent_at: z.string(),
    expires_at: z.string(),
    expired: z.boolean(),
});

/** Where a sale stands: what the wizard shows when it opens or reopens on a loan. */
export const loanProgress = defineCall({
    summary:
        "Where a sale stands: the loan (its device's IMEI with it), which codes are verified and, for each that is not, the one last sent (where to, until when, whether it has expired; null when none was sent), the deposit if paid, and the wizard's step (`otp`, `deposit`, `lock`, `done`, `cancelled`).",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/loan_progress',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan,
        customer,
        step: z.enum(ORIGINATION_STEPS),
        customer_otp_verified: z.boolean(),
        agent_otp_verified: z.boolean(),
        codes: z.object({ customer: codeState.nullable(), agent: codeState.nullable() }),
        deposit: transaction.nullable(),
    }),
});

export const originationCalls = {
    customerLoginCheck,
    imeiValidationCheck,
    loanQuote,
    createLoan,
    loanProgress,
    ...codeCalls,
    ...depositCalls,
    ...cancellationCalls,
};
