/**
 * Reconciliation (contract/money.ts "Reconciliation"): a bank or mobile-money statement imported
 * in short transactions, the uploads' history, and each upload's rows with what became of them.
 *
 * The file is read first, whole (./statement.ts: 415 when it is not text, 400 when the header lacks
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
 *       unique index compares them (./reference.ts); else the loan its `account` names, or, when it
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
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
    reconcileDeposits,
    reconciliationRows as reconciliationRowsCall,
    reconciliationUploads as reconciliationUploadsCall,
    type ReconciliationRow,
    type ReconciliationUpload,
    type RowOutcome,
    type SuspenseReason,
} from '../../../contract/money';
import type { Database, Queryable, Transaction } from '../../db';
import { admins, reconciliationUploads } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import { writeAs, type Write } from '../../write';
import { reachOf } from './reach';
import { referenceKey, referenceKeyOf } from './reference';
import { statementRows, type PaymentRow, type RejectedRow, type RowProblem } from './statement';

/** Rows per bulk write: large enough that round trips do not count, small enough to stay light. */
const BATCH = 5000;
/** Keys per lookup: past ~20,000 the array's sort in the index scan costs more than another round trip. */
const LOOKUP_BATCH = 20_000;

/** Rows read between two turns of the event loop (some 10 ms of reading). */
const READ_SLICE = 5000;

/** A file name as kept: the client's word, trimmed and cut. */
const FILE_NAME_LENGTH = 200;

// ---------------------------------------------------------------------------------------------
// Raw SQL helpers

/** The rows of a raw `execute`: PGlite answers `{ rows }`, postgres.js the rows themselves. */
const rowsOf = <Row>(result: unknown): Row[] =>
    Array.isArray(result) ? (result as Row[]) : ((result as { rows?: Row[] }).rows ?? []);

const select = async <Row>(db: Queryable, query: SQL): Promise<Row[]> => rowsOf<Row>(await db.execute(query));

const NEEDS_ESCAPE = /["\\]/;

/** A PostgreSQL array literal of texts (NULL for null), one parameter however many values. */
const textArray = (values: readonly (string | null)[]): string =>
    `{${values
        .map(value =>
            value === null ? 'NULL' : NEEDS_ESCAPE.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : `"${value}"`,
        )
        .join(',')}}`;

/** A PostgreSQL array literal of integers (NULL for null). */
const intArray = (values: readonly (number | null)[]): string =>
    `{${values.map(value => (value === null ? 'NULL' : String(Math.trunc(value)))).join(',')}}`;

/** Cents as the text of a numeric: 12345 → '123.45'. */
const moneyText = (cents: number): string => {
    const magnitude = Math.abs(cents);
    const text = `${Math.trunc(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
    return cents < 0 ? `-${text}` : text;
};

/** A numeric column's text, as both drivers answer it, in cents. */
const centsOf = (value: string | number): number => Math.round(Number(value) * 100);

const batchesOf = <T>(items: readonly T[], size = BATCH): T[][] => {
    const batches: T[][] = [];
    for (let at = 0; at < items.length; at += size) batches.push(items.slice(at, at + size));
    return batches;
};

/**
 * `= ANY(…)` over an array parameter the planner does not see: given the array itself, it would
 * estimate each element's selectivity, some 15 µs an element (80 ms for 5,000 keys) before the
 * index is read at all; as an InitPlan the whole lookup of 5,000 keys takes about 10 ms.
 */
const anyText = (values: readonly (string | null)[]) => sql`ANY((SELECT ${textArray(values)}::text[])::text[])`;
const anyInt = (values: readonly number[]) => sql`ANY((SELECT ${intArray(values)}::int[])::int[])`;

const lockImports = (tx: Transaction) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('reconciliation'))`);

/** The end of this instance's latest import (see `inTurn`). */
let importsDone: Promise<unknown> = Promise.resolve();

/**
 * Runs an import once this instance's earlier ones have finished. The advisory lock alone keeps
 * imports one at a time on every instance, but an import waiting for it holds a pooled connection
 * in its open transaction: four statements sent at once held both of PostgreSQL's connections and
 * every other request waited for the first import to commit (health's p99 19 s, bench/statementLoad.ts).
 * Waiting here holds nothing; the lock still orders imports between instances.
 */
const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = importsDone.then(work, work);
    importsDone = turn.catch(() => undefined);
    return turn;
};

