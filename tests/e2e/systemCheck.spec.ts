import { test } from './test';
import { afterCrashJourney, betaJourney, refusedJourney, systemCheckJourney, takeOverJourney } from './systemCheck.journey';

test('the system check says each check in words, and runs again', async ({ page }) => systemCheckJourney(page));

test('the beta page switches compact tables for this user', async ({ page }) => betaJourney(page, { tables: true }));

test('the system check and its beta page are refused without their role', async ({ page }) => refusedJourney(page));

test('a second tab is blocked; "Use here" takes the lock over and blocks the first', async ({ browser }) =>
    takeOverJourney(browser, { width: 1280, height: 800 }));

test('after a crash the blocked page counts down, and "Use here" takes over at once', async ({ browser }) =>
    afterCrashJourney(browser, { width: 1280, height: 800 }));
