/**
 * The pending counts behind the menu's badges (resource `approval-counts`, record `'pending'`,
 * declared in src/resources/approvals/calls.ts), read through react-admin: fetched while a queue
 * is in the menu, again every 30 s while the tab is visible (react-query pauses the interval in a
 * hidden tab and fetches at once when it shows again), and at once after any decision (each
 * approvals write refreshes `approval-counts`). Here rather than in the approvals folder, so the
 * layout imports no resource folder.
 */
import { useGetOne } from 'react-admin';
import type { ApprovalKind } from '../../contract/approvals';

export const COUNTS_REFRESH_MS = 30_000;

export type ApprovalCounts = Readonly<Record<ApprovalKind | 'mine', number>> & { id: 'pending' };

export const useApprovalCounts = (enabled: boolean) =>
    useGetOne<ApprovalCounts>(
        'approval-counts',
        { id: 'pending' },
        {
            enabled,
            refetchInterval: COUNTS_REFRESH_MS,
            refetchIntervalInBackground: false,
            refetchOnWindowFocus: true,
        },
    );

/** How many requests of these kinds wait (each kind counted once). */
export const pendingOf = (counts: Readonly<Record<ApprovalKind, number>> | undefined, kinds: readonly ApprovalKind[]) =>
    counts ? [...new Set(kinds)].reduce((sum, kind) => sum + counts[kind], 0) : 0;
