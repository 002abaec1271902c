/**
 * Sessions and their roles, kept briefly in the process so a signed-in call costs one small query
 * (the auth revision) instead of the session's. Correctness never rests on the cache's age, nor
 * on when a notification arrives:
 *
 * - Triggers on the tables a session depends on (sessions, admins, group_roles, admin_roles,
 *   admin_groups; migrations 0002 and 0015) raise the one-row `auth_revision` counter in the
 *   changing transaction. Each entry carries the revision read before its session was, and is
 *   served only while a revision read for the request is still that one: a change that committed
 *   before the request began is seen by every instance, on its first call after.
 * - The same triggers send `NOTIFY portal_auth` when the change commits, and every instance
 *   listening clears its cache then: the memory goes early, but the revision alone decides. (A
 *   notification reaches another instance some time after the change's answer has left; trusting
 *   it alone let a signed-out token through there in that window.)
 * - This instance also clears it after each of its own writes commits (server/write.ts).
 * - Losing the listening connection clears the cache and keeps it off until listening again.
 * - An entry lives at most `maxAgeMs` even so, and never past its session's expiry.
 */
import type { Session } from '../../http';

export const AUTH_CHANNEL = 'portal_auth';

interface Entry {
    session: Session;
    /** When the session itself ends (ms). */
    expiresAt: number;
    /** When this entry must be read again from the database (ms). */
    staleAt: number;
    /** The auth revision read before the session was: the entry holds while it is current. */
    revision: number;
}

export class SessionCache {
    private readonly entries = new Map<string, Entry>();
    /** Off until the instance listens for changes; off again while the listener is lost. */
    private listening = false;

    constructor(
        private readonly maxAgeMs = 10_000,
        private readonly maxEntries = 10_000,
    ) {}

    /** The session cached for a token, if it was read at `revision`, the one current now. */
    get(tokenHash: string, now: number, revision: number): Session | null {
        const entry = this.entries.get(tokenHash);
        if (!entry) return null;
        if (now >= entry.expiresAt || now >= entry.staleAt || entry.revision !== revision) {
            this.entries.delete(tokenHash);
            return null;
        }
        return entry.session;
    }

    /** Keeps a session read after the auth revision was `revision`. */
    set(tokenHash: string, session: Session, expiresAt: number, now: number, revision: number): void {
        if (!this.listening) return;
        // A plain bound: beyond it the oldest entry goes (Map keeps insertion order).
        if (this.entries.size >= this.maxEntries) {
            const oldest = this.entries.keys().next();
            if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(tokenHash, { session, expiresAt, staleAt: now + this.maxAgeMs, revision });
    }

    clear(): void {
        this.entries.clear();
    }

    /** Listening for changes: caching may start. Not listening: everything cached is forgotten. */
    setListening(listening: boolean): void {
        this.listening = listening;
        this.entries.clear();
    }
}

/**
 * Shares reads among concurrent callers without ever answering a caller with a read that began
 * before it asked: a caller arriving while a read is under way waits for the next one, which
 * starts once that one has ended and serves every caller that arrived meanwhile. Under load the
 * auth revision is then read about once per round trip, not once per request.
 */
export const freshReads = <T>(read: () => Promise<T>): (() => Promise<T>) => {
    let inFlight: Promise<T> | null = null;
    let queued: Promise<T> | null = null;
    const start = (): Promise<T> => {
        const started: Promise<T> = read().finally(() => {
            if (inFlight === started) inFlight = null;
        });
        inFlight = started;
        return started;
    };
    return () => {
        if (!inFlight) return start();
        queued ??= inFlight
            .then(
                () => undefined,
                () => undefined,
            )
            .then(() => {
                queued = null;
                return start();
            });
        return queued;
    };
};
