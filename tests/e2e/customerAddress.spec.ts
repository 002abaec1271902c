import { test } from './test';
import { addressJourney, thumbnailJourney, twoCustomersJourney, twoTabsJourney } from './customerAddress.journey';

// Each journey checks its screens with axe, a few seconds each on a busy machine.
test.describe.configure({ timeout: 90_000 });

test("a customer's address opens them again after signing out and in, and names no phone or id number", async ({ page }) =>
    addressJourney(page));

test('two addresses show two customers; one out of sight is "Customer record not found"', async ({ page }) =>
    twoCustomersJourney(page));

test('a KYC document enlarges and closes by keyboard, with zoom', async ({ page }) => thumbnailJourney(page));

test('two tabs show the customers of their own addresses, one working at a time', async ({ browser }) =>
    twoTabsJourney(browser, { width: 1280, height: 800 }));
