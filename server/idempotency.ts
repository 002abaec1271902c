/**
 * The first answer to each `Idempotency-Key` (contract/define.ts `idempotency`): what `mount`
 * (server/http.ts) does for every call the contract marks, so no handler does it itself.
 *
 * A key is the caller's: signed-in calls are scoped by the admin's id, so two users' keys never
 * meet. The public registration calls share one anonymous scope (admin 0): a key there is the
 * client's random choice (16 to 128 characters; the portal sends a UUID, 122 random bits), so a
 * stranger does not meet it by chance, and a kept answer is replayed only to a request equal to
 * the first one field for field (its password, its registration token, its photo's bytes): only
 * someone who already holds everything the first sender sent can read the answer again.
 *
 * Nothing readable is kept: the key by its SHA-256, the request by an HMAC keyed by the key (a
 * registration's body holds its password), the answer encrypted (AES-256-GCM) under a key derived
 * from the key (an answer may hold a registration token or an offline PIN, kept elsewhere only
 * hashed). Whoever reads the table without the client's key learns neither.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_HOURS, IDEMPOTENT_REPLAYED_HEADER, idempotencyKey } from '../contract/define';
import type { Database, Queryable } from './db';
import { idempotencyKeys } from './db/schema';
import { HttpError, type FieldError } from './http-error';
import { sweepWhileRunning } from './sweep';

const WINDOW_MS = IDEMPOTENCY_KEY_HOURS * 60 * 60_000;
/**
 * How long a repeat waits for the answer of the request that claimed its key: that request's
 * work has committed and only its answer is being read and kept, which takes milliseconds; past
 * this, its process is taken to have stopped in between and the repeat is told to try again.
 */
const RUNNING_WAIT_MS = 10_000;
const RUNNING_POLL_MS = 25;
/** The seconds a repeat of a key still being answered is told to wait. */
const IN_PROGRESS_RETRY_SECONDS = 1;
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** A request that carries a key: its scope, the key's hash, and what the key makes of the request. */
export interface KeyedRequest {
    adminId: number;
    keySha256: string;
    /** HMAC-SHA-256 (hex), keyed by the key, of the method, address, body and file. */
    request: string;
    /** The answer's encryption key, derived from the key. */
    secret: Buffer;
}

/** An answer as it is sent: status and the exact JSON text. */
export interface KeptAnswer {
    status: number;
    text: string;
}

/**
 * Thrown inside a write's transaction when its key is already claimed by a request that
 * committed: the transaction rolls back, so the repeat does nothing, and `mount` answers with
 * the kept answer instead.
 */
export class KeyClaimed extends Error {
    constructor() {
        super('This Idempotency-Key was claimed by another request');
    }
}

/** The header's key, or null without one; a malformed key (or the header sent twice) is a field error naming the header. */
export const idempotencyKeyOf = (request: FastifyRequest, errors: FieldError[]): string | null => {
    const value = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    if (value === undefined) return null;
    const parsed = idempotencyKey.safeParse(value);
    if (parsed.success) return parsed.data;
    errors.push({
        field: IDEMPOTENCY_KEY_HEADER,
        message: `${IDEMPOTENCY_KEY_HEADER}: ${parsed.error.issues[0]?.message ?? 'a key of 16 to 128 letters, digits, - or _'}`,
        key: 'errors.idempotency_key_invalid',
    });
    return null;
};

/** JSON with every object's keys in order: the same body sent with its keys reordered is the same request. */
const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
        return Object.fromEntries(
            Object.entries(value as Record<string, unknown>)
                .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
                .map(([name, item]) => [name, canonical(item)]),
        );
    }
    return value;
};

export const keyedRequest = (
    key: string,
    adminId: number,
    sent: { method: string; url: string; body: unknown; file?: { name: string; bytes: Buffer } | undefined },
): KeyedRequest => {
    const file = sent.file ? [sent.file.name, createHash('sha256').update(sent.file.bytes).digest('hex')] : null;
    return {
        adminId,
        keySha256: createHash('sha256').update(key).digest('hex'),
        request: createHmac('sha256', key)
            .update(JSON.stringify([sent.method, sent.url, canonical(sent.body), file]))
            .digest('hex'),
        secret: Buffer.from(hkdfSync('sha256', key, '', 'portal idempotency answer', 32)),
    };
};

/** What binds a ciphertext to its row: the answer of one key cannot be moved to another. */
const boundTo = (keyed: KeyedRequest) => Buffer.from(`${keyed.adminId}:${keyed.keySha256}`);

const seal = (keyed: KeyedRequest, text: string): string => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyed.secret, iv).setAAD(boundTo(keyed));
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
};

const open = (keyed: KeyedRequest, stored: string): string => {
    const bytes = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', keyed.secret, bytes.subarray(0, 12))
        .setAAD(boundTo(keyed))
        .setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
};

const reused = () =>
    new HttpError(
        422,
        'errors.idempotency_key_reused',
        `This ${IDEMPOTENCY_KEY_HEADER} was sent before with another request; send a new request with a new key`,
        IDEMPOTENCY_KEY_HEADER,
    );

