/**
 * Adding devices and updating prices: a CSV file read in the browser and sent
 * INVENTORY_BATCH_ROWS lines at a time with its progress, a result for every line with its reason
 * in words, a stopped upload resumed where it stopped; the IMEI checked before it is sent (15
 * digits, Luhn); and prices previewed by the server (before, after, percent, which cuts wait for
 * a checker), sent only after a confirmation; a shop-attached caller hears the server's refusal.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { luhnValid } from '../../contract/fields';
import {
    addInventoryItem,
    addInventoryItems,
    INVENTORY_BATCH_ROWS,
    listInventory,
    listPhoneModels,
    previewPhonePrices,
    updatePhonePrices,
    type InventoryItem,
    type PhoneModel,
} from '../../contract/inventory';
import { listStores, type Store } from '../../contract/stores';
import { buildPhoneModel, buildStore } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const withCheckDigit = (digits: string) => {
    for (let check = 0; check <= 9; check++) if (luhnValid(`${digits}${check}`)) return `${digits}${check}`;
    throw new Error('no check digit');
};

const model: PhoneModel = buildPhoneModel({
    id: 1,
    sku: 'SAM-A15-128',
    brand: 'Samsung',
    model: 'Galaxy A15',
    cash_price: 2999,
    deposit: 499,
    instalment_amount: 250,
});
const soweto: Store = buildStore({ id: 1, name: 'Soweto Central', agent_count: 1 });

type Item = { row: number; sku: string; imei: string; store_id?: number };
const batches: Item[][] = [];
const inStock = new Set<string>();
let failBatch: number | null = null;
const priceBodies: unknown[] = [];
const previewBodies: unknown[] = [];
/** Whether the server refuses the caller the catalogue (a caller attached to a shop). */
let refuseCatalogue = false;
/** The cash price's highest of the last 24 hours the preview answers, when above the current one. */
let cashReference: number | null = null;

type ProposedPrices = { prices: { sku: string; cash_price: number; deposit: number; instalment_amount: number }[] };
const fields = ['cash_price', 'deposit', 'instalment_amount'] as const;
const cutTooDeep = (price: ProposedPrices['prices'][number]) => fields.some(field => price[field] < model[field] * 0.8);
const refusal = () =>
    errorAnswer(403, {
        code: 403,
        name: 'Forbidden',
        message: 'Catalogue prices hold in every shop',
        key: 'errors.catalogue_staff_only',
    });

const server = contractServer(
    answer(listPhoneModels, { models: [model] }),
    answer(listStores, { stores: [soweto] }),
    answer(addInventoryItems, async ({ request }) => {
        const { items } = (await request.clone().json()) as { items: Item[] };
        batches.push(items);
        if (failBatch === batches.length) {
            return errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' });
        }
        const results = items.map(item => {
            if (!/^\d{15}$/.test(item.imei) || !luhnValid(item.imei)) {
                return { row: item.row, imei: item.imei, result: 'invalid' as const, reason: 'errors.imei_invalid', id: null };
            }
            if (item.sku !== model.sku) {
                return { row: item.row, imei: item.imei, result: 'invalid' as const, reason: 'errors.unknown_sku', id: null };
            }
            if (inStock.has(item.imei)) {
                return { row: item.row, imei: item.imei, result: 'duplicate' as const, reason: 'errors.imei_in_stock', id: null };
            }
            inStock.add(item.imei);
            return { row: item.row, imei: item.imei, result: 'accepted' as const, reason: null, id: inStock.size };
        });
        return {
            results,
            accepted: results.filter(row => row.result === 'accepted').length,
            duplicates: results.filter(row => row.result === 'duplicate').length,
            invalid: results.filter(row => row.result === 'invalid').length,
        };
    }),
    answer(previewPhonePrices, async ({ request }) => {
        const body = (await request.clone().json()) as ProposedPrices;
        previewBodies.push(body);
        if (refuseCatalogue) return refusal();
        return {
            models: body.prices.map(({ sku, ...after }) => ({
                sku,
                brand: model.brand,
                model: model.model,
                before: { cash_price: model.cash_price, deposit: model.deposit, instalment_amount: model.instalment_amount },
                after,
                change_percent: Object.fromEntries(
                    fields.map(field => [field, Math.round(((after[field] - model[field]) / model[field]) * 1000) / 10]),
                ) as Record<(typeof fields)[number], number>,
                reference: {
                    cash_price: cashReference ?? model.cash_price,
                    deposit: model.deposit,
                    instalment_amount: model.instalment_amount,
                },
                needs_approval: cutTooDeep({ sku, ...after }) || after.cash_price < (cashReference ?? 0) * 0.8,
            })),
        };
    }),
    answer(updatePhonePrices, async ({ request }) => {
        const body = (await request.clone().json()) as ProposedPrices;
        priceBodies.push(body);
        if (refuseCatalogue) return refusal();
        const [price] = body.prices;
        if (price && cutTooDeep(price)) return { updated: [], requested: [{ sku: price.sku, request_id: 41 }] };
        return { updated: [{ sku: model.sku, before: model, after: { ...model, ...price } }], requested: [] };
    }),
);

