import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

export default tseslint.config(
    { ignores: ['dist/', 'node_modules/', '.data/', 'server/db/migrations/', 'test-results/', 'playwright-report/'] },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: { globals: { ...globals.browser, ...globals.node } },
        plugins: { 'react-hooks': reactHooks },
        rules: {
            ...reactHooks.configs.recommended.rules,
            '@typescript-eslint/no-explicit-any': 'error',
            '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
        },
    },
    // A promise is awaited, returned, or handed to a handler that deals with its failure
    // (`void p.catch(notify)`): one left floating fails silently, and an async function given
    // where a void callback is expected (`onClick={async () => …}`) loses its rejection to React.
    // react-router's navigate is typed `void | Promise<void>` but answers a promise only under a data
    // router, which the portal does not use (BrowserRouter): `void navigate(…)` says so. Type-aware,
    // so only for the files the tsconfig holds (every .ts and .tsx).
    {
        files: ['**/*.{ts,tsx}'],
        languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
        rules: {
            '@typescript-eslint/no-floating-promises': 'error',
            '@typescript-eslint/no-misused-promises': 'error',
        },
    },
    // The server's and the contract's layers (docs/architecture.md): the database layer (server/db)
    // imports neither the domain nor the seed, which stand above it and write through it; the
    // contract imports nothing outside contract/ (packages apart), so the portal and any server can
    // take it whole. Specifiers are matched as written: each depth of contract/ gets the `../` count
    // that leaves it.
    {
        files: ['server/db/**/*.ts'],
        rules: {
            'no-restricted-imports': [
                'error',
                {
                    patterns: [
                        {
                            regex: '^(\\.\\./)+(server/)?(domain|seed)(/|$)',
                            message: 'server/db imports neither server/domain nor server/seed: they sit above it.',
                        },
                    ],
                },
            ],
        },
    },
    ...[1, 2, 3].map(depth => ({
        files: [`contract/${'*/'.repeat(depth - 1)}*.ts`],
        rules: {
            'no-restricted-imports': [
                'error',
                {
                    patterns: [
                        {
                            regex: `^(\\.\\./){${depth},}`,
                            message: 'The contract imports nothing outside contract/ (packages such as zod apart).',
                        },
                    ],
                },
            ],
        },
    })),
    // The portal's layers (docs/architecture.md): no resource folder imports another, so a folder can
    // move or go alone (what two share lives in lib/, lists/, dialogs/ or parts/, a link into another
    // folder's screen goes by its route path); and the shared layers import no resource folder nor
    // page. App.tsx, Portal.tsx, routes.ts and screens.ts put them together and may import any. The specifiers
    // are matched as written, so every way up to a folder is named: `../x/…`, `../../resources/x/…`.
    ...readdirSync(new URL('./src/resources', import.meta.url), { withFileTypes: true })
        .filter(entry => entry.isDirectory())
        .map(({ name }, _, all) => {
            const others = all.map(entry => entry.name).filter(other => other !== name);
            return {
                files: [`src/resources/${name}/**/*.{ts,tsx}`],
                rules: {
                    'no-restricted-imports': [
                        'error',
                        {
                            patterns: [
                                {
                                    regex: `^(\\.\\./)+(resources/)?(${others.join('|')})(/|$)`,
                                    message: `src/resources/${name} imports no other resource folder: move what both need to lib/, lists/, dialogs/ or parts/, or link by route path.`,
                                },
                            ],
                        },
                    ],
                },
            };
        }),
    {
        files: ['src/{layout,lib,lists,dialogs,parts,authProvider,dataProvider}/**/*.{ts,tsx}'],
        // No exception: the data provider finds each folder's calls.ts and writes.ts by glob, and the
        // writes' types come from each folder's own registration (dataProvider/writes.ts); the menu
        // finds each folder's icons.ts the same way (layout/menu.ts).
        rules: {
            'no-restricted-imports': [
                'error',
                {
                    patterns: [
                        {
                            regex: '^(\\.\\./)+(resources|pages)(/|$)',
                            message: 'The shared layers import no resource folder nor page: they sit below them.',
                        },
                    ],
                },
            ],
        },
    },
);
