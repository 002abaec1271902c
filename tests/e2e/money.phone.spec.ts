/** The money journeys at phone width (money.journey.ts): cards instead of tables. */
import { test } from './test';
import { reconcileAndCorrect, reverseClaim } from './money.journey';

test.describe('money on a phone', () => {
    test.describe.configure({ timeout: 120_000 });

    test('a statement is reconciled, and a payment in suspense goes on its loan once', async ({ page }) => {
        await reconcileAndCorrect(page);
    });

    // The desktop journey reversed another claim: each run of the suite reverses each claim once.
    test('an insurance claim reversal is asked for by a maker and approved by a checker', async ({ page, browser }) => {
        await reverseClaim(page, browser, 'HOL-CLM-10113');
    });
});
