/**
 * Analytics (spec §2 `/bi` and the Analytics menu entry, for any role whose code contains
 * ANALYTICS; §7 "BI reports"; docs/domain.md "Analytics"). Every call is a GET that reads, computed
 * by SQL aggregates over loans, payments, devices, shops and agents; nothing is written or audited.
 *
 * - **Period.** `from` and `to` are calendar days (YYYY-MM-DD, inclusive) in the business's time
 *   zone; `to` is not before `from` and the span is at most `MAX_PERIOD_DAYS`. Series are bucketed
 *   by day (a span up to `DAY_BUCKET_MAX_DAYS`), ISO week (up to `WEEK_BUCKET_MAX_DAYS`) or month,
 *   each bucket named by the day it starts on (clipped to the period).
 * - **Scope.** `all` (the business), a `region`, a `shop` (`shop_id`) or an `agent` (`agent_id`).
 *   `bi_auth` says which kinds the caller may pick and `bi_{scope}` lists what they may pick within
 *   one (regions, shops, agents). Staff without a shop holding VIEW_BI_ANALYTICS see every scope;
 *   VIEW_SHOP_ANALYTICS or VIEW_SHOP_OWNERS_ANALYTICS alone give shops, VIEW_AGENT_ANALYTICS
 *   alone agents, VIEW_UNBRANDED_ANALYTICS alone the business as a whole. A caller attached to a
 *   shop sees only that shop and the shops they own, and their agents: never `all` or a region.
 *   A scope outside one's reach is refused with 403 `errors.scope_forbidden` naming the field
 *   (`scope`, `region`, `shop_id` or `agent_id`), whether or not it exists, so nothing is learnt
 *   of another shop; a scope missing its id is a 400 on that id.
 * - **The figures.**
 *   - *Loans originated*: sales whose deposit was paid in the period (the loan reached
 *     `awaiting_lock`, `active`, `completed` or `deactivated`), counted and valued at their price.
 *   - *Collected*: deposits and instalments paid in the period on loans in scope, less reversals.
 *     Payments in suspense belong to no loan, so to no scope: they are not counted.
 *   - *Repayment rate*: instalments collected in the period over the instalments that fell due in
 *     it (each loan's schedule: the first a period after its deposit, then every week or month,
 *     `term` of them), at most 1 (paying ahead or catching up repays what fell due, not more);
 *     null when nothing fell due.
 *   - *Portfolio at risk (PAR 30)*, today: the balance of active loans whose oldest unpaid
 *     instalment is more than `PAR_DAYS` days overdue, over the balance of all active loans.
 *   - *Devices locked*, today: active loans whose phone is locked.
 *   - *Branded* shops are the operator's own; the rest (dealers') are unbranded.
 * - **Changes** (`changes`): each compared figure against the period before, as the server
 *   judges it: an amount or count as a relative change, a rate in percentage points (two rates from
 *   0 to 1, so never beyond ±1), or no change with its reason: `no_comparable_period` when the
 *   earlier period's base is fewer than `MIN_COMPARABLE_LOANS` loans or nothing (a relative change
 *   over a handful of loans reads as thousands of percent), `no_rate` when there is no rate now.
 * - **The dashboard** (`bi_dashboard`) answers every signed-in user their own headline numbers
 *   for the current month so far and the previous month: the business for back-office analysts,
 *   their shops for someone attached to a shop who holds an analytics role, their own sales for
 *   someone who sells (ADD_LOAN), and nothing (`scope: null`) for everyone else.
 */
import { z } from 'zod';
import { CURRENCY } from './customers';
import { defineCall, idText } from './define';
import { calendarDay, FIRST_DAY, LAST_DAY } from './fields';
import type { RoleCode } from './roles';

/** The longest period a report covers: three years. */
export const MAX_PERIOD_DAYS = 1096;
/** Series are daily up to two months, weekly up to half a year, monthly beyond. */
export const DAY_BUCKET_MAX_DAYS = 62;
export const WEEK_BUCKET_MAX_DAYS = 183;
/** Portfolio at risk counts loans whose oldest unpaid instalment is more than this many days late. */
export const PAR_DAYS = 30;
/** The most rows a ranking answers (shops, owners, agents); `total` says how many there are. */
export const MAX_RANKING_ROWS = 500;

export const BI_SCOPES = ['all', 'region', 'shop', 'agent'] as const;
export type BiScope = (typeof BI_SCOPES)[number];
/** The scopes whose members are picked (`bi_{scope}`). */
export const BI_PICKED_SCOPES = ['region', 'shop', 'agent'] as const;
export type BiPickedScope = (typeof BI_PICKED_SCOPES)[number];

export const BI_BUCKETS = ['day', 'week', 'month'] as const;
export type BiBucket = (typeof BI_BUCKETS)[number];

