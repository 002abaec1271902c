/**
 * One rule for what every IMEI field says (contract/fields.ts `imei`, which the server applies
 * too): not 15 digits, or 15 whose last digit does not check. Each says which; 'valid IMEI
 * required (15 digits)' for a wrong check digit sent the user counting digits that were all there.
 */
import { IMEI_PATTERN, luhnValid } from '../../contract/fields';

/** The translation key of what is wrong with a typed IMEI, or undefined when it is one. */
export const imeiProblem = (typed: string): string | undefined => {
    const text = typed.trim();
    if (!IMEI_PATTERN.test(text)) return 'inventory.one.imei_length';
    return luhnValid(text) ? undefined : 'inventory.one.imei_check';
};
