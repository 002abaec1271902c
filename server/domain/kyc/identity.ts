/**
 * ID numbers and the identity register (contract/kyc.ts `idValidationCheck`, `identityValidation`).
 *
 * A South African ID number is YYMMDD SSSS C A Z: the birth date, a sequence whose value says the
 * gender (0000–4999 female, 5000–9999 male), citizenship, a digit no longer used, and a Luhn check
 * digit over the other twelve. The century is the one that puts the date in the past.
 *
 * The identity register (Contactable in production) is a stand-in here, deterministic so tests and
 * demonstrations can make it fail on purpose:
 * - a national ID number is found when it is a valid SA ID number, except the two below; its birth
 *   date is the one the number carries, so a different `date_of_birth` is `date_of_birth_mismatch`;
 * - a passport number is found unless it is the not-found one below (the register knows no dates
 *   for passports, so none is compared);
 * - the register knows the names of the customers already registered with that ID number: other
 *   names are `name_mismatch` (case and surrounding spaces aside);
 * - REGISTER_NOT_FOUND answers `not_found`, REGISTER_DECEASED answers `deceased`.
 */
import type { IDENTITY_MISMATCHES } from '../../../contract/kyc';

/** How an identity check's reference starts: `idv_` and 24 random hex digits. */
export const CHECK_REFERENCE_PREFIX = 'idv_';

/** Valid SA ID numbers (date and check digit) the stand-in register does not know, and knows as deceased. */
export const REGISTER_NOT_FOUND = '8505055000087';
export const REGISTER_DECEASED = '6502020123088';
/** A passport number the stand-in register does not know. */
export const REGISTER_NOT_FOUND_PASSPORT = 'X0000000';

type Gender = 'female' | 'male';
export type Mismatch = (typeof IDENTITY_MISMATCHES)[number];

/** The Luhn check over every digit, the last being the check digit. */
export const luhnValid = (digits: string): boolean => {
    let sum = 0;
    for (let index = 0; index < digits.length; index += 1) {
        let digit = Number(digits[digits.length - 1 - index]);
        if (index % 2 === 1) {
            digit *= 2;
            if (digit > 9) digit -= 9;
        }
        sum += digit;
    }
    return sum % 10 === 0;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** YYMMDD → YYYY-MM-DD in the century that puts it on or before `today`, or null when it is no date. */
const birthDateOf = (yymmdd: string, today: Date): string | null => {
    const yy = Number(yymmdd.slice(0, 2));
    const month = Number(yymmdd.slice(2, 4));
    const day = Number(yymmdd.slice(4, 6));
    for (const century of [2000, 1900]) {
        const year = century + yy;
        const date = new Date(Date.UTC(year, month - 1, day));
        const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
        if (!real) return null;
        if (date.getTime() <= today.getTime()) return `${year}-${pad(month)}-${pad(day)}`;
    }
    return null;
};

export type SaIdReading = { valid: true; dateOfBirth: string; gender: Gender } | { valid: false; problem: string };

/** What a South African ID number says, or why it is not one. */
export const readSaId = (idNumber: string, today: Date): SaIdReading => {
    if (!/^[0-9]{13}$/.test(idNumber)) return { valid: false, problem: 'a South African ID number is 13 digits' };
    const dateOfBirth = birthDateOf(idNumber.slice(0, 6), today);
    if (!dateOfBirth) return { valid: false, problem: 'the first six digits are not a birth date (YYMMDD)' };
    if (!luhnValid(idNumber)) return { valid: false, problem: 'the check digit (the last) does not match' };
    return { valid: true, dateOfBirth, gender: Number(idNumber.slice(6, 10)) >= 5000 ? 'male' : 'female' };
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The stand-in register's answer for a person (see the header). */
export const registerAnswer = (
    person: {
        idType: 'national_id' | 'passport';
        idNumber: string;
        firstName: string;
        lastName: string;
        dateOfBirth: string;
    },
    /** The customer already registered with this ID number, if any: the register knows their name. */
    known: { firstName: string; lastName: string } | null,
    today: Date,
): Mismatch | null => {
    if (person.idType === 'passport') {
        if (person.idNumber === REGISTER_NOT_FOUND_PASSPORT) return 'not_found';
    } else {
        const reading = readSaId(person.idNumber, today);
        if (!reading.valid || person.idNumber === REGISTER_NOT_FOUND) return 'not_found';
        if (person.idNumber === REGISTER_DECEASED) return 'deceased';
        if (reading.dateOfBirth !== person.dateOfBirth) return 'date_of_birth_mismatch';
    }
    if (known && !(sameName(known.firstName, person.firstName) && sameName(known.lastName, person.lastName))) {
        return 'name_mismatch';
    }
    return null;
};