const inProgress = () =>
    new HttpError(
        409,
        'errors.idempotency_key_in_progress',
        `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being answered; try again in a moment`,
        IDEMPOTENCY_KEY_HEADER,
        { retryAfter: IN_PROGRESS_RETRY_SECONDS },
    );

const cutoffOf = (now: Date) => new Date(now.getTime() - WINDOW_MS);
const sameRow = (keyed: KeyedRequest) =>
    and(eq(idempotencyKeys.adminId, keyed.adminId), eq(idempotencyKeys.keySha256, keyed.keySha256));

/**
 * Takes the key, with the answer when it is known, unless a request of the window holds it: a row
 * older than the window is taken over (the sweep may not have removed it yet). On PostgreSQL a
 * second transaction inserting the same key waits here for the first to end: it sees the key taken
 * once the first commits, and takes it if the first rolled back. Whether it was taken.
 */
const takeKey = async (db: Queryable, keyed: KeyedRequest, now: Date, answer: KeptAnswer | null): Promise<boolean> => {
    const values = {
        request: keyed.request,
        status: answer?.status ?? null,
        answer: answer ? seal(keyed, answer.text) : null,
        createdAt: now,
    };
    const taken = await db
        .insert(idempotencyKeys)
        .values({ adminId: keyed.adminId, keySha256: keyed.keySha256, ...values })
        .onConflictDoUpdate({
            target: [idempotencyKeys.adminId, idempotencyKeys.keySha256],
            set: values,
            setWhere: lte(idempotencyKeys.createdAt, cutoffOf(now)),
        })
        .returning({ adminId: idempotencyKeys.adminId });
    return taken.length > 0;
};

/** Claims the key as a write's first statement, in its transaction; `KeyClaimed` when another request holds it. */
export const claimKey = async (tx: Queryable, keyed: KeyedRequest, now: Date): Promise<void> => {
    if (!(await takeKey(tx, keyed, now, null))) throw new KeyClaimed();
};

/**
 * The answer kept for the key within the window: null when none is (the call runs); 422 when the
 * key was sent with another request. A key claimed by a request still being answered is waited
 * for; if that request stopped before answering (its claim was released, or never answered),
 * 409 `errors.idempotency_key_in_progress` with Retry-After, so the client sends it again.
 */
export const keptAnswer = async (
    db: Database,
    keyed: KeyedRequest,
    now: () => Date,
    options: { claimedElsewhere: boolean },
): Promise<KeptAnswer | null> => {
    const waitUntil = Date.now() + RUNNING_WAIT_MS;
    for (;;) {
        const [row] = await db
            .select({ request: idempotencyKeys.request, status: idempotencyKeys.status, answer: idempotencyKeys.answer })
            .from(idempotencyKeys)
            .where(and(sameRow(keyed), gt(idempotencyKeys.createdAt, cutoffOf(now()))));
        if (!row) {
            if (options.claimedElsewhere) throw inProgress();
            return null;
        }
        if (row.request !== keyed.request) throw reused();
        if (row.status !== null && row.answer !== null) return { status: row.status, text: open(keyed, row.answer) };
        if (Date.now() >= waitUntil) throw inProgress();
        await sleep(RUNNING_POLL_MS);
    }
};

/**
 * Keeps the answer of a request that succeeded. One that claimed its key in its write fills in
 * its row; one that wrote nothing (a lookup, a sale answered by its draft) takes the key now. A
 * plain statement, not `context.write`: this is the call's answer, not a change of the business's
 * records, and its work's audit event is already recorded.
 */
export const keepAnswer = async (
    db: Database,
    keyed: KeyedRequest,
    answer: KeptAnswer,
    claimed: boolean,
    now: Date,
): Promise<void> => {
    if (!claimed) {
        await takeKey(db, keyed, now, answer);
        return;
    }
    await db
        .update(idempotencyKeys)
        .set({ status: answer.status, answer: seal(keyed, answer.text) })
        .where(and(sameRow(keyed), eq(idempotencyKeys.request, keyed.request)));
};

/**
 * Frees a key whose request claimed it in a write that committed and then failed: only
 * successful answers are kept, and a repeat runs again (the handler's own checks stand, as for a
 * call without a key), rather than waiting on an answer that will never come.
 */
export const releaseKey = async (db: Database, keyed: KeyedRequest): Promise<void> => {
    await db
        .delete(idempotencyKeys)
        .where(and(sameRow(keyed), eq(idempotencyKeys.request, keyed.request), sql`${idempotencyKeys.status} IS NULL`));
};

export const sendKeptAnswer = (reply: FastifyReply, answer: KeptAnswer, replayed: boolean): FastifyReply => {
    if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.text);
};

/** Removes the keys past the window; reads ignore them already, so this only reclaims their space. */
export const sweepIdempotencyKeys = async (db: Database, now: Date): Promise<number> => {
    const removed = await db
        .delete(idempotencyKeys)
        .where(lte(idempotencyKeys.createdAt, cutoffOf(now)))
        .returning({ adminId: idempotencyKeys.adminId });
    return removed.length;
};

export const scheduleIdempotencySweep = (app: FastifyInstance): void => {
    sweepWhileRunning(app, SWEEP_INTERVAL_MS, 'idempotency keys', () =>
        sweepIdempotencyKeys(app.portal.db, app.portal.settings.now()),
    );
};
