/**
 * A paid-up phone's unlock arrives on the customer view by itself: once the arrears of
 * a phone locked for them are paid, the lock policy's job asks for its unlock within seconds, with
 * no one at the counter asking, so the view asks for the loans again until the unlock is
 * requested and then confirmed.
 */
import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { depositTransactions, qualifiedDevices, type ScheduledLoan } from '../../contract/customers';
import type { LoanStandingRecord } from '../../contract/lending';
import { answer } from './support/contractHandlers';
import { activeLoan, deposits, device, noPhones } from './support/customerFixtures';
import { customerViewServer, openCustomerView } from './support/customerView';
import { waitLongerInThisFile } from './support/waits';

const view = customerViewServer(answer(depositTransactions, deposits), answer(qualifiedDevices, noPhones));

waitLongerInThisFile();

const PAID_UP: LoanStandingRecord = {
    amount_overdue: 0,
    days_overdue: 0,
    oldest_unpaid_due: '2026-12-02',
    next_due: { date: '2026-12-02', amount: 79 },
    paid_to_date: 632,
};

const withDevice = (change: Parameters<typeof device>[0], standing: LoanStandingRecord = PAID_UP) =>
    activeLoan({ standing, schedule: [], device: device(change) });

const open = async (loans: ScheduledLoan[]) => {
    view.shown = loans;
    const section = await openCustomerView(['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS']);
    return (await within(section).findByText(/^LPP-100007 ·/)).closest('li') as HTMLElement;
};

describe('a phone locked for arrears that are paid', () => {
    it('shows the unlock requested, then unlocked, without a reload', async () => {
        const card = await open([withDevice({ state: 'locked', confirmed_state: 'locked', lock_reason: 'arrears' })]);
        expect(within(card).getByText('Locked', { exact: true })).toBeTruthy();
        // The job asks for the unlock; the provider confirms it a few seconds later.
        view.shown = [
            withDevice({
                state: 'unlocking',
                requested_state: 'active',
                requested_at: new Date().toISOString(),
                confirmed_state: 'locked',
                lock_reason: 'arrears',
            }),
        ];
        await within(card).findByText(/^Unlock requested .*: waiting for Trustonic to confirm\.$/);
        view.shown = [withDevice({ state: 'active', confirmed_state: 'active', lock_reason: null })];
        await within(card).findByText('Unlocked', { exact: true });
    });
});
