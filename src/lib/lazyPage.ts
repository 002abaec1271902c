/**
 * Pages loaded on demand. A script chunk that fails to load, or takes longer than 120 s (spec §9),
 * fails with 'Loading chunk N failed', which the error page shows with a reload button.
 */
import { lazy, type ComponentType } from 'react';
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

export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>, timeoutMs = CHUNK_TIMEOUT_MS) => {
    const chunk = ++chunks;
    return lazy(async () => {
        try {
            return { default: await withTimeout(load(), timeoutMs) };
        } catch {
            throw new ChunkLoadError(chunk);
        }
    });
};
