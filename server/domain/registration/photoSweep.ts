/** The registration photos no checker needs any more, removed by each instance's sweep. */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db';
import { writeAs } from '../../write';
import type { ImageStore } from '../kyc/imageStore';

/**
 * A pending registration's photo is kept this long after registering: a checker decides well
 * within it, and a registration nobody decides does not hold its photo for ever.
 */
export const PENDING_REGISTRATION_PHOTO_DAYS = 30;
/** The most photos one sweep removes, so a sweep is a short write; the next one takes the rest. */
const PHOTO_SWEEP_BATCH = 1000;

/**
 * Removes the registration photos no checker needs any more: those of a registration rejected
 * (its registrant disabled while it waited) and those of one still pending
 * PENDING_REGISTRATION_PHOTO_DAYS after registering. An approved agent's photo stays, the record
 * of whom the checker let in. The row keeps the photo's metadata; its `stored_as` is cleared by one
 * statement that skips rows another instance's sweep holds, so each file is removed once, after
 * the commit (a crash between leaves a file no row names, never a row naming no file). Answers how
 * many were removed.
 */
export const sweepRegistrationPhotos = async (db: Database, store: ImageStore, now: Date): Promise<number> => {
    const cutoff = new Date(now.getTime() - PENDING_REGISTRATION_PHOTO_DAYS * 24 * 60 * 60_000).toISOString();
    const due = sql`
        SELECT step.id FROM registration_liveness step JOIN admins ON admins.id = step.admin_id
        WHERE step.stored_as IS NOT NULL
          AND (admins.status = 'disabled' OR (admins.status = 'pending_approval' AND step.created_at < ${cutoff}::timestamptz))`;
    // Most sweeps find nothing: they write nothing, audit included.
    const found = await db.execute(sql`${due} LIMIT 1`);
    if ((Array.isArray(found) ? found : (found as { rows: unknown[] }).rows).length === 0) return 0;
    const removed = await writeAs(
        db,
        () => ({ adminId: null, roleUsed: null, coords: null, at: now }),
        async tx => {
            const rows = await tx.execute(sql`
                WITH doomed AS (${due} ORDER BY step.id LIMIT ${PHOTO_SWEEP_BATCH} FOR UPDATE OF step SKIP LOCKED),
                     files AS (SELECT step.id, step.admin_id, step.stored_as FROM registration_liveness step JOIN doomed USING (id))
                UPDATE registration_liveness SET stored_as = NULL FROM files
                WHERE registration_liveness.id = files.id
                RETURNING files.admin_id, files.stored_as`);
            const gone = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as {
                admin_id: number;
                stored_as: string;
            }[];
            return {
                result: gone,
                audit: {
                    action: 'registration_photos.expire',
                    entity: 'admins',
                    after: {
                        count: gone.length,
                        pending_registered_before: cutoff,
                        admin_ids: gone.map(row => Number(row.admin_id)),
                    },
                },
            };
        },
    );
    for (const row of removed) await store.remove(row.stored_as);
    return removed.length;
};
