/**
 * The KYC verification queue (spec §2 "KYC verification") as the `kyc-submissions` resource: the
 * submissions in one status (pending unless another is chosen) with a search on name, phone
 * number or ID number, paged by number; one submission is the same call with its `id`, whatever
 * its status (none when it is out of reach). The checker's decision is a write (writes.ts).
 */
import { approveKycVerification, KYC_SUBMISSION_STATUSES, pendingKycVerifications } from '../../../contract/kyc';
import { defineResource, oneBy, pagedList, type ResourceDeclaration } from '../../dataProvider/defineResource';

const statusOf = (value: unknown) => KYC_SUBMISSION_STATUSES.find(status => status === value);

export default {
    'kyc-submissions': defineResource({
        // The call orders the queue itself (oldest pending first, newest decided first): no sort to give.
        list: pagedList(pendingKycVerifications, {
            rows: 'data',
            largestPage: 100,
            request: ({ filter }) => ({
                status: statusOf(filter.status) ?? 'pending',
                q: typeof filter.q === 'string' && filter.q.trim() ? filter.q.trim() : undefined,
            }),
        }),
        one: oneBy(
            pendingKycVerifications,
            id => ({ body: { id: Number(id) } }),
            answer => answer.data[0],
        ),
        actions: { approve: approveKycVerification.access },
    }),
} satisfies Record<string, ResourceDeclaration>;
