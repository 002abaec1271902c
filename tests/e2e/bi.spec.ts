/** The Analytics journeys at desktop width (bi.journey.ts). */
import { test } from './test';
import { agentJourney, analystJourney } from './bi.journey';

test.describe('analytics', () => {
    // Several screens and axe on each, the BI page's charts among them: long on a busy machine.
    test.describe.configure({ timeout: 120_000 });

    test('an analyst reads the headline numbers, opens Analytics, changes the period, reads and exports a table, looks at one shop', async ({
        page,
        request,
    }) => {
        await analystJourney(page, request);
    });

    test('an agent sees their own sales on the dashboard, and no Analytics', async ({ page, request }) => {
        await agentJourney(page, request);
    });
});
