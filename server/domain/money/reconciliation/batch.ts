/**
 * One batch of an upload imported in one transaction (index.ts, step 2): decided, written, counted
 * and marked done together, so a crash leaves whole batches only.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { reconciliationUploads } from '../../../db/schema';
import { HttpError } from '../../../http';
import type { Write } from '../../../write';
import { moneyText } from './bulkSql';
import { decide, readKnown } from './decide';
import { batchCount, IMPORT_BATCH, type Parsed } from './parse';
import { insertNotRecorded, insertPayments, lowerBalances } from './record';
import { lockImports } from './turns';

const paymentConflict = () =>
    new HttpError(
        409,
        'errors.conflict',
        'A payment of this statement was recorded by someone else at the same moment more than once: the rest of the upload is imported when it is next opened',
    );

/** The batch's upload was found done under the lock (another instance finished it): nothing to write. */
class AlreadyImported extends Error {}

/**
 * Imports the next batch of an upload (the first not yet committed) in one transaction: its
 * payments decided against the database as it is now (the earlier batches' payments and balances
 * in it), written with the rows it records nothing for, the balances, the upload's counts and the
 * batch's marker (`batches_done`), and its audit event. A batch commits whole or not at all, so a
 * crash leaves the upload at a batch boundary and a resumed import never applies a batch twice.
 * Answers whether the upload is now done.
 */
export const importBatch = async (write: Write, uploadId: number, parsed: Parsed): Promise<boolean> => {
    try {
        return await write(
            async tx => {
                await lockImports(tx);
                const [upload] = await tx
                    .select({
                        channel: reconciliationUploads.channel,
                        createdAt: reconciliationUploads.createdAt,
                        batchesDone: reconciliationUploads.batchesDone,
                    })
                    .from(reconciliationUploads)
                    .where(and(eq(reconciliationUploads.id, uploadId), isNotNull(reconciliationUploads.pending)));
                if (!upload) throw new AlreadyImported();
                const batches = batchCount(parsed);
                const batch = upload.batchesDone;
                const units = parsed.units.slice(batch * IMPORT_BATCH, (batch + 1) * IMPORT_BATCH);
                const payments = units.flatMap(unit => (unit.payment ? [unit.payment] : []));
                const rejections = units.flatMap(unit => (unit.rejected ? [unit.rejected] : []));
                const known = await readKnown(tx, payments);
                const { recorded, duplicates } = await decide(payments, known);
                // The upload's moment, not the batch's: a resumed batch records what the first would have.
                const at = upload.createdAt.toISOString();
                await insertPayments(tx, recorded, { id: uploadId, channel: upload.channel, at });
                const notRecorded = [...duplicates.map(row => ({ ...row, lastLine: null })), ...rejections].sort(
                    (a, b) => a.line - b.line,
                );
                await insertNotRecorded(tx, notRecorded, uploadId);
                await lowerBalances(tx, recorded, at);
                const matched = recorded.filter(entry => entry.loanId !== null).length;
                const suspense = recorded.length - matched;
                const rejected = rejections.reduce((lines, row) => lines + (row.lastLine ?? row.line) - row.line + 1, 0);
                const cents = recorded.reduce((total, entry) => total + entry.row.cents, 0);
                const done = batch + 1 >= batches;
                await tx
                    .update(reconciliationUploads)
                    .set({
                        matched: sql`${reconciliationUploads.matched} + ${matched}::int`,
                        suspense: sql`${reconciliationUploads.suspense} + ${suspense}::int`,
                        duplicate: sql`${reconciliationUploads.duplicate} + ${duplicates.length}::int`,
                        rejected: sql`${reconciliationUploads.rejected} + ${rejected}::int`,
                        amountRecorded: sql`${reconciliationUploads.amountRecorded} + ${moneyText(cents)}::numeric`,
                        batchesDone: batch + 1,
                        ...(done ? { pending: null } : {}),
                    })
                    .where(eq(reconciliationUploads.id, uploadId));
                return {
                    result: done,
                    audit: {
                        action: 'reconciliation_uploads.import',
                        entity: 'reconciliation_uploads',
                        entityId: uploadId,
                        after: {
                            batch: batch + 1,
                            batches,
                            done,
                            matched,
                            suspense,
                            duplicate: duplicates.length,
                            rejected,
                            amount_recorded: cents / 100,
                        },
                    },
                };
            },
            { conflicts: { transactions_reference_unique: paymentConflict } },
        );
    } catch (error) {
        if (error instanceof AlreadyImported) return true;
        throw error;
    }
};
