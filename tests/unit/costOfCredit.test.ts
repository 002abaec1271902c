import { describe, expect, it } from 'vitest';
import { costOfCreditPercent } from '../../contract/origination';

/** The share by exact rational arithmetic on whole cents: tenths of a percent, half away from zero. */
const exact = (costCents: number, financedCents: number): number => {
    const numerator = BigInt(Math.abs(costCents)) * 1000n;
    const denominator = BigInt(financedCents);
    const tenths = (2n * numerator + denominator) / (2n * denominator);
    return (Math.sign(costCents) * Number(tenths)) / 10;
};

describe("the cost of credit's share of the amount financed", () => {
    it('says the OPPO A18 of the demo as the quote does: 170 on 2,200 is 7.7%', () => {
        expect(costOfCreditPercent(170, 2200)).toBe(7.7);
    });

    it('rounds an exact half up, where the floating quotient rounded it down (1.45 on 100 is 1.5, not 1.4)', () => {
        expect(costOfCreditPercent(1.45, 100)).toBe(1.5);
        expect(costOfCreditPercent(0.35, 10)).toBe(3.5);
    });

    it('is 0 when nothing is financed, and keeps a negative cost negative', () => {
        expect(costOfCreditPercent(10, 0)).toBe(0);
        expect(costOfCreditPercent(0, 500)).toBe(0);
        expect(costOfCreditPercent(-1.45, 100)).toBe(-1.5);
    });

    it('agrees with exact arithmetic for every cost in cents over a range of amounts financed', () => {
        const wrong: string[] = [];
        for (const financed of [100, 250.5, 999.99, 2200, 4999.95]) {
            const financedCents = Math.round(financed * 100);
            for (let costCents = 0; costCents <= 50_000; costCents += 7) {
                const said = costOfCreditPercent(costCents / 100, financed);
                if (said !== exact(costCents, financedCents)) wrong.push(`${costCents / 100} on ${financed}: ${said}`);
            }
        }
        expect(wrong).toEqual([]);
    });
});
