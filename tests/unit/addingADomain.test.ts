/**
 * docs/architecture.md "Adding a domain" checked against the tree, so the recipe cannot drift:
 *
 * - every file it names exists;
 * - the files a new domain edits outside its own are at most five, and they are exactly the
 *   registries: a source file outside every domain that imports (nearly) all the domains of one
 *   layer (the contract's, the tables', the server's, the portal's folders) is a place each new
 *   domain must be added to by hand, so it must be in the list, and each listed file must be one
 *   (or a table of codes the doc says is edited only for new codes);
 * - every folder file the portal finds by its place (an `import.meta.glob` pattern) is named in
 *   the recipe, so a folder learns what to bring from the doc alone.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The section's text, up to the next second-level heading. */
const recipe = (() => {
    const doc = read('docs/architecture.md');
    const start = doc.indexOf('## Adding a domain');
    if (start < 0) throw new Error('docs/architecture.md has no "Adding a domain" section');
    const end = doc.indexOf('\n## ', start + 1);
    return doc.slice(start, end < 0 ? undefined : end);
})();

/** The list under "Edits to files that are not its own": each bullet's backquoted paths. */
const listedEdits = (() => {
    const at = recipe.indexOf('Edits to files that are not its own');
    if (at < 0) throw new Error('The recipe has no "Edits to files that are not its own" list');
    // The bullets after the heading line, up to the first blank line.
    const list = recipe.slice(recipe.indexOf('\n', at)).split(/\n\s*\n/)[0] ?? '';
    return [...list.matchAll(/`([\w./-]+\.tsx?)`/g)].map(match => match[1] ?? '');
})();

const sources = (dir: string): string[] =>
    readdirSync(join(ROOT, dir)).flatMap(name => {
        const path = join(dir, name);
        if (statSync(join(ROOT, path)).isDirectory()) return name === 'migrations' ? [] : sources(path);
        return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
    });
const ALL = ['contract', 'server', 'src'].flatMap(sources);

const folders = (dir: string, except: readonly string[] = []) =>
    readdirSync(join(ROOT, dir)).filter(name => statSync(join(ROOT, dir, name)).isDirectory() && !except.includes(name));

/** The domains of each layer, by the place that is a domain's own there. */
const LAYERS: Record<string, { domains: string[]; own: (domain: string) => string[] }> = {
    contract: {
        domains: ALL.filter(file => /^contract\/[^/]+\.ts$/.test(file) || /^contract\/[^/]+\/index\.ts$/.test(file))
            .map(file => file.split('/')[1]?.replace(/\.ts$/, '') ?? '')
            .filter(name => existsSync(join(ROOT, 'server/domain', name))),
        own: domain => [`contract/${domain}.ts`, `contract/${domain}/`],
    },
    tables: {
        domains: readdirSync(join(ROOT, 'server/db/schema'))
            .filter(name => name.endsWith('.ts') && name !== 'index.ts')
            .map(name => name.replace(/\.ts$/, '')),
        own: domain => [`server/db/schema/${domain}.ts`],
    },
    server: {
        // `records/` is the shared level below the domains, not one of them.
        domains: folders('server/domain', ['records']),
        own: domain => [`server/domain/${domain}/`],
    },
    portal: {
        domains: folders('src/resources'),
        own: domain => [`src/resources/${domain}/`],
    },
};

const importsOf = (file: string): string[] => {
    const text = read(file);
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map(match => match[1] ?? '');
    return specifiers.map(specifier => relative(ROOT, resolve(ROOT, dirname(file), specifier)));
};

const ownedBy = (file: string, layer: string) =>
    LAYERS[layer]?.domains.find(domain =>
        LAYERS[layer]?.own(domain).some(place => (place.endsWith('/') ? file.startsWith(place) : file === place)),
    );

/** Domains of `layer` a file imports, by the place each import lands in. */
const domainsImported = (file: string, layer: string) =>
    new Set(
        importsOf(file).flatMap(target => {
            const candidates = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
            return candidates.flatMap(candidate => {
                const owner = ownedBy(candidate, layer);
                return owner ? [owner] : [];
            });
        }),
    );

/** Files outside every domain that import all but at most one of a layer's domains. */
const registries = () =>
    ALL.filter(file => !Object.keys(LAYERS).some(layer => ownedBy(file, layer))).flatMap(file =>
        Object.entries(LAYERS).flatMap(([layer, { domains }]) =>
            domains.length >= 4 && domainsImported(file, layer).size >= domains.length - 1 ? [file] : [],
        ),
    );

describe('docs/architecture.md, "Adding a domain"', () => {
    it('names files that exist', () => {
        const named = [...recipe.matchAll(/`((?:contract|server|src|tests)\/[\w./-]+\.tsx?)`/g)].map(match => match[1] ?? '');
        expect(named.length).toBeGreaterThan(0);
        expect(named.filter(file => !existsSync(join(ROOT, file)))).toEqual([]);
    });

    it('lists at most five edits outside the domain, and exactly the files that list every domain', () => {
        expect(listedEdits.length).toBeGreaterThan(0);
        expect(listedEdits.length).toBeLessThanOrEqual(5);
        const found = [...new Set(registries())].sort();
        // Tables of codes a new domain extends only when it brings new ones (role codes, error keys).
        const codeTables = listedEdits.filter(file => !found.includes(file));
        expect(
            codeTables.every(file => /^contract\/(roles|errors)\.ts$/.test(file)),
            `listed but no registry: ${codeTables.join(', ')}`,
        ).toBe(true);
        expect(
            found.filter(file => !listedEdits.includes(file)),
            'registries the recipe does not list',
        ).toEqual([]);
    });

    it('names every folder file the portal finds by its place', () => {
        const patterns = ALL.flatMap(file =>
            [...read(file).matchAll(/import\.meta\.glob[^(]*\(\s*(\[[^\]]*\]|'[^']*')/g)].flatMap(match =>
                [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map(pattern => pattern[1] ?? ''),
            ),
        );
        expect(patterns.length).toBeGreaterThan(0);
        // `../resources/*/writes.ts` → `writes.ts`, `../pages/*/i18n/en.ts` → `i18n/en.ts`.
        const named = patterns.map(pattern => pattern.replace(/^.*\*\//, ''));
        expect(
            named.filter(file => !recipe.includes(file)),
            'found by place but not in the recipe',
        ).toEqual([]);
    });
});
