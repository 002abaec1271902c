import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import en from './en';
import sw from './sw';
import pt from './pt';
import { detectLocale, rememberLocale, toLocale, LANGUAGE_NAMES, LOCALES, type Locale } from './locale';

export const catalogs: Record<Locale, TranslationMessages> = { en, sw, pt };

export const createI18nProvider = (initialLocale: Locale = detectLocale()): I18nProvider => {
    const base = polyglotI18nProvider(
        locale => catalogs[toLocale(locale) ?? 'en'],
        initialLocale,
        LOCALES.map(locale => ({ locale, name: LANGUAGE_NAMES[locale] })),
    );
    return {
        ...base,
        changeLocale: async (locale, options) => {
            await base.changeLocale(locale, options);
            const chosen = toLocale(locale);
            if (chosen) rememberLocale(chosen);
        },
    };
};
