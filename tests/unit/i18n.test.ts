import { describe, expect, it, vi } from 'vitest';
import { createI18nProvider, startI18n } from '../../src/i18n';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { LOCALE_STORAGE_KEY } from '../../src/i18n/locale';

const title = (catalog: typeof en) => (catalog.auth as Record<string, string>).sign_in_title;

describe('the translations', () => {
    it('start with the catalog of the language chosen, loaded on its own', async () => {
        const i18n = await startI18n('pt');
        expect(i18n.getLocale()).toBe('pt');
        expect(i18n.translate('auth.sign_in_title')).toBe(title(pt));
    });

    it('load another language when it is chosen, remember it and tell whoever listens', async () => {
        const i18n = createI18nProvider('en', en);
        const heard = vi.fn();
        i18n.subscribe(heard);
        await i18n.changeLocale('sw');
        expect(i18n.getLocale()).toBe('sw');
        expect(i18n.translate('auth.sign_in_title')).toBe(title(sw));
        expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('sw');
        expect(document.documentElement.lang).toBe('sw');
        expect(heard).toHaveBeenCalledOnce();
    });

    it("keep react-admin's own messages with each language", async () => {
        const i18n = createI18nProvider('en', en);
        expect(i18n.translate('ra.action.save')).toBe('Save');
        await i18n.changeLocale('pt');
        expect(i18n.translate('ra.action.save')).toBe((pt.ra as { action: Record<string, string> }).action.save);
    });
});
