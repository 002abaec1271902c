import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../contract/errors';
import { ROLE_CODES } from '../../contract/roles';
import en from '../../src/i18n/en';
import enApp from '../../src/i18n/en.app';
import enPublic from '../../src/i18n/en.public';
import enShared from '../../src/i18n/en.shared';
import { mergeCatalogs, wholeCatalog, type CatalogPart } from '../../src/i18n/mergeCatalogs';
import pt from '../../src/i18n/pt';
import ptApp from '../../src/i18n/pt.app';
import ptPublic from '../../src/i18n/pt.public';
import sw from '../../src/i18n/sw';
import swApp from '../../src/i18n/sw.app';
import swPublic from '../../src/i18n/sw.public';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
    Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
    }, {});

const english = flatten(en as Tree);
const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();

/**
 * The texts a translation may leave exactly as in English, each reviewed: names, acronyms and
 * placeholders, never padded to differ ("Samsung (kufuli)" said nothing a Swahili reader needed).
 * Any other text equal to the English one is an untranslated text; a key listed here whose text
 * was since translated must leave the list.
 */
const SAME_IN_EVERY_LANGUAGE = [
    // Nothing but placeholders and punctuation: the words come from the values.
    'ra.boolean.null',
    'ra.page.edit',
    'ra.page.list',
    'ra.page.show',
    'loans.requests.waiting',
    'loans.quote.instalments_value',
    'agents.tier_saved',
    'reconciliation.rows.filter_count',
    'reconciliation.rows.field_problem',
    // Acronyms staff use as they are: IMEI, OTP (one-time code), OCR, KYC, PAR (portfolio at risk).
    'loans.wizard.inputs.imei',
    'loans.wizard.terms.imei',
    'devices.imei',
    'inventory.fields.imei',
    'loans.wizard.inputs.otp',
    'validation.inputs.otp',
    'kyc.fields.ocr',
    'customers.fields.kyc_status',
    'bi.columns.par',
    // Brand names: the mobile money service and the lock solutions.
    'money.transactions.channels.mpesa',
    'customers.deposits.channels.mpesa',
    'devices.solutions.trustonic',
    'devices.solutions.think_adams',
    'devices.solutions.samsung',
    'devices.solutions.oguard',
    'devices.solutions.rguard',
    'devices.solutions.zte',
    'devices.solutions.vivo',
];

/** Words Portuguese writes as English does. */
const SAME_IN_PORTUGUESE = [
    // "selfie" is the Portuguese word too.
    'kyc.images.selfie',
    'loans.wizard.documents.kinds.selfie',
    // The metal, the agents' tier.
    'agents.tiers.bronze',
    'stores.fields.latitude',
    'stores.fields.longitude',
];

describe.each([
    ['Swahili', flatten(sw as Tree), SAME_IN_EVERY_LANGUAGE],
    ['Portuguese', flatten(pt as Tree), [...SAME_IN_EVERY_LANGUAGE, ...SAME_IN_PORTUGUESE]],
])('the %s catalog', (_name, catalog, sameAsEnglish) => {
    it('has exactly the keys of the English one', () => {
        expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    });

    it('keeps every placeholder of the English text', () => {
        for (const [key, text] of Object.entries(english))
            expect([key, placeholders(catalog[key] ?? '')]).toEqual([key, placeholders(text)]);
    });

    it('is a translation, not a copy: a text equals the English only where the reviewed list says it may', () => {
        const same = Object.keys(english).filter(key => catalog[key] === english[key]);
        expect(same.sort()).toEqual([...sameAsEnglish].sort());
    });

    it('does not pad a name to make it differ from the English ("Samsung (kufuli)")', () => {
        const padded = Object.keys(english).filter(key => {
            const text = catalog[key] ?? '';
            return text !== english[key] && text.startsWith(`${english[key]} (`) && text.endsWith(')');
        });
        expect(padded).toEqual([]);
    });
});

