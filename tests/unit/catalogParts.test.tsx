/**
 * The catalog in two parts (bench/size.ts's sign-in budget): the portal starts with a language's
 * public part alone, and the signed-in shell loads the app part (in parallel with its own chunk)
 * before it renders, so its screens never show a raw key; a language change while signed in
 * loads both parts of the new language.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider, startI18n } from '../../src/i18n';
import enPublic from '../../src/i18n/en.public';
import pt from '../../src/i18n/pt';
import ptPublic from '../../src/i18n/pt.public';
import sw from '../../src/i18n/sw';
import { contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });
contractServer();

const text = (catalog: object, path: string): string =>
    path.split('.').reduce<unknown>((tree, key) => (tree as Record<string, unknown>)[key], catalog) as string;

describe('the catalog in two parts', () => {
    it('starts with the public part alone, and loads the app part when asked, once', async () => {
        const i18n = await startI18n('pt');
        expect(i18n.translate('auth.sign_in_title')).toBe(text(pt, 'auth.sign_in_title'));
        // Polyglot answers a key it lacks with the key itself.
        expect(i18n.translate('profile.title')).toBe('profile.title');
        const loading = i18n.loadAppPart();
        expect(i18n.loadAppPart()).toBe(loading);
        await loading;
        expect(i18n.translate('profile.title')).toBe(text(pt, 'profile.title'));
        expect(i18n.translate('auth.sign_in_title')).toBe(text(pt, 'auth.sign_in_title'));
    });

    it('loads both parts of a language chosen while signed in, only the public part while signed out', async () => {
        const signedOut = createI18nProvider('en', enPublic);
        await signedOut.changeLocale('sw');
        expect(signedOut.translate('auth.sign_in_title')).toBe(text(sw, 'auth.sign_in_title'));
        expect(signedOut.translate('menu.dashboard')).toBe('menu.dashboard');

        const signedIn = createI18nProvider('en', enPublic);
        await signedIn.loadAppPart();
        await signedIn.changeLocale('sw');
        expect(signedIn.translate('auth.sign_in_title')).toBe(text(sw, 'auth.sign_in_title'));
        expect(signedIn.translate('menu.dashboard')).toBe(text(sw, 'menu.dashboard'));
        expect(signedIn.translate('ra.action.save')).toBe(text(sw, 'ra.action.save'));
    });

    it('has the signed-in shell load the app part before it renders its screens', async () => {
        signedInAs(['VIEW_USERS']);
        const i18n = createI18nProvider('pt', ptPublic);
        renderPortal('/dashboard/profile', i18n);
        expect(await screen.findByRole('heading', { name: text(pt, 'profile.title') }, FIRST)).toBeTruthy();
        expect(screen.queryByText(/^(profile|menu|shell|dashboard)\.[a-z_.]+$/)).toBeNull();
    });

    it('has the shell, after a language change, speak the new language on its signed-in screens', async () => {
        signedInAs(['VIEW_USERS']);
        const user = userEvent.setup();
        const i18n = createI18nProvider('pt', ptPublic);
        renderPortal('/dashboard/profile', i18n);
        await screen.findByRole('heading', { name: text(pt, 'profile.title') }, FIRST);
        await user.click(screen.getByRole('button', { name: `${text(pt, 'app.language')}: PT` }));
        await user.click(await screen.findByRole('menuitem', { name: 'Kiswahili' }));
        expect(await screen.findByRole('heading', { name: text(sw, 'profile.title') })).toBeTruthy();
    });
});
