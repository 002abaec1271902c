/**
 * The system check's verdicts (`/dashboard/test`), apart from React so each rule is tested alone.
 * Every verdict is a state (`ok`, `warning`, `failed`), a translation key under `system.` saying
 * it in words, and the values the words name.
 */
import type { CheckState } from '../../../contract/system';

export interface Verdict {
    state: CheckState;
    /** Translation key of the sentence that explains the state. */
    message: string;
    values?: Record<string, string | number>;
}

/** How many timed calls the reach check makes, one after the other. */
export const PINGS = 5;
/** A median round trip above this is slow for a sale (codes and screens wait on it). */
export const SLOW_MS = 1000;
/** Clock skew beyond doubt (after the round trip's uncertainty) that is worth fixing. */
export const SKEW_WARNING_MS = 30_000;
/**
 * Beyond this the browser's clock breaks the portal: codes last 5 minutes, and a session's expiry
 * is judged by the browser's clock.
 */
export const SKEW_FAILED_MS = 5 * 60_000;

const median = (values: readonly number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Round trips in ms, `null` for a call that failed. */
export const latencyVerdict = (samples: readonly (number | null)[]): Verdict => {
    const answered = samples.filter((sample): sample is number => sample !== null);
    const failed = samples.length - answered.length;
    if (answered.length === 0)
        return { state: 'failed', message: 'system.latency.unreachable', values: { total: samples.length } };
    const values = {
        median: Math.round(median(answered)),
        max: Math.round(Math.max(...answered)),
        failed,
        total: samples.length,
    };
    if (failed > 0) return { state: 'warning', message: 'system.latency.some_failed', values };
    if (values.median > SLOW_MS) return { state: 'warning', message: 'system.latency.slow', values };
    return { state: 'ok', message: 'system.latency.ok', values };
};

export const versionVerdict = (portal: string, server: string): Verdict =>
    portal === server
        ? { state: 'ok', message: 'system.version.same', values: { portal, server } }
        : { state: 'warning', message: 'system.version.different', values: { portal, server } };

/**
 * The browser's clock against the server's. The server read its clock somewhere between sending
 * and receiving, so the estimate is taken at the midpoint and half the round trip is uncertain:
 * only the skew beyond that counts.
 */
export const skewVerdict = ({
    sentAt,
    receivedAt,
    serverTime,
}: {
    sentAt: number;
    receivedAt: number;
    serverTime: number;
}): Verdict => {
    const skew = serverTime - (sentAt + receivedAt) / 2;
    const beyondDoubt = Math.max(0, Math.abs(skew) - (receivedAt - sentAt) / 2);
    const values = { seconds: Math.round(Math.abs(skew) / 1000) };
    if (beyondDoubt <= SKEW_WARNING_MS) return { state: 'ok', message: 'system.clock.ok', values };
    const message = skew > 0 ? 'system.clock.behind' : 'system.clock.ahead';
    return { state: beyondDoubt > SKEW_FAILED_MS ? 'failed' : 'warning', message, values };
};

export const STORAGE_PROBE_KEY = 'pfp.system-check-probe';

/** Writes, reads back and removes a probe key: private modes and full storage fail here. */
export const storageVerdict = (storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, probe: string): Verdict => {
    try {
        storage.setItem(STORAGE_PROBE_KEY, probe);
        const read = storage.getItem(STORAGE_PROBE_KEY);
        storage.removeItem(STORAGE_PROBE_KEY);
        if (read !== probe) return { state: 'failed', message: 'system.storage.mismatch' };
        if (storage.getItem(STORAGE_PROBE_KEY) !== null) return { state: 'failed', message: 'system.storage.not_removed' };
        return { state: 'ok', message: 'system.storage.ok' };
    } catch {
        return { state: 'failed', message: 'system.storage.refused' };
    }
};

/** This tab holds the single-tab lock (it shows the portal, so it should). */
export const tabLockVerdict = (holds: boolean | null): Verdict =>
    holds ? { state: 'ok', message: 'system.tab_lock.ok' } : { state: 'failed', message: 'system.tab_lock.not_held' };
