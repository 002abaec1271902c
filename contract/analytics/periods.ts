/** The period and scope every report takes, and which reports and roles there are. */
import { z } from 'zod';
import { idText } from '../define';
import { calendarDay, FIRST_DAY, LAST_DAY } from '../fields';
import type { RoleCode } from '../roles';

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

/** What checkReportQuery demands, in words: the published document (contract/openapi/) says it. */
const REPORT_QUERY_RULE = `\`to\` is not before \`from\`, and the period is at most ${MAX_PERIOD_DAYS} days; the field a scope picks (${BI_PICKED_SCOPES.map(scope => `${SCOPE_FIELD[scope]} for ${scope}`).join(', ')}) is given with that scope and only with it.`;

export const reportQuery = z.object(reportQueryFields).superRefine(checkReportQuery).describe(REPORT_QUERY_RULE);
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
    .superRefine(checkReportQuery)
    .describe(REPORT_QUERY_RULE);
export type BiRankingQuery = z.input<typeof rankingQuery>;
