/**
 * The two codes that close a sale's terms: the customer's, proving they are present and agree,
 * and the agent's, each sent by SMS (SALE_OTP in ./index.ts) and verified one by one or both at
 * once; the digitally assisted sale verifies the customer's alone.
 */
import { z } from 'zod';
import { defineCall } from '../define';
import { loanReference, otpCode } from '../fields';

const codeSent = z.object({
    loan_reference: z.string(),
    /** The phone it went to, masked as every code's is (server/domain/auth/codes.ts `maskMsisdn`): `•••005`. */
    sent_to: z.string(),
    expires_at: z.string(),
});

export const generateCustomerOtp = defineCall({
    summary:
        "Sends the customer a code by SMS that confirms they accept the sale's terms (a new one replaces the last). The loan must be `draft`. At most 5 codes an hour to one phone (429).",
    method: 'POST',
    path: '/api/v1/generate/customer-otp',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: codeSent,
});

export const generateAgentOtp = defineCall({
    summary:
        'Sends the selling agent (the caller) a code by SMS to their own phone, confirming the sale is theirs. The loan must be `draft`.',
    method: 'POST',
    path: '/api/v1/generate/agent-otp',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: codeSent,
});

/** What every verification answers: which codes are verified now, and the loan's status. */
const verification = z.object({
    loan_reference: z.string(),
    customer_otp_verified: z.boolean(),
    agent_otp_verified: z.boolean(),
    /** `awaiting_deposit` once both codes are verified. */
    loan_status: z.string(),
});

/**
 * A wrong code is 400 `errors.otp_invalid` on the field that holds it (never 401, which signs the
 * caller out); expired or used is 400 `errors.otp_expired`; the 6th guess is 429
 * `errors.too_many_attempts`. A code verified before verifies again without a guess counted.
 */
export const customerOtp = defineCall({
    summary: "Verifies the customer's code for a `draft` loan.",
    method: 'POST',
    path: '/api/v1/customer_otp',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference, otp: otpCode }),
    response: verification,
});

export const agentOtp = defineCall({
    summary: "Verifies the selling agent's code for a `draft` loan.",
    method: 'POST',
    path: '/api/v1/agent_otp',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference, otp: otpCode }),
    response: verification,
});

export const verifyOtpV2 = defineCall({
    summary: "Verifies both codes at once (the client says 'Please enter both OTP codes' before sending one alone).",
    method: 'POST',
    path: '/api/digital_assisted/verify-otp-v2',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference, customer_otp: otpCode, agent_otp: otpCode }),
    response: verification,
});

export const digitalAssistedVerifyOtp = defineCall({
    summary:
        'Digitally assisted sales: verifies whichever codes are given (the remote customer reads theirs out when they have it), at least one.',
    method: 'POST',
    path: '/api/digital_assisted/verify-otp',
    access: 'ADD_LOAN',
    body: z
        .object({ loan_reference: loanReference, customer_otp: otpCode.optional(), agent_otp: otpCode.optional() })
        .refine(body => body.customer_otp !== undefined || body.agent_otp !== undefined, {
            message: 'Please enter both OTP codes',
            path: ['customer_otp'],
        }),
    response: verification,
});

export const codeCalls = {
    generateCustomerOtp,
    generateAgentOtp,
    customerOtp,
    agentOtp,
    verifyOtpV2,
    digitalAssistedVerifyOtp,
};
