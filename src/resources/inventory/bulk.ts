/**
 * Bulk inventory from a CSV file (spec §7 "Inventory"): the file's lines as the rows the bulk call
 * takes, a line that cannot be sent judged here, and the batches of INVENTORY_BATCH_ROWS rows the
 * file is sent in. The server judges every row it receives and adds no IMEI twice, so sending a
 * file again, or the rest of one after a failure, is safe.
 */
import { INVENTORY_BATCH_ROWS, type addInventoryItems } from '../../../contract/inventory';
import type { CallInput, CallResponse } from '../../../contract/define';
import { parseCsv } from '../../lib/csv';

export type BulkItem = CallInput<typeof addInventoryItems>['body']['items'][number];
export type RowResult = CallResponse<typeof addInventoryItems>['results'][number];

/** Spec §9: uploads up to 5 MB. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
const MAX_TEXT = 200;

export type ReadFile =
    | { ok: true; items: BulkItem[]; refused: RowResult[]; lines: number }
    | { ok: false; problem: 'inventory.bulk.missing_columns' | 'inventory.bulk.no_rows' };

/** The rows of a CSV text with the columns sku, imei and optionally store_id (in any order, any case). */
export const readInventoryCsv = (text: string): ReadFile => {
    const [header, ...rows] = parseCsv(text);
    const names = header?.cells.map(cell => cell.trim().toLowerCase()) ?? [];
    const column = { sku: names.indexOf('sku'), imei: names.indexOf('imei'), store: names.indexOf('store_id') };
    if (column.sku < 0 || column.imei < 0) return { ok: false, problem: 'inventory.bulk.missing_columns' };
    if (rows.length === 0) return { ok: false, problem: 'inventory.bulk.no_rows' };
    const items: BulkItem[] = [];
    const refused: RowResult[] = [];
    for (const { line, cells } of rows) {
        const sku = (cells[column.sku] ?? '').trim();
        const imei = (cells[column.imei] ?? '').trim();
        const store = column.store >= 0 ? (cells[column.store] ?? '').trim() : '';
        const refuse = (reason: string) =>
            refused.push({ row: line, imei: imei.slice(0, 40), result: 'invalid', reason, id: null });
        if (sku.length > MAX_TEXT || imei.length > MAX_TEXT) refuse('inventory.bulk.too_long');
        else if (store !== '' && !/^[1-9][0-9]{0,9}$/.test(store)) refuse('inventory.bulk.bad_store_id');
        else items.push({ row: line, sku, imei, ...(store === '' ? {} : { store_id: Number(store) }) });
    }
    return { ok: true, items, refused, lines: rows.length };
};

/** The batches a file's rows are sent in. */
export const batchesOf = <T>(items: readonly T[], size = INVENTORY_BATCH_ROWS): T[][] => {
    const batches: T[][] = [];
    for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
    return batches;
};

/** The key of a row's reason to show: the server's errors.* key, or ours where the screen says it better. */
export const reasonKey = (reason: string | null) =>
    reason === 'errors.store_not_allowed' ? 'inventory.bulk.store_not_allowed' : reason;
