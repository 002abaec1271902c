/**
 * One active tab per browser (spec §4, §9). A tab claims the active role when no holder is
 * recorded or the holder's last heartbeat is older than 30 s; the holder writes a heartbeat every
 * second; other tabs are blocked while the holder lives. A closing holder releases the lock and
 * says so on the `single-tab-lock` channel; each blocked tab then tries to claim after a random
 * delay under 200 ms, and the first to write wins (the others see a fresh holder and stay blocked).
 *
 * A blocked tab may take the lock over at once (`takeOver`, the "Use here" button): after a
 * browser crash the dead holder's heartbeat would otherwise block every new tab for up to 30 s.
 * The taker writes itself as holder and says so on the channel; the former holder, if it lives,
 * is blocked on hearing it (or at its next heartbeat, which finds another fresh holder). No tab
 * ever writes over a fresh holder but by this explicit choice.
 *
 * Chromium hands each tab its own copy of localStorage and brings the others' writes to it a
 * little later, so a channel message can arrive before the write it announces: for `staleMs`
 * after a take-over, a former holder that still reads itself as holder stays blocked, and the
 * taker that reads the former holder (a heartbeat written as it took over) writes itself again.
 */
import { TAB_LOCK } from '../config';

export type TabLockState = 'active' | 'blocked';

interface Holder {
    id: string;
    beat: number;
}

interface Channel {
    postMessage(message: unknown): void;
    addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
    close(): void;
}

export interface TabLockDeps {
    storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
    openChannel: (name: string) => Channel | null;
    now: () => number;
    random: () => number;
    newId: () => string;
}

export const LOCK_KEY = 'pfp.tab-lock';
const RELEASED = 'released';
const TAKEN = 'taken';

/** Said on the channel by a tab that took the lock over. */
const takenBy = (data: unknown): string | null =>
    typeof data === 'object' &&
    data !== null &&
    'kind' in data &&
    data.kind === TAKEN &&
    'id' in data &&
    typeof data.id === 'string'
        ? data.id
        : null;

const browserDeps = (): TabLockDeps => ({
    storage: window.localStorage,
    openChannel: name => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name)),
    now: () => Date.now(),
    random: Math.random,
    newId: () => crypto.randomUUID(),
});

const readHolder = (storage: TabLockDeps['storage']): Holder | null => {
    try {
        const value: unknown = JSON.parse(storage.getItem(LOCK_KEY) ?? 'null');
        if (typeof value === 'object' && value !== null && 'id' in value && 'beat' in value) {
            const { id, beat } = value as Record<string, unknown>;
            if (typeof id === 'string' && typeof beat === 'number') return { id, beat };
        }
    } catch {
        // unreadable: as if none
    }
    return null;
};

export interface TabLock {
    readonly state: TabLockState;
    /**
     * While blocked, how long the holder has not written a heartbeat (ms), or null while it beats
     * on time (silent less than TAB_LOCK.staleMs) or this tab is active.
     */
    staleFor(): number | null;
    /** Take the lock from whoever holds it, live or not (the user chose this tab). */
    takeOver(): void;
    /** Whether this tab is the holder recorded in storage now (the system check reads it). */
    holds(): boolean;
    /** Give the lock up (the tab is closing) and tell the other tabs. */
    release(): void;
    /** Stop all timers and listeners (after release, or in tests). */
    stop(): void;
}

/**
 * `onChange` hears every change of state; `onCheck`, if given, every check (each heartbeat,
 * message and take-over), so a blocked page can count the holder's silence. Both are given the
 * lock, which the first check (before `startTabLock` returns) already reports.
 */
export const startTabLock = (
    onChange: (state: TabLockState, lock: TabLock) => void,
    deps: TabLockDeps = browserDeps(),
    onCheck?: (lock: TabLock) => void,
): TabLock => {
    const { storage, now, random } = deps;
    const id = deps.newId();
    let state: TabLockState | undefined;
    let claimTimer: ReturnType<typeof setTimeout> | undefined;
    /** The holder this tab took the lock from, and when. */
    let tookFrom: { id: string; at: number } | null = null;
    /** When another tab said it took the lock from this one. */
    let yieldedAt: number | null = null;

    const set = (next: TabLockState) => {
        if (next !== state) {
            state = next;
            onChange(next, lock);
        }
    };

    const beat = () => storage.setItem(LOCK_KEY, JSON.stringify({ id, beat: now() } satisfies Holder));

    /** Take the lock when it is free, stale or already ours; else be blocked. */
    const check = () => {
        const holder = readHolder(storage);
        const at = now();
        const recently = (since: number | null) => since !== null && at - since < TAB_LOCK.staleMs;
        // Reading itself just after yielding is the copy of storage lagging behind the taker's write.
        const ours = holder?.id === id && !recently(yieldedAt);
        const lateBeat = holder?.id === tookFrom?.id && recently(tookFrom?.at ?? null);
        if (!holder || ours || lateBeat || at - holder.beat > TAB_LOCK.abandonedMs) {
            beat();
            set('active');
        } else {
            set('blocked');
        }
        onCheck?.(lock);
    };

    // `ticker` and `channel` are set up once the lock exists (below), before anything can stop it.
    const stop = () => {
        clearInterval(ticker);
        clearTimeout(claimTimer);
        channel?.close();
    };

    const lock: TabLock = {
        get state() {
            return state ?? 'blocked';
        },
        staleFor() {
            const holder = readHolder(storage);
            if (state !== 'blocked' || !holder || holder.id === id) return null;
            const silent = now() - holder.beat;
            return silent >= TAB_LOCK.staleMs ? silent : null;
        },
        takeOver() {
            clearTimeout(claimTimer);
            const holder = readHolder(storage);
            tookFrom = holder && holder.id !== id ? { id: holder.id, at: now() } : null;
            yieldedAt = null;
            beat();
            set('active');
            channel?.postMessage({ kind: TAKEN, id });
            onCheck?.(lock);
        },
        holds() {
            return readHolder(storage)?.id === id;
        },
        release() {
            stop();
            if (readHolder(storage)?.id === id) {
                storage.removeItem(LOCK_KEY);
                const farewell = deps.openChannel(TAB_LOCK.channel);
                farewell?.postMessage(RELEASED);
                farewell?.close();
            }
        },
        stop,
    };

    check();
    const ticker = setInterval(check, TAB_LOCK.heartbeatMs);
    const channel = deps.openChannel(TAB_LOCK.channel);
    channel?.addEventListener('message', event => {
        // Another tab took the lock: blocked now, whatever this tab's copy of storage says yet.
        const taker = takenBy(event.data);
        if (taker !== null) {
            if (taker === id) return;
            clearTimeout(claimTimer);
            tookFrom = null;
            yieldedAt = now();
            set('blocked');
            return onCheck?.(lock);
        }
        if (event.data !== RELEASED || state !== 'blocked') return;
        clearTimeout(claimTimer);
        claimTimer = setTimeout(check, Math.floor(random() * TAB_LOCK.maxClaimDelayMs));
    });
    return lock;
};
