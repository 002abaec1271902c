import { describe, expect, it } from 'vitest';
import { pickLocale, toLocale } from '../../src/i18n/locale';

const none = { search: '', stored: null, navigatorLanguages: [], htmlLang: null };

describe('choosing the language', () => {
    it('takes the query first, then local storage, then the navigator, then the html tag', () => {
        expect(pickLocale({ search: '?lang=pt', stored: 'sw', navigatorLanguages: ['en'], htmlLang: 'en' })).toBe('pt');
        expect(pickLocale({ ...none, stored: 'sw', navigatorLanguages: ['pt-PT'], htmlLang: 'en' })).toBe('sw');
        expect(pickLocale({ ...none, navigatorLanguages: ['fr-FR', 'pt-BR'], htmlLang: 'sw' })).toBe('pt');
        expect(pickLocale({ ...none, navigatorLanguages: ['fr'], htmlLang: 'sw' })).toBe('sw');
    });

    it('falls back to English when nothing names one of our languages', () => {
        expect(pickLocale({ search: '?lang=fr', stored: 'de', navigatorLanguages: ['fr'], htmlLang: 'xx' })).toBe('en');
    });

    it('reads region and case variants', () => {
        expect(toLocale('SW-tz')).toBe('sw');
        expect(toLocale('pt_MZ')).toBe('pt');
        expect(toLocale('')).toBeUndefined();
    });
});
