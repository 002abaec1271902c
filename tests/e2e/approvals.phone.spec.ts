/**
 * The approvals queue at phone width (360 px): one card per request with the same facts and
 * actions as the table, its search saved as a named query, the details on demand, a rejection
 * that needs its reason, a bulk selection from the cards; nothing wider than the screen; axe on
 * each step.
 */
import { expect, test } from './test';
import { apiAs, freshImei, searchQueue, SIZWE } from './approvals.journey';
import { expectAccessible, expectDashboard, expectNoSidewaysScroll, signIn } from './support';

test.describe('approvals on a phone', () => {
    test.describe.configure({ timeout: 120_000 });

    test('a checker reads a request on its card and rejects it with a reason', async ({ page, request }) => {
        const imei = freshImei();
        await (await apiAs(request, 'maker')).requestImei(SIZWE.loan, imei);

        await signIn(page, 'checker');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/imei_changes');
        await expect(page.getByRole('heading', { name: 'IMEI change requests', level: 1 })).toBeVisible();
        await searchQueue(page, SIZWE.loan);
        const card = page.getByRole('listitem').filter({ hasText: imei });
        await expect(card).toContainText(SIZWE.name);
        await expect(card).toContainText('Requested by Sipho Ndlovu');
        await expectNoSidewaysScroll(page);
        await expectAccessible(page, 'IMEI queue on a phone');

        // The search saved as a named query, applied again in one click (lists/SavedQueries.tsx).
        const saved = page.getByRole('region', { name: 'Saved queries' });
        await saved.getByRole('button', { name: 'Save current query...' }).click();
        const naming = page.getByRole('dialog', { name: 'Save current query as' });
        await naming.getByRole('textbox', { name: /Query name/ }).fill(SIZWE.name);
        await naming.getByRole('button', { name: 'Save' }).click();
        await expect(naming).toBeHidden();
        await expect(saved.getByRole('button', { name: SIZWE.name, exact: true, pressed: true })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectAccessible(page, 'a saved query on a phone');

        await card.getByRole('button', { name: /^Details of request/ }).click();
        await expect(card.getByText('New IMEI')).toBeVisible();
        await expect(card).toContainText('The shop replaced the phone under warranty');
        await expectNoSidewaysScroll(page);
        await expectAccessible(page, 'a request opened on a phone');

        await card.getByRole('button', { name: /^Reject request/ }).click();
        const dialog = page.getByRole('dialog', { name: /^Reject request \d+\?$/ });
        const reason = dialog.getByRole('textbox', { name: /Reason/ });
        await expect(reason).toBeFocused();
        await dialog.getByRole('button', { name: 'Reject' }).click();
        await expect(dialog.getByText('Say why you reject it, in at least 3 characters.')).toBeVisible();
        await expectAccessible(page, 'reject on a phone, no reason');
        await reason.fill('The new IMEI is not the phone the shop handed over');
        await dialog.getByRole('button', { name: 'Reject' }).click();
        await expect(page.getByText(/^Request \d+ rejected$/)).toBeVisible();
        await expect(page.getByRole('listitem').filter({ hasText: imei })).toHaveCount(0);
    });

    test('a checker selects cards and approves them at once', async ({ page, request }) => {
        const imei = freshImei();
        await (await apiAs(request, 'maker')).requestImei(SIZWE.loan, imei);

        await signIn(page, 'checker');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/imei_changes');
        await searchQueue(page, SIZWE.loan);
        const card = page.getByRole('listitem').filter({ hasText: imei });
        await card.getByRole('checkbox', { name: /^Select request/ }).check();
        await page.getByRole('button', { name: 'Approve selected' }).click();
        await page.getByRole('dialog', { name: 'Approve 1 request?' }).getByRole('button', { name: 'Approve' }).click();
        const report = page.getByRole('dialog', { name: 'Approving 1 request' });
        await expect(report.getByRole('status')).toHaveText('Done. Decided now: 1. Already decided: 0. Refused: 0.');
        await expectNoSidewaysScroll(page);
        await expectAccessible(page, 'bulk report on a phone');
        await report.getByRole('button', { name: 'Close' }).click();
        await expect(page.getByRole('listitem').filter({ hasText: imei })).toHaveCount(0);
    });
});
