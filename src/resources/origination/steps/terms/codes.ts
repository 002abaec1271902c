/** The two codes that confirm a sale (TermsStep.tsx): the customer's, that they accept, and the seller's, that the sale is theirs. */
import type { Validator } from 'react-admin';
import { generateAgentOtp, generateCustomerOtp } from '../../../../../contract/origination';
import type { InputField } from '../../FieldGrid';
import type { CodeKind } from '../../wizard';

export const KINDS: readonly CodeKind[] = ['customer', 'agent'];
/** Each code's field, named as the verifying calls name it. */
export const FIELD: Record<CodeKind, 'customer_otp' | 'agent_otp'> = { customer: 'customer_otp', agent: 'agent_otp' };
export const SEND = { customer: generateCustomerOtp, agent: generateAgentOtp } as const;

/** A code's field: six digits, offered from the SMS by the phone's keyboard. */
export const codeField = (kind: CodeKind, validate: Validator[]): InputField => ({
    kind: 'text',
    source: FIELD[kind],
    label: `loans.wizard.codes.${FIELD[kind]}`,
    validate,
    htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, spellCheck: false },
});
