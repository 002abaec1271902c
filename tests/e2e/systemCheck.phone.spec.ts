import { test } from './test';
import { afterCrashJourney, betaJourney, systemCheckJourney, takeOverJourney } from './systemCheck.journey';

const PHONE = { width: 360, height: 740 };

test('the system check works at phone width', async ({ page }) => systemCheckJourney(page));

test('the beta page works at phone width', async ({ page }) => betaJourney(page, { tables: false }));

test('"Use here" at phone width', async ({ browser }) => takeOverJourney(browser, PHONE));

test('the countdown after a crash at phone width', async ({ browser }) => afterCrashJourney(browser, PHONE));
