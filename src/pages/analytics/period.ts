/**
 * The BI page's choices as its URL keeps them (`/bi?from=…&to=…&scope=shop&shop_id=3`), so a
 * reload, Back and a shared link show the same report: reading them (with the defaults of the
 * caller's `bi_auth`), writing them, the period presets, what is wrong with a period (said beside
 * its field, never sent) and the query the reports take. Dates are calendar days (YYYY-MM-DD) as
 * the business counts them (contract/analytics/), computed in UTC so no time zone moves them.
 */
import {
    BI_PICKED_SCOPES,
    FIRST_DAY,
    LAST_DAY,
    MAX_PERIOD_DAYS,
    periodDays,
    SCOPE_FIELD,
    type BiPickedScope,
    type BiReportQuery,
    type BiScope,
} from '../../../contract/analytics';

/** What `bi_auth` answers that the choices depend on. */
export interface BiAuthFacts {
    scopes: readonly BiScope[];
    shop: { id: number; name: string } | null;
    today: string;
}

export interface BiChoice {
    from: string;
    to: string;
    scope: BiScope;
    /** The picked region's name or shop's or agent's id; empty until one is picked (and for `all`). */
    member: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (text: string) => new Date(`${text}T00:00:00Z`);
const textOf = (date: Date) => date.toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30), within the days a report may name. */
export const isDay = (text: string): boolean =>
    DAY.test(text) &&
    text >= FIRST_DAY &&
    text <= LAST_DAY &&
    !Number.isNaN(dayOf(text).getTime()) &&
    textOf(dayOf(text)) === text;

export const addDays = (day: string, days: number): string => {
    const date = dayOf(day);
    date.setUTCDate(date.getUTCDate() + days);
    return textOf(date);
};

const monthStart = (day: string, monthsBack = 0): string => {
    const date = dayOf(day);
    return textOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1)));
};

export const BI_PRESETS = ['last_7', 'last_30', 'this_month', 'last_month', 'this_year'] as const;
export type BiPreset = (typeof BI_PRESETS)[number];

/** Each preset's period, ending today (last month: the whole month before this one). */
export const presetPeriod = (preset: BiPreset, today: string): { from: string; to: string } => {
    switch (preset) {
        case 'last_7':
            return { from: addDays(today, -6), to: today };
        case 'last_30':
            return { from: addDays(today, -29), to: today };
        case 'this_month':
            return { from: monthStart(today), to: today };
        case 'last_month':
            return { from: monthStart(today, 1), to: addDays(monthStart(today), -1) };
        case 'this_year':
            return { from: `${today.slice(0, 4)}-01-01`, to: today };
    }
};

/** The preset a period is, if any (its button shows as chosen). */
export const presetOf = (choice: Pick<BiChoice, 'from' | 'to'>, today: string): BiPreset | undefined =>
    BI_PRESETS.find(preset => {
        const period = presetPeriod(preset, today);
        return period.from === choice.from && period.to === choice.to;
    });

/** The period of the same length just before (what `previous` answers for). */
export const previousPeriod = (from: string, to: string): { from: string; to: string } => {
    const days = periodDays(from, to);
    return { from: addDays(from, -days), to: addDays(from, -1) };
};

const isPicked = (scope: BiScope): scope is BiPickedScope => (BI_PICKED_SCOPES as readonly string[]).includes(scope);

/** A shop-attached caller opens on their shop; others on the business, else the first kind they may pick. */
const defaultScope = (auth: BiAuthFacts): Pick<BiChoice, 'scope' | 'member'> => {
    if (auth.shop && auth.scopes.includes('shop')) return { scope: 'shop', member: String(auth.shop.id) };
    if (auth.scopes.includes('all')) return { scope: 'all', member: '' };
    return { scope: auth.scopes[0] ?? 'all', member: '' };
};

/**
 * The choices in a URL's query, each missing one by default: the last 30 days, the caller's
 * opening scope. A scope kind the caller may not pick is not taken from the URL.
 */
export const readChoice = (search: URLSearchParams, auth: BiAuthFacts): BiChoice => {
    const preset = presetPeriod('last_30', auth.today);
    const from = search.get('from') ?? preset.from;
    const to = search.get('to') ?? preset.to;
    const asked = search.get('scope');
    const scope = auth.scopes.find(kind => kind === asked);
    if (!scope) return { from, to, ...defaultScope(auth) };
    if (!isPicked(scope)) return { from, to, scope, member: '' };
    const member = search.get(SCOPE_FIELD[scope])?.trim() ?? '';
    // A shop-attached caller switching to shops lands on their own.
    return { from, to, scope, member: member || (scope === 'shop' && auth.shop ? String(auth.shop.id) : '') };
};

/** The URL query of a choice: the period, the kind, and the member under its field's name. */
export const searchOf = (choice: BiChoice): URLSearchParams => {
    const search = new URLSearchParams({ from: choice.from, to: choice.to, scope: choice.scope });
    if (isPicked(choice.scope) && choice.member) search.set(SCOPE_FIELD[choice.scope], choice.member);
    return search;
};

/** A period's fault, on the field it is shown beside: a translation key and its values. */
export interface PeriodProblem {
    field: 'from' | 'to';
    key: string;
    values?: Record<string, unknown>;
}

export const periodProblem = ({ from, to }: Pick<BiChoice, 'from' | 'to'>): PeriodProblem | null => {
    if (!isDay(from)) return { field: 'from', key: 'bi.period.invalid' };
    if (!isDay(to)) return { field: 'to', key: 'bi.period.invalid' };
    if (to < from) return { field: 'to', key: 'bi.period.to_before_from' };
    if (periodDays(from, to) > MAX_PERIOD_DAYS)
        return { field: 'to', key: 'bi.period.too_long', values: { days: MAX_PERIOD_DAYS } };
    return null;
};

/** What the reports are asked for; null while the period is wrong or the scope waits for its member. */
export const reportQueryOf = (choice: BiChoice): BiReportQuery | null => {
    if (periodProblem(choice)) return null;
    const { from, to, scope, member } = choice;
    if (!isPicked(scope)) return { from, to, scope };
    if (!member) return null;
    return { from, to, scope, [SCOPE_FIELD[scope]]: member };
};
