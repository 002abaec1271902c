import { test } from './test';
import { addressJourney, thumbnailJourney, twoCustomersJourney, twoTabsJourney } from './customerAddress.journey';

// Each journey checks its screens with axe, a few seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("a customer's address at phone width", async ({ page }) => addressJourney(page));

test('two addresses and one out of sight at phone width', async ({ page }) => twoCustomersJourney(page));

test('a KYC document enlarges on a phone, with zoom', async ({ page }) => thumbnailJourney(page));

test('two tabs show the customers of their own addresses, one working at a time', async ({ browser }) =>
    twoTabsJourney(browser, { width: 360, height: 740 }));
