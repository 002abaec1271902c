/**
 * The headline figures (contract/analytics/ "Kpis"): a period's and the period before's, with
 * today's, and how each compared figure moved.
 */
import { sql } from 'drizzle-orm';
import {
    MIN_COMPARABLE_LOANS,
    type BiBucket,
    type BiChange,
    type BiChangeReason,
    type BiChanges,
    type BiKpis,
} from '../../../contract/analytics';
import type { Queryable } from '../../db';
import type { Period } from './days';
import { figures, rateOf, type HeldRow, type PaidRow } from './figures';
import { selectRows, type Scope } from './scope';
import { seriesOf, type SeriesRow } from './series';

/**
 * The share of what fell due that was repaid: at most 1. Paying ahead or catching up arrears pays
 * more than fell due in a period; counted whole it made rates of 200%, and a change from one to
 * 90.8% read "down 109.2 percentage points".
 */
const repaymentRateOf = (instalments: number, due: number): number | null => {
    const rate = rateOf(instalments, due);
    return rate === null ? null : Math.min(1, rate);
};

const todayOf = (row: HeldRow) => ({
    active_loans: Number(row.active_loans),
    active_balance: Number(row.active_balance),
    par_balance: Number(row.par_balance),
    par_rate: rateOf(Number(row.par_balance), Number(row.active_balance)),
    devices_locked: Number(row.devices_locked),
});

/** The headline figures of a period (or, `previous`, of the period before), with today's. */
const toKpis = (held: HeldRow, paid: PaidRow, previous: boolean): BiKpis => {
    const due = Number(previous ? held.instalments_due_previous : held.instalments_due);
    const instalments = Number(previous ? paid.instalments_previous : paid.instalments);
    return {
        loans_originated: Number(previous ? held.loans_originated_previous : held.loans_originated),
        loan_value: Number(previous ? held.loan_value_previous : held.loan_value),
        collected: Number(previous ? paid.collected_previous : paid.collected),
        instalments_due: due,
        instalments_collected: instalments,
        // A period whose reversals outweigh its instalments repaid nothing, not less than nothing.
        repayment_rate: repaymentRateOf(instalments, due),
        ...todayOf(held),
    };
};

const noChange = (reason: BiChangeReason): BiChange => ({ kind: 'none', reason });

/** An amount or count against the period before's, over a base of `loans` loans then. */
const relativeChange = (now: number, before: number, loans: number): BiChange =>
    loans < MIN_COMPARABLE_LOANS || before <= 0
        ? noChange('no_comparable_period')
        : { kind: 'relative', value: (now - before) / before };

/** A rate against the period before's, in percentage points, over a base of `loans` loans then. */
const pointsChange = (now: number | null, before: number | null, loans: number): BiChange =>
    now === null
        ? noChange('no_rate')
        : before === null || loans < MIN_COMPARABLE_LOANS
          ? noChange('no_comparable_period')
          : { kind: 'points', value: now - before };

/** How each compared figure moved from the period before (contract/analytics/ "Changes"). */
const changesOf = (held: HeldRow, kpis: BiKpis, previous: BiKpis): BiChanges => {
    const sold = Number(held.loans_originated_previous);
    return {
        loans_originated: relativeChange(kpis.loans_originated, previous.loans_originated, sold),
        loan_value: relativeChange(kpis.loan_value, previous.loan_value, sold),
        collected: relativeChange(kpis.collected, previous.collected, Number(held.loans_owing_previous)),
        repayment_rate: pointsChange(kpis.repayment_rate, previous.repayment_rate, Number(held.loans_due_previous)),
    };
};

/**
 * The headline figures for `period` and for `previous` (which must end the day before `period`
 * starts), with today's figures (the same for both): one query.
 */
export const kpisOf = async (
    db: Queryable,
    scope: Scope,
    period: Period,
    previous: Period,
    today: string,
): Promise<{ kpis: BiKpis; previous: BiKpis; changes: BiChanges }> => {
    const [row] = await selectRows<HeldRow & PaidRow>(
        db,
        sql`${figures(scope, period, previous, today, null)} SELECT held.*, paid.* FROM held, paid`,
    );
    if (!row) throw new Error('An aggregate answered no row');
    const kpis = toKpis(row, row, false);
    const before = toKpis(row, row, true);
    return { kpis, previous: before, changes: changesOf(row, kpis, before) };
};

/**
 * The overview: the headline figures of the period and the previous one (held by the loans: one
 * query) and the series, whose sums are the period's collections (one pass over the payments).
 */
export const overviewOf = async (
    db: Queryable,
    scope: Scope,
    period: Period,
    previous: Period,
    today: string,
    bucket: BiBucket,
): Promise<{ kpis: BiKpis; previous: BiKpis; changes: BiChanges; series: SeriesRow[] }> => {
    const [held] = await selectRows<HeldRow>(
        db,
        sql`${figures(scope, period, previous, today, null, false)} SELECT held.* FROM held`,
    );
    if (!held) throw new Error('An aggregate answered no row');
    const series = await seriesOf(db, scope, period, bucket, previous);
    const total = (pick: (row: SeriesRow) => number) => series.points.reduce((sum, row) => sum + pick(row), 0);
    // Money summed in cents, as the database holds it, so the parts add up to the cent.
    const cents = (value: number) => Math.round(value * 100);
    const paid: PaidRow = {
        collected: total(row => cents(row.collected)) / 100,
        instalments: total(row => cents(row.instalments)) / 100,
        collected_previous: series.previous.collected,
        instalments_previous: series.previous.instalments,
    };
    const kpis = toKpis(held, paid, false);
    const before = toKpis(held, paid, true);
    return { kpis, previous: before, changes: changesOf(held, kpis, before), series: series.points };
};
