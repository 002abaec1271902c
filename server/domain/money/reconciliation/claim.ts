/**
 * The claim (index.ts, step 1): a short transaction under the imports' lock records the upload,
 * its bytes kept (`pending`) until its last batch is in, and audits it. Same bytes sent by three
 * people at once: the first claimed is imported first, whole, and the others find its payments
 * recorded (duplicates), because imports are finished in the order of their ids.
 */
import { eq } from 'drizzle-orm';
import type { ReconciliationUpload } from '../../../../contract/money';
import { reconciliationUploads } from '../../../db/schema';
import type { CallContext } from '../../../http';
import { batchCount, type Parsed } from './parse';
import { lockImports } from './turns';

/** What an upload is recorded with before any of its rows is imported. */
export interface Claim {
    fileName: string;
    sha256: string;
    channel: ReconciliationUpload['channel'];
    uploadedBy: number;
    bytes: Buffer;
    parsed: Parsed;
    at: Date;
}

/** Records the upload (counts at zero, its bytes pending) and answers its id. */
export const claimUpload = (context: CallContext, claim: Claim): Promise<number> =>
    context.write(async tx => {
        await lockImports(tx);
        const { fileName, sha256, channel, parsed } = claim;
        const [earlier] = await tx
            .select({ id: reconciliationUploads.id })
            .from(reconciliationUploads)
            .where(eq(reconciliationUploads.sha256, sha256))
            .orderBy(reconciliationUploads.id)
            .limit(1);
        const [inserted] = await tx
            .insert(reconciliationUploads)
            .values({
                fileName,
                sha256,
                channel,
                uploadedBy: claim.uploadedBy,
                rows: parsed.rows,
                matched: 0,
                suspense: 0,
                duplicate: 0,
                rejected: 0,
                amountRecorded: 0,
                createdAt: claim.at,
                pending: claim.bytes,
                batchesDone: 0,
            })
            .returning({ id: reconciliationUploads.id });
        if (!inserted) throw new Error('The upload was not recorded');
        return {
            result: inserted.id,
            audit: {
                action: 'reconciliation_uploads.create',
                entity: 'reconciliation_uploads',
                entityId: inserted.id,
                after: {
                    file_name: fileName,
                    sha256,
                    channel,
                    rows: parsed.rows,
                    batches: batchCount(parsed),
                    same_file_as: earlier?.id ?? null,
                },
            },
        };
    });
