/**
 * The lending loop at phone width (lending.journey.ts): cards instead of tables. The
 * desktop run cleared Themba Nkosi's arrears, so this one clears Lerato Khumalo's, seeded with the
 * same story.
 */
import { test } from './test';
import { lendingLoop, LERATO } from './lending.journey';

test.describe('lending on a phone', () => {
    test.describe.configure({ timeout: 90_000 });

    test('a phone locked for arrears is unlocked once a statement pays them, and leaves the collections queue', async ({
        page,
    }) => {
        await lendingLoop(page, LERATO);
    });
});
