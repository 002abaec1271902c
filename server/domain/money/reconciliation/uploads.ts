/**
 * An upload as a reader sees it: every column but its kept bytes, who uploaded it, whether it is
 * still importing, and the first earlier upload of the same bytes.
 */
import { eq, sql } from 'drizzle-orm';
import type { ReconciliationUpload } from '../../../../contract/money';
import type { Queryable } from '../../../db';
import { admins, reconciliationUploads } from '../../../db/schema';
import { HttpError } from '../../../http';
import { iso } from '../../../wire';

/** The first earlier upload of the same bytes. */
const sameFileAs = sql<number | null>`(SELECT min(e.id) FROM reconciliation_uploads e
    WHERE e.sha256 = ${reconciliationUploads.sha256} AND e.id < ${reconciliationUploads.id})`;

const uploadColumns = {
    // Every column but the kept bytes (`pending`), which a reader never needs.
    upload: {
        id: reconciliationUploads.id,
        fileName: reconciliationUploads.fileName,
        channel: reconciliationUploads.channel,
        uploadedBy: reconciliationUploads.uploadedBy,
        createdAt: reconciliationUploads.createdAt,
        rows: reconciliationUploads.rows,
        matched: reconciliationUploads.matched,
        suspense: reconciliationUploads.suspense,
        duplicate: reconciliationUploads.duplicate,
        rejected: reconciliationUploads.rejected,
        amountRecorded: reconciliationUploads.amountRecorded,
    },
    importing: sql<boolean>`${reconciliationUploads.pending} IS NOT NULL`.mapWith(Boolean),
    firstName: admins.firstName,
    lastName: admins.lastName,
    sameFileAs,
};

type UploadRecord = {
    upload: Omit<typeof reconciliationUploads.$inferSelect, 'pending' | 'batchesDone' | 'sha256'>;
    importing: boolean;
    firstName: string;
    lastName: string;
    sameFileAs: number | null;
};

export const toUpload = ({
    upload,
    importing,
    firstName,
    lastName,
    sameFileAs: earlier,
}: UploadRecord): ReconciliationUpload => ({
    id: upload.id,
    file_name: upload.fileName,
    channel: upload.channel,
    uploaded_by: { id: upload.uploadedBy, name: `${firstName} ${lastName}`.trim() },
    created_at: iso(upload.createdAt),
    rows: upload.rows,
    matched: upload.matched,
    suspense: upload.suspense,
    duplicate: upload.duplicate,
    rejected: upload.rejected,
    amount_recorded: upload.amountRecorded,
    same_file_as: earlier === null ? null : Number(earlier),
    importing,
});

/** Each read along its index (`reconciliation_uploads_created_idx`, `…_rows_idx`, `…_amount_idx`), ties by id. */
export const UPLOAD_SORTS = {
    created_at: reconciliationUploads.createdAt,
    rows: reconciliationUploads.rows,
    amount_recorded: reconciliationUploads.amountRecorded,
};

export const uploadNotFound = () => new HttpError(404, 'errors.not_found', 'No statement upload has this id', 'upload_id');

/** Uploads with their uploader, as `toUpload` reads them. */
export const selectUploads = (db: Queryable) =>
    db.select(uploadColumns).from(reconciliationUploads).innerJoin(admins, eq(admins.id, reconciliationUploads.uploadedBy));
