/**
 * The password rules in the signed-out registration form: the length is checked before sending (12 characters); the rules only the server knows (its list of common passwords,
 * the username inside the password) come back as its reason, shown on the password input.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { register, registrationOptions } from '../../contract/registration';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal } from './support/portal';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const sent: unknown[] = [];

contractServer(
    answer(registrationOptions, { stores: [{ id: 4, name: 'Soweto Mall', town: 'Soweto' }] }),
    answer(register, async ({ request }) => {
        sent.push(JSON.parse(await request.text()));
        return errorAnswer(400, {
            code: 400,
            name: 'BadRequest',
            message: 'Contains the username',
            key: 'errors.password_contains_username',
            field: 'password',
        });
    }),
);

afterEach(() => {
    sent.length = 0;
});

describe('registering with a password', () => {
    it("checks the length before sending, and shows the server's reason on the password", async () => {
        const user = userEvent.setup();
        renderPortal('/register');
        await user.type(await screen.findByRole('textbox', { name: /First name/ }, FIRST), 'Thandi');
        await user.type(screen.getByRole('textbox', { name: /Last name/ }), 'Zulu');
        await user.type(screen.getByRole('textbox', { name: /Username/ }), 'thandi.zulu');
        await user.type(screen.getByRole('textbox', { name: /Phone number/ }), '27821234567');
        await user.click(screen.getByRole('combobox', { name: /Shop/ }));
        await user.click(await screen.findByRole('option', { name: /Soweto Mall/ }));
        const password = screen.getByLabelText(/^Password/);
        const confirm = screen.getByLabelText(/^Confirm password/);
        await user.type(password, 'eleven-char');
        await user.type(confirm, 'eleven-char');
        await user.click(screen.getByRole('button', { name: 'Register' }));
        expect(await screen.findByText('Must be 12 characters at least')).toBeTruthy();
        expect(sent).toEqual([]);

        await user.clear(password);
        await user.type(password, 'thandi.zulu-2026');
        await user.clear(confirm);
        await user.type(confirm, 'thandi.zulu-2026');
        await user.click(screen.getByRole('button', { name: 'Register' }));
        await waitFor(() => expect(sent).toHaveLength(1));
        expect(await screen.findByText('The password must not contain the username.')).toBeTruthy();
        expect(password.getAttribute('aria-invalid')).toBe('true');
    });
});
