/**
 * A write refreshes exactly what it changes (src/dataProvider/useWrite.ts): after it has run, the
 * cached lists and records of the resources its `refreshes` names for the params it ran with are
 * marked stale, and no others. The approvals decisions name them by the decided requests' kinds
 * (approvals/writes.ts `changedBy`): deciding one kind leaves another queue's list alone.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CoreAdminContext, memoryStore, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { ApprovalKind, ApprovalRequest } from '../../contract/approvals';
import { dataProvider } from '../../src/dataProvider';
import { refreshesOf, defineWrite } from '../../src/dataProvider/defineWrite';
import { useWrite } from '../../src/dataProvider/useWrite';
import type { Decision } from '../../src/resources/approvals/writes';
import { buildApprovalRequest } from '../builders';

/** Every resource a decision could touch, each with a list cached under react-admin's key. */
const CACHED = [
    'deregistrations',
    'imei_changes',
    'transfer_loan_requests',
    'mc_requests',
    'mc_requests_v2',
    'approval-counts',
    'customer',
    'inventory',
    'phone-models',
    'agents',
    'shop-agents',
    'users',
    'stores',
    'shop',
    'suspense-transactions',
] as const;

const requestOf = (id: number, kind: ApprovalKind): ApprovalRequest => buildApprovalRequest({ id, kind });

/**
 * Runs `decide` through useWrite against a provider whose decisions answer at once, with every
 * resource of CACHED holding a fresh cached list, and answers the resources whose lists were
 * marked stale.
 */
const refreshedBy = async (decide: (write: ReturnType<typeof useDecisions>) => Promise<unknown>) => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    for (const resource of CACHED) queryClient.setQueryData([resource, 'getList', {}], { data: [], total: 0 });
    const provider = {
        ...dataProvider,
        approvalsDecide: async ({ request }: { request: ApprovalRequest }) => request,
        approvalsDecideMany: async () => [],
    } satisfies DataProvider;
    const wrapper = ({ children }: { children: ReactNode }) => (
        <CoreAdminContext dataProvider={provider} queryClient={queryClient} store={memoryStore()}>
            {children}
        </CoreAdminContext>
    );
    const { result } = renderHook(useDecisions, { wrapper });
    await act(() => decide(result.current));
    return CACHED.filter(resource => queryClient.getQueryState([resource, 'getList', {}])?.isInvalidated);
};

const useDecisions = () => ({ one: useWrite('approvalsDecide'), many: useWrite('approvalsDecideMany') });

const decideOne = (kind: ApprovalKind, decision: Decision) =>
    refreshedBy(({ one }) =>
        one.mutateAsync({ queue: 'mc_requests', request: requestOf(7, kind), decision, note: 'Checked it' }),
    );

describe('what a write refreshes', () => {
    it('may name its resources by its params, and a fixed list stays as it was', () => {
        const byParams = defineWrite({ refreshes: (params: { to: string }) => [params.to], run: async () => null });
        const fixed = defineWrite({ refreshes: ['users'], run: async (_params: { to: string }) => null });
        expect(refreshesOf(byParams, { to: 'stores' })).toEqual(['stores']);
        expect(refreshesOf(fixed, { to: 'stores' })).toEqual(['users']);
    });

    it("an IMEI change refused refreshes its queues, the counts and the customer, not another kind's queue", async () => {
        expect(await decideOne('imei_change', 'reject')).toEqual(['imei_changes', 'mc_requests', 'approval-counts', 'customer']);
    });

    it('an IMEI change approved refreshes the devices too (the new phone sold, the old one back in stock)', async () => {
        expect(await decideOne('imei_change', 'approve')).toEqual([
            'imei_changes',
            'mc_requests',
            'approval-counts',
            'customer',
            'inventory',
            'phone-models',
        ]);
    });

    it('a deregistration approved refreshes every loan queue (it closes the other requests on its loan), not the v2 queue', async () => {
        expect(await decideOne('deregistration', 'approve')).toEqual([
            'deregistrations',
            'imei_changes',
            'transfer_loan_requests',
            'mc_requests',
            'approval-counts',
            'customer',
        ]);
    });

    it('a deregistration refused refreshes its own queues only', async () => {
        expect(await decideOne('deregistration', 'reject')).toEqual([
            'deregistrations',
            'mc_requests',
            'approval-counts',
            'customer',
        ]);
    });

    it("an agent's registration refreshes the lists where an agent's status shows or counts, not the loan queues", async () => {
        expect(await decideOne('agent_registration', 'approve')).toEqual([
            'mc_requests_v2',
            'approval-counts',
            'agents',
            'shop-agents',
            'users',
            'stores',
            'shop',
        ]);
    });

    it('a price cut approved refreshes the catalogue and the devices; refused, its queue and the counts only', async () => {
        expect(await decideOne('price_change', 'approve')).toEqual([
            'mc_requests_v2',
            'approval-counts',
            'inventory',
            'phone-models',
        ]);
        expect(await decideOne('price_change', 'reject')).toEqual(['mc_requests_v2', 'approval-counts']);
    });

    it('a bulk decision refreshes what each of its kinds changes', async () => {
        const refreshed = await refreshedBy(({ many }) =>
            many.mutateAsync({
                queue: 'mc_requests',
                requests: [requestOf(7, 'loan_transfer'), requestOf(8, 'imei_change')],
                decision: 'reject',
                note: 'Not this time',
                onOutcome: () => undefined,
                stopped: () => false,
            }),
        );
        expect(refreshed).toEqual(['imei_changes', 'transfer_loan_requests', 'mc_requests', 'approval-counts', 'customer']);
    });
});

/** The customer loans' writes (customers/writes.ts) run on the data provider, each answering at once. */
const refreshedByRequest = async (write: 'customerLoanDeactivate' | 'customerLoanImeiChange' | 'customerLoanTransfer') => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    for (const resource of CACHED) queryClient.setQueryData([resource, 'getList', {}], { data: [], total: 0 });
    const provider = { ...dataProvider, [write]: async () => ({}) } satisfies DataProvider;
    const wrapper = ({ children }: { children: ReactNode }) => (
        <CoreAdminContext dataProvider={provider} queryClient={queryClient} store={memoryStore()}>
            {children}
        </CoreAdminContext>
    );
    const { result } = renderHook(() => useWrite(write), { wrapper });
    await act(() => result.current.mutateAsync({ body: {} } as never));
    return CACHED.filter(resource => queryClient.getQueryState([resource, 'getList', {}])?.isInvalidated);
};

describe("what a customer's loan request refreshes", () => {
    it.each([
        ['customerLoanDeactivate', 'deregistrations'],
        ['customerLoanImeiChange', 'imei_changes'],
        ['customerLoanTransfer', 'transfer_loan_requests'],
    ] as const)('%s refreshes the customer, its own queue, the maker-checker queue and the counts', async (write, queue) => {
        expect(await refreshedByRequest(write)).toEqual([queue, 'mc_requests', 'approval-counts', 'customer']);
    });
});
