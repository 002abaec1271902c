/**
 * The third-party insurance lists as data-provider resources (spec §2 "Third party insurance"):
 * the claims paid (`tpi-successful`) and refused (`tpi-failed`), and the reversal requests
 * (`tpi-reversals`), each sorted by the columns the server orders by an index. Spec §7: these calls take `{}` when nothing is filtered, so only what differs
 * from a call's defaults is sent (an unfiltered first page asks with an empty body). Only the
 * filters a call takes, in its types, are sent: a half-typed date is left out.
 */
import {
    decideTpiReversal,
    failedTpiClaims,
    requestedTpiReversals,
    requestTpiReversal,
    successfulTpiClaims,
    TPI_REVERSAL_SORTS,
    TPI_REVERSAL_STATUSES,
} from '../../../contract/money';
import { customList, defineResource, sortInput, type ListQuery } from '../../dataProvider/defineResource';
import { callApi } from '../../lib/portalApi';

/** The largest page the TPI calls answer (contract/money/fields.ts `pageSize`): an export walks them at this size. */
const LARGEST_PAGE = 500;
/** The page a call answers when none is said (contract/money/fields.ts `pageNumber`, `pageSize`). */
const DEFAULT_PAGE = { page: 1, perPage: 25 } as const;

export const CLAIM_SORTS = ['created_at', 'amount'] as const;

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const textOf = (value: unknown): string | undefined => {
    const text = typeof value === 'string' ? value.trim().slice(0, 64) : '';
    return text || undefined;
};

/** Only the page and size that differ from the call's defaults. */
const pagingOf = ({ page, perPage }: Pick<ListQuery, 'page' | 'perPage'>) => ({
    ...(page === DEFAULT_PAGE.page ? {} : { page_number: page }),
    ...(perPage === DEFAULT_PAGE.perPage ? {} : { page_size: perPage }),
});

/** A claim list's body: search and dates, the sort unless it is the default (newest first), the paging. */
export const claimsBody = ({ page, perPage, sort, filter }: ListQuery) => {
    const order = sortInput(sort, CLAIM_SORTS, { field: 'created_at', order: 'desc' });
    return {
        ...(textOf(filter.q) ? { q: textOf(filter.q) } : {}),
        ...(isDay(filter.from) ? { from: filter.from } : {}),
        ...(isDay(filter.to) ? { to: filter.to } : {}),
        ...(order.sort === 'created_at' && order.order === 'desc' ? {} : order),
        ...pagingOf({ page, perPage }),
    };
};

/**
 * The reversal queue's body: a status other than pending (the call's default), the search, "mine",
 * the sort unless it is the default (newest asked first), the paging.
 */
export const reversalsBody = ({ page, perPage, sort, filter }: ListQuery) => {
    const status = TPI_REVERSAL_STATUSES.find(choice => choice === filter.status);
    const order = sortInput(sort, TPI_REVERSAL_SORTS, { field: 'created_at', order: 'desc' });
    return {
        ...(status && status !== 'pending' ? { status } : {}),
        ...(textOf(filter.q) ? { q: textOf(filter.q) } : {}),
        ...(filter.mine === true ? { mine: true } : {}),
        ...(order.sort === 'created_at' && order.order === 'desc' ? {} : order),
        ...pagingOf({ page, perPage }),
    };
};

const claims = (call: typeof successfulTpiClaims | typeof failedTpiClaims) =>
    customList({
        access: call.access,
        largestPage: LARGEST_PAGE,
        fetch: async (query, signal) => {
            const answer = await callApi(call, { body: claimsBody(query) }, { signal });
            return { data: answer.records, total: answer.total_items };
        },
    });

export default {
    /** Claims the insurer paid; `reverse` asks for one to be reversed. */
    'tpi-successful': defineResource({ list: claims(successfulTpiClaims), actions: { reverse: requestTpiReversal.access } }),
    'tpi-failed': defineResource({ list: claims(failedTpiClaims) }),
    /**
     * The reversal requests, pending unless another status is filtered. Open to the makers who ask
     * and the checkers who decide (`approve`); nobody decides their own (server/domain/money).
     */
    'tpi-reversals': defineResource({
        list: customList({
            access: requestedTpiReversals.access,
            largestPage: LARGEST_PAGE,
            fetch: async (query, signal) => {
                const answer = await callApi(requestedTpiReversals, { body: reversalsBody(query) }, { signal });
                return { data: answer.records, total: answer.total_items };
            },
        }),
        actions: { approve: decideTpiReversal.access },
    }),
};
