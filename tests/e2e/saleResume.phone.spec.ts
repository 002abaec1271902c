/**
 * The sale wizard resumes and stays usable on a 360 × 640 phone: a field agent's
 * sale from a shop they choose (saleResume.journey.ts).
 */
import { test } from './test';
import { FIELD_AGENT_MSISDN, SOWETO } from './sale';
import { walkSale } from './saleResume.journey';

test.use({ viewport: { width: 360, height: 640 } });

test('a sale on a 360 × 640 phone: nothing under the bar on any step, reloads keep the IMEI and the codes sent, no missing picture', async ({
    page,
    request,
}) => {
    test.setTimeout(180_000);
    await walkSale(page, request, {
        username: 'fieldagent',
        msisdn: FIELD_AGENT_MSISDN,
        path: '/dashboard/fieldagent/customers/add-loan',
        store: SOWETO,
        codes: 'both',
    });
});