/** The reports of the BI page, each one call; `bi_auth` lists those the caller may open. */
export const BI_REPORTS = ['overview', 'shops', 'shop_owners', 'unbranded', 'agents'] as const;
export type BiReport = (typeof BI_REPORTS)[number];

export const ANALYTICS_ROLES = [
    'VIEW_BI_ANALYTICS',
    'VIEW_SHOP_ANALYTICS',
    'VIEW_SHOP_OWNERS_ANALYTICS',
    'VIEW_UNBRANDED_ANALYTICS',
    'VIEW_AGENT_ANALYTICS',
] as const satisfies readonly RoleCode[];

/** Who may open each report: VIEW_BI_ANALYTICS opens them all. */
export const REPORT_ROLES = {
    overview: ANALYTICS_ROLES,
    shops: ['VIEW_BI_ANALYTICS', 'VIEW_SHOP_ANALYTICS'],
    shop_owners: ['VIEW_BI_ANALYTICS', 'VIEW_SHOP_OWNERS_ANALYTICS'],
    unbranded: ['VIEW_BI_ANALYTICS', 'VIEW_UNBRANDED_ANALYTICS'],
    agents: ['VIEW_BI_ANALYTICS', 'VIEW_AGENT_ANALYTICS'],
} as const satisfies Record<BiReport, readonly RoleCode[]>;

/** The days a period may name: the calendar every call shares (`fields.ts`). */
export { FIRST_DAY, LAST_DAY };
const dayText = calendarDay;

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both included (1 for a single day). */
export const periodDays = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

/** How a period's series is bucketed. */
export const bucketOf = (from: string, to: string): BiBucket => {
    const days = periodDays(from, to);
    return days <= DAY_BUCKET_MAX_DAYS ? 'day' : days <= WEEK_BUCKET_MAX_DAYS ? 'week' : 'month';
};

const regionName = z.string().trim().min(1).max(80);

/** The period and scope every report takes, in its query string. */
const reportQueryFields = {
    from: dayText,
    to: dayText,
    scope: z.enum(BI_SCOPES),
    /** The region's name, as shops are filed under it; with `scope=region` only. */
    region: regionName.optional(),
    /** With `scope=shop` only. */
    shop_id: idText.optional(),
    /** With `scope=agent` only. */
    agent_id: idText.optional(),
};

type ReportQuery = z.output<z.ZodObject<typeof reportQueryFields>>;

/** The field a scope names its member by. */
export const SCOPE_FIELD = { region: 'region', shop: 'shop_id', agent: 'agent_id' } as const satisfies Record<
    BiPickedScope,
    keyof ReportQuery
>;

/** A period that runs forwards and is not too long; a scope with its member, and no other's. */
const checkReportQuery = (query: ReportQuery, context: z.core.$RefinementCtx<ReportQuery>) => {
    if (query.to < query.from) context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (periodDays(query.from, query.to) > MAX_PERIOD_DAYS) {
        context.addIssue({ code: 'custom', path: ['to'], message: `a period of at most ${MAX_PERIOD_DAYS} days` });
    }
    for (const scope of BI_PICKED_SCOPES) {
        const field = SCOPE_FIELD[scope];
        const given = query[field] !== undefined;
        if (query.scope === scope && !given) {
            context.addIssue({ code: 'custom', path: [field], message: `${field} required for scope ${scope}` });
        } else if (query.scope !== scope && given) {
            context.addIssue({ code: 'custom', path: [field], message: `${field} only with scope ${scope}` });
        }
    }
};

export const reportQuery = z.object(reportQueryFields).superRefine(checkReportQuery);
export type BiReportQuery = z.input<typeof reportQuery>;

/** The rankings take how many rows to answer, best first. */
export const rankingQuery = z
    .object({
        ...reportQueryFields,
        limit: z
            .union([
                z
                    .string()
                    .regex(/^[0-9]{1,4}$/, 'a whole number in digits')
                    .transform(Number),
                z.number(),
            ])
            .pipe(z.number().int().min(1).max(MAX_RANKING_ROWS))
            .default(10),
    })
    .superRefine(checkReportQuery);
export type BiRankingQuery = z.input<typeof rankingQuery>;

