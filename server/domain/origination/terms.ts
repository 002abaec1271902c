/**
 * A sale's terms from a model's prices, as a quote offers them and a loan keeps them
 * (contract/origination/index.ts `quote`): every figure to the cent, so they add up exactly.
 */
import type { INSTALMENT_PERIODS } from '../../../contract/customers';
import { costOfCreditPercent } from '../../../contract/origination';
import { cents } from '../../wire';
import { addDays } from '../../time';

export interface Prices {
    cashPrice: number;
    deposit: number;
    instalment: number;
    term: number;
}

/**
 * amount financed = cash − deposit; total payable = deposit + instalment × term; cost of credit =
 * total − cash, and its share of the amount financed (contract/origination/index.ts `costOfCreditPercent`).
 */
export const figuresOf = (prices: Prices) => {
    const amountFinanced = cents(prices.cashPrice - prices.deposit);
    const totalPayable = cents(prices.deposit + cents(prices.instalment * prices.term));
    const costOfCredit = cents(totalPayable - prices.cashPrice);
    return { amountFinanced, totalPayable, costOfCredit, costOfCreditPercent: costOfCreditPercent(costOfCredit, amountFinanced) };
};

/**
 * The first instalment's day: one period after `day` (YYYY-MM-DD, the quote's or the deposit's
 * day): a week, or a calendar month with the day clipped to the month's end (31 January, then 28
 * or 29 February), as PostgreSQL adds a month. The schedule (server/domain/lending/schedule.ts)
 * runs from the day this gives the loan.
 */
export const firstDueDate = (day: string, period: (typeof INSTALMENT_PERIODS)[number]): string => {
    if (period === 'weekly') return addDays(day, 7);
    const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
    const next = new Date(Date.UTC(year, month, 1));
    const length = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
    next.setUTCDate(Math.min(date, length));
    return next.toISOString().slice(0, 10);
};
