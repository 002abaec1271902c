/**
 * An async event handler given to React (src/lib/handler.ts): the callback returns nothing, the
 * handler's own work runs with the event, and a failure it did not catch itself becomes an error
 * toast in the user's language rather than an unhandled rejection.
 */
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../src/lib/handler';
import { notices } from '../../src/lib/notices';

describe('handler', () => {
    afterEach(() => notices.clear());

    it('runs the async handler with the arguments and returns nothing', async () => {
        const run = vi.fn(async (_value: number) => undefined);
        expect(handler(run)(7)).toBeUndefined();
        expect(run).toHaveBeenCalledWith(7);
        await run.mock.results[0]?.value;
        expect(notices.shown()).toEqual([]);
    });

    it('shows a failure the handler did not catch as an error toast, by its catalog key', async () => {
        handler(async () => {
            throw new HttpError('errors.forbidden', 403, null);
        })();
        await vi.waitFor(() =>
            expect(notices.shown().map(toast => [toast.notice.message, toast.notice.type])).toEqual([
                ['errors.forbidden', 'error'],
            ]),
        );
    });
});
