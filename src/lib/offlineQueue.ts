/**
 * The outbox: the forms of the calls the contract marks `idempotency: 'queue'` (the field-agent
 * request, the call rating), sent while offline or while the network gave no
 * answer, kept in secure storage (encrypted, lib/secureStorage.ts) until the connection is back,
 * then sent in the order they were made, each once, with the key it was given when it was made
 * (contract/define.ts `IDEMPOTENCY_KEY_HEADER`): if an attempt did reach the server before the
 * connection dropped, the server answers the repeat with its first answer instead of doing it twice.
 *
 * Each item belongs to the user who made it, as the customer in hand does (customerStore.ts): the
 * next user signing in on this browser neither sees nor sends it. An expired session keeps its
 * user's items (they are sent when that user signs in again); signing out on purpose deletes them,
 * after the user confirmed it (layout/Layout.tsx).
 *
 * Never here: every other write (money, approvals, price changes, device commands and the rest)
 * needs the server's answer at the time and is refused offline (portalApi.ts
 * `errors.offline_not_kept`). Nor the KYC details and photos, whose calls are only `'retry'`: the
 * sale's next step needs what the server answers for them (the customer registered, a photo's id
 * and what OCR read), and local storage holds about 5 MB in all while a photo may be 5 MB and takes
 * a third more as text; a photo is refused offline with words saying so
 * (`errors.offline_upload_not_kept`) rather than queued where it would not fit.
 */
import { HttpError } from 'ra-core';
import { z } from 'zod';
import { fieldAgentRequest, rateCall } from '../../contract/customers';
import type { CallInput, CallResponse } from '../../contract/define';
import { isOnline } from './online';
import { callApi, isUndecided, newIdempotencyKey } from './portalApi';
import { secureStorage } from './secureStorage';
import { session } from './session';

/** The calls whose forms may wait offline, by the name an item keeps: exactly the contract's `'queue'` calls. */
export const QUEUED_CALLS = { fieldAgentRequest, rateCall } as const;
export type QueuedCallName = keyof typeof QUEUED_CALLS;
const QUEUED_NAMES = Object.keys(QUEUED_CALLS) as [QueuedCallName, ...QueuedCallName[]];

export const OUTBOX_STATES = ['waiting', 'sent', 'refused'] as const;

const OUTBOX = 'outbox';

const item = z.object({
    /** The submission's Idempotency-Key, which also names the item. */
    key: z.string(),
    owner: z.string(),
    call: z.enum(QUEUED_NAMES),
    body: z.record(z.string(), z.unknown()),
    /** What the list shows of it (a name and a number): the user's own words, never translated. */
    about: z.string(),
    queued_at: z.number(),
    state: z.enum(OUTBOX_STATES),
    /** A refusal's error key (the server's `key`), translated where it is shown. */
    error: z.string().nullable(),
});
export type OutboxItem = z.infer<typeof item>;
const stored = z.object({ items: z.array(item) });

const owner = () => session.user()?.username ?? null;

/** Every user's items (each is shown and sent to its owner only). */
const all = (): OutboxItem[] => {
    const parsed = stored.safeParse(secureStorage.get(OUTBOX));
    return parsed.success ? parsed.data.items : [];
};

type Listener = () => void;
const listeners = new Set<Listener>();
/** Raised on every change, so a screen re-reads the items (useSyncExternalStore's snapshot). */
let version = 0;
/** What a sent or refused item becomes, for the screen that tells the user (layout/Outbox.tsx). */
type OutcomeListener = (item: OutboxItem) => void;
const outcomeListeners = new Set<OutcomeListener>();

const write = (items: OutboxItem[]): boolean => {
    let kept = true;
    if (items.length === 0) secureStorage.remove(OUTBOX);
    else kept = secureStorage.trySet(OUTBOX, { items });
    version += 1;
    for (const listener of listeners) listener();
    return kept;
};

const change = (key: string, changes: Partial<OutboxItem>) =>
    write(all().map(one => (one.key === key ? { ...one, ...changes } : one)));

