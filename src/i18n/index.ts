/**
 * The portal's translations. Each language's catalog is its own chunk, loaded with `import()`
 * when that language is chosen, so the sign-in page downloads one catalog, not three. The one
 * i18nProvider serves the signed-out pages (through `useT`, i18n/context.tsx) and react-admin
 * alike, so both always speak the same language.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { LANGUAGE_NAMES, LOCALES, rememberLocale, toLocale, type Locale } from './locale';

const LOADERS: Record<Locale, () => Promise<{ default: TranslationMessages }>> = {
    en: () => import('./en'),
    sw: () => import('./sw'),
    pt: () => import('./pt'),
};

export const loadCatalog = async (locale: Locale): Promise<TranslationMessages> => (await LOADERS[locale]()).default;

/** react-admin's i18nProvider, plus a way to hear of language changes (the signed-out pages re-render on them). */
export interface PortalI18n extends I18nProvider {
    subscribe: (listener: () => void) => () => void;
}

/** An i18nProvider that starts in `locale` with its catalog already loaded; other catalogs load when chosen. */
export const createI18nProvider = (locale: Locale, messages: TranslationMessages): PortalI18n => {
    const loaded = new Map<Locale, TranslationMessages>([[locale, messages]]);
    const messagesOf = (tag: string): TranslationMessages | Promise<TranslationMessages> => {
        const code = toLocale(tag) ?? locale;
        return (
            loaded.get(code) ??
            loadCatalog(code).then(catalog => {
                loaded.set(code, catalog);
                return catalog;
            })
        );
    };
    const base = polyglotI18nProvider(
        messagesOf,
        locale,
        LOCALES.map(code => ({ locale: code, name: LANGUAGE_NAMES[code] })),
    );
    const listeners = new Set<() => void>();
    return {
        ...base,
        changeLocale: async (tag, options) => {
            await base.changeLocale(tag, options);
            const chosen = toLocale(tag);
            if (chosen) rememberLocale(chosen);
            listeners.forEach(listener => listener());
        },
        subscribe: listener => {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
    };
};

/** The provider for `locale`, once its catalog has arrived. */
export const startI18n = async (locale: Locale): Promise<PortalI18n> => createI18nProvider(locale, await loadCatalog(locale));
