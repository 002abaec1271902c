/**
 * Finishing imports (index.ts "Exactly once, resumable"): the unfinished uploads imported batch by
 * batch, earliest first, by the request that claimed one, or in the background when the server
 * starts or an unfinished upload is read.
 */
import { eq, isNotNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db';
import { reconciliationUploads } from '../../../db/schema';
import { HttpError } from '../../../http';
import { writeAs, type Write } from '../../../write';
import { importBatch } from './batch';
import { parseStatement, type Parsed } from './parse';
import { inTurn, nextTask } from './turns';

/** An upload not yet imported whole. */
export interface PendingUpload {
    id: number;
    uploadedBy: number;
}

/** A payment recorded by another writer between a batch's reading and its writing: the batch is tried again (then a duplicate). */
const CONFLICT_RETRIES = 3;

/**
 * Imports the unfinished uploads, earliest first, a batch per transaction with a turn of the event
 * loop between, until none is left or (with `until`) that one is done. Earliest first keeps
 * imports in the order they were claimed on every instance, and finishes an upload a crash
 * interrupted before the next one's rows are decided. `known` holds files already read.
 */
export const finishImports = async (
    db: Database,
    writeFor: (upload: PendingUpload) => Write,
    options: { until?: number; known?: Map<number, Parsed> } = {},
): Promise<void> => {
    const files = options.known ?? new Map<number, Parsed>();
    let conflicts = 0;
    for (;;) {
        const [next] = await db
            .select({ id: reconciliationUploads.id, uploadedBy: reconciliationUploads.uploadedBy })
            .from(reconciliationUploads)
            .where(isNotNull(reconciliationUploads.pending))
            .orderBy(reconciliationUploads.id)
            .limit(1);
        if (!next || (options.until !== undefined && next.id > options.until)) return;
        let parsed = files.get(next.id);
        if (!parsed) {
            const [kept] = await db
                .select({ pending: reconciliationUploads.pending })
                .from(reconciliationUploads)
                .where(eq(reconciliationUploads.id, next.id));
            if (!kept?.pending) continue;
            parsed = await parseStatement(Buffer.from(kept.pending));
            files.set(next.id, parsed);
        }
        try {
            if (await importBatch(writeFor(next), next.id, parsed)) files.delete(next.id);
            conflicts = 0;
        } catch (error) {
            if (!(error instanceof HttpError && error.status === 409) || ++conflicts > CONFLICT_RETRIES) throw error;
        }
        // Other requests are served between two batches.
        await nextTask();
    }
};

/** Batches of an upload finished for its uploader outside their request (resumed), audited as theirs. */
export const writerFor =
    (db: Database, now: () => Date, upload: PendingUpload): Write =>
    (work, options) =>
        writeAs(db, () => ({ adminId: upload.uploadedBy, roleUsed: null, coords: null, at: now() }), work, options);

/** Whether this instance is already finishing unfinished imports in the background. */
let resuming = false;

/**
 * Finishes, in the background and in this instance's turn, the imports left unfinished (by a
 * crash, or a request that failed part way): at start, and when an unfinished upload is read.
 */
export const resumeImports = (db: Database, now: () => Date, log: FastifyBaseLogger): void => {
    if (resuming) return;
    resuming = true;
    inTurn(() => finishImports(db, upload => writerFor(db, now, upload)))
        .catch((error: unknown) => log.error({ err: error }, 'An unfinished statement import could not be resumed'))
        .finally(() => {
            resuming = false;
        });
};
