import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
    plugins: [react()],
    test: {
        projects: [
            {
                extends: true,
                test: {
                    name: 'unit',
                    environment: 'jsdom',
                    include: ['tests/unit/**/*.test.{ts,tsx}'],
                    setupFiles: ['tests/unit/setup.ts'],
                    // Vitest keeps one core free by default, which on a two-core CI machine ran the files
                    // one at a time: two at once take the step from 385 s to 278 s.
                    maxWorkers: 2,
                    // Worker threads start a file faster than forked processes: 100 s against 115 s for
                    // the same twelve files on the two-core machine. Each file still gets its own modules.
                    pool: 'threads',
                    sequence: { groupOrder: 0 },
                },
            },
            {
                test: {
                    name: 'server',
                    environment: 'node',
                    include: ['tests/server/**/*.test.ts'],
                    // Migrates and seeds one database per run; each file starts from a copy of it.
                    globalSetup: ['tests/server/template.ts'],
                    testTimeout: 30_000,
                    hookTimeout: 60_000,
                    // PGlite is memory hungry and each file gets its own database: keep it to two at once.
                    maxWorkers: 2,
                    sequence: { groupOrder: 1 },
                },
            },
        ],
    },
});
