/**
 * The approvals journeys at desktop width: a maker raises an IMEI change from the
 * customer view and a checker approves it in the IMEI queue, after which the loan has the new
 * IMEI and the audit trail holds both steps; nobody decides their own request; a bulk approval
 * reports each outcome, one request decided meanwhile; the keyboard alone approves, asked first;
 * an admin approves an agent who registered, who can then sign in; an admin's cut of a catalogue
 * price by more than 20% waits for a checker, who approves it in the v2 list. axe checks every
 * screen.
 */
import { expect, test, type Page } from './test';
import { apiAs, freshImei, PRECIOUS, searchQueue, signedInElsewhere, SIZWE, THABO } from './approvals.journey';
import { API_BASE } from '../../contract';
import { listPhoneModels } from '../../contract/inventory';
import { expectAccessible, expectDashboard, signIn, tabTo, tokenOf } from './support';

/** The list's filter as its address holds it. */
const filterOf = (url: URL): Record<string, unknown> =>
    JSON.parse(url.searchParams.get('filter') ?? '{}') as Record<string, unknown>;

const requestIdIn = async (row: ReturnType<Page['getByRole']>) => {
    const text = (await row.textContent()) ?? '';
    const id = /#(\d+)/.exec(text)?.[1];
    if (!id) throw new Error(`No request id in "${text}"`);
    return Number(id);
};

