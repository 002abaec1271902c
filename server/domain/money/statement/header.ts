/**
 * A statement's header (index.ts): where each known column is, and a 400 when a required one is
 * missing.
 */
import { OPTIONAL_STATEMENT_COLUMNS, STATEMENT_COLUMNS } from '../../../../contract/money';
import { HttpError } from '../../../http';
import type { CsvRecord } from './csv';

export type Column = (typeof STATEMENT_COLUMNS)[number] | (typeof OPTIONAL_STATEMENT_COLUMNS)[number];

/** Where each known column is in the file's rows; -1 for `account` when the file has none. */
export interface StatementLayout {
    index: Record<Column, number>;
    /** How many columns the header names: a row with a value beyond them is refused. */
    width: number;
}

export const readHeader = (record: CsvRecord | undefined): StatementLayout => {
    const names = (record?.fields ?? []).map(name => name.trim().toLowerCase());
    const position = (column: Column) => names.indexOf(column);
    const missing = STATEMENT_COLUMNS.filter(column => position(column) === -1);
    if (!record || missing.length > 0) {
        const wanted = [...STATEMENT_COLUMNS, ...OPTIONAL_STATEMENT_COLUMNS.map(column => `${column} (optional)`)];
        const lacking = record ? `lacks ${missing.join(', ')}` : 'is empty';
        throw new HttpError(
            400,
            'errors.statement_columns',
            `The statement ${lacking}: its first line must name the columns ${wanted.join(', ')}`,
            'file',
        );
    }
    return {
        index: {
            date: position('date'),
            amount: position('amount'),
            reference: position('reference'),
            msisdn: position('msisdn'),
            account: position('account'),
        },
        width: names.length,
    };
};
