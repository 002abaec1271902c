/**
 * Translation for the pieces that live outside react-admin (the signed-out pages, toasts, the
 * tab lock, the error page): the same provider react-admin gets, without react-admin's context.
 */
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { PortalI18n } from '.';
import { toLocale, DEFAULT_LOCALE, type Locale } from './locale';

const I18nContext = createContext<PortalI18n | null>(null);

export const I18nContextProvider = ({ i18n, children }: { i18n: PortalI18n; children: ReactNode }) => (
    <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>
);

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A new function per language, so what translated with it renders again when the language changes. */
const translatorFor =
    (i18n: PortalI18n, _locale: string): Translate =>
    (key, options) =>
        i18n.translate(key, options);

export interface LightI18n {
    translate: Translate;
    locale: Locale;
    setLocale: (locale: Locale) => Promise<void>;
}

export const useT = (): LightI18n => {
    const i18n = useContext(I18nContext);
    if (!i18n) throw new Error('useT needs an I18nContextProvider above it (src/Portal.tsx)');
    const tag = useSyncExternalStore(i18n.subscribe, i18n.getLocale, i18n.getLocale);
    const locale = toLocale(tag) ?? DEFAULT_LOCALE;
    const translate = useMemo(() => translatorFor(i18n, locale), [i18n, locale]);
    const setLocale = useCallback((next: Locale) => i18n.changeLocale(next), [i18n]);
    return { translate, locale, setLocale };
};

/** The provider itself, for handing on to react-admin. */
export const useI18nProvider = (): PortalI18n => {
    const i18n = useContext(I18nContext);
    if (!i18n) throw new Error('useI18nProvider needs an I18nContextProvider above it (src/Portal.tsx)');
    return i18n;
};
