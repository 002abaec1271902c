/**
 * The outbox: the forms of the calls the contract marks `idempotency: 'queue'`, sent while offline
 * or while the network gave no answer, kept in secure storage (encrypted, lib/secureStorage.ts)
 * until the connection is back, then sent in the order they were made, each once, with the key it
 * was given when it was made (contract/define.ts `IDEMPOTENCY_KEY_HEADER`): if an attempt did reach
 * the server before the connection dropped, the server answers the repeat with its first answer
 * instead of doing it twice.
 *
 * Two kinds of item. A single form: the field-agent request, the call rating. And a sale's KYC
 * (`kyc`, lib/kycQueue.ts): the documents photographed offline, the identity check and the KYC
 * details, kept as ONE item and sent in that order, each request with its own key fixed when the
 * item was made, each given the earlier answers (the images' ids, the check's reference), each
 * answer written to the item as it comes so that nothing is sent twice after a reload. Its photos
 * are too large for local storage: they are kept in IndexedDB, encrypted under the user's own key
 * (lib/photoStore.ts), and the item names them. The sale waits at its identity step until the item
 * is sent (resources/origination/steps/IdentityStep.tsx): the phone, terms, deposit and lock need
 * the server's answer, the registered customer; once sent, the kept sale is given that customer
 * (`onKycSent`) so a resumed sale goes on from it.
 *
 * Each item belongs to the user who made it, as the customer in hand does (customerStore.ts): the
 * next user signing in on this browser neither sees nor sends it. An expired session keeps its
 * user's items and the photos they name (they are sent when that user signs in again); signing out
 * on purpose deletes them, after the user confirmed it (layout/Layout.tsx).
 *
 * Never here: every other write (money, approvals, price changes, device commands, the loan and
 * everything after the identity step of a sale, and the rest) needs the server's answer at the time
 * and is refused offline (portalApi.ts `errors.offline_not_kept`).
 */
import { HttpError } from 'ra-core';
import { z } from 'zod';
import { fieldAgentRequest, rateCall } from '../../contract/customers';
import type { CallInput, CallResponse } from '../../contract/define';
import { identityValidation, kycDetails, uploadImage } from '../../contract/kyc';
import { kycChain, photosNeeded, photosOf, sendKycChain, type KycAnswer, type KycChain } from './kycQueue';
import { loanStore } from './loanStore';
import { isOnline } from './online';
import { photoStore } from './photoStore';
import { callApi, isUndecided, newIdempotencyKey } from './portalApi';
import { secureStorage } from './secureStorage';
import { session } from './session';

/**
 * The calls whose forms may wait offline, by the name an item keeps: exactly the contract's
 * `'queue'` calls. The KYC's three are sent together, as one item named `kycDetails` (its chain).
 */
export const QUEUED_CALLS = { fieldAgentRequest, rateCall, uploadImage, identityValidation, kycDetails } as const;
/** The calls an item of one form is (the KYC's go as a chain). */
type SingleCallName = 'fieldAgentRequest' | 'rateCall';
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
    /** A sale's KYC: its requests, keys and the answers so far (lib/kycQueue.ts). */
    chain: kycChain.optional(),
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
        let chain = next.chain;
        try {
            if (chain) {
                await sendKycChain(chain, progress => {
                    chain = progress;
                    change(next.key, { chain: progress });
                });
            } else {
                await callApi(QUEUED_CALLS[next.call], { body: next.body } as never, { idempotencyKey: next.key });
            }
        } catch (error) {
            if (undecided(error)) return;
            change(next.key, { state: 'refused', error: keyOf(error) });
            for (const listener of outcomeListeners) listener({ ...next, chain, state: 'refused', error: keyOf(error) });
            continue;
        }
        change(next.key, { state: 'sent' });
        if (chain) kycSent(chain);
        for (const listener of outcomeListeners) listener({ ...next, chain, state: 'sent' });
    }
};

/**
 * A sale's KYC was answered: the sale kept for it goes on with the customer registered (a resumed
 * sale opens at the phone), and its photos are no longer needed on the phone.
 */
const kycSent = (chain: KycChain) => {
    if (chain.customer) {
        const kept = loanStore.read();
        if (kept && kept.entry === chain.entry && kept.msisdn === chain.msisdn && !kept.customer) {
            for (const photo of chain.photos) if (photo.image) loanStore.keepDocument(chain.entry, chain.msisdn, photo.image);
            loanStore.setCustomer(chain.entry, chain.msisdn, chain.customer);
            loanStore.setStep(chain.entry, 'phone');
        }
    }
    void photoStore.remove(photosOf(chain));
};

/** The photos the session's end must leave: those a waiting or refused KYC item still needs, whoever's. */
const photosStillNeeded = (): Set<string> =>
    new Set(all().flatMap(one => (one.chain && one.state !== 'sent' ? photosNeeded(one.chain) : [])));

session.onClear(() => void photoStore.keepOnly(photosStillNeeded()));

export type Submitted<N extends SingleCallName> = { sent: CallResponse<(typeof QUEUED_CALLS)[N]> } | { queued: OutboxItem };

/** Keeps a new item; throws `errors.offline_storage_full` (and keeps nothing) when it does not fit. */
const keep = (queued: OutboxItem) => {
    if (!write([...all(), queued])) {
        write(all().filter(one => one.key !== queued.key));
        throw new HttpError('errors.offline_storage_full', 0, null);
    }
};

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
    async submit<N extends SingleCallName>(
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
        keep(queued);
        return { queued };
    },

    /**
     * A sale's KYC (lib/kycQueue.ts): sent now when online, each answer handed to `onProgress` as
     * it comes; kept as one waiting item when offline or when the network gave no answer part way
     * (with what was answered so far and every key as it was). A refusal with an answer is the
     * caller's to show, as any other (an `IdentityMismatch` when the register said no). Throws
     * `errors.offline_storage_full` when it can be neither sent nor kept.
     */
    async submitKyc(
        chain: KycChain,
        about: string,
        onProgress?: (chain: KycChain) => void,
    ): Promise<{ sent: KycAnswer; chain: KycChain } | { queued: OutboxItem }> {
        const me = owner();
        if (!me) throw new HttpError('errors.not_signed_in', 401, null);
        let progress = chain;
        if (isOnline()) {
            try {
                const sent = await sendKycChain(chain, next => {
                    progress = next;
                    onProgress?.(next);
                });
                void photoStore.remove(photosOf(progress));
                return { sent, chain: progress };
            } catch (error) {
                if (!isUndecided(error)) throw error;
            }
        }
        const queued: OutboxItem = {
            key: progress.details.key,
            owner: me,
            call: 'kycDetails',
            body: {},
            about,
            queued_at: Date.now(),
            state: 'waiting',
            error: null,
            chain: progress,
        };
        keep(queued);
        return { queued };
    },

    /** The user's KYC item for a sale (the newest), if any: the wizard waits on it. */
    kycFor(entry: KycChain['entry'], msisdn: string): OutboxItem | null {
        return (
            outbox
                .mine()
                .filter(one => one.chain?.entry === entry && one.chain.msisdn === msisdn)
                .at(-1) ?? null
        );
    },

    /** A refused item the user is submitting again (or a sent one the sale has taken up) goes. */
    forget(key: string): void {
        write(all().filter(one => one.key !== key));
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

    /** Signing out on purpose: the user's items go (they confirmed it when any were waiting), with their kept photos. */
    clearMine(): void {
        const me = owner();
        write(all().filter(one => one.owner !== me));
        if (me) void photoStore.clearOwner(me);
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
