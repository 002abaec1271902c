/** The analytics calls: what the caller may see, the options of a scope, each report and the dashboard. */
import { z } from 'zod';
import { CURRENCY } from '../customers';
import { defineCall } from '../define';
import { agentRow, amount, answeredPeriod, biChanges, biKpis, biPoint, brandRow, ownerRow, ranking, shopRow } from './figures';
import { ANALYTICS_ROLES, BI_PICKED_SCOPES, BI_REPORTS, BI_SCOPES, rankingQuery, REPORT_ROLES, reportQuery } from './periods';

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