test.describe('approvals', () => {
    // Several people, several screens, axe on each: long on a busy machine.
    test.describe.configure({ timeout: 120_000 });

    test('a maker raises an IMEI change, a checker approves it, the loan has the new IMEI and the audit trail both steps', async ({
        page,
        browser,
    }) => {
        const imei = freshImei();
        await signIn(page, 'maker');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/customers/find');
        await page.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }).fill(SIZWE.msisdn);
        await page.getByRole('button', { name: 'Find', exact: true }).click();
        // The view has settled on the customer's address (it takes it after the lookup) before a click.
        await expect(page).toHaveURL(/[?&]customer=[0-9a-f-]{36}/);
        const loans = page.getByRole('region', { name: 'Loans' });
        await expect(loans.getByText(SIZWE.loan)).toBeVisible();
        await loans.getByRole('button', { name: 'Request IMEI change' }).click();
        const ask = page.getByRole('dialog', { name: 'Request an IMEI change?' });
        await ask.getByRole('textbox', { name: 'New IMEI' }).fill(imei);
        await ask.getByRole('textbox', { name: 'Reason' }).fill('The screen failed; the shop swapped the phone');
        await ask.getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByText('IMEI change requested: it waits for a checker.')).toBeVisible();

        // The checker finds it in the IMEI queue, the change spelt out.
        const checker = await signedInElsewhere(browser, page, 'checker');
        const queuePage = checker.page;
        const menu = queuePage.getByRole('navigation', { name: 'Main menu' });
        // The menu counts what waits: a badge, said in words as the entry's description.
        const group = menu.getByRole('menuitem', { name: 'Approvals', exact: true });
        await expect(group).toHaveAccessibleDescription(/^\d+ pending$/);
        await group.click();
        const entry = menu.getByRole('menuitem', { name: 'IMEI change requests', exact: true });
        await expect(entry).toHaveAccessibleDescription(/^\d+ pending$/);
        const before = Number(await entry.locator('.MuiBadge-badge').textContent());
        await entry.click();
        await expect(queuePage.getByRole('heading', { name: 'IMEI change requests', level: 1 })).toBeVisible();
        await searchQueue(queuePage, SIZWE.loan);
        const row = queuePage.getByRole('row', { name: new RegExp(imei) });
        await expect(row).toContainText(SIZWE.name);
        await expect(row).toContainText('Sipho Ndlovu');
        const id = await requestIdIn(row);
        await row.getByRole('button', { name: `Details of request ${id}` }).click();
        const details = queuePage.locator('dl').filter({ hasText: 'New IMEI' });
        await expect(details).toContainText(imei);
        await expect(details).toContainText('The screen failed; the shop swapped the phone');
        await expectAccessible(queuePage, 'IMEI queue, a request opened');

        await row.getByRole('button', { name: `Approve request ${id}` }).click();
        const confirm = queuePage.getByRole('dialog', { name: `Approve request ${id}?` });
        await expect(confirm).toContainText(imei);
        await expectAccessible(queuePage, 'approve confirmation');
        await confirm.getByRole('button', { name: 'Approve' }).click();
        await expect(queuePage.getByText(`Request ${id} approved`)).toBeVisible();
        await expect(queuePage.getByText('There are no records to display')).toBeVisible();
        // The badge counts one fewer at once.
        await expect(entry).toHaveAccessibleDescription(before > 1 ? `${before - 1} pending` : '');

        // Decided, it shows among the approved with who decided.
        await queuePage.getByRole('combobox', { name: 'Status' }).click();
        await queuePage.getByRole('option', { name: 'Approved' }).click();
        // (Its details stay open: the row itself is the one named by its number.)
        const decided = queuePage.getByRole('row', { name: new RegExp(`^#${id} `) });
        await expect(decided).toContainText('Lerato Dlamini');
        await expectAccessible(queuePage, 'IMEI queue, approved');
        await checker.close();

        // The loan has the new phone.
        await page.reload();
        await expect(page.getByRole('region', { name: 'Loans' }).getByText(imei)).toBeVisible();

        // The audit trail holds the request and its approval.
        const admin = await signedInElsewhere(browser, page, 'admin');
        await admin.page.goto('/dashboard/audit');
        await admin.page.getByRole('button', { name: 'Add filter' }).click();
        await admin.page.getByRole('menuitemcheckbox', { name: /Record type/ }).click();
        await admin.page.getByRole('textbox', { name: 'Record type' }).fill('approval_requests');
        // The typed filter is applied after a pause and carries the filters shown at that moment: the
        // next one is added once the first is in the address, or it may be applied over the second.
        await expect(admin.page).toHaveURL(url => filterOf(url).entity === 'approval_requests');
        await admin.page.getByRole('button', { name: 'Add filter' }).click();
        await admin.page.getByRole('menuitemcheckbox', { name: /Record id/ }).click();
        await admin.page.getByRole('textbox', { name: 'Record id' }).fill(String(id));
        await expect(admin.page).toHaveURL(url => filterOf(url).entity_id === String(id));
        // Each row named by its action and its record, so a row still on screen from before the
        // filter applied cannot stand in for it.
        const step = (action: string) =>
            admin.page.getByRole('row', {
                name: new RegExp(`approval_requests\\.imei_change\\.${action} · approval_requests #${id}\\b`),
            });
        await expect(step('request')).toBeVisible();
        await expect(step('approve')).toContainText('Lerato Dlamini');
        // In words, naming the loan by its reference.
        await expect(step('approve')).toContainText(/Approved the IMEI change for loan L[A-Z]+-\d+/);
        await expect(step('request')).toContainText('Sipho Ndlovu');
        await admin.close();
    });

    test('nobody decides their own request: the queue says why, and the server refuses', async ({ page, browser, request }) => {
        // The maker sees his own requests and their outcomes, and nothing to press.
        await signIn(page, 'maker');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/deregistrations');
        await page.getByRole('tab', { name: 'My requests' }).click();
        const mine = page.getByRole('row', { name: new RegExp(THABO.loan) });
        await expect(mine).toContainText('You made this request: another person must decide it.');
        await expect(mine.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
        await expectAccessible(page, 'my requests');

        // An admin, who may decide, raises one: he sees it without buttons, and the server refuses him.
        const admin = await apiAs(request, 'admin');
        await admin.requestDeregistration(PRECIOUS.loan);
        const own = await admin.pendingOn('deregistration', PRECIOUS.loan);
        const adminUi = await signedInElsewhere(browser, page, 'admin');
        const adminPage = adminUi.page;
        await adminPage.goto('/dashboard/deregistrations');
        const ownRow = adminPage.getByRole('row', { name: new RegExp(PRECIOUS.loan) });
        await expect(ownRow).toContainText('You made this request: another person must decide it.');
        await expect(ownRow.getByRole('button', { name: /Approve|Reject/ })).toHaveCount(0);
        await expect(ownRow.getByRole('checkbox')).toHaveCount(0);
        // The maker's request beside it can be decided.
        await expect(
            adminPage.getByRole('row', { name: new RegExp(THABO.loan) }).getByRole('button', { name: /^Approve request/ }),
        ).toBeVisible();
        await expectAccessible(adminPage, 'deregistrations, own request');
        const refused = await admin.decide('deregistration', own.id, 'approve');
        expect(refused.status()).toBe(403);
        expect(((await refused.json()) as { key: string }).key).toBe('errors.own_request');
        await adminUi.close();

        // The maker holds no approving role: refused too.
        const maker = await apiAs(request, 'maker');
        const forbidden = await maker.decide('deregistration', own.id, 'approve');
        expect(forbidden.status()).toBe(403);

        // Someone else rejects it, and the loan stays as it was.
        const checker = await apiAs(request, 'checker');
        const rejected = await checker.decide('deregistration', own.id, 'reject', 'Raised by the journey; nothing to do');
        expect(rejected.ok(), await rejected.text()).toBe(true);
    });

    test('a bulk approval decides each request and reports each outcome, one decided meanwhile', async ({ page, request }) => {
        const maker = await apiAs(request, 'maker');
        const imei = freshImei();
        await maker.requestImei(SIZWE.loan, imei);
        const seeded = await (await apiAs(request, 'admin')).pendingOn('imei_change', PRECIOUS.loan);

        await signIn(page, 'checker');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/mc_requests');
        await expect(page.getByRole('heading', { name: 'Phone maker checker requests', level: 1 })).toBeVisible();
        await page.getByRole('combobox', { name: 'Kind' }).click();
        await page.getByRole('option', { name: 'IMEI change' }).click();
        // The kind applies once the filter form settles: the seeded deregistration leaves the list.
        await expect(page.getByRole('row', { name: new RegExp(THABO.name) }).filter({ hasText: 'Deregistration' })).toHaveCount(
            0,
        );
        const sizwe = page.getByRole('row', { name: new RegExp(imei) });
        const precious = page.getByRole('row', { name: new RegExp(seeded.change.new_imei ?? PRECIOUS.loan) });
        await expect(sizwe).toBeVisible();
        await expect(precious).toBeVisible();

        // Meanwhile, someone else decides one of them.
        const admin = await apiAs(request, 'admin');
        const meanwhile = await admin.decide('imei_change', seeded.id, 'reject', 'Decided before the bulk approval');
        expect(meanwhile.ok(), await meanwhile.text()).toBe(true);

        await sizwe.getByRole('checkbox', { name: /^Select request/ }).check();
        await precious.getByRole('checkbox', { name: /^Select request/ }).check();
        await page.getByRole('button', { name: 'Approve selected' }).click();
        const ask = page.getByRole('dialog', { name: 'Approve 2 requests?' });
        await expectAccessible(page, 'bulk approval confirmation');
        await ask.getByRole('button', { name: 'Approve' }).click();
        const report = page.getByRole('dialog', { name: 'Approving 2 requests' });
        await expect(report.getByRole('status')).toHaveText('Done. Decided now: 1. Already decided: 1. Refused: 0.');
        const results = report.getByRole('table', { name: 'Result of each request' });
        await expect(results.getByRole('row', { name: new RegExp(SIZWE.name) })).toContainText('Approved');
        await expect(results.getByRole('row', { name: new RegExp(PRECIOUS.name) })).toContainText('Already decided');
        await expectAccessible(page, 'bulk approval report');
        await report.getByRole('button', { name: 'Close' }).click();
        await expect(report).toBeHidden();
        await expect(page.getByRole('row', { name: new RegExp(imei) })).toHaveCount(0);
    });

    test('the keyboard alone opens a queue and approves a request, asked first', async ({ page, request }) => {
        const imei = freshImei();
        await (await apiAs(request, 'maker')).requestImei(SIZWE.loan, imei);
        await signIn(page, 'checker');
        await expectDashboard(page, /Welcome, /);

        const menu = page.getByRole('navigation', { name: 'Main menu' });
        await tabTo(page, menu.getByRole('menuitem', { name: 'Approvals', exact: true }));
        await page.keyboard.press('Enter');
        await tabTo(page, menu.getByRole('menuitem', { name: 'IMEI change requests', exact: true }));
        await page.keyboard.press('Enter');
        await expect(page.getByRole('heading', { name: 'IMEI change requests', level: 1 })).toBeVisible();
        await tabTo(page, page.getByRole('textbox', { name: 'Search' }));
        await page.keyboard.type(SIZWE.loan);
        await expect(page.getByText('1 request', { exact: true })).toBeVisible();
        const row = page.getByRole('row', { name: new RegExp(imei) });
        await expect(row).toBeVisible();
        const id = await requestIdIn(row);
        const approve = row.getByRole('button', { name: `Approve request ${id}` });

        // Asked first: Escape changes nothing and gives the focus back.
        await tabTo(page, approve);
        await page.keyboard.press('Enter');
        const confirm = page.getByRole('dialog', { name: `Approve request ${id}?` });
        await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(confirm).toBeHidden();
        await expect(approve).toBeFocused();

        // Then confirmed: Tab from Cancel reaches Approve.
        await page.keyboard.press('Enter');
        await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(confirm.getByRole('button', { name: 'Approve' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByText(`Request ${id} approved`)).toBeVisible();
        await expect(row).toHaveCount(0);
        // The decided row has gone: the focus is on the list, not lost.
        await expect(page.getByRole('tabpanel')).toBeFocused();
    });

    test('an admin approves an agent who registered, who can then sign in', async ({ page, browser }) => {
        const stamp = String(Date.now()).slice(-6);
        const username = `approved${stamp}`;
        await page.goto('/register');
        await page.getByLabel('First name').fill('Nandi');
        await page.getByLabel('Last name').fill('Mabuza');
        await page.getByLabel('Username').fill(username);
        await page.getByLabel('Phone number').fill(`27840${stamp}`);
        await page.getByLabel('Shop').click();
        await page.getByRole('option', { name: /Soweto Central/ }).click();
        await page.getByRole('textbox', { name: 'Password', exact: true }).fill('a-long-password');
        await page.getByRole('textbox', { name: 'Confirm password' }).fill('a-long-password');
        await page.getByRole('button', { name: 'Register' }).click();
        // Registered: the live photo step follows (tests/e2e/register.spec.ts takes it); this agent takes none.
        await expect(page.getByRole('heading', { name: 'Your live photo' })).toBeVisible();

        const admin = await signedInElsewhere(browser, page, 'admin');
        await admin.page.goto('/dashboard/mc_requests_v2');
        await expect(admin.page.getByRole('heading', { name: 'Maker checker requests v2', level: 1 })).toBeVisible();
        // v2 answers pages without a total: the row itself says the search has applied.
        await admin.page.getByRole('textbox', { name: 'Search' }).fill(username);
        const row = admin.page.getByRole('row', { name: new RegExp(username) });
        await expect(row).toContainText('Nandi Mabuza');
        await expect(row).toContainText(`Activate ${username} at Soweto Central`);
        // The pointer rests off the page's buttons: a hovered one's shade is not this state's to judge.
        await admin.page.mouse.move(0, 0);
        await expectAccessible(admin.page, 'agent registrations');
        const id = await requestIdIn(row);
        await row.getByRole('button', { name: `Approve request ${id}` }).click();
        await admin.page
            .getByRole('dialog', { name: `Approve request ${id}?` })
            .getByRole('button', { name: 'Approve' })
            .click();
        await expect(admin.page.getByText(`Request ${id} approved`)).toBeVisible();
        await admin.close();

        await signIn(page, username, 'a-long-password');
        await expectDashboard(page, /Welcome, /);
    });

    test('a cut of a catalogue price by more than 20% waits for a checker, who approves it in the v2 list', async ({
        page,
        browser,
        request,
    }) => {
        const sku = 'HONOR-X6B-128';
        const cashPrice = async () => {
            const response = await request.post(`${API_BASE}${listPhoneModels.path}`, {
                headers: { authorization: `Bearer ${await tokenOf(request, 'admin')}` },
                data: { q: sku },
            });
            const { models } = (await response.json()) as { models: { sku: string; cash_price: number }[] };
            return models.find(model => model.sku === sku)?.cash_price ?? 0;
        };
        const before = await cashPrice();
        const cut = (Math.round(before * 60) / 100).toFixed(2);

        await signIn(page, 'admin');
        await expectDashboard(page, /Welcome, /);
        await page.goto('/dashboard/inventory/update');
        await page.getByRole('combobox', { name: 'Phone model' }).click();
        await page.getByRole('option', { name: new RegExp(`\\(${sku}\\)`) }).click();
        await page.getByLabel('Cash price (ZAR)').fill(cut);
        await page.getByRole('button', { name: 'Add to the changes' }).click();
        await page.getByRole('button', { name: 'Preview the changes' }).click();
        const preview = page.getByRole('table', { name: 'What the update will do' });
        await expect(preview).toContainText('Needs a checker');
        await expect(preview).toContainText('-40%');
        await expectAccessible(page, 'price preview');
        await page.getByRole('button', { name: 'Update prices' }).click();
        await page.getByRole('dialog', { name: 'Update these prices?' }).getByRole('button', { name: 'Confirm' }).click();
        await expect(page.getByText('Prices updated for 0 models; 1 cut(s) sent to a checker')).toBeVisible();
        expect(await cashPrice()).toBe(before);

        const checker = await signedInElsewhere(browser, page, 'checker');
        await checker.page.goto('/dashboard/mc_requests_v2');
        await expect(checker.page.getByRole('heading', { name: 'Maker checker requests v2', level: 1 })).toBeVisible();
        const row = checker.page.getByRole('row', { name: new RegExp(`\\(${sku}\\)`) }).first();
        await expect(row).toContainText('Price cut');
        await expect(row).toContainText(`cash price ${before.toFixed(2)} → ${cut}`);
        await expectAccessible(checker.page, 'price cuts in maker-checker v2');
        const id = await requestIdIn(row);
        await row.getByRole('button', { name: `Approve request ${id}` }).click();
        await checker.page
            .getByRole('dialog', { name: `Approve request ${id}?` })
            .getByRole('button', { name: 'Approve' })
            .click();
        await expect(checker.page.getByText(`Request ${id} approved`)).toBeVisible();
        await checker.close();
        expect(await cashPrice()).toBe(Number(cut));
    });
});
