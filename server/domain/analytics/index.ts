/**
 * Analytics (contract/analytics/; docs/domain.md "Analytics"): the BI page's reports and the
 * dashboard's headline numbers. Every call reads: nothing is written or audited. Who may see which
 * scope is scope.ts; the SQL of the figures is figures.ts and the files it names.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    agentAnalysis,
    biAnalysis,
    biAuth,
    biDashboard,
    biScopeOptions,
    bucketOf,
    periodDays,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
} from '../../../contract/analytics';
import { CURRENCY } from '../../../contract/customers';
import { stores } from '../../db/schema';
import { mount } from '../../http';
import { addDays, businessDay } from '../../time';
import type { Period } from './days';
import { kpisOf, overviewOf } from './kpis';
import { earliestDay, scopeOptions } from './options';
import { agentRanking, brandSplit, ownerRanking, shopRanking } from './rankings';
import { seriesOf } from './series';
import { analyticsRead } from './sqlTerms';
import { callerOf, checkKind, dashboardScope, reportsOf, resolveScope, scopesOf, selectRows, type Scope } from './scope';

/** The period a report answered for. */
const answered = (period: Period, scope: Scope) => ({
    from: period.from,
    to: period.to,
    bucket: bucketOf(period.from, period.to),
    scope_label: scope.label,
    currency: CURRENCY,
});

/** The first day of `day`'s month. */
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

export const registerAnalyticsRoutes = (app: FastifyInstance): void => {
    mount(app, biAuth, async (_input, context) => {
        const caller = await callerOf(context);
        const [own] =
            caller.shop === null
                ? []
                : await selectRows<{ id: number; name: string }>(
                      context.db,
                      sql`SELECT s.id, s.name FROM ${stores} s WHERE s.id = ${caller.shop}::int`,
                  );
        return {
            scopes: scopesOf(caller),
            reports: reportsOf(caller.roles),
            shop: own ? { id: Number(own.id), name: own.name } : null,
            today: businessDay(context.now()),
            earliest: await earliestDay(context.db, caller.reach),
        };
    });

    mount(app, biScopeOptions, async ({ params, query }, context) => {
        const caller = await callerOf(context);
        checkKind(caller, params.scope);
        return scopeOptions(context.db, params.scope, caller.reach, query.q, query.limit);
    });

    mount(app, biAnalysis, async ({ query }, context) => {
        const caller = await callerOf(context);
        const scope = await resolveScope(context.db, caller, query);
        const period = { from: query.from, to: query.to };
        const previous = { from: addDays(query.from, -periodDays(query.from, query.to)), to: addDays(query.from, -1) };
        const today = businessDay(context.now());
        const figures = await analyticsRead(context.db, tx =>
            overviewOf(tx, scope, period, previous, today, bucketOf(period.from, period.to)),
        );
        return {
            period: answered(period, scope),
            kpis: figures.kpis,
            previous: figures.previous,
            changes: figures.changes,
            series: figures.series.map(point => ({
                date: point.date,
                loans_originated: point.loans_originated,
                loan_value: point.loan_value,
                collected: point.collected,
            })),
        };
    });

    mount(app, shopAnalysis, async ({ query }, context) => {
        const scope = await resolveScope(context.db, await callerOf(context), query);
        const period = { from: query.from, to: query.to };
        const ranking = await analyticsRead(context.db, tx =>
            shopRanking(tx, scope, period, businessDay(context.now()), query.limit),
        );
        return { period: answered(period, scope), ...ranking };
    });

    mount(app, shopOwnersAnalysis, async ({ query }, context) => {
        const scope = await resolveScope(context.db, await callerOf(context), query);
        const period = { from: query.from, to: query.to };
        const ranking = await analyticsRead(context.db, tx =>
            ownerRanking(tx, scope, period, businessDay(context.now()), query.limit),
        );
        return { period: answered(period, scope), ...ranking };
    });

    mount(app, agentAnalysis, async ({ query }, context) => {
        const scope = await resolveScope(context.db, await callerOf(context), query);
        const period = { from: query.from, to: query.to };
        const ranking = await analyticsRead(context.db, tx =>
            agentRanking(tx, scope, period, businessDay(context.now()), query.limit),
        );
        return { period: answered(period, scope), ...ranking };
    });

    mount(app, unbrandedAnalysis, async ({ query }, context) => {
        const scope = await resolveScope(context.db, await callerOf(context), query);
        const period = { from: query.from, to: query.to };
        const [data, series] = await analyticsRead(context.db, tx =>
            Promise.all([
                brandSplit(tx, scope, period, businessDay(context.now())),
                seriesOf(tx, scope, period, bucketOf(period.from, period.to), null, false),
            ]),
        );
        return {
            period: answered(period, scope),
            data,
            series: series.points.map(point => ({
                date: point.date,
                branded_loans: point.branded_loans,
                unbranded_loans: point.unbranded_loans,
                branded_value: point.branded_value,
                unbranded_value: point.unbranded_value,
            })),
        };
    });

    mount(app, biDashboard, async (_input, context) => {
        const caller = await callerOf(context);
        const today = businessDay(context.now());
        const current = { from: monthStart(today), to: today };
        const lastMonthEnd = addDays(current.from, -1);
        const previous = { from: monthStart(lastMonthEnd), to: lastMonthEnd };
        const scope = await dashboardScope(context.db, caller);
        const figures = scope ? await analyticsRead(context.db, tx => kpisOf(tx, scope, current, previous, today)) : null;
        return {
            scope: scope?.kind ?? null,
            scope_label: scope?.label ?? null,
            currency: CURRENCY,
            current,
            previous,
            kpis: figures?.kpis ?? null,
            previous_kpis: figures?.previous ?? null,
            changes: figures?.changes ?? null,
        };
    });
};
