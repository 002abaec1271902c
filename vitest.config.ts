import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The unit test files that replace a module (`vi.mock`). The other files share one module graph
 * per worker (`isolate: false`): React, MUI and react-admin are imported and evaluated once per
 * worker instead of once per file, which took the unit step's import time from 67 s to 6 s and
 * its CPU time by a third. A replaced module does not belong in a shared graph: the replacement
 * would not apply where a file before it had loaded the real one, and would stay for the files
 * after it. So these files run isolated, found by what they contain, so a new one is too.
 */
const mockingFiles = (dir: string) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter(file => /\.test\.tsx?$/.test(file))
        .map(file => `${dir}/${file}`)
        .filter(file => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));
const MOCKING_FILES = mockingFiles('tests/unit');
/**
 * The server's files likewise share one module graph per worker: each built the whole server
 * (drizzle, Fastify, zod, the contract) again, 159 s of the step's 980 s of file time in one CI
 * run; shared, the step took 392 s instead of 597 s. A file's server is its own all the same:
 * `startTestServer` makes a new app on a new database, and what a module keeps is keyed by either.
 */
const SERVER_MOCKING_FILES = mockingFiles('tests/server');
/**
 * The server files that run on the embedded PGlite whatever TEST_DATABASE_URL names: real server
 * processes on a data folder (a kill mid-write, mid-import; the data folder's lock), the list plans
 * test's seeded PGlite, and PGlite's own statement reuse. CI's second run of the server tests,
 * against PostgreSQL, leaves them out: it would run the same tests on the same engine again (131
 * of that run's 443 s of file time in one CI run).
 */
const EMBEDDED_ONLY = ['crash', 'reconciliationCrash', 'dataLock', 'listPlans', 'pgliteStatements'].map(
    name => `tests/server/${name}.test.ts`,
);
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

const server = {
    environment: 'node',
    // Migrates and seeds one database per run; each file starts from a copy of it.
    globalSetup: ['tests/server/template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is memory hungry and each file gets its own database: keep it to two at once.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
};

const unit = {
    environment: 'jsdom',
    setupFiles: ['tests/unit/setup.ts'],
    // Vitest keeps one core free by default, which on a two-core CI machine ran the files one at a
    // time: two at once take the step from 385 s to 278 s.
    maxWorkers: 2,
    // Worker threads start a file faster than forked processes: 100 s against 115 s for the same
    // twelve files on the two-core machine.
    pool: 'threads' as const,
    sequence: { groupOrder: 0 },
};

export default defineConfig({
    plugins: [react()],
    test: {
        projects: [
            {
                extends: true,
                // setup.ts still runs before each file, and cleans the page and storage after each test.
                test: {
                    ...unit,
                    name: 'unit',
                    include: ['tests/unit/**/*.test.{ts,tsx}'],
                    exclude: MOCKING_FILES,
                    isolate: false,
                },
            },
            {
                extends: true,
                // Each file gets its own modules (npm run test:unit runs both unit projects: `unit*`).
                test: { ...unit, name: 'unit-mocking', include: MOCKING_FILES },
            },
            {
                test: {
                    ...server,
                    name: 'server',
                    include: ['tests/server/**/*.test.ts'],
                    exclude: [...SERVER_MOCKING_FILES, ...(ON_POSTGRES ? EMBEDDED_ONLY : [])],
                    isolate: false,
                },
            },
            {
                // npm run test:server runs both server projects (`server*`).
                test: { ...server, name: 'server-mocking', include: SERVER_MOCKING_FILES },
            },
        ],
    },
});
