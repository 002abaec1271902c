/**
 * Throttling, counted in the database so every server instance sees the same counts.
 *
 * Sign-in: 5 failures for one username from one source within 15 minutes close that username to
 * that source; 20 failures from one source, whatever the usernames, close the source. A stranger
 * can therefore lock an account only for themselves, never for its owner signing in from elsewhere,
 * and one source cannot try many accounts. A refusal costs one small transaction, never a password hash.
 *
 * Only failures count: an attempt still being checked (`pending`) is no failure, yet it may turn
 * out to be one, so attempts in flight take the budget's remaining room and an attempt that finds
 * no room waits for them to settle, then counts again. Parallel wrong guesses therefore never get
 * more than the limit's worth of password checks, and parallel right ones all go through (a
 * success forgives the failures before it, so the room comes back).
 *
 * A browser that signed in as a user carries that user's device token (devices.ts). An attempt
 * presenting a valid one is counted against that token alone (5 failures in 15 minutes), not
 * against the source or the username's cookieless failures from it: an office behind one address,
 * or an attacker there, cannot lock out staff whose browsers are known; nor does such an attempt
 * count towards the source's limits. An attacker without the token is counted as before. A token
 * whose own budget is closed is no token (OWASP): the attempt is counted, and recorded, as a
 * cookieless one from its source, so a leaked token buys no guesses beyond the source's limits.
 *
 * Other public calls (registration) use `takeRateSlot`: at most N events per bucket per window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db';
import { rateEvents, signInAttempts } from '../../db/schema';
import { HttpError } from '../../http';

const SIGN_IN_THROTTLE = { perAccountAndSource: 5, perSource: 20, perDevice: 5, windowMs: 15 * 60_000 };

/**
 * A pending attempt this old was cut off before it settled (its server stopped): it counts as a
 * failure from then on, so a crash neither frees a guess nor holds the room for ever.
 */
const PENDING_CUT_OFF_MS = 60_000;
/**
 * How long an attempt waits for room before it is refused (real time: the server's patience, not a
 * rule). The portal's client gives up after 30 seconds; until then a busy server's hashes finish.
 */
const MAX_WAIT_MS = 30_000;

/**
 * Attempts of this process waiting for room, by source (or device token). A process's own guard:
 * the limits themselves are counted in the database, and no instance lets more wait than a budget.
 */
const waiting = new Map<string, number>();

const lock = (tx: Transaction, key: string) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);

/** Seconds until the oldest of `limit` recent events leaves the window, or 0 when fewer than `limit`. */
const waitFor = (events: { at: Date }[], limit: number, windowMs: number, now: Date) => {
    const oldest = events[limit - 1];
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.at.getTime() + windowMs - now.getTime()) / 1000));
};

/** Settled failures: wrong passwords, and attempts cut off before they settled. */
const failed = (now: Date) =>
    or(
        eq(signInAttempts.outcome, 'bad_credentials'),
        and(eq(signInAttempts.outcome, 'pending'), lte(signInAttempts.at, new Date(now.getTime() - PENDING_CUT_OFF_MS))),
    );
const inFlight = (now: Date) =>
    and(eq(signInAttempts.outcome, 'pending'), gt(signInAttempts.at, new Date(now.getTime() - PENDING_CUT_OFF_MS)));

/** One budget: whose attempts it counts, its limit, and the success (if any) that forgives what it counted before. */
interface Budget {
    scope: SQL | undefined;
    limit: number;
    forgivenBy?: SQL | undefined;
}

type Room = { kind: 'room' } | { kind: 'wait' } | { kind: 'closed'; retryAfter: number };

const roomIn = async (tx: Transaction, budget: Budget, now: Date): Promise<Room> => {
    const { windowMs } = SIGN_IN_THROTTLE;
    const recent = and(budget.scope, gt(signInAttempts.at, new Date(now.getTime() - windowMs)));
    // A success forgives the failures before it (ids follow the order attempts were made, even within one millisecond).
    const [lastSuccess] = budget.forgivenBy
        ? await tx
              .select({ id: signInAttempts.id })
              .from(signInAttempts)
              .where(
                  and(
                      budget.forgivenBy,
                      eq(signInAttempts.succeeded, true),
                      gt(signInAttempts.at, new Date(now.getTime() - windowMs)),
                  ),
              )
              .orderBy(desc(signInAttempts.id))
              .limit(1)
        : [];
    const counted = and(recent, lastSuccess ? gt(signInAttempts.id, lastSuccess.id) : undefined);
    // Failures and attempts in flight are read in one statement, so in one snapshot: an attempt that
    // settles meanwhile (its settling takes no lock) is seen either in flight or failed, never in
    // neither. On PostgreSQL two statements let a sixth guess through. In flight are at most
    // `limit` (none starts without room), so twice that many rows hold the `limit` latest failures.
    const cutOff = new Date(now.getTime() - PENDING_CUT_OFF_MS);
    const rows = await tx
        .select({ at: signInAttempts.at, outcome: signInAttempts.outcome })
        .from(signInAttempts)
        .where(and(counted, or(failed(now), inFlight(now))))
        .orderBy(desc(signInAttempts.id))
        .limit(budget.limit * 2);
    const checking = rows.filter(row => row.outcome === 'pending' && row.at > cutOff).length;
    const failures = rows.filter(row => !(row.outcome === 'pending' && row.at > cutOff));
    const retryAfter = waitFor(failures, budget.limit, windowMs, now);
    if (retryAfter > 0) return { kind: 'closed', retryAfter };
    return failures.length + checking < budget.limit ? { kind: 'room' } : { kind: 'wait' };
};

