/**
 * Which language to show (spec §1): the query (`?lang=sw`), then what was cached in local
 * storage, then the browser's languages, then the page's html tag; English when none of those is
 * one of ours. The choice is cached in local storage.
 */
export const LOCALES = ['en', 'sw', 'pt'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Each language by its own name, as the language menu shows it whatever the current language. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', sw: 'Kiswahili', pt: 'Português' };
export const LOCALE_STORAGE_KEY = 'pfp.locale';

/** `pt-BR` → `pt`; anything not ours → undefined. */
export const toLocale = (tag: string | null | undefined): Locale | undefined => {
    const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
    return LOCALES.find(locale => locale === base);
};

interface LocaleSources {
    search: string;
    stored: string | null;
    navigatorLanguages: readonly string[];
    htmlLang: string | null;
}

export const pickLocale = ({ search, stored, navigatorLanguages, htmlLang }: LocaleSources): Locale =>
    toLocale(new URLSearchParams(search).get('lang')) ??
    toLocale(stored) ??
    navigatorLanguages.map(toLocale).find(Boolean) ??
    toLocale(htmlLang) ??
    DEFAULT_LOCALE;

const readStored = () => {
    try {
        return localStorage.getItem(LOCALE_STORAGE_KEY);
    } catch {
        return null;
    }
};

export const rememberLocale = (locale: Locale) => {
    try {
        localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
        // not kept: the next visit detects again
    }
    document.documentElement.lang = locale;
};

export const detectLocale = (): Locale => {
    const locale = pickLocale({
        search: window.location.search,
        stored: readStored(),
        navigatorLanguages: navigator.languages ?? [navigator.language],
        htmlLang: document.documentElement.getAttribute('lang'),
    });
    rememberLocale(locale);
    return locale;
};
