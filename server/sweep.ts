import type { FastifyInstance } from 'fastify';

/**
 * Runs `sweep` every `intervalMs` while the app runs. Every instance sweeps: each sweep claims its
 * rows with `FOR UPDATE SKIP LOCKED`, so several instances remove a row once. The timer is
 * unref'd (it never keeps a process alive) and stops when the app closes, then `onClose` runs; a
 * failed sweep is logged as `what` and tried again at the next tick, never thrown.
 */
export const sweepWhileRunning = (
    app: FastifyInstance,
    intervalMs: number,
    what: string,
    sweep: () => Promise<unknown>,
    onClose?: () => void,
): void => {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
        timer = setInterval(() => {
            sweep().catch((error: unknown) => app.log.error({ error }, `The sweep of ${what} failed`));
        }, intervalMs);
        timer.unref();
    });
    app.addHook('onClose', async () => {
        clearInterval(timer);
        onClose?.();
    });
};
