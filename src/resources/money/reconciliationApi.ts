/**
 * Uploading a statement (contract/money/reconciliation.ts `reconcileDeposits`), the
 * `reconciliationUpload` write of writes.ts; the uploads and their rows are resources
 * (reconciliationCalls.ts). Every failure is an HttpError whose message is a catalog key
 * (src/lib/portalApi.ts); `uploadProblemKey` says which message the upload screen shows for it.
 */
import { HttpError } from 'ra-core';
import type { CallResponse } from '../../../contract/define';
import { MAX_UPLOAD_BYTES } from '../../../contract/kyc';
import type { TRANSACTION_CHANNELS } from '../../../contract/customers';
import { reconcileDeposits } from '../../../contract/money';
import { apiErrorOf, errorKeyOf } from '../../lib/apiErrors';
import { uploadCall } from '../../lib/portalApi';

export type StatementChannel = (typeof TRANSACTION_CHANNELS)[number];

/**
 * Uploads a statement. A file over 5 MB is refused before anything is sent, with the key
 * `validation.max_file_size` ('Maximum file size is 5MB'), as src/lib/kycImages.ts does.
 * `onProgress` hears the fraction sent, 0 to 1; the server imports the file once it has all of it.
 */
export const uploadStatement = async (
    file: File,
    channel: StatementChannel,
    onProgress?: (fraction: number) => void,
): Promise<CallResponse<typeof reconcileDeposits>> => {
    if (file.size > MAX_UPLOAD_BYTES) throw new HttpError('validation.max_file_size', 413, null);
    return uploadCall(reconcileDeposits, { body: { channel } }, file, { fileName: file.name, onProgress });
};

/**
 * What the upload screen says about a failed upload: a statement past the row cap with the cap
 * (`%{max}`, MAX_STATEMENT_ROWS), the size limit for any other 413 (the server's own 'request too
 * large' says less), that the file is not a CSV for a 415 (the shared message speaks of photos),
 * that it could not be read as CSV, else the failure's own key (the columns the header lacks,
 * offline, network…).
 */
export const uploadProblemKey = (error: unknown): string => {
    const key = errorKeyOf(error);
    const status = error instanceof HttpError ? error.status : undefined;
    if (key === 'errors.statement_too_many_rows') return 'reconciliation.upload.too_many_rows';
    if (status === 413 || key === 'errors.payload_too_large' || key === 'validation.max_file_size') {
        return 'validation.max_file_size';
    }
    if (status === 415 || key === 'errors.unsupported_media_type') return 'reconciliation.upload.not_csv';
    // A CSV the server could not read through (server/domain/money/statement/): the file, not a field, is at fault.
    if (key === 'errors.field_invalid' && apiErrorOf(error)?.field === 'file') return 'reconciliation.upload.unreadable';
    return key;
};
