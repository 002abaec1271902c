/**
 * The portal's translations. Each language's catalog is two chunks, loaded with `import()` when
 * that language is chosen: its public part (the signed-out pages' words, `en.public.ts`), all the
 * sign-in page downloads, and its app part (the signed-in screens', `en.app.ts`), loaded with the
 * signed-in shell. The one i18nProvider serves the signed-out pages (through `useT`,
 * i18n/context.tsx) and react-admin alike, so both always speak the same language.
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import { LANGUAGE_NAMES, LOCALES, rememberLocale, toLocale, type Locale } from './locale';
import { wholeCatalog } from './mergeCatalogs';

type Loader<T> = () => Promise<{ default: T }>;

/** A catalog's app part: react-admin's own messages (`ra`) are in the public part. */
export type AppMessages = Omit<TranslationMessages, 'ra'>;

const PUBLIC: Record<Locale, Loader<TranslationMessages>> = {
    en: () => import('./en.public'),
    sw: () => import('./sw.public'),
    pt: () => import('./pt.public'),
};

const APP: Record<Locale, Loader<AppMessages>> = {
    en: () => import('./en.app'),
    sw: () => import('./sw.app'),
    pt: () => import('./pt.app'),
};

/** A language's public part: all the signed-out pages need. */
export const loadCatalog = async (locale: Locale): Promise<TranslationMessages> => (await PUBLIC[locale]()).default;

/** A language's app part: the signed-in screens' words, which share no top-level key with the public part. */
export const loadAppCatalog = async (locale: Locale): Promise<AppMessages> => (await APP[locale]()).default;

/** react-admin's i18nProvider, plus a way to hear of language changes (the signed-out pages re-render on them). */
export interface PortalI18n extends I18nProvider {
    subscribe: (listener: () => void) => () => void;
    /**
     * Loads the current language's app part and merges it in; from then on a language change
     * loads both parts of the new language. The signed-in shell renders only once it resolves, so
     * no signed-in screen shows a raw key. One load however often asked.
     */
    loadAppPart: () => Promise<void>;
    /** Whether the app part is in already: a shell that finds it so renders at once, without suspending. */
    hasAppPart: () => boolean;
}

/**
 * An i18nProvider that starts in `locale` with its catalog already loaded; other catalogs load
 * when chosen. `messages` may be the public part alone (the app part then loads with
 * `loadAppPart`) or the whole catalog (tests: both parts, nothing more to load).
 */
export const createI18nProvider = (locale: Locale, messages: TranslationMessages, appMessages?: AppMessages): PortalI18n => {
    const publicParts = new Map<Locale, TranslationMessages>([[locale, messages]]);
    const appParts = new Map<Locale, AppMessages>();
    // A whole catalog given at once (tests: en.ts, with the app part's sections) needs nothing more.
    if (appMessages) appParts.set(locale, appMessages);
    else if ('dashboard' in messages) appParts.set(locale, {});
    let signedIn = appParts.size > 0;
    let appLoading: Promise<void> | undefined = signedIn ? Promise.resolve() : undefined;
    let appLoaded = signedIn;
    const partOf = <T>(parts: Map<Locale, T>, load: (code: Locale) => Promise<T>, code: Locale): T | Promise<T> =>
        parts.get(code) ??
        load(code).then(part => {
            parts.set(code, part);
            return part;
        });
    const messagesOf = (tag: string): TranslationMessages | Promise<TranslationMessages> => {
        const code = toLocale(tag) ?? locale;
        const publicPart = publicParts.get(code);
        const appPart = appParts.get(code);
        if (publicPart && (!signedIn || appPart)) return wholeCatalog(publicPart, appPart);
        // Both parts at once, in parallel, when signed in.
        return Promise.all([
            partOf(publicParts, loadCatalog, code),
            signedIn ? partOf(appParts, loadAppCatalog, code) : undefined,
        ]).then(([publicPart, appPart]) => wholeCatalog(publicPart, appPart));
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
        loadAppPart: () => {
            // The same promise once loaded, so a component may suspend on it (React's `use`).
            appLoading ??= (async () => {
                signedIn = true;
                // Reading the current language again gives polyglot both parts' phrases.
                await base.changeLocale(base.getLocale());
                appLoaded = true;
            })().catch((error: unknown) => {
                appLoading = undefined;
                throw error;
            });
            return appLoading;
        },
        hasAppPart: () => appLoaded,
    };
};

/** The provider for `locale`, once its public part (and its app part, when `withApp`, in parallel) has arrived. */
export const startI18n = async (locale: Locale, withApp = false): Promise<PortalI18n> => {
    const [messages, appMessages] = await Promise.all([loadCatalog(locale), withApp ? loadAppCatalog(locale) : undefined]);
    return createI18nProvider(locale, messages, appMessages);
};
