/**
 * The customer view's writes (src/resources/customers/writes.ts) through the data provider and
 * useWrite: each refreshes what it changes through the cache keys, the customer's answers
 * (`['customer', msisdn, …]`) always, and a loan request also its maker-checker queue and the
 * menu's counts, which the customer view's own mutation used to leave stale until their next poll.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { CoreAdminContext, memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { deviceLockCommand } from '../../contract/devices';
import { requestImeiChange } from '../../contract/approvals';
import { dataProvider } from '../../src/dataProvider';
import { useWrite } from '../../src/dataProvider/useWrite';
import { answer, contractServer } from './support/contractHandlers';

const sent: { path: string; body: unknown }[] = [];

contractServer(
    answer(requestImeiChange, async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
        return { pending_requests: [] };
    }),
    answer(deviceLockCommand, async ({ request }) => {
        sent.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
        return {
            loan_reference: 'LN-1',
            imei: '356938035643809',
            lock_solution: 'samsung' as const,
            state: 'active' as const,
            requested_state: 'locked' as const,
            confirmed_state: 'active' as const,
            requested_at: '2026-11-26T04:00:00.000Z',
            confirmed_at: null,
            failure_reason: null,
            vivo_authorized: false,
        };
    }),
);

const cached = ['customer', 'imei_changes', 'deregistrations', 'approval-counts', 'inventory'] as const;

/** A query client holding one answer under each of `cached`, none stale yet. */
const setUp = () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    for (const key of cached)
        queryClient.setQueryData(key === 'customer' ? [key, '27820000001', 'loans'] : [key, 'getList', {}], {});
    const wrapper = ({ children }: { children: ReactNode }) =>
        createElement(CoreAdminContext, { dataProvider, store: memoryStore(), queryClient }, children);
    const stale = () =>
        cached.filter(
            key =>
                queryClient.getQueryState(key === 'customer' ? [key, '27820000001', 'loans'] : [key, 'getList', {}])
                    ?.isInvalidated,
        );
    return { wrapper, stale };
};

describe('customer writes', () => {
    it('a raised IMEI change refreshes the customer, the IMEI-change queue and the counts, nothing else', async () => {
        const { wrapper, stale } = setUp();
        const { result } = renderHook(() => useWrite('customerLoanImeiChange'), { wrapper });
        sent.length = 0;
        await act(() =>
            result.current.mutateAsync({
                body: { loan_reference: 'LN-1', reason: 'Screen replaced', new_imei: '356938035643809' },
            }),
        );
        expect(sent).toEqual([
            {
                path: '/portal_api/api/v1/request/change/imei',
                body: { loan_reference: 'LN-1', reason: 'Screen replaced', new_imei: '356938035643809' },
            },
        ]);
        await waitFor(() => expect(stale()).toEqual(['customer', 'imei_changes', 'approval-counts']));
    });

    it('a device command refreshes the customer only', async () => {
        const { wrapper, stale } = setUp();
        const { result } = renderHook(() => useWrite('customerDeviceLock'), { wrapper });
        await act(() =>
            result.current.mutateAsync({ body: { loan_reference: 'LN-1', command: 'lock', reason: 'Missed payments' } }),
        );
        await waitFor(() => expect(stale()).toEqual(['customer']));
    });
});
