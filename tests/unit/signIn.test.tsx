/**
 * The sign-in page when the server throttles: it says how long to wait, in the user's language,
 * and keeps what was typed.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { login } from '../../contract/auth';
import { Portal } from '../../src/Portal';
import { createI18nProvider } from '../../src/i18n';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { memoryStore } from 'react-admin';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';

vi.setConfig({ testTimeout: 60_000 });

/** What the server answers next: a 429 with this many seconds to wait. */
let retryAfter = 840;
contractServer(
    answer(login, () =>
        errorAnswer(429, {
            code: 429,
            name: 'TooManyRequests',
            message: 'Too many failed sign-in attempts; try again later',
            key: 'errors.too_many_attempts',
            retry_after: retryAfter,
        }),
    ),
);

const CATALOGS = { en, sw, pt } as const;

const signInThrottled = async (locale: keyof typeof CATALOGS, seconds: number) => {
    retryAfter = seconds;
    const user = userEvent.setup();
    const view = render(
        <MemoryRouter initialEntries={['/']}>
            <Portal store={memoryStore()} i18n={createI18nProvider(locale, CATALOGS[locale])} />
        </MemoryRouter>,
    );
    const auth = CATALOGS[locale].auth as Record<string, string>;
    await user.type(await screen.findByRole('textbox', { name: auth.username }), 'thandi');
    await user.type(screen.getByLabelText(new RegExp(`^${auth.password}`)), 'not-the-password');
    await user.click(screen.getByRole('button', { name: auth.sign_in }));
    const alert = await screen.findByRole('alert');
    expect((screen.getByRole('textbox', { name: auth.username }) as HTMLInputElement).value).toBe('thandi');
    const text = alert.textContent;
    view.unmount();
    return text;
};

describe('a throttled sign-in', () => {
    it('says how many minutes to wait, rounded up', async () => {
        expect(await signInThrottled('en', 14 * 60)).toBe('Too many attempts. Try again in 14 minutes.');
        expect(await signInThrottled('en', 13 * 60 + 1)).toBe('Too many attempts. Try again in 14 minutes.');
        expect(await signInThrottled('en', 30)).toBe('Too many attempts. Try again in 1 minute.');
    });

    it('says it in Swahili and Portuguese too', async () => {
        expect(await signInThrottled('sw', 14 * 60)).toBe('Umejaribu mara nyingi mno. Subiri dakika 14 kisha ujaribu tena.');
        expect(await signInThrottled('pt', 14 * 60)).toBe('Demasiadas tentativas. Tente novamente daqui a 14 minutos.');
        expect(await signInThrottled('pt', 60)).toBe('Demasiadas tentativas. Tente novamente daqui a 1 minuto.');
    });
});
