/**
 * The analytics calls (contract/analytics/) the BI page makes, typed by the contract: what the
 * caller may see (`bi_auth`), the members of a scope by name (`bi_{scope}`), and each report, one
 * call per report of `BI_REPORTS`. Everything cached sits under `biKey`.
 */
import {
    agentAnalysis,
    biAnalysis,
    biAuth,
    biScopeOptions,
    shopAnalysis,
    shopOwnersAnalysis,
    unbrandedAnalysis,
    type BiPickedScope,
    type BiReport,
    type BiReportQuery,
} from '../../../contract/analytics';
import type { CallResponse } from '../../../contract/define';
import { callApi } from '../../lib/portalApi';

export const biKey = ['bi'] as const;
export const authKey = [...biKey, 'auth'] as const;
export const optionsKey = (scope: BiPickedScope, q: string) => [...biKey, 'options', scope, q] as const;
export const reportKey = (report: BiReport, query: BiReportQuery) => [...biKey, 'report', report, query] as const;

/** How many shops, owners and agents a ranking shows: the best, by loans originated. */
export const RANKING_ROWS = 10;

export type BiAuth = CallResponse<typeof biAuth>;
export type ScopeOption = CallResponse<typeof biScopeOptions>['data'][number];

export const fetchBiAuth = (signal?: AbortSignal): Promise<BiAuth> => callApi(biAuth, {}, { signal });

/** The members of a scope the caller may pick, those whose name matches `q` (all, when it is empty). */
export const fetchScopeOptions = async (scope: BiPickedScope, q: string, signal?: AbortSignal): Promise<ScopeOption[]> => {
    const text = q.trim().slice(0, 80);
    const answer = await callApi(biScopeOptions, { params: { scope }, query: text ? { q: text } : {} }, { signal });
    return answer.data;
};

export interface ReportAnswers {
    overview: CallResponse<typeof biAnalysis>;
    shops: CallResponse<typeof shopAnalysis>;
    shop_owners: CallResponse<typeof shopOwnersAnalysis>;
    unbranded: CallResponse<typeof unbrandedAnalysis>;
    agents: CallResponse<typeof agentAnalysis>;
}

const REPORT_FETCHERS: {
    [R in BiReport]: (query: BiReportQuery, signal?: AbortSignal) => Promise<ReportAnswers[R]>;
} = {
    overview: (query, signal) => callApi(biAnalysis, { query }, { signal }),
    shops: (query, signal) => callApi(shopAnalysis, { query: { ...query, limit: RANKING_ROWS } }, { signal }),
    shop_owners: (query, signal) => callApi(shopOwnersAnalysis, { query: { ...query, limit: RANKING_ROWS } }, { signal }),
    unbranded: (query, signal) => callApi(unbrandedAnalysis, { query }, { signal }),
    agents: (query, signal) => callApi(agentAnalysis, { query: { ...query, limit: RANKING_ROWS } }, { signal }),
};

export const fetchReport = <R extends BiReport>(
    report: R,
    query: BiReportQuery,
    signal?: AbortSignal,
): Promise<ReportAnswers[R]> => REPORT_FETCHERS[report](query, signal);
