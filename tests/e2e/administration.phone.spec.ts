import { test } from './test';
import { administrationJourney } from './administrationJourney';

test('admin edits a user, disables another whose session ends, and finds both in the audit trail (360 px)', async ({
    page,
    browser,
}) => {
    test.setTimeout(120_000);
    await administrationJourney(page, browser, { phone: true, lastName: 'Khoza' });
});
