/**
 * The KYC verification queue (spec §2 "KYC verification") as the `kyc-submissions` resource: the
 * submissions in one status (pending unless another is chosen) with a search on name, phone
 * number or ID number, paged by number and sorted by the columns the server orders by an index
 * (contract/kyc.ts KYC_SORTS); one submission is the same call with its `id`, whatever its status
 * (none when it is out of reach). The checker's decision is a write (writes.ts).
 */
import { approveKycVerification, KYC_SORTS, KYC_SUBMISSION_STATUSES, pendingKycVerifications } from '../../../contract/kyc';
import { defineResource, oneBy, pagedList, sortUnlessDefault, type ResourceDeclaration } from '../../dataProvider/defineResource';

const statusOf = (value: unknown) => KYC_SUBMISSION_STATUSES.find(status => status === value);

export default {
    'kyc-submissions': defineResource({
        list: pagedList(pendingKycVerifications, {
            rows: 'data',
            largestPage: 100,
            request: ({ sort, filter }) => {
                const status = statusOf(filter.status) ?? 'pending';
                return {
                    status,
                    q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
                    // The queue's own order for the status (sent as no sort): who waited longest first
                    // while pending, the newest decision first once decided; so is another column
                    // (react-admin's default `id`).
                    ...sortUnlessDefault(
                        sort,
                        KYC_SORTS,
                        status === 'pending' ? { field: 'created_at', order: 'asc' } : { field: 'decided_at', order: 'desc' },
                    ),
                };
            },
        }),
        one: oneBy(
            pendingKycVerifications,
            id => ({ body: { id: Number(id) } }),
            answer => answer.data[0],
        ),
        actions: { approve: approveKycVerification.access },
    }),
} satisfies Record<string, ResourceDeclaration>;