beforeEach(() => {
    batches.length = 0;
    inStock.clear();
    failBatch = null;
    priceBodies.length = 0;
    previewBodies.length = 0;
    refuseCatalogue = false;
    cashReference = null;
    signedInAs(['VIEW_INVENTORY', 'ADD_INVENTORY', 'UPDATE_PHONE_PRICES'], { shop: { id: 1, name: 'Soweto Central' } });
});

const csvOf = (lines: string[]) => new File([['sku,imei,store_id', ...lines].join('\n')], 'devices.csv', { type: 'text/csv' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type=file]')!;

describe('devices from a CSV file', () => {
    it('sends the lines in batches with a progress bar and shows each line’s result and why', async () => {
        const user = userEvent.setup();
        const good = Array.from({ length: INVENTORY_BATCH_ROWS + 2 }, (_, n) =>
            withCheckDigit(`35000000${String(n).padStart(6, '0')}`),
        );
        const lines = [
            ...good.map(imei => `SAM-A15-128,${imei},`),
            `SAM-A15-128,123456789012345,`,
            `NO-SUCH,${withCheckDigit('35999999000000')},`,
            `SAM-A15-128,${good[0]},`,
            `SAM-A15-128,${withCheckDigit('35999999000001')},shop`,
        ];
        renderPortal('/dashboard/inventory/add');
        await screen.findByRole('heading', { level: 1, name: 'Add devices' }, { timeout: 15_000 });
        await user.upload(fileInput(), csvOf(lines));
        expect(await screen.findByText(`File: devices.csv (${lines.length} lines)`)).toBeTruthy();
        // The line whose store_id is not a number is judged here and not sent.
        expect(screen.getByText('store_id must be a whole number')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Add these devices' }));
        const sent = lines.length - 1;
        expect(await screen.findByText(`Sent ${sent} of ${sent} lines`)).toBeTruthy();
        expect(batches.map(batch => batch.length)).toEqual([INVENTORY_BATCH_ROWS, sent - INVENTORY_BATCH_ROWS]);
        // The file's own line numbers travel with the rows (line 1 names the columns).
        expect(batches[0]![0]).toEqual({ row: 2, sku: 'SAM-A15-128', imei: good[0] });
        expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
        expect(await screen.findByText(`Done: ${good.length} added, 1 already in stock or repeated, 3 not valid`)).toBeTruthy();

        await user.click(screen.getByRole('switch', { name: 'Only lines that were not added' }));
        const table = screen.getByRole('table', { name: 'Result of each line' });
        const rows = within(table).getAllByRole('row').slice(1);
        expect(rows.map(row => row.textContent)).toEqual([
            `${good.length + 2}123456789012345Not validThis is not a valid IMEI (15 digits, the last one a check digit).`,
            `${good.length + 3}${withCheckDigit('35999999000000')}Not validThere is no phone model with this SKU.`,
            `${good.length + 4}${good[0]}DuplicateA device with this IMEI is already in stock.`,
            `${good.length + 5}${withCheckDigit('35999999000001')}Not validstore_id must be a whole number`,
        ]);
    }, 40_000);

    it('stops when a batch fails, says why, and sends the rest from there when asked', async () => {
        const user = userEvent.setup();
        failBatch = 2;
        const lines = Array.from(
            { length: INVENTORY_BATCH_ROWS + 1 },
            (_, n) => `SAM-A15-128,${withCheckDigit(`35100000${String(n).padStart(6, '0')}`)},`,
        );
        renderPortal('/dashboard/inventory/add');
        await screen.findByRole('heading', { level: 1, name: 'Add devices' }, { timeout: 15_000 });
        await user.upload(fileInput(), csvOf(lines));
        await user.click(await screen.findByRole('button', { name: 'Add these devices' }));
        const alert = await screen.findByText(/Sending stopped: The service is unavailable/);
        expect(screen.getByText(`Sent ${INVENTORY_BATCH_ROWS} of ${lines.length} lines`)).toBeTruthy();
        failBatch = null;
        await user.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Send the rest' }));
        expect(await screen.findByText(`Done: ${lines.length} added, 0 already in stock or repeated, 0 not valid`)).toBeTruthy();
        // The second batch went again, alone; the first was not sent twice.
        expect(batches.map(batch => batch[0]!.row)).toEqual([2, INVENTORY_BATCH_ROWS + 2, INVENTORY_BATCH_ROWS + 2]);
    }, 40_000);

    it('refuses a file without the sku and imei columns', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/inventory/add');
        await screen.findByRole('heading', { level: 1, name: 'Add devices' }, { timeout: 15_000 });
        await user.upload(fileInput(), new File(['model,serial\nA15,1'], 'other.csv', { type: 'text/csv' }));
        expect((await screen.findByRole('alert')).textContent).toContain('must name the columns sku and imei');
        expect(batches).toEqual([]);
    }, 40_000);
});

describe('one device by IMEI', () => {
    it('checks the IMEI before sending it: 15 digits, and a check digit that matches', async () => {
        const user = userEvent.setup();
        const added: unknown[] = [];
        server.use(
            answer(addInventoryItem, async ({ request }) => {
                const body = (await request.clone().json()) as { imei: string };
                added.push(body);
                return {
                    id: 9,
                    imei: body.imei,
                    sku: model.sku,
                    brand: model.brand,
                    model: model.model,
                    store_id: 1,
                    store_name: 'Soweto Central',
                    status: 'in_stock' as const,
                    cash_price: model.cash_price,
                    created_at: '2026-11-22T08:00:00.000Z',
                    sold_to: null,
                };
            }),
        );
        renderPortal('/dashboard/inventory/add');
        await screen.findByRole('heading', { level: 1, name: 'Add devices' }, { timeout: 15_000 });
        await user.click(await screen.findByRole('combobox', { name: /Phone model/ }));
        await user.click(await screen.findByRole('option', { name: /Samsung Galaxy A15/ }));
        const imei = screen.getByRole('textbox', { name: /IMEI/ });
        await user.type(imei, '35467900000000');
        await user.click(screen.getByRole('button', { name: 'Add device' }));
        expect(await screen.findByText('An IMEI has exactly 15 digits')).toBeTruthy();
        const valid = withCheckDigit('35467900000000');
        const wrong = `${valid.slice(0, 14)}${(Number(valid.at(-1)) + 1) % 10}`;
        await user.clear(imei);
        await user.type(imei, wrong);
        expect(await screen.findByText('This is not a valid IMEI: its last digit does not check')).toBeTruthy();
        expect(added).toEqual([]);
        await user.clear(imei);
        await user.type(imei, valid);
        await user.click(screen.getByRole('button', { name: 'Add device' }));
        await waitFor(() => expect(added).toEqual([{ sku: model.sku, imei: valid }]));
    }, 40_000);
});

describe('phone prices', () => {
    /** Opens the screen and adds one change to the Samsung's cash price and deposit. */
    const addChange = async (user: ReturnType<typeof userEvent.setup>, cashPrice: string, depositAmount = '599') => {
        renderPortal('/dashboard/inventory/update');
        await user.click(await screen.findByRole('combobox', { name: 'Phone model' }, { timeout: 15_000 }));
        await user.click(await screen.findByRole('option', { name: 'Samsung Galaxy A15 (SAM-A15-128)' }));
        const cash = screen.getByRole('textbox', { name: 'Cash price (ZAR)' });
        await user.clear(cash);
        await user.type(cash, cashPrice);
        const deposit = screen.getByRole('textbox', { name: 'Deposit (ZAR)' });
        await user.clear(deposit);
        await user.type(deposit, depositAmount);
        await user.click(screen.getByRole('button', { name: 'Add to the changes' }));
    };

    it('previews old and new prices through the server and sends them only after a confirmation', async () => {
        const user = userEvent.setup();
        await addChange(user, '3199.5', '4000');
        expect(screen.getByText('The deposit must not exceed the cash price')).toBeTruthy();
        const deposit = screen.getByRole('textbox', { name: 'Deposit (ZAR)' });
        await user.clear(deposit);
        await user.type(deposit, '599');
        await user.click(screen.getByRole('button', { name: 'Add to the changes' }));

        const changes = screen.getByRole('table', { name: 'Changes to make' });
        const [row] = within(changes).getAllByRole('row').slice(1);
        expect(row!.textContent).toBe(
            'Samsung Galaxy A15 (SAM-A15-128)ZAR 2,999.00 → ZAR 3,199.50ZAR 499.00 → ZAR 599.00ZAR 250.00',
        );
        // Nothing is sent before the server's preview and a confirmation.
        expect(screen.queryByRole('button', { name: 'Update prices' })).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
        const preview = await screen.findByRole('table', { name: 'What the update will do' });
        const [previewed] = within(preview).getAllByRole('row').slice(1);
        expect(previewed!.textContent).toBe(
            'Samsung Galaxy A15 (SAM-A15-128)ZAR 2,999.00 → ZAR 3,199.50 (+6.7%)ZAR 499.00 → ZAR 599.00 (+20%)ZAR 250.00At once',
        );
        expect(previewBodies).toEqual([
            { prices: [{ sku: 'SAM-A15-128', cash_price: 3199.5, deposit: 599, instalment_amount: 250 }] },
        ]);
        await user.click(screen.getByRole('button', { name: 'Update prices' }));
        const confirm = await screen.findByRole('dialog', { name: 'Update these prices?' });
        expect(priceBodies).toEqual([]);
        await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
        await waitFor(() =>
            expect(priceBodies).toEqual([
                { prices: [{ sku: 'SAM-A15-128', cash_price: 3199.5, deposit: 599, instalment_amount: 250 }] },
            ]),
        );
        expect(await screen.findByRole('table', { name: 'Prices now' })).toBeTruthy();
    }, 40_000);

    it('says which cuts wait for a checker before asking to confirm, and after sending', async () => {
        const user = userEvent.setup();
        await addChange(user, '1999', '499');
        await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
        const preview = await screen.findByRole('table', { name: 'What the update will do' });
        expect(within(preview).getByText('Needs a checker')).toBeTruthy();
        expect(within(preview).getByText('(-33.3%)', { exact: false })).toBeTruthy();
        expect(screen.getByText(/waits for a checker: 1 model keeps its price/)).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Update prices' }));
        const confirm = await screen.findByRole('dialog', { name: 'Update these prices?' });
        expect(confirm.textContent).toContain('1 cut goes to a checker first');
        await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('Prices updated for 0 models; 1 cut(s) sent to a checker')).toBeTruthy();
        expect(screen.queryByRole('table', { name: 'Prices now' })).toBeNull();
    }, 40_000);

    it("shows a price's highest of the last 24 hours when a small cut waits for a checker because of it", async () => {
        cashReference = 3999;
        const user = userEvent.setup();
        await addChange(user, '2899', '499');
        await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
        const preview = await screen.findByRole('table', { name: 'What the update will do' });
        expect(within(preview).getByText('Needs a checker')).toBeTruthy();
        expect(within(preview).getByText('(-3.3%)', { exact: false })).toBeTruthy();
        expect(within(preview).getByText('Highest in the last 24 hours: ZAR 3,999.00')).toBeTruthy();
    }, 40_000);

    it('a new change asks for a new preview', async () => {
        const user = userEvent.setup();
        await addChange(user, '3199.5');
        await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
        await screen.findByRole('table', { name: 'What the update will do' });
        await user.click(screen.getByRole('button', { name: 'Remove the change to SAM-A15-128' }));
        expect(screen.queryByRole('table', { name: 'What the update will do' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Update prices' })).toBeNull();
    }, 40_000);

    it("shows a shop-attached caller the server's refusal, and sends nothing", async () => {
        refuseCatalogue = true;
        const user = userEvent.setup();
        await addChange(user, '1', '1');
        await user.click(screen.getByRole('button', { name: 'Preview the changes' }));
        expect(
            await screen.findByText('Catalogue prices hold in every shop, so only staff without a shop may change them.'),
        ).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Update prices' })).toBeNull();
        expect(priceBodies).toEqual([]);
    }, 40_000);
});

describe('the device list', () => {
    const device = (id: number, overrides: Partial<InventoryItem> = {}): InventoryItem => ({
        id,
        imei: withCheckDigit(`35200000${String(id).padStart(6, '0')}`),
        sku: model.sku,
        brand: model.brand,
        model: model.model,
        store_id: 1,
        store_name: 'Soweto Central',
        status: 'in_stock',
        cash_price: model.cash_price,
        created_at: '2026-11-22T08:00:00.000Z',
        sold_to: null,
        ...overrides,
    });
    const listBodies: Record<string, unknown>[] = [];
    beforeEach(() => {
        listBodies.length = 0;
        server.use(
            answer(listInventory, async ({ request }) => {
                listBodies.push((await request.clone().json()) as Record<string, unknown>);
                return {
                    phones: [device(1), device(2, { status: 'sold', sold_to: '0b6c3f3e-5d0e-4c36-9d56-1f0c8f0e2a11' })],
                    total_items: 60,
                };
            }),
        );
    });

    it('asks the server for the filter, sort and page the address holds, and sorts a column on the server', async () => {
        const user = userEvent.setup();
        const filter = encodeURIComponent(JSON.stringify({ status: 'sold', q: 'galaxy' }));
        renderPortal(`/dashboard/inventory?filter=${filter}&sort=model&order=ASC&page=2&perPage=25`);
        await screen.findByText('60 devices', undefined, { timeout: 15_000 });
        expect(listBodies.at(-1)).toEqual({
            q: 'galaxy',
            status: 'sold',
            sort: 'model',
            order: 'asc',
            page_number: '2',
            page_size: '25',
        });
        await user.click(screen.getByRole('button', { name: /^Sort by cash price/ }));
        await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ sort: 'cash_price', order: 'asc', page_number: '1' }));
        await user.click(await screen.findByRole('button', { name: 'Sort by cash price descending' }));
        await waitFor(() => expect(listBodies.at(-1)).toMatchObject({ sort: 'cash_price', order: 'desc' }));
    }, 40_000);

    it('leads a sold device to its customer, for those who may find customers', async () => {
        signedInAs(['VIEW_INVENTORY', 'FIND_CUSTOMER']);
        renderPortal('/dashboard/inventory');
        const sold = device(2);
        const link = await screen.findByRole('link', { name: `Open the customer who bought ${sold.imei}` }, { timeout: 15_000 });
        expect(link.getAttribute('href')).toBe('/dashboard/customers/view?customer=0b6c3f3e-5d0e-4c36-9d56-1f0c8f0e2a11');
        // The device in stock leads nowhere.
        expect(screen.getAllByRole('link', { name: /Open the customer/ })).toHaveLength(1);
    }, 40_000);
});