// ---------------------------------------------------------------------------------------------
// Deciding each row

/** A payment this import records: on its loan, or in suspense with why. */
interface Recorded {
    row: PaymentRow;
    loanId: number | null;
    reason: SuspenseReason | null;
}

/** A row that records nothing: a duplicate (of a payment before, or of one earlier in the file) or a rejection. */
interface NotRecorded {
    line: number;
    outcome: Extract<RowOutcome, 'duplicate' | 'rejected'>;
    reference: string | null;
    msisdn: string | null;
    cents: number | null;
    field: string | null;
    problem: RowProblem | null;
}

interface LockedLoan {
    id: number;
    active: boolean;
    balance: number;
}

/** What the database says about the statement's payments, read under the lock. */
interface Known {
    /** The references already recorded, as keys (`referenceKey`). */
    recorded: ReadonlySet<string>;
    /** Loan reference → loan id, for the accounts the rows name. */
    loansByReference: ReadonlyMap<string, number>;
    /** Payer's number → ids of their customer's active loans. */
    activeLoansOf: ReadonlyMap<string, readonly number[]>;
    /** Every loan above, as locked (status and balance in cents). */
    loans: ReadonlyMap<number, LockedLoan>;
}

const rejection = (row: RejectedRow): NotRecorded => ({
    line: row.line,
    outcome: 'rejected',
    reference: row.reference,
    msisdn: row.msisdn,
    cents: row.cents,
    field: row.field,
    problem: row.problem,
});

/** Matched or suspense, for a payment with a loan in view (or none): the loan's balance so far decides. */
const onLoan = (loan: LockedLoan | undefined, cents: number): { loanId: number | null; reason: SuspenseReason | null } => {
    if (!loan) return { loanId: null, reason: 'unknown_account' };
    if (!loan.active) return { loanId: null, reason: 'loan_not_active' };
    if (cents > loan.balance) return { loanId: null, reason: 'exceeds_balance' };
    loan.balance -= cents;
    return { loanId: loan.id, reason: null };
};

/**
 * Every payment's outcome in file order, balances applied as it goes (the file's rows on one loan
 * all count). Other requests are served every READ_SLICE rows.
 */
const decide = async (payments: readonly PaymentRow[], known: Known) => {
    const recorded: Recorded[] = [];
    const duplicates: NotRecorded[] = [];
    /** The references this file records, as it goes (as keys). */
    const inFile = new Set<string>();
    let decided = 0;
    for (const row of payments) {
        if (++decided % READ_SLICE === 0) await nextTask();
        const key = referenceKey(row.reference);
        if (known.recorded.has(key) || inFile.has(key)) {
            duplicates.push({
                line: row.line,
                outcome: 'duplicate',
                reference: row.reference,
                msisdn: row.msisdn,
                cents: row.cents,
                field: null,
                problem: null,
            });
            continue;
        }
        const named = row.account === null ? undefined : known.loansByReference.get(row.account);
        let decision: { loanId: number | null; reason: SuspenseReason | null };
        if (named !== undefined) {
            decision = onLoan(known.loans.get(named), row.cents);
        } else {
            const candidates = (known.activeLoansOf.get(row.msisdn) ?? []).filter(id => known.loans.get(id)?.active);
            decision =
                candidates.length > 1
                    ? { loanId: null, reason: 'several_loans' }
                    : onLoan(candidates[0] === undefined ? undefined : known.loans.get(candidates[0]), row.cents);
        }
        recorded.push({ row, ...decision });
        inFile.add(key);
    }
    return { recorded, duplicates };
};

