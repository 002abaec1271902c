/**
 * The second-factor page at its limits: when the phone has had its share of unused SMS codes it
 * says so and until when, with "Send a new code" disabled and counting down; after five wrong
 * codes it says to sign in again, with Verify disabled (waiting cannot help).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { login, resendOtp } from '../../contract/auth';
import { Portal } from '../../src/Portal';
import { createI18nProvider } from '../../src/i18n';
import en from '../../src/i18n/en';
import sw from '../../src/i18n/sw';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';

vi.setConfig({ testTimeout: 60_000 });

const AUTH_ID = '5b0f3a52-0c1e-4d7e-9a55-2f1f7c1d3e01';

/** How the server answers a code, and a resend, in the test running. */
let codeAnswer: 'wrong' | 'exhausted' = 'wrong';
let resendRefusedFor = 0;
/** A password sign-in refused because the phone's codes are spent, this many seconds from now. */
let signInRefusedFor = 0;

const codesSpent = (seconds: number) =>
    errorAnswer(429, {
        code: 429,
        name: 'TooManyRequests',
        message: `This phone has had 5 unused SMS codes in the last hour; the next can be sent in ${seconds} s`,
        key: 'errors.too_many_codes',
        retry_after: seconds,
    });

contractServer(
    answer(login, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        if ('password' in body) {
            if (signInRefusedFor > 0) return codesSpent(signInRefusedFor);
            return { otp_required: true as const, auth_id: AUTH_ID, sent_to: '•••008' };
        }
        return codeAnswer === 'wrong'
            ? errorAnswer(401, {
                  code: 401,
                  name: 'NotAuthenticated',
                  message: 'Wrong code',
                  key: 'errors.otp_invalid',
                  field: 'otp',
              })
            : errorAnswer(401, {
                  code: 401,
                  name: 'NotAuthenticated',
                  message: 'Too many wrong codes: this sign-in has ended; sign in again',
                  key: 'errors.otp_attempts_exhausted',
                  field: 'otp',
              });
    }),
    answer(resendOtp, () =>
        resendRefusedFor > 0
            ? codesSpent(resendRefusedFor)
            : { otp_required: true as const, auth_id: AUTH_ID, sent_to: '•••008' },
    ),
);

const CATALOGS = { en, sw } as const;
type Locale = keyof typeof CATALOGS;

/** A catalog's text by its dotted key. */
const text = (locale: Locale, key: string): string => {
    const found = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], CATALOGS[locale]);
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${locale}`);
    return found;
};

/** Signs in as `secure` with the right password: the page asks for the code. */
const openCodePage = async (locale: Locale = 'en') => {
    const user = userEvent.setup({ advanceTimers: ms => void (vi.isFakeTimers() && vi.advanceTimersByTime(ms)) });
    const view = render(
        <MemoryRouter initialEntries={['/']}>
            <Portal store={memoryStore()} i18n={createI18nProvider(locale, CATALOGS[locale])} />
        </MemoryRouter>,
    );
    await user.type(await screen.findByRole('textbox', { name: text(locale, 'auth.username') }), 'secure');
    await user.type(screen.getByLabelText(new RegExp(`^${text(locale, 'auth.password')}`)), 'the-right-password');
    await user.click(screen.getByRole('button', { name: text(locale, 'auth.sign_in') }));
    return { user, view };
};

describe('the second-factor page', () => {
    it("at the phone's cap, says it is about SMS codes and when, and disables 'Send a new code' with its countdown", async () => {
        codeAnswer = 'wrong';
        resendRefusedFor = 30 * 60;
        vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
        const { user, view } = await openCodePage();
        await screen.findByRole('textbox', { name: text('en', 'auth.otp.code') });
        // The first 30 s after a code is sent, a new one waits anyway.
        const resend = await screen.findByRole('button', { name: /^Send a new code in \d+ s$/ });
        expect(resend).toHaveProperty('disabled', true);
        // The countdown's clock moves second by second (each tick schedules the next), not the test's own wait.
        for (let tick = 0; tick < 40 && !screen.queryByRole('button', { name: text('en', 'auth.otp.resend') }); tick++) {
            await act(async () => {
                vi.advanceTimersByTime(1000);
            });
        }
        vi.useRealTimers();
        await user.click(screen.getByRole('button', { name: text('en', 'auth.otp.resend') }));

        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toMatch(
            /^This phone has had 5 unused SMS codes in the last hour\. The next code can be sent at \d{1,2}:\d{2}( [AP]M)?, in 30 minutes\.$/,
        );
        expect(screen.getByRole('button', { name: 'Send a new code in 30 minutes' })).toHaveProperty('disabled', true);
        // Verifying a code already received still works meanwhile.
        expect(screen.getByRole('button', { name: text('en', 'auth.otp.verify') })).toHaveProperty('disabled', false);
        view.unmount();
    });

    it('after five wrong codes says to sign in again, and disables Verify', async () => {
        codeAnswer = 'exhausted';
        resendRefusedFor = 0;
        const { user, view } = await openCodePage('sw');
        await user.type(await screen.findByRole('textbox', { name: text('sw', 'auth.otp.code') }), '123456');
        await user.click(screen.getByRole('button', { name: text('sw', 'auth.otp.verify') }));

        expect((await screen.findByRole('alert')).textContent).toBe(text('sw', 'errors.otp_attempts_exhausted'));
        expect(screen.getByRole('button', { name: text('sw', 'auth.otp.verify') })).toHaveProperty('disabled', true);
        expect(screen.queryByRole('button', { name: new RegExp(`^${text('sw', 'auth.otp.resend')}`) })).toBeNull();
        await user.click(screen.getByRole('link', { name: text('sw', 'auth.otp.sign_in_again') }));
        expect(await screen.findByRole('button', { name: text('sw', 'auth.sign_in') })).toHaveProperty('disabled', false);
        view.unmount();
    });

    it('a password sign-in refused for spent codes says so, and when, rather than "too many attempts"', async () => {
        signInRefusedFor = 10 * 60;
        const { view } = await openCodePage();
        expect((await screen.findByRole('alert')).textContent).toMatch(
            /^This phone has had 5 unused SMS codes in the last hour\. The next code can be sent at .+, in 10 minutes\.$/,
        );
        signInRefusedFor = 0;
        view.unmount();
    });
});
