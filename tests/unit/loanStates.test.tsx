/**
 * Each loan state says what is true of it on the customer view: a cancelled sale
 * shows no balance and no lock awaiting activation; a paid-off loan is "Paid off" with nothing due;
 * a lock activation in flight is named as one (not "Unlock"); a Vivo sale explains its two steps; a
 * sale in progress offers "Continue sale", which resumes it in the wizard; and the digital-assisted
 * order card follows its loan.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { type ScheduledLoan } from '../../contract/customers';
import { loanProgress } from '../../contract/origination';
import { customerStore } from '../../src/lib/customerStore';
import { loanStore } from '../../src/lib/loanStore';
import { answer } from './support/contractHandlers';
import { activeLoan, device, thandi } from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';
import { customerViewServer, openCustomerView } from './support/customerView';
import { waitLongerInThisFile } from './support/waits';

/** What loan_progress answers of the sale: in progress, or cancelled by the time the wizard asks. */
let progressStep: 'otp' | 'cancelled' = 'otp';

const view = customerViewServer(
    answer(loanProgress, () => ({
        loan: view.shown[0] ?? activeLoan(),
        customer: thandi,
        step: progressStep,
        customer_otp_verified: false,
        agent_otp_verified: false,
        codes: { customer: null, agent: null },
        deposit: null,
    })),
);

waitLongerInThisFile();
afterEach(() => {
    progressStep = 'otp';
    loanStore.clear();
});

const SELLER = ['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS', 'ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES'];

const openView = async (loans: ScheduledLoan[]) => {
    view.shown = loans;
    const section = await openCustomerView(SELLER);
    return { section, user: userEvent.setup() };
};

const cardOf = async (section: HTMLElement, reference: string) =>
    (await within(section).findByText(new RegExp(`^${reference} ·`))).closest('li') as HTMLElement;

