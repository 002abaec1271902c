/**
 * The stores journey, run at desktop width (stores.spec.ts) and phone width
 * (stores.phone.spec.ts) against one server: `shopowner` creates a store, transfers an agent to it
 * and sees the counts change, adds devices from a CSV file with good and bad lines and sees each
 * line's result (and that sending it again adds nothing twice), is not offered the prices (the
 * catalogue is every shop's), which `admin` previews and changes, and assigns a tier. axe-core checks
 * every screen on the way.
 */
import { expect, type APIRequestContext, type Browser, type Page } from './test';
import { API_BASE } from '../../contract';
import { luhnValid } from '../../contract/fields';
import { listAgents } from '../../contract/agents';
import { transferAgent } from '../../contract/shops';
import { signedInElsewhere } from './approvals.journey';
import { expectAccessible, expectDashboard, signIn, tokenOf } from './support';

/** A valid IMEI from 14 digits: the check digit that makes it pass Luhn. */
const withCheckDigit = (digits: string) => {
    for (let check = 0; check <= 9; check++) if (luhnValid(`${digits}${check}`)) return `${digits}${check}`;
    throw new Error('no check digit');
};

/** Where the demo agent works now (an earlier run of the journey may have moved them). */
const agentStore = async (request: APIRequestContext) => {
    const token = await tokenOf(request, 'shopowner');
    const response = await request.post(`${API_BASE}${listAgents.path}`, {
        headers: { authorization: `Bearer ${token}` },
        data: { q: 'Bongani', page_number: '1', page_size: '50' },
    });
    expect(response.ok()).toBe(true);
    const { data } = (await response.json()) as {
        data: { data: { id: number; store_id: number; store_name: string }[] };
    };
    const [agent] = data.data;
    if (!agent) throw new Error('The demo agent is not within the shop owner’s reach');
    return { id: agent.store_id, name: agent.store_name, agentId: agent.id };
};

/** The demo agent goes back to the shop they came from: later journeys find that shop's customers as them. */
const transferBack = async (request: APIRequestContext, agentId: number, storeId: number) => {
    const response = await request.post(`${API_BASE}${transferAgent.path}`, {
        headers: { authorization: `Bearer ${await tokenOf(request, 'shopowner')}` },
        data: { agent_id: String(agentId), agent_firstname: 'Bongani', agent_store_id: String(storeId) },
    });
    expect(response.ok(), await response.text()).toBe(true);
};

/** A screen's own heading (the app bar repeats the title). */
const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

/** On the price screen: one change to the ITEL's cash price, added to the changes. */
const changeItelPrice = async (page: Page, cashPrice: string) => {
    await page.goto('/dashboard/inventory/update');
    await expect(title(page, 'Update phone prices')).toBeVisible();
    await page.getByRole('combobox', { name: 'Phone model' }).click();
    await page.getByRole('option', { name: /\(ITEL-A70-64\)/ }).click();
    await page.getByLabel('Cash price (ZAR)').fill(cashPrice);
    await page.getByRole('button', { name: 'Add to the changes' }).click();
    const changes = page.getByRole('table', { name: 'Changes to make' });
    await expect(changes).toContainText(`ZAR ${Number(cashPrice).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`);
};

