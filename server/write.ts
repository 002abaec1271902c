/**
 * The one way a write reaches the database: one transaction, at least one audit event recorded in
 * it (the type demands it), and a unique-constraint violation turned into the 409 its domain names.
 * Every handler that changes data goes through `context.write` (server/http.ts), which fills in the
 * actor; code outside a request (the development stand-ins) calls `writeAs` with its own.
 */
import type { Database, Transaction } from './db';
import { recordAudit, type AuditActor, type AuditEvent } from './auditTrail';
import { HttpError } from './http-error';

/** An audit event, optionally naming the admin it concerns on calls made before sign-in. */
export type AuditEntry = AuditEvent & { actorAdminId?: number };

/** What a write's work answers: what the handler returns, and the events that say what it did. */
export interface Written<T> {
    result: T;
    audit: AuditEntry | readonly [AuditEntry, ...AuditEntry[]];
}

interface WriteOptions {
    /** Unique constraint (or index) name → the conflict it means in this domain. */
    conflicts?: Readonly<Record<string, () => HttpError>>;
}

export type Write = <T>(work: (tx: Transaction) => Promise<Written<T>>, options?: WriteOptions) => Promise<T>;

/** A unique-constraint violation's constraint name ('' when the driver does not say), whichever driver raised it. */
const violatedConstraint = (error: unknown): string | null => {
    let current: unknown = error;
    while (current && typeof current === 'object') {
        const candidate = current as {
            code?: unknown;
            constraint?: unknown;
            constraint_name?: unknown;
            message?: unknown;
            cause?: unknown;
        };
        if (candidate.code === '23505') {
            // PGlite names it `constraint`, postgres.js `constraint_name`.
            const named = candidate.constraint ?? candidate.constraint_name;
            if (typeof named === 'string') return named;
            const inMessage = typeof candidate.message === 'string' ? /constraint "([^"]+)"/.exec(candidate.message) : null;
            return inMessage?.[1] ?? '';
        }
        current = candidate.cause;
    }
    return null;
};

const conflict = () =>
    new HttpError(409, 'errors.conflict', 'This conflicts with a change made at the same time; reload and try again');

export const writeAs = async <T>(
    db: Database,
    actor: () => Omit<AuditActor, 'adminId'> & { adminId: number | null },
    work: (tx: Transaction) => Promise<Written<T>>,
    options: WriteOptions = {},
): Promise<T> => {
    try {
        return await db.transaction(async tx => {
            const { result, audit } = await work(tx);
            const entries: readonly AuditEntry[] = Array.isArray(audit) ? audit : [audit as AuditEntry];
            const who = actor();
            for (const { actorAdminId, ...event } of entries) {
                await recordAudit(tx, { ...who, adminId: actorAdminId ?? who.adminId }, event);
            }
            return result;
        });
    } catch (error) {
        const constraint = violatedConstraint(error);
        if (constraint === null) throw error;
        throw options.conflicts?.[constraint]?.() ?? conflict();
    }
};