/** Reads what the rows need to be decided, locking the loans they may touch (see the header, step 2). */
const readKnown = async (tx: Transaction, payments: readonly PaymentRow[]): Promise<Known> => {
    const keys = [...new Set(payments.map(row => referenceKey(row.reference)))];
    const recorded = new Set<string>();
    for (const batch of batchesOf(keys, LOOKUP_BATCH)) {
        // The unique index's own expression, so the lookup reads it.
        const found = await select<{ key: string }>(
            tx,
            sql`SELECT ${referenceKeyOf(sql`reference`)} AS key FROM transactions
                WHERE ${referenceKeyOf(sql`reference`)} = ${anyText(batch)}`,
        );
        for (const { key } of found) recorded.add(key);
    }
    const fresh = payments.filter(row => !recorded.has(referenceKey(row.reference)));

    const accounts = [...new Set(fresh.flatMap(row => (row.account === null ? [] : [row.account])))];
    const loansByReference = new Map<string, number>();
    for (const batch of batchesOf(accounts, LOOKUP_BATCH)) {
        const found = await select<{ id: number; loan_reference: string }>(
            tx,
            sql`SELECT id, loan_reference FROM loans WHERE loan_reference = ${anyText(batch)}`,
        );
        for (const loan of found) loansByReference.set(loan.loan_reference, loan.id);
    }

    const payers = [
        ...new Set(fresh.filter(row => row.account === null || !loansByReference.has(row.account)).map(row => row.msisdn)),
    ];
    const activeLoansOf = new Map<string, number[]>();
    for (const batch of batchesOf(payers, LOOKUP_BATCH)) {
        const found = await select<{ msisdn: string; id: number }>(
            tx,
            sql`SELECT c.msisdn, l.id FROM customers c JOIN loans l ON l.customer_id = c.id
                WHERE c.msisdn = ${anyText(batch)} AND l.status = 'active'`,
        );
        for (const { msisdn, id } of found) activeLoansOf.set(msisdn, [...(activeLoansOf.get(msisdn) ?? []), id]);
    }

    const ids = [...new Set([...loansByReference.values(), ...[...activeLoansOf.values()].flat()])].sort((a, b) => a - b);
    const loans = new Map<number, LockedLoan>();
    if (ids.length > 0) {
        const locked = await select<{ id: number; status: string; balance: string }>(
            tx,
            sql`SELECT id, status, balance FROM loans WHERE id = ${anyInt(ids)} ORDER BY id FOR UPDATE`,
        );
        for (const loan of locked) {
            loans.set(loan.id, { id: loan.id, active: loan.status === 'active', balance: centsOf(loan.balance) });
        }
    }
    return { recorded, loansByReference, activeLoansOf, loans };
};

// ---------------------------------------------------------------------------------------------
// Writing

/** Epoch seconds (to the millisecond) as PostgreSQL's `to_timestamp` reads them: cheaper than ISO text for either side. */
const epochSeconds = (ms: number) => String(ms / 1000);

/** Lets what was queued leave (the socket is written between tasks) while the next batch is built. */
const nextTask = () => new Promise<void>(resolve => setImmediate(resolve));

/**
 * Bulk statements sent one after another without waiting for each (PostgreSQL works on one while
 * the next is built); answers once all are done, with the first failure if any. Each is made a
 * promise once: a drizzle query runs each time it is awaited.
 */
const pipelined = async (queries: Iterable<() => PromiseLike<unknown>>): Promise<void> => {
    const sent: Promise<unknown>[] = [];
    for (const query of queries) {
        const done = Promise.resolve(query());
        // Handled at once: a failure waits for Promise.all below, never unhandled in between.
        done.catch(() => undefined);
        sent.push(done);
        await nextTask();
    }
    await Promise.all(sent);
};

