import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCK_KEY, startTabLock, type TabLock, type TabLockDeps, type TabLockState } from '../../src/lib/singleTabLock';

/** Tabs of one browser: one storage, one in-memory broadcast channel, one clock. */
const browser = () => {
    const items = new Map<string, string>();
    const listeners = new Set<(event: MessageEvent) => void>();
    let ids = 0;
    const storage = {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
    };
    const deps = (): TabLockDeps => ({
        storage,
        now: () => Date.now(),
        random: () => 0.5,
        newId: () => `tab-${++ids}`,
        openChannel: () => {
            let mine: ((event: MessageEvent) => void) | undefined;
            return {
                postMessage: (data: unknown) =>
                    listeners.forEach(listener => listener !== mine && listener({ data } as MessageEvent)),
                addEventListener: (_type, listener) => {
                    mine = listener;
                    listeners.add(listener);
                },
                close: () => mine && listeners.delete(mine),
            };
        },
    });
    const open = () => {
        const states: TabLockState[] = [];
        const lock = startTabLock(state => states.push(state), deps());
        return { lock, states };
    };
    /** A message on the channel from a tab that is not open here. */
    const say = (data: unknown) => listeners.forEach(listener => listener({ data } as MessageEvent));
    return { open, items, say };
};

describe('the single-tab lock', () => {
    let locks: TabLock[] = [];
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => {
        locks.forEach(lock => lock.stop());
        locks = [];
        vi.useRealTimers();
    });

    it('makes the first tab active and blocks a second one while the first lives', () => {
        const b = browser();
        const first = b.open();
        const second = b.open();
        locks.push(first.lock, second.lock);
        expect(first.lock.state).toBe('active');
        expect(second.lock.state).toBe('blocked');
        vi.advanceTimersByTime(60_000);
        expect(first.lock.state).toBe('active');
        expect(second.lock.state).toBe('blocked');
    });

    it('writes a heartbeat every second', () => {
        const b = browser();
        locks.push(b.open().lock);
        const beat = () => (JSON.parse(b.items.get(LOCK_KEY)!) as { beat: number }).beat;
        const before = beat();
        vi.advanceTimersByTime(1000);
        expect(beat()).toBe(before + 1000);
    });

    it('hands over within 200 ms when the active tab closes', () => {
        const b = browser();
        const first = b.open();
        const second = b.open();
        locks.push(second.lock);
        first.lock.release();
        expect(second.lock.state).toBe('blocked');
        vi.advanceTimersByTime(199);
        expect(second.lock.state).toBe('active');
        expect(second.states).toEqual(['blocked', 'active']);
    });

    it('lets only one of several blocked tabs take over', () => {
        const b = browser();
        const first = b.open();
        const others = [b.open(), b.open()];
        locks.push(...others.map(tab => tab.lock));
        first.lock.release();
        vi.advanceTimersByTime(200);
        expect(others.map(tab => tab.lock.state).sort()).toEqual(['active', 'blocked']);
    });

    it('claims a lock whose holder stopped beating for more than 30 s', () => {
        const b = browser();
        const crashed = b.open();
        crashed.lock.stop(); // a crash: no release, no more heartbeats
        const next = b.open();
        locks.push(next.lock);
        expect(next.lock.state).toBe('blocked');
        vi.advanceTimersByTime(31_000);
        expect(next.lock.state).toBe('active');
    });

    it('after a crash, counts the silent holder down to the take-over once it has missed its heartbeats', () => {
        const b = browser();
        const crashed = b.open();
        crashed.lock.stop();
        const next = b.open();
        locks.push(next.lock);
        expect(next.lock.staleFor()).toBeNull(); // silent under 3 s: it may only be slow
        vi.advanceTimersByTime(12_000);
        expect(next.lock.state).toBe('blocked');
        expect(next.lock.staleFor()).toBe(12_000); // "not answered for 12 s; this tab takes over in 18 s"
        vi.advanceTimersByTime(19_000);
        expect(next.lock.state).toBe('active');
        expect(next.lock.staleFor()).toBeNull();
    });

    it('never counts down while the holder beats', () => {
        const b = browser();
        const first = b.open();
        const second = b.open();
        locks.push(first.lock, second.lock);
        for (let second_ = 0; second_ < 40; second_++) {
            vi.advanceTimersByTime(1000);
            expect(second.lock.staleFor()).toBeNull();
        }
    });

    it('"Use here" takes a crashed holder\'s lock at once, without waiting 30 s', () => {
        const b = browser();
        const crashed = b.open();
        crashed.lock.stop();
        const next = b.open();
        locks.push(next.lock);
        expect(next.lock.state).toBe('blocked');
        next.lock.takeOver();
        expect(next.lock.state).toBe('active');
        expect(next.lock.holds()).toBe(true);
        vi.advanceTimersByTime(5_000);
        expect(next.lock.state).toBe('active');
    });

    it('"Use here" takes a live holder\'s lock: the former holder is blocked at once and stays blocked', () => {
        const b = browser();
        const first = b.open();
        const second = b.open();
        locks.push(first.lock, second.lock);
        second.lock.takeOver();
        expect(second.lock.state).toBe('active');
        expect(first.lock.state).toBe('blocked'); // told on the channel, not at its next heartbeat
        expect(first.states).toEqual(['active', 'blocked']);
        expect([first.lock.holds(), second.lock.holds()]).toEqual([false, true]);
        vi.advanceTimersByTime(60_000);
        expect([first.lock.state, second.lock.state]).toEqual(['blocked', 'active']);
        first.lock.takeOver(); // and back
        expect([first.lock.state, second.lock.state]).toEqual(['active', 'blocked']);
    });

    it('is blocked on hearing of a take-over, though its copy of storage does not show the taker yet', () => {
        const b = browser();
        const first = b.open();
        locks.push(first.lock);
        b.say({ kind: 'taken', id: 'taker' }); // the taker's write has not reached this tab's storage
        expect(first.lock.state).toBe('blocked');
        vi.advanceTimersByTime(2000);
        expect(first.lock.state).toBe('blocked'); // reading itself as holder does not undo it
        b.items.set(LOCK_KEY, JSON.stringify({ id: 'taker', beat: Date.now() }));
        vi.advanceTimersByTime(1000);
        expect(first.lock.state).toBe('blocked');
    });

    it('the taker writes itself again over a heartbeat the former holder wrote as it was taken', () => {
        const b = browser();
        const first = b.open();
        const second = b.open();
        locks.push(first.lock, second.lock);
        const firstRecord = b.items.get(LOCK_KEY)!;
        second.lock.takeOver();
        b.items.set(LOCK_KEY, firstRecord.replace(/"beat":\d+/, `"beat":${Date.now()}`)); // the late heartbeat
        vi.advanceTimersByTime(1000);
        expect([first.lock.state, second.lock.state]).toEqual(['blocked', 'active']);
        expect(second.lock.holds()).toBe(true);
        vi.advanceTimersByTime(10_000);
        expect([first.lock.state, second.lock.state]).toEqual(['blocked', 'active']);
    });

    it('hears a take-over it was not told of (no channel) at its next heartbeat', () => {
        const b = browser();
        const first = b.open();
        locks.push(first.lock);
        b.items.set(LOCK_KEY, JSON.stringify({ id: 'a-tab-without-channel', beat: Date.now() }));
        expect(first.lock.state).toBe('active');
        vi.advanceTimersByTime(1000);
        expect(first.lock.state).toBe('blocked');
    });
});
