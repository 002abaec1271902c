/** The money journeys at desktop width (money.journey.ts). */
import { test } from './test';
import { reconcileAndCorrect, reverseClaim } from './money.journey';

test.describe('money', () => {
    // Several screens, two people, axe on each: long on a busy machine.
    test.describe.configure({ timeout: 120_000 });

    test('a statement is reconciled row by row, imports nothing twice, and a payment in suspense goes on its loan once', async ({
        page,
    }) => {
        await reconcileAndCorrect(page);
    });

    test('an insurance claim reversal is asked for by a maker and approved by a checker', async ({ page, browser }) => {
        await reverseClaim(page, browser, 'SAN-CLM-20022');
    });
});