const amount = z.number();
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
const answeredPeriod = z.object({
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

const ranking = <T extends z.ZodType>(row: T) =>
    z.object({
        period: answeredPeriod,
        /** How many there are in scope; `data` holds the first `limit`, best first (by loans originated, then value). */
        total: z.number().int(),
        data: z.array(row),
    });

// ---------------------------------------------------------------------------------------------
// Calls

export const biAuth = defineCall({
    summary:
        'What the caller may see on the BI page: the scopes they may pick, the reports they may open, their fixed shop if they are attached to one, and today as the business counts days.',
    method: 'GET',
    path: '/api/v1/bi_auth',
    access: ANALYTICS_ROLES,
    response: z.object({
        scopes: z.array(z.enum(BI_SCOPES)),
        reports: z.array(z.enum(BI_REPORTS)),
        /** The caller's own shop when attached to one: the scope they open on. */
        shop: z.object({ id: z.number().int(), name: z.string() }).nullable(),
        today: z.string(),
        /** The first day anything was sold or paid: the earliest day worth picking. */
        earliest: z.string().nullable(),
    }),
});

export const biScopeOptions = defineCall({
    summary:
        'The regions, shops or agents the caller may pick as a scope (`bi_{scope}`), by name; `q` matches the name (a shop also by its region).',
    method: 'GET',
    path: '/api/v1/bi_:scope',
    access: ANALYTICS_ROLES,
    params: z.object({ scope: z.enum(BI_PICKED_SCOPES) }),
    query: z.object({
        q: z.string().trim().max(80).optional(),
        limit: z
            .union([
                z
                    .string()
                    .regex(/^[0-9]{1,3}$/, 'a whole number in digits')
                    .transform(Number),
                z.number(),
            ])
            .pipe(z.number().int().min(1).max(100))
            .default(20),
    }),
    response: z.object({
        data: z.array(
            z.object({
                /** What the report's query takes: the region's name, or the shop's or agent's id as digits. */
                id: z.string(),
                name: z.string(),
                /** A shop's region, an agent's shop. */
                detail: z.string().nullable(),
            }),
        ),
        total: z.number().int(),
    }),
});

export const biAnalysis = defineCall({
    summary:
        'The overview for a period and scope: loans originated, collections, repayment rate, portfolio at risk and devices locked, with the series of sales and collections by bucket.',
    method: 'GET',
    path: '/api/v1/bi_analysis',
    access: REPORT_ROLES.overview,
    query: reportQuery,
    response: z.object({
        period: answeredPeriod,
        kpis: biKpis,
        /** The same figures for the period of the same length just before (today's figures repeated). */
        previous: biKpis,
        changes: biChanges,
        series: z.array(biPoint),
    }),
});

export const shopAnalysis = defineCall({
    summary: 'The shops in scope ranked by loans originated in the period, with collections, PAR and devices locked.',
    method: 'GET',
    path: '/api/v1/shop_analysis',
    access: REPORT_ROLES.shops,
    query: rankingQuery,
    response: ranking(shopRow),
});

export const shopOwnersAnalysis = defineCall({
    summary: 'The owners of the shops in scope, each with their shops taken together, ranked by loans originated.',
    method: 'GET',
    path: '/api/v1/shop_owners_analysis',
    access: REPORT_ROLES.shop_owners,
    query: rankingQuery,
    response: ranking(ownerRow),
});

export const unbrandedAnalysis = defineCall({
    summary:
        "Branded (the operator's own) against unbranded (dealers') shops in scope: their figures side by side, and their sales by bucket.",
    method: 'GET',
    path: '/api/v1/all_unbranded_analysis',
    access: REPORT_ROLES.unbranded,
    query: reportQuery,
    response: z.object({
        period: answeredPeriod,
        /** Always two rows: branded first. */
        data: z.array(brandRow),
        series: z.array(
            z.object({
                date: z.string(),
                branded_loans: z.number().int(),
                unbranded_loans: z.number().int(),
                branded_value: amount,
                unbranded_value: amount,
            }),
        ),
    }),
});

export const agentAnalysis = defineCall({
    summary: 'The agents in scope ranked by loans they originated in the period, with collections on their loans.',
    method: 'GET',
    path: '/api/v1/agent_analysis',
    access: REPORT_ROLES.agents,
    query: rankingQuery,
    response: ranking(agentRow),
});

export const DASHBOARD_SCOPES = ['all', 'shop', 'agent'] as const;

export const biDashboard = defineCall({
    summary:
        "The caller's own headline numbers for this month so far and last month: the business, their shops, or their own sales; `scope` null when they have none.",
    method: 'GET',
    path: '/api/v1/bi_dashboard',
    access: 'signed-in',
    response: z.object({
        scope: z.enum(DASHBOARD_SCOPES).nullable(),
        /** The shops' or the seller's name; null for the business or no scope. */
        scope_label: z.string().nullable(),
        currency: z.literal(CURRENCY),
        /** This month from its first day to today, and the whole previous month. */
        current: z.object({ from: z.string(), to: z.string() }),
        previous: z.object({ from: z.string(), to: z.string() }),
        /** Null when `scope` is null. */
        kpis: biKpis.nullable(),
        previous_kpis: biKpis.nullable(),
        changes: biChanges.nullable(),
    }),
});

export const analyticsCalls = {
    biAuth,
    biScopeOptions,
    biAnalysis,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
    agentAnalysis,
    biDashboard,
};
