/**
 * The customer view's data awards (AWARD_DATA): shown only with the role, a bundle and a reason
 * asked for before the call, the award listed once given, and the 30-day wait said on the button.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { awardCustomerData, customerDataAwards, customerLimits, findCustomer, type DataAward } from '../../contract/customers';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { limits, thandi } from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';

const awards: DataAward[] = [];
const sent: unknown[] = [];

const server = contractServer(
    answer(findCustomer, { users: [thandi] }),
    answer(customerLimits, limits),
    answer(customerDataAwards, () => ({
        data: [...awards].reverse(),
        next_award_at: awards.length > 0 ? '2026-12-22T09:00:00.000Z' : null,
    })),
    answer(awardCustomerData, async ({ request }) => {
        const body = (await request.clone().json()) as { bundle_mb: number; reason: string };
        sent.push(body);
        const award: DataAward = {
            id: awards.length + 1,
            msisdn: thandi.msisdn,
            bundle_mb: body.bundle_mb,
            reason: body.reason,
            awarded_by: { id: 2, name: 'Sipho Ndlovu' },
            created_at: '2026-11-22T09:00:00.000Z',
        };
        awards.push(award);
        return award;
    }),
);

// The customer view is a screen loaded on demand: on a busy machine its first render is slow.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
    awards.length = 0;
    sent.length = 0;
});

const openCustomer = async (roles: string[]) => {
    signedInAs(roles);
    const user = userEvent.setup();
    renderPortal('/dashboard/customers/find');
    await user.type(
        await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
        thandi.msisdn,
    );
    await user.click(screen.getByRole('button', { name: 'Find' }));
    await screen.findByRole('heading', { name: `${thandi.first_name} ${thandi.last_name}`, level: 1 });
    return user;
};

describe('data awards in the customer view', { timeout: 60_000 }, () => {
    it('awards a bundle with a reason, then lists it and says when the next may come', async () => {
        const user = await openCustomer(['FIND_CUSTOMER', 'AWARD_DATA']);
        const section = await screen.findByRole('region', { name: 'Data awards' });
        expect(await within(section).findByText('No data awarded yet')).toBeTruthy();
        await user.click(within(section).getByRole('button', { name: 'Award data' }));
        const dialog = await screen.findByRole('dialog', { name: 'Data awards' });
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await within(dialog).findByText('Choose a bundle')).toBeTruthy();
        expect(within(dialog).getByText('Say why (at least 3 characters)')).toBeTruthy();
        expect(sent).toEqual([]);

        await user.click(within(dialog).getByRole('radio', { name: '500 MB' }));
        await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Paid every instalment early');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        await waitFor(() =>
            expect(sent).toEqual([{ msisdn: thandi.msisdn, bundle_mb: 500, reason: 'Paid every instalment early' }]),
        );
        expect(await screen.findByText('500 MB of data awarded; the customer has been told by SMS.')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(await within(section).findByText('500 MB · Paid every instalment early')).toBeTruthy();
        expect(within(section).getByText(/the next award may be given from/)).toBeTruthy();
        expect((within(section).getByRole('button', { name: 'Award data' }) as HTMLButtonElement).disabled).toBe(true);
    });

    it("shows the server's refusal in the dialog and keeps what was typed", async () => {
        const user = await openCustomer(['FIND_CUSTOMER', 'AWARD_DATA']);
        const section = await screen.findByRole('region', { name: 'Data awards' });
        await user.click(await within(section).findByRole('button', { name: 'Award data' }));
        const dialog = await screen.findByRole('dialog', { name: 'Data awards' });
        await user.click(within(dialog).getByRole('radio', { name: '1 GB' }));
        await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Goodwill');
        server.use(
            answer(awardCustomerData, () =>
                errorAnswer(409, {
                    code: 409,
                    name: 'Conflict',
                    message: 'Too soon',
                    key: 'errors.award_too_soon',
                    field: 'bundle_mb',
                }),
            ),
        );
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe(
            'This customer was awarded data in the last 30 days; try again later.',
        );
        expect((within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe('Goodwill');
    });

    it('is not shown without AWARD_DATA', async () => {
        await openCustomer(['FIND_CUSTOMER']);
        expect(screen.queryByRole('region', { name: 'Data awards' })).toBeNull();
    });
});