/**
 * An answer that decides nothing about the request, so the item waits for the next try: no answer
 * at all, the first attempt of its key still under way, the session gone (the same user sends it after signing in again), too many requests, or
 * the server unable to answer now.
 */
const undecided = (error: unknown) =>
    !(error instanceof HttpError) ||
    isUndecided(error) ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.status >= 500;

const keyOf = (error: unknown) => (error instanceof HttpError ? error.message : 'errors.server');

let flushing: Promise<void> | null = null;

const sendWaiting = async () => {
    const me = owner();
    if (!me) return;
    // In the order they were made; one at a time, so a later item never overtakes an earlier one.
    for (const next of all()
        .filter(one => one.owner === me && one.state === 'waiting')
        .sort((a, b) => a.queued_at - b.queued_at)) {
        if (!isOnline() || owner() !== me) return;
        try {
            await callApi(QUEUED_CALLS[next.call], { body: next.body } as never, { idempotencyKey: next.key });
        } catch (error) {
            if (undecided(error)) return;
            change(next.key, { state: 'refused', error: keyOf(error) });
            for (const listener of outcomeListeners) listener({ ...next, state: 'refused', error: keyOf(error) });
            continue;
        }
        change(next.key, { state: 'sent' });
        for (const listener of outcomeListeners) listener({ ...next, state: 'sent' });
    }
};

export type Submitted<N extends QueuedCallName> = { sent: CallResponse<(typeof QUEUED_CALLS)[N]> } | { queued: OutboxItem };

export const outbox = {
    /** The signed-in user's items, oldest first. */
    mine(): OutboxItem[] {
        const me = owner();
        return all()
            .filter(one => one.owner === me)
            .sort((a, b) => a.queued_at - b.queued_at);
    },

    waiting(): number {
        return outbox.mine().filter(one => one.state === 'waiting').length;
    },

    /**
     * Sends a queued call's form now, or keeps it when that cannot be done now: offline, or the
     * network gave no answer (then with the key the attempt carried, since it may have arrived).
     * A refusal with an answer is the caller's to show, as any other. Throws
     * `errors.offline_storage_full` when it can be neither sent nor kept.
     */
    async submit<N extends QueuedCallName>(
        name: N,
        body: CallInput<(typeof QUEUED_CALLS)[N]>['body'],
        about: string,
    ): Promise<Submitted<N>> {
        const me = owner();
        const key = newIdempotencyKey();
        if (me && isOnline()) {
            try {
                const sent = await callApi(QUEUED_CALLS[name], { body } as never, { idempotencyKey: key });
                return { sent: sent as CallResponse<(typeof QUEUED_CALLS)[N]> };
            } catch (error) {
                if (!(error instanceof HttpError) || error.status !== 0) throw error;
            }
        }
        if (!me) throw new HttpError('errors.not_signed_in', 401, null);
        const queued: OutboxItem = {
            key,
            owner: me,
            call: name,
            body: body as Record<string, unknown>,
            about,
            queued_at: Date.now(),
            state: 'waiting',
            error: null,
        };
        if (!write([...all(), queued])) {
            write(all().filter(one => one.key !== key));
            throw new HttpError('errors.offline_storage_full', 0, null);
        }
        return { queued };
    },

    /** Sends the user's waiting items, once at a time whoever asks (the `online` event, the start, "Send now"). */
    flush(): Promise<void> {
        flushing ??= sendWaiting().finally(() => {
            flushing = null;
        });
        return flushing;
    },

    /** The user has seen what became of them: the sent and refused items go. */
    clearFinished(): void {
        const me = owner();
        write(all().filter(one => one.owner !== me || one.state === 'waiting'));
    },

    /** Signing out on purpose: the user's items go (they confirmed it when any were waiting). */
    clearMine(): void {
        const me = owner();
        write(all().filter(one => one.owner !== me));
    },

    version: (): number => version,

    subscribe(listener: Listener): () => void {
        listeners.add(listener);
        return () => listeners.delete(listener);
    },

    onOutcome(listener: OutcomeListener): () => void {
        outcomeListeners.add(listener);
        return () => outcomeListeners.delete(listener);
    },
};
