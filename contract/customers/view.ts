/**
 * What the customer view shows about a customer besides their loans: their credit limit and what
 * is left of it, the messages sent to them, and the phones they qualify for.
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { LOCK_SOLUTIONS } from '../devices';
import { CURRENCY, msisdn } from '../fields';
import { phoneModel as catalogueModel } from '../inventory';
import { CUSTOMER_FINDERS, KYC_STATUSES } from './customer';

export const customerLimits = defineCall({
    summary: "A customer's credit limit, what their open loans use of it, and what is left",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/customer_limits',
    access: CUSTOMER_FINDERS,
    body: z.object({ msisdn }),
    response: z.object({
        msisdn: z.string(),
        credit_limit: z.number(),
        used: z.number(),
        available: z.number(),
        currency: z.literal(CURRENCY),
        kyc_status: z.enum(KYC_STATUSES),
        open_loans: z.number().int(),
    }),
});

export const MESSAGE_PURPOSES = ['otp', 'notice'] as const;

export const customerMessages = defineCall({
    summary:
        'The SMS messages sent to a customer, newest first (at most 200). One-time codes are never shown: their text reads as a hidden code.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/get_customer_sms',
    access: 'VIEW_CUSTOMER_MESSAGES',
    body: z.object({ msisdn }),
    response: z.object({
        texts: z.array(
            z.object({
                id: z.number().int(),
                msisdn: z.string(),
                text: z.string(),
                purpose: z.enum(MESSAGE_PURPOSES),
                created_at: z.string(),
            }),
        ),
    }),
});

export const INSTALMENT_PERIODS = ['weekly', 'monthly'] as const;

/**
 * A catalogue model as the customer view offers it: the catalogue's row (contract/inventory.ts;
 * `term` is the number of instalments) without its id and stock count, its period and lock
 * solution typed by their codes. The wire shape is the catalogue's fields in the catalogue's order.
 */
export const phoneModel = catalogueModel.omit({ id: true, in_stock: true }).extend({
    instalment_period: z.enum(INSTALMENT_PERIODS),
    lock_solution: z.enum(LOCK_SOLUTIONS),
});

export const qualifiedDevices = defineCall({
    summary:
        "The phones a customer qualifies for: models whose financed amount (price less deposit) fits the credit left, with the units in stock (at the caller's shop when they have one). An empty list means the customer does not qualify for any phone.",
    method: 'POST',
    readOnly: true,
    path: '/api/digital_assisted/customer-qualified-devices',
    access: 'VIEW_CUSTOMERS_QUALIFIED_PHONES',
    body: z.object({ msisdn }),
    response: z.object({
        available_limit: z.number(),
        currency: z.literal(CURRENCY),
        devices: z.array(phoneModel.extend({ in_stock: z.number().int() })),
    }),
});

export const viewCalls = { customerLimits, customerMessages, qualifiedDevices };
