/**
 * The collections queue's screen (src/resources/lending/CollectionsList.tsx) through the portal
 * against contract-checked msw fixtures: its rows (days, bucket, amount, lock state, shop, agent,
 * last payment and message), a filter and a sort sent from the address and the screen, the row's
 * link to its customer's view for those who may open it, the empty queue, and no screen without
 * the role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { listCollections, type CollectionItem } from '../../contract/lending';
import { buildCollectionItem } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const behind = (id: number, change: Partial<CollectionItem> = {}): CollectionItem =>
    buildCollectionItem({
        id,
        loan_reference: `LPP-00000${id}`,
        customer: { public_id: `7f0c6a1e-0000-4000-8000-00000000000${id}`, name: `Customer ${id}`, msisdn: `•••00${id}` },
        ...change,
    });

type Body = Record<string, unknown>;
const sent: Body[] = [];
let rows: CollectionItem[] = [];

contractServer(
    answer(listCollections, async ({ request }) => {
        const body = (await request.clone().json()) as Body;
        sent.push(body);
        const shown = rows.filter(row => !body.bucket || row.bucket === body.bucket);
        return { data: shown, total_items: shown.length };
    }),
);

const reset = (next: CollectionItem[]) => {
    sent.length = 0;
    rows = next;
};
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

describe('Collections', () => {
    it('lists the loans in arrears, most days overdue first, each with its figures and a link to its customer', async () => {
        reset([
            behind(1, {
                customer: { public_id: '7f0c6a1e-0000-4000-8000-000000000001', name: 'Themba Nkosi', msisdn: '•••005' },
                amount_overdue: 158,
                agent: { id: 5, name: 'Bongani Khumalo' },
                last_payment: { paid_at: '2026-11-03T08:00:00.000Z', amount: 79 },
            }),
            behind(2, {
                days_overdue: 1,
                bucket: '1-7',
                amount_overdue: 79,
                lock_state: 'active',
                last_payment: null,
                last_message_at: null,
                agent: null,
            }),
        ]);
        signedInAs(['VIEW_COLLECTIONS', 'FIND_CUSTOMER']);
        renderPortal('/dashboard/collections');
        expect(await screen.findByText('Themba Nkosi', {}, FIRST)).toBeTruthy();
        expect(screen.getByRole('heading', { name: 'Collections', level: 1 })).toBeTruthy();
        expect(sent[0]).toEqual({ sort: 'days_overdue', order: 'desc', page_number: 1, page_size: 25 });
        expect(screen.getByText('2 loans in arrears')).toBeTruthy();

        const themba = rowOf('Themba Nkosi');
        expect(textOf(themba)).toContain('LPP-000001 · •••005');
        expect(textOf(themba)).toContain('9 days overdue');
        expect(within(themba).getByText('8–30 days')).toBeTruthy();
        expect(textOf(themba)).toContain('ZAR 158.00');
        expect(within(themba).getByText('Locked')).toBeTruthy();
        expect(within(themba).getByText('Soweto Central')).toBeTruthy();
        expect(within(themba).getByText('Bongani Khumalo')).toBeTruthy();
        expect(textOf(themba)).toContain('ZAR 79.00');
        const link = await within(themba).findByRole('link', { name: 'Open Themba Nkosi (loan LPP-000001)' });
        expect(link.getAttribute('href')).toBe('/dashboard/customers/view?customer=7f0c6a1e-0000-4000-8000-000000000001');

        const other = rowOf('Customer 2');
        expect(textOf(other)).toContain('1 day overdue');
        expect(within(other).getByText('1–7 days')).toBeTruthy();
        expect(within(other).getByText('Unlocked')).toBeTruthy();
        expect(within(other).getByText('No payment yet')).toBeTruthy();
        expect(within(other).getByText('None sent')).toBeTruthy();
    });

    it('filters by bucket and sorts by amount, both sent to the server and kept in the address', async () => {
        reset([behind(1), behind(2, { days_overdue: 75, bucket: '60+', amount_overdue: 237 })]);
        signedInAs(['VIEW_COLLECTIONS']);
        const user = userEvent.setup();
        renderPortal(`/dashboard/collections?filter=${encodeURIComponent('{"bucket":"60+"}')}`);
        expect(await screen.findByText('Customer 2', {}, FIRST)).toBeTruthy();
        expect(sent[0]).toEqual({ bucket: '60+', sort: 'days_overdue', order: 'desc', page_number: 1, page_size: 25 });
        expect(screen.queryByText('Customer 1')).toBeNull();
        expect(screen.getByRole('combobox', { name: 'Overdue for' }).textContent).toContain('Over 60 days');

        await user.click(screen.getByRole('combobox', { name: 'Overdue for' }));
        await user.click(await screen.findByRole('option', { name: '8–30 days' }));
        expect(await screen.findByText('Customer 1')).toBeTruthy();
        await waitFor(() => expect(sent.at(-1)).toMatchObject({ bucket: '8-30' }));

        await user.click(within(screen.getByRole('columnheader', { name: /Amount overdue/ })).getByText('Amount overdue'));
        await waitFor(() => expect(sent.at(-1)).toMatchObject({ bucket: '8-30', sort: 'amount_overdue' }));
        // Without the customer view's role, a row names its customer without a link.
        expect(within(rowOf('Customer 1')).queryAllByRole('link')).toHaveLength(0);
    });

    it('says so when no loan is in arrears', async () => {
        reset([]);
        signedInAs(['VIEW_COLLECTIONS']);
        renderPortal('/dashboard/collections');
        expect(await screen.findByText('No loan is in arrears.', {}, FIRST)).toBeTruthy();
    });

    it('offers the saved queries beside the list, as the other queues on the list kit do', async () => {
        reset([behind(1)]);
        signedInAs(['VIEW_COLLECTIONS']);
        renderPortal('/dashboard/collections');
        const saved = await screen.findByRole('region', { name: 'Saved queries' }, FIRST);
        expect(within(saved).getByRole('button', { name: 'Save current query...' })).toBeTruthy();
    });

    it('is not open without the role', async () => {
        reset([behind(1)]);
        signedInAs(['FIND_CUSTOMER']);
        renderPortal('/dashboard/collections');
        expect(await screen.findByRole('heading', { name: 'Access denied' }, FIRST)).toBeTruthy();
        expect(screen.queryByRole('link', { name: 'Collections' })).toBeNull();
        expect(sent).toEqual([]);
    });
});