/** The payments, in file order (no answer per row is needed: a duplicate finds its payment by reference). */
const insertPayments = async (
    tx: Transaction,
    recorded: readonly Recorded[],
    upload: { id: number; channel: string; at: string },
): Promise<void> => {
    await pipelined(
        batchesOf(recorded).map(
            batch => () =>
                tx.execute(
                    sql`INSERT INTO transactions (reference, msisdn, loan_id, amount, channel, kind, account, paid_at,
                    suspense_status, suspense_reason, upload_id, upload_line, created_at)
                SELECT v.reference, v.msisdn, v.loan_id, v.amount, ${upload.channel}::transaction_channel, 'instalment',
                       v.account, to_timestamp(v.paid_at), CASE WHEN v.reason IS NULL THEN NULL ELSE 'open'::suspense_status END,
                       v.reason::suspense_reason, ${upload.id}::int, v.line, ${upload.at}::timestamptz
                FROM unnest(
                    ${textArray(batch.map(entry => entry.row.reference))}::text[],
                    ${textArray(batch.map(entry => entry.row.msisdn))}::text[],
                    ${intArray(batch.map(entry => entry.loanId))}::int[],
                    ${`{${batch.map(entry => moneyText(entry.row.cents)).join(',')}}`}::numeric[],
                    ${textArray(batch.map(entry => entry.row.account))}::text[],
                    ${`{${batch.map(entry => epochSeconds(entry.row.paidAt)).join(',')}}`}::float8[],
                    ${textArray(batch.map(entry => entry.reason))}::text[],
                    ${intArray(batch.map(entry => entry.row.line))}::int[]
                ) AS v(reference, msisdn, loan_id, amount, account, paid_at, reason, line)`,
                ),
        ),
    );
};

/** A row that records nothing as stored: a run of identical junk rejections ends at `lastLine`. */
type StoredRow = NotRecorded & { lastLine: number | null };

/** A rejection of which nothing readable is kept: its line, field and problem say all there is. */
const junk = (row: NotRecorded) =>
    row.outcome === 'rejected' && row.reference === null && row.msisdn === null && row.cents === null;

/**
 * The rows in line order with each run of junk rejections on consecutive lines, with the same field
 * and problem, made one (schema/money.ts `reconciliation_rows.last_line`): a file of junk lines
 * stores a row per kind of fault, not per line, and reads back the same.
 */
export const compacted = (rows: readonly NotRecorded[]): StoredRow[] => {
    const stored: StoredRow[] = [];
    let last: StoredRow | undefined;
    for (const row of rows) {
        if (
            last &&
            junk(row) &&
            junk(last) &&
            row.field === last.field &&
            row.problem === last.problem &&
            row.line === (last.lastLine ?? last.line) + 1
        ) {
            last.lastLine = row.line;
            continue;
        }
        last = { ...row, lastLine: null };
        stored.push(last);
    }
    return stored;
};

/**
 * The duplicate and rejected rows, compacted. A duplicate's earlier payment is found by its
 * reference's key, once the payments are in: one recorded before, or by an earlier row of this file.
 */
const insertNotRecorded = async (tx: Transaction, rows: readonly StoredRow[], uploadId: number): Promise<void> => {
    await pipelined(
        batchesOf(rows).map(
            batch => () =>
                tx.execute(
                    sql`INSERT INTO reconciliation_rows (upload_id, line, last_line, outcome, reference, msisdn, amount, field, problem, transaction_id)
                SELECT ${uploadId}::int, v.line, v.last_line, v.outcome::reconciliation_row_outcome, v.reference, v.msisdn, v.amount, v.field,
                       v.problem::reconciliation_row_problem,
                       CASE WHEN v.outcome = 'duplicate' THEN (SELECT t.id FROM transactions t
                           WHERE ${referenceKeyOf(sql`t.reference`)} = ${referenceKeyOf(sql`v.reference`)}) END
                FROM unnest(
                    ${intArray(batch.map(row => row.line))}::int[],
                    ${intArray(batch.map(row => row.lastLine))}::int[],
                    ${textArray(batch.map(row => row.outcome))}::text[],
                    ${textArray(batch.map(row => row.reference))}::text[],
                    ${textArray(batch.map(row => row.msisdn))}::text[],
                    ${textArray(batch.map(row => (row.cents === null ? null : moneyText(row.cents))))}::numeric[],
                    ${textArray(batch.map(row => row.field))}::text[],
                    ${textArray(batch.map(row => row.problem))}::text[]
                ) AS v(line, last_line, outcome, reference, msisdn, amount, field, problem)`,
                ),
        ),
    );
};

