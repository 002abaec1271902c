/**
 * A confirm button sends its request once (src/lib/singleFlight.ts), in a real browser: a checker
 * double-clicks Approve on a real IMEI change, and exactly one approval leaves the page, nothing
 * is refused, and the request is approved.
 */
import { expect, test } from './test';
import { API_BASE } from '../../contract';
import { decideImeiChange } from '../../contract/approvals';
import { apiAs, freshImei, searchQueue, SIZWE } from './approvals.journey';
import { expectDashboard, signIn } from './support';

test('a double click on Approve sends one approval, and no refusal shows', async ({ page, request }) => {
    test.setTimeout(90_000);
    const imei = freshImei();
    const maker = await apiAs(request, 'maker');
    await maker.requestImei(SIZWE.loan, imei);

    const approvals: string[] = [];
    const refusals: string[] = [];
    page.on('request', sent => {
        if (sent.method() === 'POST' && sent.url().endsWith(`${API_BASE}${decideImeiChange.path}`)) approvals.push(sent.url());
    });
    page.on('response', answer => {
        if (answer.url().includes(API_BASE) && answer.status() >= 400) refusals.push(`${answer.status()} ${answer.url()}`);
    });

    await signIn(page, 'checker');
    await expectDashboard(page, /Welcome, /);
    await page.goto('/dashboard/imei_changes');
    await expect(page.getByRole('heading', { name: 'IMEI change requests', level: 1 })).toBeVisible();
    await searchQueue(page, SIZWE.loan);
    const row = page.getByRole('row', { name: new RegExp(imei) });
    const id = /#(\d+)/.exec((await row.textContent()) ?? '')?.[1];
    expect(id).toBeDefined();
    await row.getByRole('button', { name: `Approve request ${id}` }).click();
    const confirm = page.getByRole('dialog', { name: `Approve request ${id}?` });
    await confirm.getByRole('button', { name: 'Approve' }).dblclick();

    await expect(page.getByText(`Request ${id} approved`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    expect(approvals).toHaveLength(1);
    expect(refusals).toEqual([]);
});
