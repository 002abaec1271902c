/**
 * The one phone-number rule (contract/fields.ts `msisdn`): what every call that takes a number
 * keeps, and what every form that asks for one accepts. The portal's field check and the contract
 * agree on every input, so a form never sends what the server refuses, nor refuses what it takes.
 */
import { describe, expect, it } from 'vitest';
import { internationalMsisdn, isMsisdn, msisdn } from '../../contract/fields';
import { phone } from '../../src/lib/contractChecks';
import { lookupTerm } from '../../src/resources/customers/lookup';

const kept = (typed: string) => {
    const parsed = msisdn.safeParse(typed);
    return parsed.success ? parsed.data : null;
};

describe('the phone-number rule', () => {
    it('keeps a South African local number in international form: 0XXXXXXXXX → 27XXXXXXXXX', () => {
        expect(kept('0821234567')).toBe('27821234567');
        expect(kept(' 0821234567 ')).toBe('27821234567');
        expect(kept('0123456789')).toBe('27123456789');
    });

    it('keeps an international number without its +', () => {
        expect(kept('27821234567')).toBe('27821234567');
        expect(kept('+27821234567')).toBe('27821234567');
        expect(kept('+258841234567')).toBe('258841234567');
    });

    it('refuses anything else, saying which form it expects', () => {
        for (const typed of [
            '082123456',
            '08212345678',
            '+0821234567',
            '0027821234567',
            '2782123',
            '1234567890123456',
            '082 123 4567',
            'abc',
            '',
        ]) {
            expect(kept(typed), typed).toBeNull();
        }
        const refused = msisdn.safeParse('082123456');
        expect(refused.success ? '' : refused.error.issues[0]?.message).toBe(
            'valid phone number required: international form, e.g. 27821234567 (0821234567 is read as 27821234567)',
        );
    });

    it('is the rule of the forms too: the field check takes exactly what the contract takes', () => {
        for (const typed of ['0821234567', '27821234567', '+27821234567', '082123456', '+0821234567', '2782123', 'abc']) {
            expect(phone(typed, {}) === undefined, typed).toBe(kept(typed) !== null);
            expect(isMsisdn(typed), typed).toBe(kept(typed) !== null);
        }
        // A local number the rule cannot read says to use the international form.
        expect(phone('082123456', {})).toEqual({ key: 'validation.phone_international' });
        expect(phone('abc', {})).toEqual({ key: 'validation.phone' });
    });

    it('finding a customer by a local number asks for the number as it is kept', () => {
        expect(lookupTerm('082 123 4567')).toEqual({ term: '27821234567' });
        expect(lookupTerm('+27 82 123 4567')).toEqual({ term: '27821234567' });
        expect(internationalMsisdn('0821234567')).toBe('27821234567');
    });
});
