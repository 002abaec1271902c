import { test } from './test';
import { storesJourney } from './stores.journey';

test('at phone width: a shop owner creates a store, moves an agent to it, adds stock from a CSV file, is not offered the catalogue prices, which an administrator changes, and sets a tier', async ({
    page,
    request,
    browser,
}) => {
    test.setTimeout(240_000);
    await storesJourney(page, request, 'phone', browser);
});
