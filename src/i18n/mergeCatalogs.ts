/**
 * A language's app part is its shared words (`en.shared.ts`: the layout's, lib's, lists',
 * dialogs' and parts', and the sections several folders read) and each folder's own words
 * (`src/resources/<d>/i18n/en.ts`, `src/pages/<p>/i18n/en.ts`), found by their place with
 * `import.meta.glob` in `en.app.ts` and merged here; so a new folder's words need no edit in
 * `src/i18n/`. Every key is defined in one place only: a folder may add to a section another place
 * also adds to (`menu`, `loans`), never redefine one of its texts.
 */
import type { RoleCode } from '../../contract/roles';

/** Words by key, nested by section as `translate('section.key')` reads them. */
export type CatalogPart = { [key: string]: string | CatalogPart };

type Translated<T> = { [K in keyof T]: T[K] extends string ? string : Translated<T[K]> };

/**
 * The same keys as `T`, each with its own text: a translation of a folder's English words; and the
 * names, in this language, of the role codes the folder's domain brings (`roles.<CODE>`), whose
 * English names are the contract's (contract/roles.ts, which the server seeds).
 */
export type TranslationOf<T> = Translated<T> & { roles?: { readonly [Code in RoleCode]?: string } };

const isPart = (value: string | CatalogPart | undefined): value is CatalogPart => typeof value === 'object';

/** `from` added into `into` (a fresh copy of it); throws naming the key `from` defines again. */
const mergeInto = (into: CatalogPart, from: CatalogPart, where: string, prefix: string): CatalogPart => {
    const merged: CatalogPart = { ...into };
    for (const [key, value] of Object.entries(from)) {
        const path = prefix ? `${prefix}.${key}` : key;
        const held = merged[key];
        if (held === undefined) merged[key] = value;
        else if (isPart(held) && isPart(value)) merged[key] = mergeInto(held, value, where, path);
        else throw new Error(`The catalog key "${path}" is defined twice (again in ${where})`);
    }
    return merged;
};

/**
 * The shared words and every folder's words in one catalog part. `folders` is
 * `import.meta.glob`'s answer: each file's words by its path, which an error names.
 */
export const mergeCatalogs = (shared: CatalogPart, folders: Readonly<Record<string, CatalogPart>>): CatalogPart =>
    Object.entries(folders).reduce<CatalogPart>((all, [file, words]) => mergeInto(all, words, file, ''), shared);

/**
 * A language's public part with its app part, key by key: the app part may add to a public
 * section (a folder's own `errors.<key>` or `roles.<CODE>` words) but never redefine a text.
 */
export const wholeCatalog = <T extends object>(publicPart: T, appPart: object | undefined): T =>
    (appPart ? mergeInto(publicPart as CatalogPart, appPart as CatalogPart, 'the app part', '') : publicPart) as T;
