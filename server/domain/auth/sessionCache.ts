/**
 * Sessions and their roles, kept briefly in the process so a signed-in call costs no query for
 * them. Correctness never rests on the cache's age:
 *
 * - Triggers on the tables a session depends on (sessions, admins, group_roles, admin_roles;
 *   migration 0002) send `NOTIFY portal_auth` when the change commits, and every instance
 *   listening clears its cache at once: a revoked session or a removed role stops working in every
 *   instance immediately.
 * - This instance also clears it after each of its own writes commits (server/write.ts), before
 *   the answer leaves, so its next request never races its own notification.
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
}

export class SessionCache {
    private readonly entries = new Map<string, Entry>();
    /** Off until the instance listens for changes; off again while the listener is lost. */
    private listening = false;

    constructor(
        private readonly maxAgeMs = 10_000,
        private readonly maxEntries = 10_000,
    ) {}

    get(tokenHash: string, now: number): Session | null {
        const entry = this.entries.get(tokenHash);
        if (!entry) return null;
        if (now >= entry.expiresAt || now >= entry.staleAt) {
            this.entries.delete(tokenHash);
            return null;
        }
        return entry.session;
    }

    set(tokenHash: string, session: Session, expiresAt: number, now: number): void {
        if (!this.listening) return;
        // A plain bound: beyond it the oldest entry goes (Map keeps insertion order).
        if (this.entries.size >= this.maxEntries) {
            const oldest = this.entries.keys().next();
            if (!oldest.done) this.entries.delete(oldest.value);
        }
        this.entries.set(tokenHash, { session, expiresAt, staleAt: now + this.maxAgeMs });
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
