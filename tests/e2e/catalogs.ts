/**
 * The three whole catalogs, as the portal merges them, for the journeys to find a screen's words
 * by key in each language. Playwright runs the journeys in Node, without the `import.meta.glob`
 * with which src/i18n/en.app.ts finds each folder's words, so this finds them by the same places
 * on disk (`src/resources/<d>/i18n/<language>.ts`, `src/pages/<p>/i18n/<language>.ts`) and merges
 * them with the same helper.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TranslationMessages } from 'react-admin';
import enPublic from '../../src/i18n/en.public';
import enShared from '../../src/i18n/en.shared';
import { mergeCatalogs, wholeCatalog, type CatalogPart } from '../../src/i18n/mergeCatalogs';
import ptPublic from '../../src/i18n/pt.public';
import ptShared from '../../src/i18n/pt.shared';
import swPublic from '../../src/i18n/sw.public';
import swShared from '../../src/i18n/sw.shared';

const SRC = resolve(import.meta.dirname, '../../src');

/** Each folder's words in `language` by file, as `import.meta.glob` would give them. */
const folderWords = async (language: string): Promise<Record<string, CatalogPart>> => {
    const files = ['resources', 'pages'].flatMap(kind =>
        readdirSync(resolve(SRC, kind))
            .map(folder => resolve(SRC, kind, folder, 'i18n', `${language}.ts`))
            .filter(file => existsSync(file)),
    );
    const parts = await Promise.all(
        files.map(async file => [file, ((await import(pathToFileURL(file).href)) as { default: CatalogPart }).default] as const),
    );
    return Object.fromEntries(parts);
};

const whole = async (publicPart: TranslationMessages, shared: CatalogPart, language: string): Promise<TranslationMessages> =>
    wholeCatalog(publicPart, mergeCatalogs(shared, await folderWords(language)));

export const en = await whole(enPublic, enShared, 'en');
export const sw = await whole(swPublic, swShared, 'sw');
export const pt = await whole(ptPublic, ptShared, 'pt');

export type Catalog = typeof en;
