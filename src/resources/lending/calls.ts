/**
 * The lending resources (contract/lending.ts): the collections queue (`collections`, the loans in
 * arrears, most days overdue first), paged by `page_number`/`page_size` in a POST body and sorted
 * by what the server orders in the database (COLLECTION_SORTS). Only the filters the call takes,
 * in its types, are sent: a value it would refuse (a bucket it does not know, a half-typed id) is
 * left out rather than sent.
 */
import { DEVICE_STATES } from '../../../contract/devices';
import { ARREARS_BUCKETS, COLLECTION_SORTS, listCollections, lockPolicies, updateLockPolicy } from '../../../contract/lending';
import { customList, defineResource, pagedList, sortInput } from '../../dataProvider/defineResource';
import { callApi } from '../../lib/portalApi';

/** The largest page the queue answers (contract/lending.ts `page_size`): an export walks it at this size. */
export const LARGEST_COLLECTIONS_PAGE = 500;

const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
    choices.find(choice => choice === value);

/** A record's id as the call takes it (1 to 2³¹ − 1), from a number or its digits; else nothing. */
const idOf = (value: unknown): number | undefined => {
    const number =
        typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    return Number.isInteger(number) && number >= 1 && number <= 2_147_483_647 ? number : undefined;
};

const textOf = (value: unknown): string | undefined => {
    const text = typeof value === 'string' ? value.trim().slice(0, 64) : '';
    return text || undefined;
};

/** The queue's filter as the call takes it (react-admin's filter holds whatever was chosen or typed). */
export const collectionsFilter = (filter: Record<string, unknown>) => ({
    bucket: oneOf(ARREARS_BUCKETS, filter.bucket),
    store_id: idOf(filter.store_id),
    agent_id: idOf(filter.agent_id),
    lock_state: oneOf(DEVICE_STATES, filter.lock_state),
    q: textOf(filter.q),
});

export default {
    /** Loans in arrears: every active loan in reach with an instalment due before today unpaid. */
    collections: defineResource({
        list: pagedList(listCollections, {
            rows: 'data',
            largestPage: LARGEST_COLLECTIONS_PAGE,
            request: ({ sort, filter }) => ({
                ...collectionsFilter(filter),
                ...sortInput<(typeof COLLECTION_SORTS)[number]>(sort, COLLECTION_SORTS, { field: 'days_overdue', order: 'desc' }),
            }),
        }),
    }),
    /**
     * The lock policy (/dashboard/lock-policy): one record per lock solution, all of them in one
     * answer, each edited by `update` with only the fields changed.
     */
    'lock-policy': defineResource({
        list: customList({
            access: lockPolicies.access,
            largestPage: 100,
            fetch: async (_query, signal) => {
                const answer = await callApi(lockPolicies, {}, { signal });
                return { data: answer.data, total: answer.total };
            },
        }),
        update: updateLockPolicy,
    }),
};