/** Lowers each matched loan's balance by what this import put on it, one statement per batch of loans. */
const lowerBalances = async (tx: Transaction, recorded: readonly Recorded[], at: string): Promise<void> => {
    const paid = new Map<number, number>();
    for (const entry of recorded) {
        if (entry.loanId !== null) paid.set(entry.loanId, (paid.get(entry.loanId) ?? 0) + entry.row.cents);
    }
    for (const batch of batchesOf([...paid.entries()].sort(([a], [b]) => a - b))) {
        await tx.execute(
            sql`UPDATE loans SET balance = loans.balance - v.amount, updated_at = ${at}::timestamptz
                FROM unnest(
                    ${intArray(batch.map(([id]) => id))}::int[],
                    ${`{${batch.map(([, cents]) => moneyText(cents)).join(',')}}`}::numeric[]
                ) AS v(id, amount)
                WHERE loans.id = v.id`,
        );
    }
};

const paymentConflict = () =>
    new HttpError(
        409,
        'errors.conflict',
        'A payment of this statement was recorded by someone else at the same moment more than once: the rest of the upload is imported when it is next opened',
    );

// ---------------------------------------------------------------------------------------------
// Importing in short transactions

/**
 * Units of a file per transaction (a payment is one unit, a stored rejection one, even a run of
 * junk lines). On PGlite the database runs one transaction at a time on this process's own thread:
 * an import of 50,000 rows as one transaction stalled every other request for its ~9 s, and a
 * batch of 5,000 froze the event loop for up to 1.5 s. A batch of 500 holds both for tens of ms.
 */
const IMPORT_BATCH = 500;

/** A unit of the file, in line order: a payment to decide, or a rejection as it is stored. */
type Unit = { payment: PaymentRow; rejected?: undefined } | { payment?: undefined; rejected: StoredRow };

/** A file read: its number of rows (lines after the header) and its units in line order. */
interface Parsed {
    rows: number;
    units: Unit[];
}

/**
 * Reads a statement whole (415, 400 or 413 before anything is stored). Deterministic: a resumed
 * import reads the same units from the kept bytes, so its batch numbers mean the same rows.
 */
const parseStatement = async (bytes: Buffer): Promise<Parsed> => {
    const payments: PaymentRow[] = [];
    const rejected: NotRecorded[] = [];
    let read = 0;
    for (const row of statementRows(bytes)) {
        if (row.ok) payments.push(row);
        else rejected.push(rejection(row));
        // Other requests are served between slices: no stretch of reading holds the process.
        if (++read % READ_SLICE === 0) await nextTask();
    }
    // Compacting the rejections alone stores what compacting every unrecorded row did: a run joins
    // consecutive lines only, and a line between (a payment, or a duplicate) breaks it either way.
    const stored = compacted(rejected);
    const units: Unit[] = [];
    let next = 0;
    const storedBefore = (line: number) => {
        for (let row = stored[next]; row !== undefined && row.line < line; row = stored[++next]) units.push({ rejected: row });
    };
    for (const payment of payments) {
        storedBefore(payment.line);
        units.push({ payment });
    }
    storedBefore(Number.POSITIVE_INFINITY);
    return { rows: read, units };
};

/** Batches of a file: at least one, so that a file of no rows is marked done too. */
const batchCount = (parsed: Parsed): number => Math.max(1, Math.ceil(parsed.units.length / IMPORT_BATCH));