export const storesJourney = async (page: Page, request: APIRequestContext, tag: string, browser: Browser) => {
    const storeName = `Rosebank ${tag} ${Date.now() % 100_000}`;
    await signIn(page, 'shopowner');
    await expectDashboard(page, /Welcome, /);

    // The stores, and a new one.
    await page.goto('/dashboard/stores');
    await expect(title(page, 'Phone stores')).toBeVisible();
    await expect(page.getByText('Soweto Central').first()).toBeVisible();
    await expectAccessible(page, 'stores');
    await page.getByRole('link', { name: 'Add store' }).click();
    await expect(title(page, 'New phone store')).toBeVisible();
    await page.getByLabel('Store name').fill(storeName);
    await page.getByLabel('Region').fill('Gauteng');
    await page.getByLabel('Town').fill('Johannesburg');
    await page.getByLabel('Latitude').fill('-26.1467');
    await page.getByLabel('Longitude').fill('28.0436');
    await expectAccessible(page, 'stores/create');
    await page.getByRole('button', { name: 'Create store' }).click();
    await expect(title(page, storeName)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Agents (0)' })).toBeVisible();
    await expect(page.getByText('-26.14670, 28.04360')).toBeVisible();
    await expectAccessible(page, 'stores/:id');
    const newStoreId = Number(new URL(page.url()).pathname.split('/').pop());

    // The shops, then the agent's shop, and the transfer.
    await page.goto('/dashboard/shop');
    await expect(title(page, 'Shops')).toBeVisible();
    await expect(page.getByText(storeName)).toBeVisible();
    await expectAccessible(page, 'shop');
    const from = await agentStore(request);
    await page.goto(`/dashboard/shop/agent?shop=${from.id}`);
    await expect(title(page, 'Shop agents')).toBeVisible();
    const countText = page.getByText(/^\d+ agents?$/);
    await expect(countText).toBeVisible();
    const before = Number((await countText.innerText()).split(' ')[0]);
    await expectAccessible(page, 'shop/agent');
    await page.getByRole('button', { name: 'Transfer Bongani Khumalo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer Bongani Khumalo' });
    await dialog.getByRole('combobox', { name: 'Move to store' }).click();
    await page.getByRole('option', { name: storeName }).click();
    await expectAccessible(page, 'transfer dialog');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    const confirm = page.getByRole('dialog', { name: 'Transfer this agent?' });
    await expect(confirm).toContainText(`from ${from.name} to ${storeName}`);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`Bongani Khumalo now works in ${storeName}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Transfer Bongani Khumalo' })).toHaveCount(0);
    if (before > 1) await expect(page.getByText(`${before - 1} agent`, { exact: false })).toBeVisible();
    else await expect(page.getByText('No agents work in this store yet.')).toBeVisible();
    await page.goto(`/dashboard/stores/${newStoreId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Agents (1)' })).toBeVisible();
    await expect(page.getByText('Bongani Khumalo')).toBeVisible();

    // Devices from a CSV file: good lines, and bad ones with their reasons.
    const prefix = `35${String(Date.now()).slice(-8)}${tag === 'phone' ? '77' : '11'}`;
    const good = [0, 1, 2].map(n => withCheckDigit(`${prefix}${n}0`));
    const badCheck = `${good[0]!.slice(0, 14)}${(Number(good[0]!.at(-1)) + 1) % 10}`;
    const csv = [
        'sku,imei,store_id',
        `SAM-A15-128,${good[0]},${newStoreId}`,
        `SAM-A15-128,${good[1]},${newStoreId}`,
        `NO-SUCH-PHONE,${good[2]},${newStoreId}`,
        `SAM-A15-128,${badCheck},${newStoreId}`,
        `SAM-A15-128,${good[0]},${newStoreId}`,
        `SAM-A15-128,${good[2]},shop`,
    ].join('\n');
    await page.goto('/dashboard/inventory');
    await expect(title(page, 'Inventory')).toBeVisible();
    await expectAccessible(page, 'inventory');
    await page.getByRole('link', { name: 'Add devices' }).click();
    await expect(title(page, 'Add devices')).toBeVisible();
    const upload = async () => {
        await page
            .locator('input[type=file]')
            .setInputFiles({ name: 'devices.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await expect(page.getByText('File: devices.csv (6 lines)')).toBeVisible();
        await page.getByRole('button', { name: 'Add these devices' }).click();
        await expect(page.getByText('Sent 5 of 5 lines')).toBeVisible();
    };
    await upload();
    await expect(page.getByText('Done: 2 added, 1 already in stock or repeated, 3 not valid')).toBeVisible();
    const results = page.getByRole('table', { name: 'Result of each line' });
    const line = (row: number) =>
        results.getByRole('row').filter({ has: page.getByRole('cell', { name: String(row), exact: true }) });
    await expect(line(2)).toContainText('Added');
    await expect(line(3)).toContainText('Added');
    await expect(line(4)).toContainText('There is no phone model with this SKU.');
    await expect(line(5)).toContainText('This is not a valid IMEI');
    await expect(line(6)).toContainText('This IMEI is on an earlier line of the file.');
    await expect(line(7)).toContainText('store_id must be a whole number');
    await expectAccessible(page, 'inventory/add');
    // The same file again adds nothing twice.
    await upload();
    await expect(page.getByText('Done: 0 added, 3 already in stock or repeated, 3 not valid')).toBeVisible();
    await expect(line(2)).toContainText('A device with this IMEI is already in stock.');

    // The catalogue is every shop's: a shop owner is not offered its prices.
    const newPrice = tag === 'phone' ? '1299.5' : '1199.5';
    await page.goto('/dashboard/inventory');
    // Once the screen has answered its gates (adding devices is the shop owner's), prices are not offered.
    await expect(page.getByRole('link', { name: 'Add devices' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Update prices' })).toHaveCount(0);

    // Staff without a shop: a price previewed by the server (before, after, percent), then confirmed.
    const admin = await signedInElsewhere(browser, page, 'admin');
    await changeItelPrice(admin.page, newPrice);
    await admin.page.getByRole('button', { name: 'Preview the changes' }).click();
    const preview = admin.page.getByRole('table', { name: 'What the update will do' });
    await expect(preview).toContainText('At once');
    await expect(preview).toContainText('%)');
    await expectAccessible(admin.page, 'inventory/update');
    await admin.page.getByRole('button', { name: 'Update prices' }).click();
    await admin.page.getByRole('dialog', { name: 'Update these prices?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(admin.page.getByText('Prices updated for 1 model')).toBeVisible();
    await expect(admin.page.getByRole('table', { name: 'Prices now' })).toBeVisible();
    await admin.close();

    // A tier for the agent, reached from their row among the new store's agents: their record in
    // the agents list, searched by their number.
    await page.goto(`/dashboard/shop/agent?shop=${newStoreId}`);
    await expect(title(page, 'Shop agents')).toBeVisible();
    await page.getByRole('link', { name: 'Bongani Khumalo' }).click();
    await expect(title(page, 'Agents')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/agents\?filter=/);
    await expect(page.getByPlaceholder('Search', { exact: true })).toHaveValue(/^\d+$/);
    await expect(page.getByRole('button', { name: 'Set tier: Bongani Khumalo' })).toBeVisible();
    await expectAccessible(page, 'agents');
    const tier = tag === 'phone' ? 'Silver' : 'Gold';
    await page.getByRole('button', { name: 'Set tier: Bongani Khumalo' }).click();
    await page.getByRole('menuitem', { name: tier }).click();
    await expect(page.getByText(`Bongani Khumalo: ${tier}`)).toBeVisible();
    await transferBack(request, from.agentId, from.id);
};
