/**
 * How the customer screens write amounts, dates and codes: amounts with the currency's code (ZAR,
 * spec §9), dates in the user's language, snake_case codes as words (translated where the
 * catalogs name them, else title case).
 */
import { useMemo } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { titleCase } from '../../lib/format';

/** `2026-11-01` (a day) or an ISO time; null or unreadable gives ''. */
const dateOf = (value: string): Date | null => {
    const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
    const date = new Date(day ? `${value}T00:00:00` : value);
    return Number.isNaN(date.getTime()) ? null : date;
};

export const formatMoney = (amount: number, currency: string, locale: string) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'code' }).format(amount);

export const formatDay = (value: string | null, locale: string) => {
    const date = value ? dateOf(value) : null;
    return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date) : '';
};

export const formatTime = (value: string | null, locale: string) => {
    const date = value ? dateOf(value) : null;
    return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : '';
};

/** The writers in the user's language. `words('loans.statuses', 'awaiting_deposit')` → "Awaiting deposit". */
export const useFormat = () => {
    const locale = useLocale();
    const translate = useTranslate();
    return useMemo(
        () => ({
            money: (amount: number, currency: string) => formatMoney(amount, currency, locale),
            day: (value: string | null) => formatDay(value, locale),
            time: (value: string | null) => formatTime(value, locale),
            words: (prefix: string, code: string) => translate(`${prefix}.${code}`, { _: titleCase(code) }),
        }),
        [locale, translate],
    );
};