/** An upload not yet imported whole. */
interface PendingUpload {
    id: number;
    uploadedBy: number;
}

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
const importBatch = async (write: Write, uploadId: number, parsed: Parsed): Promise<boolean> => {
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

/** A payment recorded by another writer between a batch's reading and its writing: the batch is tried again (then a duplicate). */
const CONFLICT_RETRIES = 3;

/**
 * Imports the unfinished uploads, earliest first, a batch per transaction with a turn of the event
 * loop between, until none is left or (with `until`) that one is done. Earliest first keeps
 * imports in the order they were claimed on every instance, and finishes an upload a crash
 * interrupted before the next one's rows are decided. `known` holds files already read.
 */
const finishImports = async (
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
const writerFor =
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

// ---------------------------------------------------------------------------------------------
// Reading uploads

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

const toUpload = ({ upload, importing, firstName, lastName, sameFileAs: earlier }: UploadRecord): ReconciliationUpload => ({
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
const UPLOAD_SORTS = {
    created_at: reconciliationUploads.createdAt,
    rows: reconciliationUploads.rows,
    amount_recorded: reconciliationUploads.amountRecorded,
};

const uploadNotFound = () => new HttpError(404, 'errors.not_found', 'No statement upload has this id', 'upload_id');

interface RowRecord {
    line: number;
    outcome: RowOutcome;
    reference: string | null;
    msisdn: string | null;
    amount: string | number | null;
    loan_reference: string | null;
    suspense_reason: SuspenseReason | null;
    field: string | null;
    problem: RowProblem | null;
    transaction_id: number | null;
    customer_public_id: string | null;
}

const toRow = (row: RowRecord): ReconciliationRow => ({
    line: Number(row.line),
    outcome: row.outcome,
    reference: row.reference,
    msisdn: row.msisdn,
    amount: row.amount === null ? null : Number(row.amount),
    loan_reference: row.loan_reference,
    suspense_reason: row.suspense_reason,
    field: row.field,
    problem: row.problem,
    transaction_id: row.transaction_id === null ? null : Number(row.transaction_id),
    customer_public_id: row.customer_public_id,
});

type RowOrder = Pick<z.output<typeof reconciliationRowsCall.body>, 'sort' | 'order'>;

/**
 * An upload's rows in the order asked, ties by line (unique within an upload) in the same
 * direction, so pages never overlap. Both parts are found by the upload's own indexes
 * (`transactions_upload_idx`, the rows' primary key); sorted by amount they are a top-N sort of
 * one upload's rows, at most MAX_STATEMENT_ROWS (contract/money.ts), however many uploads there are.
 */
const rowOrder = ({ sort, order }: RowOrder, of: string): SQL => {
    const direction = sql.raw(order === 'asc' ? 'ASC' : 'DESC');
    const line = sql.raw(`${of}.line`);
    return sort === 'amount' ? sql`${sql.raw(`${of}.amount`)} ${direction}, ${line} ${direction}` : sql`${line} ${direction}`;
};

/**
 * One upload's rows in the order asked: the payments it recorded (a payment still without a
 * suspense status matched at once; one with a status went to suspense, even if assigned to a loan
 * since, and shows that loan) and the rows it did not record. Only the page's rows are joined to
 * the customer of their payment's loan (a duplicate's: its earlier payment's).
 */
const uploadRowsQuery = (
    uploadId: number,
    outcome: RowOutcome | undefined,
    order: RowOrder,
    limit: number,
    offset: number,
): SQL => {
    const recorded = sql`SELECT t.upload_line AS line,
            CASE WHEN t.suspense_status IS NULL THEN 'matched' ELSE 'suspense' END AS outcome,
            t.reference, t.msisdn, t.amount, l.loan_reference, t.suspense_reason::text AS suspense_reason,
            NULL::text AS field, NULL::text AS problem, t.id AS transaction_id
        FROM transactions t LEFT JOIN loans l ON l.id = t.loan_id
        WHERE t.upload_id = ${uploadId}::int${
            outcome === 'matched'
                ? sql` AND t.suspense_status IS NULL`
                : outcome === 'suspense'
                  ? sql` AND t.suspense_status IS NOT NULL`
                  : sql``
        }`;
    // A run of junk rejections (`last_line`) is read back as one row per line.
    const notRecorded = sql`SELECT g.line, r.outcome::text AS outcome, r.reference, r.msisdn, r.amount,
            NULL::text AS loan_reference, NULL::text AS suspense_reason, r.field, r.problem::text AS problem, r.transaction_id
        FROM reconciliation_rows r CROSS JOIN LATERAL generate_series(r.line, coalesce(r.last_line, r.line)) AS g(line)
        WHERE r.upload_id = ${uploadId}::int${outcome ? sql` AND r.outcome = ${outcome}::reconciliation_row_outcome` : sql``}`;
    const parts =
        outcome === 'matched' || outcome === 'suspense'
            ? recorded
            : outcome === 'duplicate' || outcome === 'rejected'
              ? notRecorded
              : sql`${recorded} UNION ALL ${notRecorded}`;
    return sql`SELECT page.*, c.public_id::text AS customer_public_id
        FROM (SELECT * FROM (${parts}) AS upload_rows ORDER BY ${rowOrder(order, 'upload_rows')}
            LIMIT ${limit}::int OFFSET ${offset}::int) AS page
        LEFT JOIN transactions p ON p.id = page.transaction_id
        LEFT JOIN loans pl ON pl.id = p.loan_id
        LEFT JOIN customers c ON c.id = pl.customer_id
        ORDER BY ${rowOrder(order, 'page')}`;
};

// ---------------------------------------------------------------------------------------------
// The calls

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
        await importsDone;
    });

    mount(
        app,
        reconcileDeposits,
        async ({ body, file }, context) => {
            backOfficeOnly(context);
            // Read whole before anything is stored: a file refused (415, 400, 413) leaves nothing.
            const parsed = await parseStatement(file.bytes);
            const sha256 = createHash('sha256').update(file.bytes).digest('hex');
            const fileName = file.name.trim().slice(0, FILE_NAME_LENGTH) || 'statement.csv';
            const admin = context.session?.admin;
            if (!admin) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
            const now = context.now();

            const uploadId = await inTurn(async () => {
                // The claim: a short transaction under the imports' lock records the upload (its
                // bytes kept until its last batch is in). Same bytes sent by three people at once:
                // the first claimed is imported first, whole, and the others find its payments
                // recorded (duplicates), because imports are finished in the order of their ids.
                const claimed = await context.write(async tx => {
                    await lockImports(tx);
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
                            channel: body.channel,
                            uploadedBy: admin.id,
                            rows: parsed.rows,
                            matched: 0,
                            suspense: 0,
                            duplicate: 0,
                            rejected: 0,
                            amountRecorded: 0,
                            createdAt: now,
                            pending: file.bytes,
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
                                channel: body.channel,
                                rows: parsed.rows,
                                batches: batchCount(parsed),
                                same_file_as: earlier?.id ?? null,
                            },
                        },
                    };
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
            const [found] = await context.db
                .select(uploadColumns)
                .from(reconciliationUploads)
                .innerJoin(admins, eq(admins.id, reconciliationUploads.uploadedBy))
                .where(eq(reconciliationUploads.id, uploadId));
            if (!found) throw new Error('The upload was not found once imported');
            return { upload: toUpload(found) };
        },
        { status: 201 },
    );

    mount(app, reconciliationUploadsCall, async ({ body }, context) => {
        backOfficeOnly(context);
        const offset = (body.page_number - 1) * body.page_size;
        const direction = body.order === 'asc' ? asc : desc;
        const [found, [total]] = await Promise.all([
            context.db
                .select(uploadColumns)
                .from(reconciliationUploads)
                .innerJoin(admins, eq(admins.id, reconciliationUploads.uploadedBy))
                // Ties by id in the same direction: pages never overlap.
                .orderBy(direction(UPLOAD_SORTS[body.sort]), direction(reconciliationUploads.id))
                .limit(body.page_size)
                .offset(offset),
            context.db.select({ value: count() }).from(reconciliationUploads),
        ]);
        return { data: found.map(toUpload), total_items: total?.value ?? 0 };
    });

    mount(app, reconciliationRowsCall, async ({ body }, context) => {
        backOfficeOnly(context);
        const [found] = await context.db
            .select(uploadColumns)
            .from(reconciliationUploads)
            .innerJoin(admins, eq(admins.id, reconciliationUploads.uploadedBy))
            .where(eq(reconciliationUploads.id, body.upload_id));
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