describe('the English catalog', () => {
    it('has a message for every error key the server may answer', () => {
        for (const key of ERROR_KEYS) expect(english[key], key).toBeTruthy();
    });
});

describe.each([
    ['public', enPublic, swPublic, ptPublic],
    ['app', enApp, swApp, ptApp],
])('the %s part', (_part, english, swahili, portuguese) => {
    it('has the same keys in the three languages', () => {
        const keys = (part: object) => Object.keys(flatten(part as Tree)).sort();
        expect(keys(swahili)).toEqual(keys(english));
        expect(keys(portuguese)).toEqual(keys(english));
    });
});

/** Each folder's words by folder (`resources/money`) and language, as en.app.ts and its kin find them. */
const FOLDER_FILES = import.meta.glob<CatalogPart>(['../../src/resources/*/i18n/*.ts', '../../src/pages/*/i18n/*.ts'], {
    eager: true,
    import: 'default',
});
const folderWords = Object.entries(FOLDER_FILES).reduce<Record<string, Record<string, CatalogPart>>>((all, [file, words]) => {
    const [, folder, language] = /src\/(\w+\/[\w-]+)\/i18n\/(\w+)\.ts$/.exec(file)!;
    return { ...all, [folder!]: { ...all[folder!], [language!]: words } };
}, {});

describe("the folders' own words", () => {
    it('are found in the folders that have screens', () => {
        expect(Object.keys(folderWords)).toEqual(expect.arrayContaining(['resources/customers', 'pages/dashboard']));
    });

    it.each(Object.keys(folderWords))('of %s are in the three languages, with the same keys', folder => {
        const languages = folderWords[folder]!;
        expect(Object.keys(languages).sort()).toEqual(['en', 'pt', 'sw']);
        // Role names aside: their English is the contract's, so only Swahili and Portuguese name them here.
        const keys = (part: CatalogPart | undefined) =>
            Object.keys(flatten((part ?? {}) as Tree))
                .filter(key => !key.startsWith('roles.'))
                .sort();
        const roles = (part: CatalogPart | undefined) => Object.keys(flatten(((part ?? {}).roles ?? {}) as Tree)).sort();
        // The folder and each key it lacks or has too many of, by language.
        for (const language of ['sw', 'pt'])
            expect({ folder, language, keys: keys(languages[language]) }).toEqual({ folder, language, keys: keys(languages.en) });
        expect({ folder, roles: roles(languages.pt) }).toEqual({ folder, roles: roles(languages.sw) });
        expect({ folder, english: roles(languages.en) }).toEqual({ folder, english: [] });
        expect(roles(languages.sw).filter(code => !(ROLE_CODES as readonly string[]).includes(code))).toEqual([]);
    });

    it('define each key once, neither in two folders nor in a folder and the shared part', () => {
        const places = new Map<string, string[]>();
        const add = (place: string, part: CatalogPart) => {
            for (const key of Object.keys(flatten(part as Tree))) places.set(key, [...(places.get(key) ?? []), place]);
        };
        add('src/i18n/en.shared.ts', enShared);
        for (const [folder, languages] of Object.entries(folderWords)) add(folder, languages.en!);
        expect([...places].filter(([, where]) => where.length > 1)).toEqual([]);
    });

    it('make up, with the shared part, the whole app part: nothing else, nothing lost', () => {
        const held = [
            ...Object.keys(flatten(enShared)),
            ...Object.values(folderWords).flatMap(({ en }) => Object.keys(flatten(en as Tree))),
        ];
        expect(held.sort()).toEqual(Object.keys(flatten(enApp as Tree)).sort());
    });

    it('are merged by a helper that names a key two places define, and the place that defined it again', () => {
        const shared = { menu: { dashboard: 'Dashboard' } };
        expect(mergeCatalogs(shared, { 'a/en.ts': { menu: { users: 'Users' } } })).toEqual({
            menu: { dashboard: 'Dashboard', users: 'Users' },
        });
        expect(() => mergeCatalogs(shared, { 'a/en.ts': { menu: { dashboard: 'Home' } } })).toThrow(
            'The catalog key "menu.dashboard" is defined twice (again in a/en.ts)',
        );
        expect(() => mergeCatalogs(shared, { 'b/en.ts': { menu: 'Menu' } })).toThrow(
            '"menu" is defined twice (again in b/en.ts)',
        );
        expect(shared).toEqual({ menu: { dashboard: 'Dashboard' } });
    });
});

