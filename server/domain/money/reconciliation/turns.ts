/**
 * Whose turn it is to import: one import at a time on every instance (the advisory lock each batch
 * takes), and on this instance one waiting without holding a connection (`inTurn`). Reading and
 * deciding yield to other requests between slices (`nextTask`).
 */
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../../db';

/** Rows read between two turns of the event loop (some 10 ms of reading). */
export const READ_SLICE = 5000;

/** Lets what was queued leave (the socket is written between tasks) while the next batch is built. */
export const nextTask = () => new Promise<void>(resolve => setImmediate(resolve));

/** Every import's batch and claim takes this lock first: imports run one at a time across instances. */
export const lockImports = (tx: Transaction) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('reconciliation'))`);

/** The end of this instance's latest import (see `inTurn`). */
let importsDone: Promise<unknown> = Promise.resolve();

/**
 * Runs an import once this instance's earlier ones have finished. The advisory lock alone keeps
 * imports one at a time on every instance, but an import waiting for it holds a pooled connection
 * in its open transaction: four statements sent at once held both of PostgreSQL's connections and
 * every other request waited for the first import to commit (health's p99 19 s, bench/statementLoad.ts).
 * Waiting here holds nothing; the lock still orders imports between instances.
 */
export const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = importsDone.then(work, work);
    importsDone = turn.catch(() => undefined);
    return turn;
};

/** Settles once this instance's imports so far have finished (the server waits for it as it closes). */
export const importsSettled = (): Promise<unknown> => importsDone;
