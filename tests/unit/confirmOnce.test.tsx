/**
 * A confirm button sends its request once, however fast it is clicked again (src/lib/singleFlight.ts):
 * two clicks landing before anything else runs, as a quick double click does, send one decision
 * and show no refusal; a bulk decision runs once.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { approvalCounts, decideImeiChange, pendingImeiRequests, type ApprovalRequest } from '../../contract/approvals';
import { buildApprovalRequest } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const imeiChange = (id: number, subject: string): ApprovalRequest => buildApprovalRequest({ id, subject });

let rows: ApprovalRequest[] = [];
const decided: { request_id: number; decision: string }[] = [];

contractServer(
    answer(pendingImeiRequests, () => {
        const shown = rows.filter(row => row.status === 'pending');
        return { pending_requests: shown, total_items: shown.length };
    }),
    answer(decideImeiChange, async ({ request }) => {
        const body = (await request.clone().json()) as { request_id: number; decision: 'approve' | 'reject' };
        decided.push(body);
        const row = rows.find(one => one.id === body.request_id)!;
        // As the server answers a second decision of the same request.
        if (row.status !== 'pending') {
            return errorAnswer(409, { code: 409, name: 'Conflict', message: 'Decided', key: 'errors.request_decided' });
        }
        const now: ApprovalRequest = {
            ...row,
            status: body.decision === 'approve' ? 'approved' : 'rejected',
            checker: { id: 3, name: 'Lerato Dlamini' },
            decided_at: '2026-11-22T09:00:00.000Z',
        };
        rows = rows.map(one => (one.id === now.id ? now : one));
        return { request: now };
    }),
    answer(approvalCounts, () => ({
        deregistration: 0,
        imei_change: rows.filter(row => row.status === 'pending').length,
        loan_transfer: 0,
        agent_registration: 0,
        price_change: 0,
        mine: 0,
    })),
);

beforeEach(() => {
    rows = [imeiChange(7, 'Zanele Dube'), imeiChange(8, 'Themba Nkosi'), imeiChange(9, 'Mandla Zulu')];
    decided.length = 0;
});

const CHECKER = ['VIEW_IMEI_CHANGE_REQUESTS', 'APPROVE_IMEI_CHANGE'];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('a double click on a confirm button', () => {
    it('approves once: Approve is disabled from the first click until the answer, and no refusal shows', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        await user.click(await within(rowOf('Zanele Dube')).findByRole('button', { name: 'Approve request 7' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 7?' });
        const approve = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Approve' });
        fireEvent.click(approve);
        expect(approve.disabled).toBe(true);
        fireEvent.click(approve);
        expect(await screen.findByText('Request 7 approved')).toBeTruthy();
        await waitFor(() => expect(screen.queryByText('Zanele Dube')).toBeNull());
        expect(decided).toEqual([{ request_id: 7, decision: 'approve' }]);
        expect(screen.queryByRole('alert')).toBeNull();
    });

    it('runs a bulk decision once', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(await screen.findByRole('button', { name: 'Approve selected' }));
        const ask = await screen.findByRole('dialog', { name: 'Approve 3 requests?' });
        const approve = within(ask).getByRole('button', { name: 'Approve' });
        fireEvent.click(approve);
        fireEvent.click(approve);
        const report = await screen.findByRole('dialog', { name: 'Approving 3 requests' });
        await within(report).findByText('Done. Decided now: 3. Already decided: 0. Refused: 0.');
        expect(decided.map(body => body.request_id).sort()).toEqual([7, 8, 9]);
    });
});
