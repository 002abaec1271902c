/**
 * The rules of the contract's schemas that JSON Schema cannot say, each in words. The generator
 * (document.ts) writes them into the schema where they apply (`x-rules`) and into the operation's
 * description; a rule it meets that has no words here stops it, so none is ever dropped silently.
 */
import { numbersOfList } from '../define';
import { internationalMsisdn } from '../fields';

/**
 * `.refine` checks by their message: what the check demands. A refine whose message is not here
 * fails the build of the document, naming the call and the field.
 */
export const REFINE_RULES: Readonly<Record<string, string>> = {
    'valid IMEI required (check digit)': 'The 15th digit is the Luhn check digit of the first 14.',
    'a day from 1900-01-01 to 2999-12-31': 'The day lies between 1900-01-01 and 2999-12-31.',
    'errors.note_required': 'A denial needs a note of at least 3 characters.',
    'the deposit must not exceed the cash price': 'The deposit is never more than the cash price.',
    'Please enter both OTP codes': 'At least one of customer_otp and agent_otp is given.',
};

/**
 * `.superRefine` checks cannot carry a message of their own: they are named by the schema's
 * `description` (`.describe(…)` in the contract), which the document keeps. A superRefine on a
 * schema without a description fails the build.
 */
export const SUPER_REFINE_NEEDS_DESCRIPTION = 'a superRefine check needs .describe(…) saying its rule';

/**
 * What a value is converted into before it is checked again (zod's `.transform`), by the function
 * that converts it. A conversion not here fails the build.
 */
export const CONVERSIONS: ReadonlyMap<unknown, string> = new Map<unknown, string>([
    [Number, 'Digits are read as the number they write.'],
    [numbersOfList, 'The numbers separated by commas are read as a list of numbers.'],
    [
        internationalMsisdn,
        'The number is read in international form: spaces at either end removed, a leading + dropped, and a South African number as dialled at home (0 and nine digits) read as 27 and those nine digits (0821234567 → 27821234567).',
    ],
]);

/**
 * What a value goes through before it is checked (zod's overwrite checks), recognised by what
 * the step does. An unknown step fails the build.
 */
export const NORMALISING_STEPS: readonly { test: RegExp; words: string }[] = [
    { test: /\.trim\(\)/, words: 'Spaces at either end are removed before it is checked.' },
    { test: /\.toUpperCase\(\)/, words: 'Letters are made upper case before it is checked.' },
    { test: /\.toLowerCase\(\)/, words: 'Letters are made lower case before it is checked.' },
];

/** A rule of every call, outside any schema: said in the document's description and each operation's. */
export const FORBIDDEN_TEXT_RULE =
    'No string of the input, object keys included, may hold a control character other than tab and line breaks, DEL, a C1 control, an unpaired surrogate or a bidirectional override: such input is answered 400 naming the field.';
