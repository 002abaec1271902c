/**
 * How the customer screens write amounts, dates and codes: amounts with the currency's code (ZAR,
 * spec §9), dates in the user's language, snake_case codes as words (translated where the
 * catalogs name them, else title case).
 */
import { useMemo } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime, formatDay, titleCase } from './format';

export const formatMoney = (amount: number, currency: string, locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);

/** The writers in the user's language. `words('loans.statuses', 'awaiting_deposit')` → "Awaiting deposit". */
export const useFormat = () => {
    const locale = useLocale();
    const translate = useTranslate();
    return useMemo(
        () => ({
            money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
            day: (value: string | null) => formatDay(value, locale),
            time: (value: string | null) => formatDateTime(value, locale),
            words: (prefix: string, code: string) => translate(`${prefix}.${code}`, { _: titleCase(code) }),
        }),
        [locale, translate],
    );
};
