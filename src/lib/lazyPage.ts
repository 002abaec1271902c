/**
 * Pages loaded on demand. A script chunk that fails to load, or takes longer than 120 s (spec §9),
 * fails with 'Loading chunk N failed', which the error page shows with a reload button.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config';

export class ChunkLoadError extends Error {
    override name = 'ChunkLoadError';
    constructor(readonly chunk: number) {
        super(`Loading chunk ${chunk} failed`);
    }
}

let chunks = 0;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('timeout')), ms);
        work.then(
            value => {
                clearTimeout(timer);
                resolve(value);
            },
            (error: unknown) => {
                clearTimeout(timer);
                reject(error instanceof Error ? error : new Error(String(error)));
            },
        );
    });

/** A lazily loaded page, whose chunk can be asked for early (`preload`), before it renders. */
export type LazyPage<P extends object> = LazyExoticComponent<ComponentType<P>> & { preload: () => void };

export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>, timeoutMs = CHUNK_TIMEOUT_MS): LazyPage<P> => {
    const chunk = ++chunks;
    let loading: Promise<ComponentType<P>> | undefined;
    // One load however often asked: a preload and the render share it (a failed one is retried).
    const once = () => {
        loading ??= load().catch((error: unknown) => {
            loading = undefined;
            throw error;
        });
        return loading;
    };
    const page = lazy(async () => {
        try {
            return { default: await withTimeout(once(), timeoutMs) };
        } catch {
            throw new ChunkLoadError(chunk);
        }
    });
    return Object.assign(page, { preload: () => void once().catch(() => undefined) });
};
