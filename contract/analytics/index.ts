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
import {
    agentAnalysis,
    biAnalysis,
    biAuth,
    biDashboard,
    biScopeOptions,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
} from './calls';

export * from './calls';
export * from './figures';
export * from './periods';

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
