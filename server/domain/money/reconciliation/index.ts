/**
 * Reconciliation (contract/money/reconciliation.ts): a bank or mobile-money statement imported
 * in short transactions, the uploads' history, and each upload's rows with what became of them.
 *
 * The file is read first, whole (../statement: 415 when it is not text, 400 when the header lacks
 * a column, 413 past the row cap, each row a payment or a rejection): a refused file stores nothing.
 * Then, in this instance's turn (`inTurn`):
 *
 * 1. The claim, one short `context.write` under `pg_advisory_xact_lock(hashtext('reconciliation'))`:
 *    the upload with its row count, zero counts so far and its bytes in `pending` (it reads as
 *    `importing` until they are cleared), audited `reconciliation_uploads.create`.
 * 2. The unfinished uploads are imported earliest first (`finishImports`), so one a crash cut is
 *    finished before this one, and imports finish in the order they were claimed on every instance:
 *    the same file sent thrice at once is imported by the first, the others find its payments.
 *    Each batch of IMPORT_BATCH units is one write under the same lock (`importBatch`):
 *    a. The payments' references already recorded (by earlier batches too), the loans the accounts
 *       name and the active loans of the payers' numbers are read, and those loans locked FOR
 *       UPDATE in id order (the order every writer of a loan's balance takes); the statuses and
 *       balances used are the locked ones.
 *    b. Each payment in file order: `duplicate` when its reference was recorded before or earlier in
 *       the file (with that payment's id), compared without letter case or surrounding spaces as the
 *       unique index compares them (../reference.ts); else the loan its `account` names, or, when it
 *       names none, the one active loan of the customer whose number paid. An active loan whose
 *       balance (after the file's earlier rows) covers it is `matched`: an `instalment` on the loan,
 *       its balance lowered. Otherwise it waits in suspense (`open`, loan null) with why:
 *       `loan_not_active`, `exceeds_balance`, `several_loans` or `unknown_account`.
 *    c. Bulk writes, never a query per row: the payments (transactions carrying `upload_id` and
 *       their line), the duplicate and rejected rows (`reconciliation_rows`, a run of junk
 *       rejections on consecutive lines as one row: `compacted`), the balances, the upload's counts
 *       raised and `batches_done` (the batch's marker), and one audit event
 *       `reconciliation_uploads.import` with the batch's counts; the last batch clears `pending`.
 * 3. The answer, once the upload is done: the upload as a reader sees it.
 *
 * Exactly once, resumable (tests/server/reconciliationCrash.test.ts): a batch commits whole with its
 * marker, so a crash leaves whole batches, and the import is resumed from the first batch not
 * committed when the server starts, before the next import, or when the upload is read.
 * `same_file_as` is worked out when read: the first earlier upload with the same SHA-256.
 *
 * Here the three calls; beside them, one file per step: ./parse.ts (the file into units and
 * batches), ./turns.ts (`inTurn`, the lock), ./claim.ts (1), ./resume.ts (`finishImports`, resuming),
 * ./batch.ts (`importBatch`), ./decide.ts (2a, 2b), ./record.ts (2c) over ./bulkSql.ts, and for
 * reading ./uploads.ts and ./rows.ts.
 */
import { createHash } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    reconcileDeposits,
    reconciliationRows as reconciliationRowsCall,
    reconciliationUploads as reconciliationUploadsCall,
} from '../../../../contract/money';
import { reconciliationUploads } from '../../../db/schema';
import { HttpError, mount, type CallContext } from '../../../http';
import { largePageRows } from '../../../lists';
import { pageWindow } from '../present';
import { reachOf } from '../reach';
import { select } from './bulkSql';
import { claimUpload } from './claim';
import { parseStatement } from './parse';
import { finishImports, resumeImports, writerFor } from './resume';
import { toRow, uploadRowsQuery, type RowRecord } from './rows';
import { importsSettled, inTurn } from './turns';
import { selectUploads, toUpload, UPLOAD_SORTS, uploadNotFound } from './uploads';

/** A file name as kept: the client's word, trimmed and cut. */
const FILE_NAME_LENGTH = 200;

/**
 * Statements are back-office work, as suspense is (server/domain/money/reach.ts): a statement's
 * rows reach every shop's loans, and its results name them. A caller attached to a shop is refused
 * all three calls, whatever roles their group was given.
 */
const backOfficeOnly = (context: CallContext) => {
    if (reachOf(context).shop !== null) {
        throw new HttpError(403, 'errors.forbidden', 'Statements are reconciled by staff without a shop: they reach every shop');
    }
};

export const registerReconciliationRoutes = (app: FastifyInstance): void => {
    // An import a crash interrupted is finished when the server starts (in the background: the
    // server answers meanwhile), and this instance's imports are let finish before it closes.
    app.addHook('onReady', async () => {
        resumeImports(app.portal.db, app.portal.settings.now, app.log);
    });
    app.addHook('onClose', async () => {
        await importsSettled();
    });

    mount(app, reconcileDeposits, async ({ body, file }, context) => {
        backOfficeOnly(context);
        // Read whole before anything is stored: a file refused (415, 400, 413) leaves nothing.
        const parsed = await parseStatement(file.bytes);
        const sha256 = createHash('sha256').update(file.bytes).digest('hex');
        const fileName = file.name.trim().slice(0, FILE_NAME_LENGTH) || 'statement.csv';
        const admin = context.session?.admin;
        if (!admin) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
        const now = context.now();

        const uploadId = await inTurn(async () => {
            const claimed = await claimUpload(context, {
                fileName,
                sha256,
                channel: body.channel,
                uploadedBy: admin.id,
                bytes: file.bytes,
                parsed,
                at: now,
            });
            await finishImports(
                context.db,
                upload => (upload.uploadedBy === admin.id ? context.write : writerFor(context.db, context.now, upload)),
                {
                    until: claimed,
                    known: new Map([[claimed, parsed]]),
                },
            );
            return claimed;
        });
        const [found] = await selectUploads(context.db).where(eq(reconciliationUploads.id, uploadId));
        if (!found) throw new Error('The upload was not found once imported');
        return { upload: toUpload(found) };
    });

    mount(app, reconciliationUploadsCall, async ({ body }, context) => {
        backOfficeOnly(context);
        const direction = body.order === 'asc' ? asc : desc;
        // An honest total (lists.ts largePageRows): counted only when the page is full, up to a bound.
        const { rows, ...total } = await largePageRows(
            context.db,
            pageWindow(body),
            (limit, offset) =>
                selectUploads(context.db)
                    // Ties by id in the same direction: pages never overlap.
                    .orderBy(direction(UPLOAD_SORTS[body.sort]), direction(reconciliationUploads.id))
                    .limit(limit)
                    .offset(offset),
            { table: reconciliationUploads, where: undefined },
        );
        return { data: rows.map(toUpload), ...total };
    });

    mount(app, reconciliationRowsCall, async ({ body }, context) => {
        backOfficeOnly(context);
        const [found] = await selectUploads(context.db).where(eq(reconciliationUploads.id, body.upload_id));
        if (!found) throw uploadNotFound();
        const upload = toUpload(found);
        // An upload still importing with no import under way (its server stopped) is finished now.
        if (upload.importing) resumeImports(context.db, context.now, app.log);
        const offset = (body.page_number - 1) * body.page_size;
        const rows = await select<RowRecord>(context.db, uploadRowsQuery(upload.id, body.outcome, body, body.page_size, offset));
        // The upload's counts are its rows' (each row is one outcome, for good).
        const total = body.outcome ? upload[body.outcome] : upload.rows;
        return { upload, data: rows.map(toRow), total_items: total };
    });
};
