/**
 * Saved queries on the approval queues (src/lists/SavedQueries.tsx): the current
 * filter, sort and page size saved under a name, applied again in one click, cleared by a second
 * click, removed after asking; markup axe accepts (react-admin's SavedQueriesList put its icons
 * straight into its <ul> and left a button without a name).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { approvalCounts, pendingImeiRequests, type ApprovalRequest } from '../../contract/approvals';
import { registrationOptions } from '../../contract/registration';
import { buildApprovalRequest } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

// The first screen of the file loads the shell's and the queue's chunks: slow on a busy machine.
const FIRST = { timeout: 40_000 };
/** A list read again after a click, on a machine as busy. */
const BUSY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const request = (id: number, subject: string, status: ApprovalRequest['status']): ApprovalRequest =>
    buildApprovalRequest({ id, subject, status });

const ROWS = [
    request(7, 'Zanele Dube', 'pending'),
    request(8, 'Themba Nkosi', 'pending'),
    request(9, 'Zanele Mokoena', 'approved'),
];
const listed: Record<string, unknown>[] = [];

contractServer(
    answer(pendingImeiRequests, async ({ request: asked }) => {
        const body = (await asked.clone().json()) as Record<string, unknown>;
        listed.push(body);
        const q = typeof body.q === 'string' ? body.q : '';
        const shown = ROWS.filter(row => row.status === (body.status ?? 'pending') && row.subject.includes(q));
        return { pending_requests: shown, total_items: shown.length };
    }),
    answer(approvalCounts, {
        deregistration: 0,
        imei_change: 2,
        loan_transfer: 0,
        agent_registration: 0,
        price_change: 0,
        mine: 0,
    }),
    answer(registrationOptions, { stores: [] }),
);

beforeEach(() => {
    listed.length = 0;
});

const CHECKER = ['VIEW_IMEI_CHANGE_REQUESTS', 'APPROVE_IMEI_CHANGE'];
const savedQueries = () => screen.getByRole('region', { name: 'Saved queries' });

/** The queue at the approved requests of Zanele, oldest first by id, 10 a page. */
const openFiltered = async () => {
    signedInAs(CHECKER);
    const filter = encodeURIComponent(JSON.stringify({ status: 'approved', q: 'Zanele' }));
    renderPortal(`/dashboard/imei_changes?filter=${filter}&order=ASC&page=1&perPage=10&sort=id`);
    expect(await screen.findByText('Zanele Mokoena', {}, FIRST)).toBeTruthy();
};

describe('saved queries on an approvals queue', () => {
    it('saves the current filter under a name, and applying it restores the filter, the sort and the page size', async () => {
        const user = userEvent.setup();
        await openFiltered();
        expect(within(savedQueries()).getByText('Filter the list and save this query for later')).toBeTruthy();

        await user.click(within(savedQueries()).getByRole('button', { name: 'Save current query...' }));
        const dialog = await screen.findByRole('dialog', { name: 'Save current query as' });
        // A name is required: nothing is saved without one.
        await user.click(within(dialog).getByRole('button', { name: 'Save' }));
        expect(within(dialog).getByText('Required')).toBeTruthy();
        await user.type(within(dialog).getByRole('textbox', { name: /Query name/ }), 'Zanele, approved{Enter}');
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        const saved = within(savedQueries()).getByRole('button', { name: 'Zanele, approved' });
        expect(saved.getAttribute('aria-pressed')).toBe('true');
        expect(within(savedQueries()).getByRole('button', { name: 'Save current query...' })).toHaveProperty('disabled', true);

        // A second click clears the filter: the pending requests again, the query no longer applied.
        await user.click(saved);
        expect(await screen.findByText('Themba Nkosi', {}, BUSY)).toBeTruthy();
        expect(listed.at(-1)).not.toHaveProperty('q');
        expect(listed.at(-1)).toMatchObject({ status: 'pending' });
        expect(saved.getAttribute('aria-pressed')).toBe('false');

        // Applied again: the filter, the sort and the page size it was saved with, from the first page.
        await user.click(saved);
        expect(await screen.findByText('Zanele Mokoena', {}, BUSY)).toBeTruthy();
        expect(screen.queryByText('Themba Nkosi')).toBeNull();
        expect(listed.at(-1)).toEqual({
            status: 'approved',
            q: 'Zanele',
            sort: 'id',
            order: 'asc',
            page_number: 1,
            page_size: 10,
        });
        expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('textContent', 'Approved');
        expect((screen.getByPlaceholderText('Search') as HTMLInputElement).value).toBe('Zanele');
        expect(saved.getAttribute('aria-pressed')).toBe('true');
    });

    it('removes a saved query after asking, and axe finds nothing to refuse in the row', async () => {
        const user = userEvent.setup();
        await openFiltered();
        await user.click(within(savedQueries()).getByRole('button', { name: 'Save current query...' }));
        await user.type(
            within(await screen.findByRole('dialog')).getByRole('textbox', { name: /Query name/ }),
            'Zanele, approved{Enter}',
        );
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        const { violations } = await axe.run(savedQueries(), {
            runOnly: ['list', 'listitem', 'button-name', 'aria-allowed-attr', 'aria-prohibited-attr', 'nested-interactive'],
        });
        expect(violations.map(violation => violation.id)).toEqual([]);

        await user.click(within(savedQueries()).getByRole('button', { name: 'Remove query "Zanele, approved"' }));
        const ask = await screen.findByRole('dialog', { name: 'Remove saved query?' });
        await user.click(within(ask).getByRole('button', { name: 'Remove' }));
        await waitFor(() => expect(within(savedQueries()).queryByRole('button', { name: 'Zanele, approved' })).toBeNull());
        expect(within(savedQueries()).getByText('Filter the list and save this query for later')).toBeTruthy();
    });
});
