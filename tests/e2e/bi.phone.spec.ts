/** The Analytics journeys at phone width (bi.journey.ts): the menu a drawer, the cards one column. */
import { test } from './test';
import { agentJourney, analystJourney } from './bi.journey';

test.describe('analytics on a phone', () => {
    test.describe.configure({ timeout: 120_000 });

    test('an analyst reads the headline numbers, opens Analytics from the drawer, changes the period, reads and exports a table, looks at one shop', async ({
        page,
        request,
    }) => {
        await analystJourney(page, request);
    });

    test('an agent sees their own sales on the dashboard, and no Analytics in the drawer', async ({ page, request }) => {
        await agentJourney(page, request);
    });
});
