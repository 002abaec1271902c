/**
 * What the customer view's actions say: a call rating leaves its trace (the
 * latest ratings with who and when), a lock's reason is not said to be read by a checker, the IMEI
 * change says what inventory says for a wrong check digit, and an empty employee count is required.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
    type CALL_RATINGS,
    convertCustomer,
    customerCallRatings,
    customerLimits,
    customerLoans,
    depositTransactions,
    rateCall,
} from '../../contract/customers';
import { requestImeiChange } from '../../contract/approvals';
import { customerStore } from '../../src/lib/customerStore';
import { answer, contractServer } from './support/contractHandlers';
import { activeLoan, deposits, limits, thandi } from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';
import { waitLongInThisFile } from './support/waits';

type Stars = (typeof CALL_RATINGS)[number];
const ratings: { id: number; rating: Stars; comment: string | null; created_at: string }[] = [];
const sent: { path: string; body: unknown }[] = [];
const keep = async (request: Request) => {
    sent.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
};

contractServer(
    answer(customerLimits, { ...limits }),
    answer(customerLoans, { data: [activeLoan()], pending_requests: [] }),
    answer(depositTransactions, deposits),
    answer(customerCallRatings, () => ({
        ratings: [...ratings].reverse().map(rating => ({
            ...rating,
            msisdn: thandi.msisdn,
            rated_by: { id: 3, name: 'Bongani Khumalo' },
        })),
        total: ratings.length,
    })),
    answer(rateCall, async ({ request }) => {
        const body = (await request.clone().json()) as { rating: Stars; comment?: string };
        const rating = {
            id: ratings.length + 1,
            rating: body.rating,
            comment: body.comment ?? null,
            created_at: '2026-03-02T09:30:00.000Z',
        };
        ratings.push(rating);
        return { ...rating, msisdn: thandi.msisdn, rated_by: { id: 3, name: 'Bongani Khumalo' } };
    }),
    answer(requestImeiChange, async ({ request }) => {
        await keep(request);
        return { pending_requests: [] };
    }),
    answer(convertCustomer, async ({ request }) => {
        await keep(request);
        return { ...thandi, customer_type: 'business' as const };
    }),
);

// The view is the largest screen loaded on demand: on a busy machine its first render alone took seconds.
waitLongInThisFile();
afterEach(() => {
    ratings.length = 0;
    sent.length = 0;
});

const openView = (roles: string[]) => {
    signedInAs(['FIND_CUSTOMER', ...roles]);
    customerStore.save('staff', { customer: thandi, order: null });
    renderPortal('/dashboard/customers/view');
    return userEvent.setup();
};

// The view loads on demand: on a busy machine one test took over the shared 20 s.
describe('the customer view', { timeout: 60_000 }, () => {
    it('shows a call rating once given: the latest ratings with who gave them and when', async () => {
        const user = openView(['RATE_CALL']);
        const section = await screen.findByRole('region', { name: 'Call rating' });
        expect(await within(section).findByText('No call with this customer has been rated yet.')).toBeTruthy();
        await user.click(within(section).getByRole('button', { name: 'Rate a call' }));
        const dialog = await screen.findByRole('dialog', { name: 'Call rating' });
        // A click as MUI's own tests make it: jsdom has no layout for the pointer's position over the stars.
        fireEvent.click(within(dialog).getByRole('radio', { name: '4 stars, very good' }));
        await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Agreed to pay on Friday');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await within(section).findByText('4 stars, very good')).toBeTruthy();
        expect(within(section).getByText(/^By Bongani Khumalo, /)).toBeTruthy();
        expect(within(section).getByText(/2026/)).toBeTruthy();
        expect(within(section).getByText('Agreed to pay on Friday')).toBeTruthy();
        expect(within(section).queryByText('No call with this customer has been rated yet.')).toBeNull();
    });

    it("says a lock's reason is kept in the audit trail, not read by a checker", async () => {
        const user = openView(['VIEW_CUSTOMER_LOANS', 'LOCK_CUSTOMER_DEVICE', 'REQUEST_LOAN_DEACTIVATION']);
        const loans = await screen.findByRole('region', { name: 'Loans' });
        await user.click(await within(loans).findByRole('button', { name: 'Lock device' }));
        const lock = await screen.findByRole('dialog', { name: 'Lock this device?' });
        expect(within(lock).getByText('At least 3 characters; kept with this command in the audit trail')).toBeTruthy();
        expect(within(lock).queryByText(/checker/)).toBeNull();
        await user.click(within(lock).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        // A request a checker decides still says so.
        await user.click(within(loans).getByRole('button', { name: 'Request deregistration' }));
        const request = await screen.findByRole('dialog', { name: 'Request deregistration?' });
        expect(within(request).getByText('At least 3 characters; the checker reads it')).toBeTruthy();
    });

    it('says what inventory says of an IMEI: its length, or a last digit that does not check', async () => {
        const user = openView(['VIEW_CUSTOMER_LOANS', 'REQUEST_IMEI_CHANGE']);
        const loans = await screen.findByRole('region', { name: 'Loans' });
        await user.click(await within(loans).findByRole('button', { name: 'Request IMEI change' }));
        const dialog = await screen.findByRole('dialog', { name: 'Request an IMEI change?' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Screen cracked on delivery');
        const imei = within(dialog).getByRole('textbox', { name: 'New IMEI' });
        await user.type(imei, '35693803564380');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await within(dialog).findByText('An IMEI has exactly 15 digits')).toBeTruthy();
        await user.type(imei, '0');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await within(dialog).findByText('This is not a valid IMEI: its last digit does not check')).toBeTruthy();
        expect(within(dialog).queryByText(/15 digits\)/)).toBeNull();
        expect(sent).toEqual([]);
    });

    it('says an empty employee count is required, and a count that is not a whole number from 1 what it must be', async () => {
        const user = openView(['CONVERT_CUSTOMER']);
        await user.click(await screen.findByRole('button', { name: 'Make business customer' }));
        const dialog = await screen.findByRole('dialog');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        const employees = within(dialog).getByRole('textbox', { name: 'Employees' });
        await waitFor(() => expect(employees.getAttribute('aria-invalid')).toBe('true'));
        const help = () => document.getElementById(employees.getAttribute('aria-describedby') ?? '')?.textContent;
        expect(help()).toBe('Required');
        await user.type(employees, '0');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        await waitFor(() => expect(help()).toBe('A whole number, at least 1'));
        expect(sent).toEqual([]);
    });
});
