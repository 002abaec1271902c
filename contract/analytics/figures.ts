/** What a report answers: the headline figures, their changes, the series' points and the rankings' rows. */
import { z } from 'zod';
import { CURRENCY } from '../customers';
import { BI_BUCKETS } from './periods';

/** An amount of money in the report's currency. */
export const amount = z.number();
const rate = z.number().min(0).max(1).nullable();

/**
 * A change is stated against a base of at least this many loans in the earlier period: those sold
 * (loans originated, their value), those that owed a deposit or an instalment (collected), those
 * with an instalment due (repayment rate). Fewer, or none, is "no comparable period".
 */
export const MIN_COMPARABLE_LOANS = 10;

export const CHANGE_REASONS = ['no_comparable_period', 'no_rate'] as const;
export type BiChangeReason = (typeof CHANGE_REASONS)[number];

export const biChange = z.discriminatedUnion('kind', [
    /** (now − before) ÷ before: 0.25 is 25% up. */
    z.object({ kind: z.literal('relative'), value: z.number() }),
    /** now − before of two rates from 0 to 1: 0.032 is 3.2 percentage points up. */
    z.object({ kind: z.literal('points'), value: z.number().min(-1).max(1) }),
    /** No change can be stated, and why. */
    z.object({ kind: z.literal('none'), reason: z.enum(CHANGE_REASONS) }),
]);
export type BiChange = z.infer<typeof biChange>;

/** The compared figures' changes on the period before. */
export const biChanges = z.object({
    loans_originated: biChange,
    loan_value: biChange,
    collected: biChange,
    repayment_rate: biChange,
});
export type BiChanges = z.infer<typeof biChanges>;

/** The period a report answered for, with its bucket and the scope's name as shown. */
export const answeredPeriod = z.object({
    from: z.string(),
    to: z.string(),
    bucket: z.enum(BI_BUCKETS),
    /** The scope's member as a person reads it (a region, a shop's or an agent's name); null for `all`. */
    scope_label: z.string().nullable(),
    currency: z.literal(CURRENCY),
});

export const biKpis = z.object({
    loans_originated: z.number().int(),
    loan_value: amount,
    collected: amount,
    /** Instalments that fell due in the period, and what of them was paid (money). */
    instalments_due: amount,
    instalments_collected: amount,
    /** instalments_collected / instalments_due; null when nothing fell due. */
    repayment_rate: rate,
    /** Today: active loans and their balance, and the part at risk. */
    active_loans: z.number().int(),
    active_balance: amount,
    par_balance: amount,
    /** par_balance / active_balance; null with no active balance. */
    par_rate: rate,
    devices_locked: z.number().int(),
});
export type BiKpis = z.infer<typeof biKpis>;

export const biPoint = z.object({
    /** The bucket's first day (YYYY-MM-DD), clipped to the period. */
    date: z.string(),
    loans_originated: z.number().int(),
    loan_value: amount,
    collected: amount,
});
export type BiPoint = z.infer<typeof biPoint>;

/** One shop, owner or agent in a ranking. */
const rankedFigures = {
    loans_originated: z.number().int(),
    loan_value: amount,
    collected: amount,
    active_loans: z.number().int(),
    par_rate: rate,
    devices_locked: z.number().int(),
};

export const shopRow = z.object({
    shop_id: z.number().int(),
    name: z.string(),
    region: z.string(),
    branded: z.boolean(),
    ...rankedFigures,
});
export type BiShopRow = z.infer<typeof shopRow>;

export const ownerRow = z.object({
    /** Null for the shops nobody owns (added before owners were recorded). */
    owner_id: z.number().int().nullable(),
    name: z.string().nullable(),
    shops: z.number().int(),
    ...rankedFigures,
});
export type BiOwnerRow = z.infer<typeof ownerRow>;

export const agentRow = z.object({
    agent_id: z.number().int(),
    name: z.string(),
    shop: z.string().nullable(),
    ...rankedFigures,
});
export type BiAgentRow = z.infer<typeof agentRow>;

export const brandRow = z.object({
    branded: z.boolean(),
    shops: z.number().int(),
    ...rankedFigures,
});
export type BiBrandRow = z.infer<typeof brandRow>;

/** A ranking's answer: its period, how many rows there are in scope, and the first of them. */
export const ranking = <T extends z.ZodType>(row: T) =>
    z.object({
        period: answeredPeriod,
        /** How many there are in scope; `data` holds the first `limit`, best first (by loans originated, then value). */
        total: z.number().int(),
        data: z.array(row),
    });
