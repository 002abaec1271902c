import { describe, expect, it } from 'vitest';
import {
    latencyVerdict,
    SKEW_FAILED_MS,
    SKEW_WARNING_MS,
    skewVerdict,
    STORAGE_PROBE_KEY,
    storageVerdict,
    tabLockVerdict,
    versionVerdict,
} from '../../src/pages/system/checks';

const memoryStorage = () => {
    const items = new Map<string, string>();
    return {
        items,
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
    };
};

describe("the system check's verdicts", () => {
    it('reach: every call answered quickly is OK, with the median and the slowest', () => {
        expect(latencyVerdict([80, 120, 100, 90, 400])).toEqual({
            state: 'ok',
            message: 'system.latency.ok',
            values: { median: 100, max: 400, failed: 0, total: 5 },
        });
    });

    it('reach: a slow median is a warning; some failures are a warning; none answered is a failure', () => {
        expect(latencyVerdict([1500, 1200, 1100, 900, 2000]).state).toBe('warning');
        expect(latencyVerdict([1500, 1200, 1100, 900, 2000]).message).toBe('system.latency.slow');
        expect(latencyVerdict([80, null, 90, 100, 85])).toMatchObject({
            state: 'warning',
            message: 'system.latency.some_failed',
            values: { failed: 1, total: 5 },
        });
        expect(latencyVerdict([null, null, null])).toEqual({
            state: 'failed',
            message: 'system.latency.unreachable',
            values: { total: 3 },
        });
    });

    it("versions: the portal's against the server's", () => {
        expect(versionVerdict('2.7.111', '2.7.111').state).toBe('ok');
        expect(versionVerdict('2.7.110', '2.7.111')).toEqual({
            state: 'warning',
            message: 'system.version.different',
            values: { portal: '2.7.110', server: '2.7.111' },
        });
    });

    it('clock: estimated at the round trip midpoint, and the round trip is allowed for', () => {
        const sentAt = 1_000_000;
        // The server answered 10 s "ahead" of the midpoint, but a 30 s round trip makes that unknowable.
        expect(skewVerdict({ sentAt, receivedAt: sentAt + 30_000, serverTime: sentAt + 25_000 }).state).toBe('ok');
        expect(skewVerdict({ sentAt, receivedAt: sentAt + 100, serverTime: sentAt + 50 + SKEW_WARNING_MS })).toMatchObject({
            state: 'ok',
        });
    });

    it('clock: behind or ahead of the server beyond 30 s is a warning, beyond 5 minutes a failure, in words', () => {
        const sentAt = 1_000_000;
        const receivedAt = sentAt + 200;
        const midpoint = sentAt + 100;
        expect(skewVerdict({ sentAt, receivedAt, serverTime: midpoint + 60_000 })).toEqual({
            state: 'warning',
            message: 'system.clock.behind',
            values: { seconds: 60 },
        });
        expect(skewVerdict({ sentAt, receivedAt, serverTime: midpoint - 60_000 })).toMatchObject({
            state: 'warning',
            message: 'system.clock.ahead',
        });
        expect(skewVerdict({ sentAt, receivedAt, serverTime: midpoint - SKEW_FAILED_MS - 1000 }).state).toBe('failed');
    });

    it('storage: writes, reads back and removes the probe', () => {
        const storage = memoryStorage();
        expect(storageVerdict(storage, 'probe-1')).toEqual({ state: 'ok', message: 'system.storage.ok' });
        expect(storage.items.has(STORAGE_PROBE_KEY)).toBe(false);
    });

    it('storage: a browser that refuses or loses what it is given fails, saying which', () => {
        const refusing = {
            ...memoryStorage(),
            setItem: () => {
                throw new DOMException('quota', 'QuotaExceededError');
            },
        };
        expect(storageVerdict(refusing, 'probe').message).toBe('system.storage.refused');
        const forgetting = { ...memoryStorage(), getItem: () => null };
        expect(storageVerdict(forgetting, 'probe')).toEqual({ state: 'failed', message: 'system.storage.mismatch' });
        const keeping = { ...memoryStorage(), getItem: () => 'probe', removeItem: () => undefined };
        expect(storageVerdict(keeping, 'probe').message).toBe('system.storage.not_removed');
    });

    it('tab lock: OK only when this tab holds it', () => {
        expect(tabLockVerdict(true).state).toBe('ok');
        expect(tabLockVerdict(false).state).toBe('failed');
        expect(tabLockVerdict(null).state).toBe('failed');
    });
});
