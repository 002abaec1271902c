/**
 * Re-authentication in the portal: on one's own account, a new phone number or
 * turning the SMS code off asks for the current password in the same form, sent with the change;
 * the server's refusal shows on that input. Nobody is asked for it on another user's account.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAdminGroups } from '../../contract/security';
import { getAdmin, updateAdmin, type Admin } from '../../contract/users';
import { registrationOptions } from '../../contract/registration';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';
import { sipho } from './support/adminFixtures';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const sent: { method: string; path: string; body?: unknown }[] = [];
let shown: Admin = sipho;

const server = contractServer(
    answer(getAdmin, () => shown),
    answer(listAdminGroups, { total: 0, limit: 1000, skip: 0, data: [] }),
    answer(registrationOptions, { stores: [] }),
    answer(updateAdmin, async ({ request }) => {
        const body: unknown = JSON.parse(await request.text());
        sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/portal_api', ''), body });
        return shown;
    }),
);

afterEach(() => {
    sent.length = 0;
    shown = sipho;
});

/** Sipho's edit screen, signed in as Sipho himself (`maker`) or as someone else. */
const openSipho = async (as: 'himself' | 'someone else') => {
    signedInAs(['VIEW_USERS', 'EDIT_USER'], as === 'himself' ? { username: 'maker' } : {});
    renderPortal('/dashboard/users/2');
    const phone = (await screen.findByRole('textbox', { name: /Phone number/ }, FIRST)) as HTMLInputElement;
    await waitFor(() => expect(phone.value).toBe(sipho.msisdn), FIRST);
    return phone;
};

const currentPassword = () => screen.queryByLabelText(/Your current password/);

describe("a new phone number on one's own account", () => {
    it('asks for the current password before sending, and sends it with the change', async () => {
        const user = userEvent.setup();
        const phone = await openSipho('himself');
        expect(currentPassword()).toBeNull();
        await user.clear(phone);
        await user.type(phone, '27820000099');
        expect(await screen.findByLabelText(/Your current password/)).toBeTruthy();
        expect(screen.getByText(/needs your password again/)).toBeTruthy();

        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect((await screen.findAllByText('Required')).length).toBeGreaterThan(0);
        expect(sent).toEqual([]);

        await user.type(currentPassword() as HTMLElement, 'demo-pass-2026');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() =>
            expect(sent).toEqual([
                {
                    method: 'PATCH',
                    path: '/prerequisites/admins/2',
                    body: { msisdn: '27820000099', current_password: 'demo-pass-2026' },
                },
            ]),
        );
    });

    it("shows the server's refusal of the password on its input, translated", async () => {
        server.use(
            answer(
                updateAdmin,
                errorAnswer(400, {
                    code: 400,
                    name: 'BadRequest',
                    message: 'Wrong',
                    key: 'errors.wrong_current_password',
                    field: 'current_password',
                }),
            ),
        );
        const user = userEvent.setup();
        const phone = await openSipho('himself');
        await user.clear(phone);
        await user.type(phone, '27820000099');
        await user.type(await screen.findByLabelText(/Your current password/), 'not-my-password');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect((await screen.findAllByText('The current password is not right.')).length).toBeGreaterThan(0);
        expect(phone.value).toBe('27820000099');
    });
});

describe("turning the SMS code off on one's own account", () => {
    it('asks for the current password too', async () => {
        shown = { ...sipho, otp_enabled: true };
        const user = userEvent.setup();
        await openSipho('himself');
        expect(currentPassword()).toBeNull();
        await user.click(screen.getByRole('switch', { name: /SMS code at sign-in/ }));
        expect(await screen.findByLabelText(/Your current password/)).toBeTruthy();
    });
});

describe("another user's account", () => {
    it('asks for no password of the editor: the change goes as it is', async () => {
        const user = userEvent.setup();
        const phone = await openSipho('someone else');
        await user.clear(phone);
        await user.type(phone, '27820000099');
        expect(currentPassword()).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() =>
            expect(sent).toEqual([{ method: 'PATCH', path: '/prerequisites/admins/2', body: { msisdn: '27820000099' } }]),
        );
    });
});
