/**
 * The sale wizard resumes and stays usable at 1280 × 720: a shop agent's sale
 * (saleResume.journey.ts).
 */
import { test } from './test';
import { AGENT_MSISDN } from './sale';
import { walkSale } from './saleResume.journey';

test.use({ viewport: { width: 1280, height: 720 } });

test('a sale at 1280 × 720: nothing under the bar on any step, reloads keep the IMEI and the codes sent, a lost draft is continued from the customer view, no missing picture', async ({
    page,
    request,
}) => {
    test.setTimeout(180_000);
    await walkSale(page, request, {
        username: 'agent',
        msisdn: AGENT_MSISDN,
        path: '/dashboard/customers/add-loan',
        codes: 'one_by_one',
        continueFromView: true,
    });
});
