/**
 * Reconciliation as data-provider resources (spec §2 "Suspense and reconciliation → upload
 * document"): the statements uploaded (`reconciliation-uploads`, newest first, one found by its
 * rows call) and one upload's rows with their outcomes (`reconciliation-rows`, filtered by
 * `upload_id` and `outcome`, in file order; a row's id is its line, one row per line of the file),
 * each sorted by the columns the server orders by (contract/money/reconciliation.ts
 * RECONCILIATION_UPLOAD_SORTS, RECONCILIATION_ROW_SORTS). The upload screen's own gate
 * (`reconciliation`/`create`) is declared here too.
 */
import {
    RECONCILIATION_ROW_SORTS,
    RECONCILIATION_UPLOAD_SORTS,
    reconcileDeposits,
    reconciliationRows,
    reconciliationUploads,
    ROW_OUTCOMES,
} from '../../../contract/money';
import { defineResource, oneBy, pagedList, sortUnlessDefault } from '../../dataProvider/defineResource';

/** The largest page the reconciliation calls answer (contract/money/fields.ts `pageSize`). */
export const LARGEST_ROWS_PAGE = 500;

/** The upload a rows list is of: a whole number from the filter or the address (as digits), else 0 (no upload). */
export const uploadIdOf = (value: unknown): number => {
    const number = typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= 2 ** 31 - 1 ? number : 0;
};

export default {
    reconciliation: defineResource({ actions: { create: reconcileDeposits.access } }),
    'reconciliation-uploads': defineResource({
        list: pagedList(reconciliationUploads, {
            rows: 'data',
            largestPage: LARGEST_ROWS_PAGE,
            request: ({ sort }) => sortUnlessDefault(sort, RECONCILIATION_UPLOAD_SORTS, { field: 'created_at', order: 'desc' }),
        }),
        // One upload's summary comes with its rows: a page of one row answers it (404 when there is no such upload).
        one: oneBy(
            reconciliationRows,
            id => ({ body: { upload_id: uploadIdOf(id), page_number: 1, page_size: 1 } }),
            answer => answer.upload,
        ),
    }),
    'reconciliation-rows': defineResource({
        list: pagedList(reconciliationRows, {
            rows: 'data',
            largestPage: LARGEST_ROWS_PAGE,
            request: ({ sort, filter }) => ({
                upload_id: uploadIdOf(filter.upload_id),
                outcome: ROW_OUTCOMES.find(outcome => outcome === filter.outcome),
                ...sortUnlessDefault(sort, RECONCILIATION_ROW_SORTS, { field: 'line', order: 'asc' }),
            }),
            record: row => ({ ...row, id: row.line }),
        }),
    }),
};
