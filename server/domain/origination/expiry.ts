/**
 * A draft sale's reservation ends DRAFT_RESERVATION_HOURS after the sale was started
 * (contract/origination/index.ts): a `draft` loan (its codes not both verified) that old is cancelled
 * with `reservation_expired`, its reserved phone goes back in stock, and the customer's credit is
 * theirs again (credit counts the balances of open loans only). Each loan is audited
 * (`loans.expire`, and `inventory_items.release` for its phone).
 *
 * The sweep runs on a timer (`startDraftSweep`, server/main.ts) and on demand before a customer's
 * sale or loans are read (`releaseExpiredDrafts` with the customer), so what a seller is shown
 * never waits for the timer. Several instances may sweep at once: each write takes the drafts'
 * rows `FOR UPDATE SKIP LOCKED` and moves only those still `draft`, so a loan is released once, by
 * whoever locked it, and nobody waits on another's sweep. A draft that became `awaiting_deposit`
 * meanwhile (both codes verified) is no longer a draft and is left alone.
 */
import { sql } from 'drizzle-orm';
import { DRAFT_RESERVATION_HOURS } from '../../../contract/origination';
import { rowsOf, type Database, type Transaction } from '../../db';
import type { CallContext } from '../../http';
import { writeAs, type AuditEntry } from '../../write';
import { moveLoan } from '../records';

const HOUR_MS = 60 * 60_000;
/** How often the timer sweeps: a draft is released at most this long after it expired, or at once on demand. */
export const DRAFT_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Drafts released per write: a backlog is worked off in short transactions. */
const SWEEP_BATCH = 200;

interface Expired {
    id: number;
    loan_reference: string;
    inventory_item_id: number | null;
    created_at: Date | string;
}

/** One batch: the expired drafts locked (skipping any another sweep holds), cancelled, their phones back in stock. */
const releaseBatch = async (tx: Transaction, now: Date, customerId: number | null) => {
    const before = startedBefore(now);
    const rows = rowsOf<Expired>(
        await tx.execute(
            sql`SELECT id, loan_reference, inventory_item_id, created_at FROM loans
                WHERE status = 'draft' AND created_at <= ${before}::timestamptz
                ${customerId === null ? sql`` : sql`AND customer_id = ${customerId}`}
                ORDER BY created_at, id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`,
        ),
    );
    const audit: AuditEntry[] = [];
    if (rows.length === 0) return audit;
    const status = moveLoan('draft', 'cancelled');
    const ids = `{${rows.map(row => row.id).join(',')}}`;
    const at = now.toISOString();
    await tx.execute(
        sql`UPDATE loans SET status = ${status}, cancellation_reason = 'reservation_expired', cancellation_note = NULL,
                updated_at = ${at}::timestamptz
            WHERE id = ANY(${ids}::int[]) AND status = 'draft'`,
    );
    const items = rows.flatMap(row => (row.inventory_item_id === null ? [] : [row.inventory_item_id]));
    const released = new Set(
        rowsOf<{ id: number }>(
            await tx.execute(
                sql`UPDATE inventory_items SET status = 'in_stock'
                    WHERE id = ANY(${`{${items.join(',')}}`}::int[]) AND status = 'reserved' RETURNING id`,
            ),
        ).map(row => row.id),
    );
    for (const row of rows) {
        audit.push({
            action: 'loans.expire',
            entity: 'loans',
            entityId: row.id,
            before: { status: 'draft' },
            after: {
                status,
                reason: 'reservation_expired',
                loan_reference: row.loan_reference,
                started_at: new Date(row.created_at).toISOString(),
                reserved_hours: DRAFT_RESERVATION_HOURS,
            },
        });
        if (row.inventory_item_id !== null && released.has(row.inventory_item_id)) {
            audit.push({
                action: 'inventory_items.release',
                entity: 'inventory_items',
                entityId: row.inventory_item_id,
                before: { status: 'reserved' },
                after: { status: 'in_stock', loan_reference: row.loan_reference },
            });
        }
    }
    return audit;
};

/** The oldest moment a draft may have started and still hold its reservation at `now`. */
const startedBefore = (now: Date) => new Date(now.getTime() - DRAFT_RESERVATION_HOURS * HOUR_MS).toISOString();

/**
 * Whether a draft started at `createdAt` has lost its reservation at `now` (the sweep's own bound):
 * such a draft is finished by nobody, even before a sweep has released it.
 */
export const reservationEnded = (createdAt: Date, now: Date): boolean =>
    createdAt.getTime() <= now.getTime() - DRAFT_RESERVATION_HOURS * HOUR_MS;

/** Whether any draft (of this customer) has expired: the partial index on drafts, or the customer's loans. */
const anyExpired = async (db: Database, now: Date, customerId: number | null): Promise<boolean> =>
    rowsOf(
        await db.execute(
            sql`SELECT 1 FROM loans WHERE status = 'draft' AND created_at <= ${startedBefore(now)}::timestamptz
                ${customerId === null ? sql`` : sql`AND customer_id = ${customerId}`} LIMIT 1`,
        ),
    ).length > 0;

/** Nothing had expired: the write is rolled back, leaving no trace. */
class NothingExpired extends Error {}

/**
 * Releases the drafts that have expired by `now` (one customer's, when named), in writes of at most
 * SWEEP_BATCH loans, each audited as the system's (no actor: no one asked). Answers how many.
 */
export const releaseExpiredDrafts = async (
    db: Database,
    now: Date,
    options: { customerId?: number; coords?: string | null } = {},
): Promise<number> => {
    let total = 0;
    for (;;) {
        // Most reads find nothing expired: one indexed read, outside any transaction, answers that.
        if (!(await anyExpired(db, now, options.customerId ?? null))) return total;
        let released = 0;
        try {
            await writeAs(
                db,
                () => ({ adminId: null, roleUsed: null, coords: options.coords ?? null, at: now }),
                async tx => {
                    const audit = await releaseBatch(tx, now, options.customerId ?? null);
                    const [first, ...rest] = audit;
                    if (!first) throw new NothingExpired();
                    released = audit.filter(event => event.action === 'loans.expire').length;
                    return { result: undefined, audit: [first, ...rest] as const };
                },
            );
        } catch (error) {
            if (error instanceof NothingExpired) return total;
            throw error;
        }
        total += released;
        if (released < SWEEP_BATCH) return total;
    }
};

/**
 * The timer's sweep, every DRAFT_SWEEP_INTERVAL_MS (and once at start); a failed sweep is logged
 * and tried again next time. Answers the function that stops it.
 */
export const startDraftSweep = (
    db: Database,
    now: () => Date,
    log: { error: (value: unknown, message: string) => void },
): (() => void) => {
    const sweep = () => {
        releaseExpiredDrafts(db, now()).catch((error: unknown) => log.error(error, 'The draft reservation sweep failed'));
    };
    sweep();
    const timer = setInterval(sweep, DRAFT_SWEEP_INTERVAL_MS);
    timer.unref();
    return () => clearInterval(timer);
};

/** On demand: one customer's expired drafts, released before their credit, loans or a new sale are read. */
export const releaseCustomerDrafts = (context: CallContext, customerId: number): Promise<number> =>
    releaseExpiredDrafts(context.db, context.now(), { customerId, coords: context.coords });
