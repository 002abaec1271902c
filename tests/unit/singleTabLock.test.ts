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
    return { open, items };
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
});
