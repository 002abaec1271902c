import { test } from './test';
import { passwordResetJourney } from './passwordResetJourney';

test("admin resets a user's password; the user signs in with the temporary one and must choose a new one (1280 px)", async ({
    page,
    browser,
}) => {
    test.setTimeout(180_000);
    await passwordResetJourney(page, browser, { phone: false });
});
