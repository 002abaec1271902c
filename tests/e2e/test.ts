/**
 * Playwright's `test`, with each worker's journeys sent to that worker's own server
 * (playwright.config.ts starts one per worker, worker N on the configured port + N). Everything
 * else is Playwright's own: journeys import `test`, `expect` and the types from here.
 */
import { test as base } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend({
    baseURL: async ({ baseURL }, provide, testInfo) => {
        const address = new URL(baseURL ?? 'http://127.0.0.1:8181');
        address.port = String(Number(address.port) + testInfo.parallelIndex);
        // Without the trailing slash the configured base has, so `${baseURL}/path` reads as before.
        await provide(address.origin);
    },
});