describe('a loan on the customer view', () => {
    it('cancelled: nothing due, no lock awaiting activation, the reason given', async () => {
        const { section } = await openView([
            activeLoan({
                loan_reference: 'LPP-000006',
                status: 'cancelled',
                cancellation_reason: 'customer_changed_mind',
                balance: 3999,
                amount_paid: 0,
                device: device({ state: 'pending', confirmed_state: 'pending', confirmed_at: null }),
            }),
        ]);
        const card = await cardOf(section, 'LPP-000006');
        expect(within(card).getByText('Cancelled')).toBeTruthy();
        expect(within(card).getByText(/This sale did not go through: nothing is due/)).toBeTruthy();
        expect(within(card).getByText('Customer changed mind')).toBeTruthy();
        expect(within(card).queryByText('Balance')).toBeNull();
        expect(within(card).queryByText('Awaiting activation')).toBeNull();
    });

    it('cancelled when its reservation expired: says so, with the hours', async () => {
        const { section } = await openView([
            activeLoan({ status: 'cancelled', cancellation_reason: 'reservation_expired', balance: 0, amount_paid: 0 }),
        ]);
        const card = await cardOf(section, 'LPP-100007');
        expect(within(card).getByText(/not finished within 48 hours of its start/)).toBeTruthy();
        expect(within(card).getByText('Reservation expired')).toBeTruthy();
    });

    it('paid off: "Paid off", nothing due, and the phone still to release', async () => {
        const { section } = await openView([
            activeLoan({ loan_reference: 'LPP-000008', status: 'completed', balance: 0, amount_paid: 3999 }),
        ]);
        const card = await cardOf(section, 'LPP-000008');
        expect(within(card).getByText('Paid off')).toBeTruthy();
        expect(within(card).queryByText('Active')).toBeNull();
        expect(within(card).getByText(/Paid off: nothing more is due\. The phone is still under the loan’s lock/)).toBeTruthy();
        expect(within(card).queryByText('Balance')).toBeNull();
        expect(within(card).getByText('Paid')).toBeTruthy();
    });

    it('awaiting its lock: the activation in flight is named a lock activation, and a Vivo lock explains its two steps', async () => {
        const { section } = await openView([
            activeLoan({
                status: 'awaiting_lock',
                lock_solution: 'vivo',
                device: device({
                    lock_solution: 'vivo',
                    state: 'activating',
                    requested_state: 'active',
                    confirmed_state: 'pending',
                    requested_at: '2026-03-02T10:00:00.000Z',
                    vivo_authorized: true,
                }),
            }),
        ]);
        const card = await cardOf(section, 'LPP-100007');
        expect(within(card).getByText(/^Lock activation requested .*: waiting for Vivo to confirm\.$/)).toBeTruthy();
        expect(within(card).queryByText(/Unlock requested/)).toBeNull();
        expect(within(card).getByText(/A Vivo lock takes two steps: first the customer authorises it/)).toBeTruthy();
    });

    it('a sale in progress offers "Continue sale", which resumes it in the wizard from what the server says', async () => {
        const { section, user } = await openView([activeLoan({ loan_reference: 'LPP-100009', status: 'draft', balance: 3999 })]);
        const card = await cardOf(section, 'LPP-100009');
        expect(within(card).getByText(/The phone and the customer’s credit are held for this sale until/)).toBeTruthy();
        await user.click(within(card).getByRole('button', { name: 'Continue sale' }));
        expect(await screen.findByText('This sale was in progress: it carries on where it stands.')).toBeTruthy();
        expect(loanStore.read()).toMatchObject({ entry: 'v1', loanReference: 'LPP-100009', msisdn: thandi.msisdn });
    });

    it('a draft the server released meanwhile: the wizard says its reservation ran out, and starts afresh', async () => {
        const { section, user } = await openView([activeLoan({ loan_reference: 'LPP-100009', status: 'draft', balance: 3999 })]);
        const card = await cardOf(section, 'LPP-100009');
        view.shown = [
            activeLoan({ loan_reference: 'LPP-100009', status: 'cancelled', cancellation_reason: 'reservation_expired' }),
        ];
        progressStep = 'cancelled';
        await user.click(within(card).getByRole('button', { name: 'Continue sale' }));
        expect(
            await screen.findByText(
                'The sale in progress was not finished within 48 hours of its start, so it was cancelled: its phone went back in stock. Start a new one.',
            ),
        ).toBeTruthy();
        expect(loanStore.read()?.loanReference ?? null).toBeNull();
    });

    it('a loan that went through offers no "Continue sale"', async () => {
        const { section } = await openView([activeLoan()]);
        const card = await cardOf(section, 'LPP-100007');
        expect(within(card).queryByRole('button', { name: 'Continue sale' })).toBeNull();
    });
});

describe('the digital-assisted order card', () => {
    it('follows its loan: the loan is active, so the card says so, naming the phone as the loan does', async () => {
        view.shown = [activeLoan({ status: 'active' })];
        signedInAs(['FIND_DIGITAL_ASSISTED_CUSTOMER', 'VIEW_CUSTOMER_LOANS']);
        customerStore.save('assisted', {
            customer: thandi,
            order: {
                is_existing_order: true,
                loan_reference: 'LPP-100007',
                status: 'awaiting_lock',
                sku: 'SAM-A15',
                model: 'Galaxy A15',
                price: 3999,
                deposit: 600,
                currency: 'ZAR',
                created_at: '2026-03-02T09:30:00.000Z',
                customer: thandi,
            },
        });
        renderPortal('/dashboard/customers/digital-assisted-view');
        const order = await screen.findByRole('region', { name: 'Order in progress' });
        expect(await within(order).findByText('Active')).toBeTruthy();
        expect(within(order).queryByText('Awaiting lock')).toBeNull();
        expect(within(order).getByText('Samsung Galaxy A15')).toBeTruthy();
    });
});
