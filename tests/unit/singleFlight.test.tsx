/**
 * One request at a time from a confirm button (src/lib/singleFlight.ts): calls made before the
 * first has settled send nothing, the mutation is pending from the call itself, and once it has
 * settled (answered or refused) the next call sends again.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useSingleFlight, useSingleMutation } from '../../src/lib/singleFlight';

const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
        {children}
    </QueryClientProvider>
);

/** A request the test answers when it chooses. */
const gate = () => {
    const sent: string[] = [];
    const answers: ((ok: boolean) => void)[] = [];
    const send = (value: string) =>
        new Promise<string>((resolve, reject) => {
            sent.push(value);
            answers.push(ok => (ok ? resolve(value) : reject(new Error('refused'))));
        });
    return { sent, send, answer: (ok: boolean) => answers.shift()?.(ok) };
};

describe('useSingleMutation', () => {
    it('sends once for calls made while one is in flight, pending from the first call, and again once it has settled', async () => {
        const request = gate();
        const settled: string[] = [];
        const { result } = renderHook(
            () =>
                useSingleMutation({
                    mutationFn: request.send,
                    onSettled: (_data, error, value) => {
                        settled.push(`${value}:${error ? 'refused' : 'done'}`);
                    },
                }),
            { wrapper },
        );
        act(() => {
            result.current.mutate('first');
            result.current.mutate('second');
        });
        // Pending in the same act as the calls: no task has run for react-query's own notification.
        expect(result.current.isPending).toBe(true);
        act(() => result.current.mutate('third'));
        await waitFor(() => expect(request.sent).toEqual(['first']));

        act(() => request.answer(false));
        await waitFor(() => expect(result.current.isPending).toBe(false));
        expect(result.current.error).toBeInstanceOf(Error);
        expect(settled).toEqual(['first:refused']);

        act(() => result.current.mutate('fourth'));
        await waitFor(() => expect(request.sent).toEqual(['first', 'fourth']));
        act(() => request.answer(true));
        await waitFor(() => expect(result.current.data).toBe('fourth'));
        expect(result.current.isPending).toBe(false);
        expect(settled).toEqual(['first:refused', 'fourth:done']);
    });
});

describe('useSingleFlight', () => {
    it('lets one taker fly until it lands, and lands once however often it is told', () => {
        const { result } = renderHook(() => useSingleFlight());
        let land: (() => void) | null = null;
        act(() => {
            land = result.current.take();
            expect(result.current.take()).toBeNull();
        });
        expect(land).not.toBeNull();
        expect(result.current.busy).toBe(true);
        act(() => {
            land?.();
            land?.();
        });
        expect(result.current.busy).toBe(false);
        let again: (() => void) | null = null;
        act(() => {
            again = result.current.take();
        });
        expect(again).not.toBeNull();
        // The first landing, told again late, does not land the second flight.
        act(() => land?.());
        expect(result.current.busy).toBe(true);
    });
});