describe('the two parts of a catalog', () => {
    it('merge key by key: the app part may add to a public section, never redefine a text', () => {
        const leaves = (part: object, prefix = ''): string[] =>
            Object.entries(part).flatMap(([key, value]) =>
                typeof value === 'object' && value !== null ? leaves(value, `${prefix}${key}.`) : [`${prefix}${key}`],
            );
        const whole = leaves(wholeCatalog(enPublic, enApp));
        expect(whole.length).toBe(leaves(enPublic).length + leaves(enApp).length);
        expect(() => wholeCatalog({ errors: { a: 'A' } }, { errors: { b: 'B' } })).not.toThrow();
        expect(wholeCatalog({ errors: { a: 'A' } }, { errors: { b: 'B' } })).toEqual({ errors: { a: 'A', b: 'B' } });
        expect(() => wholeCatalog({ errors: { a: 'A' } }, { errors: { a: 'again' } })).toThrow('"errors.a" is defined twice');
    });
});

/**
 * The files the signed-out pages run: src/main.tsx and src/Portal.tsx and whatever they import,
 * statically or with `import()`, but for the signed-in pages' chunks (App.tsx, the BI page) and
 * the catalogs themselves.
 */
const signedOutFiles = (): string[] => {
    const root = resolve(__dirname, '../..');
    const seen = new Set<string>();
    const todo = ['src/main.tsx', 'src/Portal.tsx'].map(file => resolve(root, file));
    const SIGNED_IN = /[\\/](App|BiApp)\.tsx$|[\\/]i18n[\\/](en|sw|pt)(\.\w+)?\.ts$/;
    while (todo.length > 0) {
        const file = todo.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        const source = readFileSync(file, 'utf8');
        for (const [, spec] of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.{1,2}\/[^']+)'/g)) {
            const base = resolve(dirname(file), spec!);
            const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find(
                path => existsSync(path) && /\.tsx?$/.test(path),
            );
            if (found && !SIGNED_IN.test(found)) todo.push(found);
        }
    }
    return [...seen].map(file => relative(root, file));
};

describe('the public part', () => {
    const files = signedOutFiles();
    const sections = new Set(Object.keys(en));
    // Every literal that names a catalog key (`'auth.sign_in'`), or the start of one built at run time (`register.steps.${step}`).
    const used = files.flatMap(file =>
        [...readFileSync(resolve(__dirname, '../..', file), 'utf8').matchAll(/['`]([a-z_]+)\.([\w.]+)(\$\{)?/g)]
            // A file name is no key ('liveness.jpg', the photo sent).
            .filter(([, section, rest]) => sections.has(section!) && !/^(jpe?g|png|webp)$/.test(rest!))
            .map(([, section, rest, built]) => ({ file, key: `${section}.${rest}`, built: built !== undefined })),
    );

    it('is looked for in the signed-out pages themselves', () => {
        expect(files).toEqual(expect.arrayContaining(['src/pages/auth/LoginPage.tsx', 'src/layout/OfflineBanner.tsx']));
        expect(files).not.toContain('src/App.tsx');
        expect(used.length).toBeGreaterThan(100);
    });

    it.each([
        ['English', enPublic],
        ['Swahili', swPublic],
        ['Portuguese', ptPublic],
    ])('holds, in %s, every key the signed-out pages use', (_name, part) => {
        const keys = Object.keys(flatten(part as Tree));
        const missing = used.filter(({ key, built }) => (built ? !keys.some(held => held.startsWith(key)) : !keys.includes(key)));
        expect(missing).toEqual([]);
    });
});
