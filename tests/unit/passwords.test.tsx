/**
 * Passwords in the portal: an administrator resets a user's password from the
 * edit screen and is shown the temporary one once; a sign-in with it leads to "Choose a new
 * password" and nothing else; the profile menu opens the same form.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeOwnPassword, login, myRoles, type SessionUser } from '../../contract/auth';
import { listAdminGroups } from '../../contract/security';
import { getAdmin, resetAdminPassword } from '../../contract/users';
import { registrationOptions } from '../../contract/registration';
import { session } from '../../src/lib/session';
import { buildSessionUser } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';
import { sipho } from './support/adminFixtures';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const TEMPORARY = 'k7m2q-abcde-fghjk-mnpqr';

const thandi: SessionUser = buildSessionUser({
    token: 'temporary-session',
    username: 'thandi',
    name: 'Thandi Zulu',
    must_change_password: true,
});

const sent: { method: string; path: string; body?: unknown }[] = [];
const record = async (request: Request) => {
    const body: unknown = await request.text().then(text => (text ? JSON.parse(text) : undefined));
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/portal_api', ''), body });
};

const server = contractServer(
    answer(getAdmin, sipho),
    answer(listAdminGroups, { total: 1, limit: 1000, skip: 0, data: [] }),
    answer(registrationOptions, { stores: [] }),
    answer(resetAdminPassword, async ({ request }) => {
        await record(request);
        return { temporary_password: TEMPORARY, user: sipho };
    }),
    answer(login, { user: thandi }),
    answer(myRoles, async ({ request }) => {
        await record(request);
        return { group_id: 5, data: [] };
    }),
    answer(changeOwnPassword, async ({ request }) => {
        await record(request);
        return { ended: 0 };
    }),
);

afterEach(() => {
    sent.length = 0;
});

const openSipho = async (roles = ['VIEW_USERS', 'EDIT_USER'], username = 'tester') => {
    signedInAs(roles, { username });
    renderPortal('/dashboard/users/2');
    await waitFor(
        () => expect((screen.getByRole('textbox', { name: /Last name/ }) as HTMLInputElement).value).toBe('Ndlovu'),
        FIRST,
    );
};

describe("resetting a user's password", () => {
    it('asks first, saying the sessions end, then shows the temporary password once with a copy button', async () => {
        const user = userEvent.setup();
        const writeText = vi.fn(() => Promise.resolve());
        Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
        await openSipho();
        await user.click(await screen.findByRole('button', { name: 'Reset password' }));
        const ask = await screen.findByRole('dialog', { name: 'Reset the password of Sipho Ndlovu?' });
        expect(within(ask).getByText(/signed out on every device at once/)).toBeTruthy();
        expect(sent).toEqual([]);
        await user.click(within(ask).getByRole('button', { name: 'Confirm' }));

        const shown = await screen.findByRole('dialog', { name: 'Temporary password for Sipho Ndlovu' });
        expect(sent).toEqual([{ method: 'POST', path: '/prerequisites/admins/2/password', body: undefined }]);
        expect((within(shown).getByRole('textbox', { name: 'Temporary password' }) as HTMLInputElement).value).toBe(TEMPORARY);
        expect(within(shown).getByText(/it will not be shown again/)).toBeTruthy();
        await user.click(within(shown).getByRole('button', { name: 'Copy' }));
        expect(writeText).toHaveBeenCalledWith(TEMPORARY);
        expect(await within(shown).findByText('Copied')).toBeTruthy();

        await user.click(within(shown).getByRole('button', { name: 'Done' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(screen.queryByDisplayValue(TEMPORARY)).toBeNull();
    });

    it('changes nothing when the question is cancelled', async () => {
        const user = userEvent.setup();
        await openSipho();
        await user.click(await screen.findByRole('button', { name: 'Reset password' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(sent).toEqual([]);
    });

    it('says why when refused, and shows no password', async () => {
        server.use(
            answer(
                resetAdminPassword,
                errorAnswer(403, {
                    code: 403,
                    name: 'Forbidden',
                    message: 'No',
                    key: 'errors.group_roles_not_held',
                    field: 'id',
                }),
            ),
        );
        const user = userEvent.setup();
        await openSipho();
        await user.click(await screen.findByRole('button', { name: 'Reset password' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('You can only add a user to a group whose roles you all hold.')).toBeTruthy();
        expect(screen.queryByRole('textbox', { name: 'Temporary password' })).toBeNull();
    });

    it("is not offered on one's own account", async () => {
        await openSipho(['VIEW_USERS', 'EDIT_USER'], 'maker');
        expect(await screen.findByRole('button', { name: 'End sessions' })).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    });
});

describe('choosing a new password after a reset', () => {
    const signInWithTemporary = async () => {
        const user = userEvent.setup();
        renderPortal('/');
        await user.type(await screen.findByRole('textbox', { name: 'Username' }, FIRST), 'thandi');
        await user.type(screen.getByLabelText(/^Password/), TEMPORARY);
        await user.click(screen.getByRole('button', { name: 'Sign in' }));
        expect(await screen.findByRole('heading', { name: 'Choose a new password' }, FIRST)).toBeTruthy();
        return user;
    };

    it('lands there after signing in, checks the fields, then goes on to the dashboard', async () => {
        const user = await signInWithTemporary();
        expect(screen.getByText(/An administrator reset your password/)).toBeTruthy();
        // Nothing of the shell was asked for: its calls would be refused.
        expect(sent).toEqual([]);

        await user.click(screen.getByRole('button', { name: 'Change password' }));
        expect((await screen.findAllByText('Required')).length).toBe(3);

        await user.type(screen.getByLabelText(/^Current password/), TEMPORARY);
        await user.type(screen.getByLabelText(/^New password/), 'short');
        await user.type(screen.getByLabelText(/^Confirm the new password/), 'other');
        await user.click(screen.getByRole('button', { name: 'Change password' }));
        expect(await screen.findByText('Must be 12 characters at least')).toBeTruthy();
        expect(screen.getByText('The passwords do not match')).toBeTruthy();

        await user.clear(screen.getByLabelText(/^New password/));
        await user.type(screen.getByLabelText(/^New password/), TEMPORARY);
        expect(await screen.findByText('The new password must differ from the current one')).toBeTruthy();

        await user.clear(screen.getByLabelText(/^New password/));
        await user.type(screen.getByLabelText(/^New password/), 'my-own-new-password');
        await user.clear(screen.getByLabelText(/^Confirm the new password/));
        await user.type(screen.getByLabelText(/^Confirm the new password/), 'my-own-new-password');
        await user.click(screen.getByRole('button', { name: 'Change password' }));

        expect(await screen.findByText('Welcome, Thandi Zulu', {}, FIRST)).toBeTruthy();
        expect(sent[0]).toEqual({
            method: 'POST',
            path: '/authentication/password',
            body: { current_password: TEMPORARY, new_password: 'my-own-new-password' },
        });
        expect(sent.slice(1).map(request => request.path)).toContain('/authentication/roles');
        expect(session.user()?.must_change_password).toBe(false);
    });

    it('shows a wrong current password on its field and keeps what was typed', async () => {
        server.use(
            answer(
                changeOwnPassword,
                errorAnswer(400, {
                    code: 400,
                    name: 'BadRequest',
                    message: 'Wrong',
                    key: 'errors.wrong_current_password',
                    field: 'current_password',
                }),
            ),
        );
        const user = await signInWithTemporary();
        await user.type(screen.getByLabelText(/^Current password/), 'not-it-at-all');
        await user.type(screen.getByLabelText(/^New password/), 'my-own-new-password');
        await user.type(screen.getByLabelText(/^Confirm the new password/), 'my-own-new-password');
        await user.click(screen.getByRole('button', { name: 'Change password' }));
        expect(await screen.findByText('The current password is not right.')).toBeTruthy();
        expect((screen.getByLabelText(/^New password/) as HTMLInputElement).value).toBe('my-own-new-password');
        expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    });

    it("shows the server's reason for refusing the new password on its field", async () => {
        server.use(
            answer(
                changeOwnPassword,
                errorAnswer(400, {
                    code: 400,
                    name: 'BadRequest',
                    message: 'Too common',
                    key: 'errors.password_common',
                    field: 'new_password',
                }),
            ),
        );
        const user = await signInWithTemporary();
        await user.type(screen.getByLabelText(/^Current password/), TEMPORARY);
        await user.type(screen.getByLabelText(/^New password/), 'Password1234');
        await user.type(screen.getByLabelText(/^Confirm the new password/), 'Password1234');
        await user.click(screen.getByRole('button', { name: 'Change password' }));
        expect(await screen.findByText('This password is too common and easy to guess; choose another.')).toBeTruthy();
        expect((screen.getByLabelText(/^New password/) as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    });

    it('opens nothing of the shell until then: the dashboard sends the user back', async () => {
        session.setUser(thandi);
        renderPortal('/dashboard/users');
        expect(await screen.findByRole('heading', { name: 'Choose a new password' }, FIRST)).toBeTruthy();
        expect(sent).toEqual([]);
    });
});

describe("changing one's own password from the profile menu", () => {
    it('opens the same form in the shell, and says so when done', async () => {
        server.use(answer(changeOwnPassword, { ended: 2 }));
        const user = userEvent.setup();
        signedInAs([]);
        renderPortal('/dashboard');
        await user.click(await screen.findByRole('button', { name: /Profile|User menu|Test User/ }, FIRST));
        await user.click(await screen.findByRole('menuitem', { name: 'Change password' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Change password' }, FIRST)).toBeTruthy();
        await user.type(screen.getByLabelText(/^Current password/), 'demo-pass-2026');
        await user.type(screen.getByLabelText(/^New password/), 'my-own-new-password');
        await user.type(screen.getByLabelText(/^Confirm the new password/), 'my-own-new-password');
        await user.click(screen.getByRole('button', { name: 'Change password' }));
        expect(await screen.findByText('Your password is changed; 2 other sessions ended')).toBeTruthy();
    });
});
