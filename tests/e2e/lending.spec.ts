/** The lending loop at desktop width (lending.journey.ts): Themba Nkosi, as the README tells it. */
import { test } from './test';
import { lendingLoop, THEMBA } from './lending.journey';

test.describe('lending', () => {
    // Two people, axe on six states, and the lock policy's job and provider in between.
    test.describe.configure({ timeout: 90_000 });

    test('a phone locked for arrears is unlocked once a statement pays them, and leaves the collections queue', async ({
        page,
    }) => {
        await lendingLoop(page, THEMBA);
    });
});
