/**
 * Throttling, counted in the database so every server instance sees the same counts.
 *
 * Sign-in: 5 failures for one username from one source within 15 minutes close that username to
 * that source; 20 failures from one source, whatever the usernames, close the source. A stranger
 * can therefore lock an account only for themselves, never for its owner signing in from elsewhere,
 * and one source cannot try many accounts. Attempts still being checked count too, so parallel
 * guesses cannot slip past, and a refusal costs one small transaction, never a password hash.
 *
 * Other public calls (registration) use `takeRateSlot`: at most N events per bucket per window.
 */
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { rateEvents, signInAttempts } from '../../db/schema';
import { HttpError } from '../../http';

const SIGN_IN_THROTTLE = { perAccountAndSource: 5, perSource: 20, windowMs: 15 * 60_000 };

const FAILING = ['bad_credentials', 'pending'];

const lock = (tx: Transaction, key: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);

/** Seconds until the oldest of `limit` recent events leaves the window, or 0 when fewer than `limit`. */
const waitFor = (events: { at: Date }[], limit: number, windowMs: number, now: Date) => {
    const oldest = events[limit - 1];
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.at.getTime() + windowMs - now.getTime()) / 1000));
};

/** Seconds until this username may be tried again from this source, or 0. */
const signInWait = async (tx: Transaction, username: string, source: string, now: Date): Promise<number> => {
    const { perAccountAndSource, perSource, windowMs } = SIGN_IN_THROTTLE;
    const windowStart = new Date(now.getTime() - windowMs);
    // A success of this username from this source forgives its earlier failures there (ids follow
    // the order attempts were made, even within one millisecond); it forgives nothing else the source did.
    const [lastSuccess] = await tx
        .select({ id: signInAttempts.id })
        .from(signInAttempts)
        .where(
            and(
                eq(signInAttempts.username, username),
                eq(signInAttempts.source, source),
                eq(signInAttempts.succeeded, true),
                gt(signInAttempts.at, windowStart),
            ),
        )
        .orderBy(desc(signInAttempts.id))
        .limit(1);
    const accountFailures = await tx
        .select({ at: signInAttempts.at })
        .from(signInAttempts)
        .where(
            and(
                eq(signInAttempts.username, username),
                eq(signInAttempts.source, source),
                inArray(signInAttempts.outcome, FAILING),
                gt(signInAttempts.at, windowStart),
                lastSuccess ? gt(signInAttempts.id, lastSuccess.id) : undefined,
            ),
        )
        .orderBy(desc(signInAttempts.id))
        .limit(perAccountAndSource);
    const sourceFailures = await tx
        .select({ at: signInAttempts.at })
        .from(signInAttempts)
        .where(
            and(eq(signInAttempts.source, source), inArray(signInAttempts.outcome, FAILING), gt(signInAttempts.at, windowStart)),
        )
        .orderBy(desc(signInAttempts.id))
        .limit(perSource);
    return Math.max(
        waitFor(accountFailures, perAccountAndSource, windowMs, now),
        waitFor(sourceFailures, perSource, windowMs, now),
    );
};

type AttemptOutcome = 'ok' | 'otp_sent' | 'bad_credentials' | 'not_active' | 'throttled';

interface Reservation {
    attemptId: number;
    /** Seconds to wait when the attempt was refused; 0 when it may go ahead. */
    retryAfter: number;
}

/**
 * Records a sign-in attempt before the password is checked: `pending` when it may go ahead (and
 * counts as a failure until settled), `throttled` when it may not. Locks the source, then the
 * username (always in that order), so parallel attempts are counted one after another.
 */
export const reserveSignInAttempt = (db: Database, username: string, source: string, now: Date): Promise<Reservation> =>
    db.transaction(async tx => {
        await lock(tx, `sign-in-source:${source}`);
        await lock(tx, `sign-in:${username}`);
        const retryAfter = await signInWait(tx, username, source, now);
        const [attempt] = await tx
            .insert(signInAttempts)
            .values({ username, source, succeeded: false, outcome: retryAfter > 0 ? 'throttled' : 'pending', at: now })
            .returning({ id: signInAttempts.id });
        return { attemptId: attempt?.id ?? 0, retryAfter };
    });

export const settleSignInAttempt = (tx: Transaction, attemptId: number, outcome: AttemptOutcome) =>
    tx
        .update(signInAttempts)
        .set({ outcome, succeeded: outcome === 'ok' || outcome === 'otp_sent' })
        .where(eq(signInAttempts.id, attemptId));

/** A sign-in completed by a second step (code, operator): it forgives the username's failures from that source. */
export const recordSignInSuccess = (tx: Transaction, username: string, source: string, now: Date) =>
    tx.insert(signInAttempts).values({ username, source, succeeded: true, outcome: 'ok', at: now });

/**
 * An administrator forgives a username's recent failures (from every source): they no longer count
 * towards its throttle. Taken under the username's lock, so an attempt being counted sees all or none.
 * Answers how many were forgiven.
 */
export const releaseSignInFailures = async (tx: Transaction, username: string, now: Date): Promise<number> => {
    await lock(tx, `sign-in:${username}`);
    const released = await tx
        .update(signInAttempts)
        .set({ outcome: 'released' })
        .where(
            and(
                eq(signInAttempts.username, username),
                inArray(signInAttempts.outcome, FAILING),
                gt(signInAttempts.at, new Date(now.getTime() - SIGN_IN_THROTTLE.windowMs)),
            ),
        )
        .returning({ id: signInAttempts.id });
    return released.length;
};

export const tooManyAttempts = (message: string, retryAfter?: number) =>
    new HttpError(429, 'errors.too_many_attempts', message, undefined, retryAfter === undefined ? {} : { retryAfter });

/**
 * Takes one of `limit` slots per `windowMs` in a bucket, in its own transaction so the slot stays
 * taken whatever happens to the request after. Answers the seconds to wait, or 0 when taken.
 */
export const takeRateSlot = (db: Database, bucket: string, limit: number, windowMs: number, now: Date): Promise<number> =>
    db.transaction(async tx => {
        await lock(tx, `rate:${bucket}`);
        const windowStart = new Date(now.getTime() - windowMs);
        const recent = await tx
            .select({ at: rateEvents.at })
            .from(rateEvents)
            .where(and(eq(rateEvents.bucket, bucket), gt(rateEvents.at, windowStart)))
            .orderBy(desc(rateEvents.id))
            .limit(limit);
        const wait = waitFor(recent, limit, windowMs, now);
        if (wait === 0) await tx.insert(rateEvents).values({ bucket, at: now });
        return wait;
    });