/** A device token's own budget: its failures for its username, forgiven by its own successes. */
const deviceBudget = (username: string, device: string): Budget => {
    const ofDevice = and(eq(signInAttempts.username, username), eq(signInAttempts.device, device));
    return { scope: ofDevice, limit: SIGN_IN_THROTTLE.perDevice, forgivenBy: ofDevice };
};

/** The budgets an attempt is counted against: its device token's alone, else the username's from the source and the source's. */
const budgetsOf = (username: string, source: string, device: string | null): Budget[] => {
    const { perAccountAndSource, perSource } = SIGN_IN_THROTTLE;
    if (device !== null) return [deviceBudget(username, device)];
    const fromSource = and(eq(signInAttempts.source, source), isNull(signInAttempts.device));
    return [
        {
            scope: and(fromSource, eq(signInAttempts.username, username)),
            limit: perAccountAndSource,
            // Any success of this username from this source forgives its failures there; nothing else the source did.
            forgivenBy: and(eq(signInAttempts.username, username), eq(signInAttempts.source, source)),
        },
        { scope: fromSource, limit: perSource },
    ];
};

type AttemptOutcome = 'ok' | 'otp_sent' | 'bad_credentials' | 'not_active' | 'throttled';

interface Reservation {
    attemptId: number;
    /** Seconds to wait when the attempt was refused; 0 when it may go ahead. */
    retryAfter: number;
}

/**
 * Records a sign-in attempt before the password is checked: `pending` when it may go ahead,
 * `throttled` when it may not. Locks the source, then the username (always in that order), so
 * parallel attempts are counted one after another; one that finds the room taken by attempts in
 * flight records nothing, waits outside the transaction and counts again.
 * `device`: the id of the valid device token the attempt presented for this username, if any.
 */
export const reserveSignInAttempt = async (
    db: Database,
    username: string,
    source: string,
    now: Date,
    device: string | null = null,
): Promise<Reservation> => {
    const giveUpAt = Date.now() + MAX_WAIT_MS;
    const waiter = device === null ? `source:${source}` : `device:${device}`;
    let waits = false;
    try {
        for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
            const reservation = await db.transaction(async (tx): Promise<Reservation | null> => {
                await lock(tx, `sign-in-source:${source}`);
                await lock(tx, `sign-in:${username}`);
                // A token whose own budget is closed is no token (OWASP): counted as a cookieless attempt from the source.
                const closed = device !== null && (await roomIn(tx, deviceBudget(username, device), now)).kind === 'closed';
                const counted = closed ? null : device;
                let retryAfter = 0;
                let room = true;
                for (const budget of budgetsOf(username, source, counted)) {
                    const found = await roomIn(tx, budget, now);
                    if (found.kind === 'closed') retryAfter = Math.max(retryAfter, found.retryAfter);
                    if (found.kind === 'wait') room = false;
                }
                // Waited long enough for attempts that do not settle: refused, to try again shortly.
                if (retryAfter === 0 && !room && Date.now() >= giveUpAt) retryAfter = 1;
                if (retryAfter === 0 && !room) return null;
                const [attempt] = await tx
                    .insert(signInAttempts)
                    .values({
                        username,
                        source,
                        device: counted,
                        succeeded: false,
                        outcome: retryAfter > 0 ? 'throttled' : 'pending',
                        at: now,
                    })
                    .returning({ id: signInAttempts.id });
                return { attemptId: attempt?.id ?? 0, retryAfter };
            });
            if (reservation) return reservation;
            if (!waits) {
                // More attempts of one source (or device) waiting here than its whole budget is a flood,
                // not staff signing in: refused at once, so waiting costs a stranger's requests nothing.
                const already = waiting.get(waiter) ?? 0;
                if (already >= (device === null ? SIGN_IN_THROTTLE.perSource : SIGN_IN_THROTTLE.perDevice)) {
                    return { attemptId: 0, retryAfter: 1 };
                }
                waiting.set(waiter, already + 1);
                waits = true;
            }
            await sleep(pause);
        }
    } finally {
        if (waits) {
            const left = (waiting.get(waiter) ?? 1) - 1;
            if (left > 0) waiting.set(waiter, left);
            else waiting.delete(waiter);
        }
    }
};

export const settleSignInAttempt = (tx: Transaction, attemptId: number, outcome: AttemptOutcome) =>
    tx
        .update(signInAttempts)
        .set({ outcome, succeeded: outcome === 'ok' || outcome === 'otp_sent' })
        .where(eq(signInAttempts.id, attemptId));

/** A sign-in completed by a second step (code, operator): it forgives the username's failures from that source. */
export const recordSignInSuccess = (tx: Transaction, username: string, source: string, now: Date) =>
    tx.insert(signInAttempts).values({ username, source, succeeded: true, outcome: 'ok', at: now });

/**
 * An administrator forgives a username's recent failures (from every source and device): they no
 * longer count towards its throttle. Attempts still in flight settle as they turn out. Taken under
 * the username's lock, so an attempt being counted sees all or none. Answers how many were forgiven.
 */
export const releaseSignInFailures = async (tx: Transaction, username: string, now: Date): Promise<number> => {
    await lock(tx, `sign-in:${username}`);
    const released = await tx
        .update(signInAttempts)
        .set({ outcome: 'released' })
        .where(
            and(
                eq(signInAttempts.username, username),
                failed(now),
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
