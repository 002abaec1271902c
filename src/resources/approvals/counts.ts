/**
 * The pending counts behind the menu's badges (contract `approvalCounts`): fetched while a queue is
 * in the menu, again every 30 s while the tab is visible (react-query pauses the interval in a
 * hidden tab and fetches at once when it shows again), and at once after any decision
 * (`approvalsKey` is invalidated).
 */
import { useQuery } from '@tanstack/react-query';
import type { ApprovalKind } from '../../../contract/approvals';
import { countsKey, fetchCounts } from './api';

export const COUNTS_REFRESH_MS = 30_000;

export const useApprovalCounts = (enabled: boolean) =>
    useQuery({
        queryKey: countsKey,
        queryFn: ({ signal }) => fetchCounts(signal),
        enabled,
        refetchInterval: COUNTS_REFRESH_MS,
        refetchIntervalInBackground: false,
        refetchOnWindowFocus: true,
    });

/** How many requests of these kinds wait (each kind counted once). */
export const pendingOf = (counts: Readonly<Record<ApprovalKind, number>> | undefined, kinds: readonly ApprovalKind[]) =>
    counts ? [...new Set(kinds)].reduce((sum, kind) => sum + counts[kind], 0) : 0;
