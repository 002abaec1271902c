/**
 * The menu's badge counts (src/dataProvider/useApprovalCounts.ts): the `approval-counts` record
 * through react-admin, read again every 30 s while the tab is visible, not while it is hidden.
 */
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CoreAdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { approvalCounts } from '../../contract/approvals';
import { dataProvider } from '../../src/dataProvider';
import { COUNTS_REFRESH_MS, useApprovalCounts } from '../../src/dataProvider/useApprovalCounts';
import { answer, contractServer } from './support/contractHandlers';

let asked = 0;
contractServer(
    answer(approvalCounts, () => {
        asked++;
        return { deregistration: asked, imei_change: 0, loan_transfer: 0, agent_registration: 0, price_change: 0, mine: 0 };
    }),
);

const wrapper = ({ children }: { children: ReactNode }) => (
    <CoreAdminContext dataProvider={dataProvider} store={memoryStore()}>
        {children}
    </CoreAdminContext>
);

/** Lets the timers of `ms` run, and the answers they asked for land. */
const pass = async (ms: number) => {
    await act(async () => {
        await vi.advanceTimersByTimeAsync(ms);
    });
};

afterEach(() => {
    vi.useRealTimers();
    asked = 0;
});

describe('the badge counts', () => {
    it('are read at once, again every 30 s while the tab is visible, and not while it is hidden', async () => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
        const { result } = renderHook(() => useApprovalCounts(true), { wrapper });
        await pass(100);
        expect(result.current.data).toMatchObject({ id: 'pending', deregistration: 1 });
        await pass(COUNTS_REFRESH_MS);
        expect(result.current.data).toMatchObject({ deregistration: 2 });
        expect(asked).toBe(2);

        const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
        await pass(COUNTS_REFRESH_MS * 3);
        expect(asked).toBe(2);
        hidden.mockRestore();
    });

    it('are not read at all where no queue is in the menu', async () => {
        vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
        renderHook(() => useApprovalCounts(false), { wrapper });
        await pass(COUNTS_REFRESH_MS * 2);
        expect(asked).toBe(0);
    });
});
