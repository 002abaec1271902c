/** Generated IMEIs in SQL, for the set-based seed (server/seed/customers.ts, business.ts, approvals.ts). */
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL for a 15-digit IMEI: a 5-digit type allocation code, `number` (an integer expression below
 * 10⁹) on 9 digits, and the Luhn check digit, in arithmetic alone (no subquery per row).
 */
export const imeiSql = (tac: string, number: string): SQL => {
    if (!/^\d{5}$/.test(tac)) throw new Error(`A type allocation code here has 5 digits, got ${tac}`);
    const doubled = (digit: string) => `(${digit} * 2 - CASE WHEN ${digit} > 4 THEN 9 ELSE 0 END)`;
    let constant = 0;
    for (let position = 1; position <= 5; position++) {
        const digit = Number(tac[position - 1]);
        constant += position % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
    }
    const terms: string[] = [String(constant)];
    for (let position = 6; position <= 14; position++) {
        const digit = `((${number}) / ${10 ** (14 - position)} % 10)`;
        terms.push(position % 2 === 0 ? doubled(digit) : digit);
    }
    return sql.raw(`('${tac}' || lpad((${number})::text, 9, '0') || ((10 - (${terms.join(' + ')}) % 10) % 10)::text)`);
};
