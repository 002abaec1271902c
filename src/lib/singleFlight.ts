/**
 * One request at a time from one confirm button. A mutation's `isPending` reaches the screen only
 * after react-query's notification, a task later than the click: a double click (or Enter twice)
 * got its second `mutate` in before the button was disabled, and sent the request twice (a second
 * approval, refused with 409). Here the first call takes the flight at once, in the same event:
 * every further call is ignored until the request has settled, and `busy` is true from that event
 * on, so the button is disabled before the next click can reach it.
 *
 * Every dialog that confirms a request uses one of these two: `useSingleMutation` for a mutation
 * of its own, `useSingleFlight` around any other call (react-admin's data hooks, a loop of calls).
 */
import {
    useMutation,
    type DefaultError,
    type MutateOptions,
    type UseMutationOptions,
    type UseMutationResult,
} from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/** Taking the flight answers how to land it, or null when a request is in flight already. */
export interface SingleFlight {
    busy: boolean;
    take(): (() => void) | null;
}

export const useSingleFlight = (): SingleFlight => {
    const flying = useRef(false);
    const [busy, setBusy] = useState(false);
    const take = useCallback(() => {
        if (flying.current) return null;
        flying.current = true;
        setBusy(true);
        let landed = false;
        return () => {
            if (landed) return;
            landed = true;
            flying.current = false;
            setBusy(false);
        };
    }, []);
    return { busy, take };
};

/** A mutation whose `mutate` sends once until it settles, and whose `isPending` is true from the call. */
export type SingleMutation<TData, TError, TVariables, TOnMutateResult> = Omit<
    UseMutationResult<TData, TError, TVariables, TOnMutateResult>,
    'isPending' | 'mutate'
> & {
    isPending: boolean;
    mutate: (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TOnMutateResult>) => void;
};

/** react-query's `useMutation` with one request in flight at most (see the header). */
export const useSingleMutation = <TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
    options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
): SingleMutation<TData, TError, TVariables, TOnMutateResult> => {
    const { busy, take } = useSingleFlight();
    const land = useRef<(() => void) | null>(null);
    const mutation = useMutation<TData, TError, TVariables, TOnMutateResult>({
        ...options,
        // The options' own callbacks always run (a call's may not, once its screen has gone), and
        // this one runs last, after onSuccess or onError and whatever they awaited.
        onSettled: async (...settled) => {
            try {
                await options.onSettled?.(...settled);
            } finally {
                land.current?.();
                land.current = null;
            }
        },
    });
    const { mutate: send } = mutation;
    const mutate = useCallback(
        (variables: TVariables, callOptions?: MutateOptions<TData, TError, TVariables, TOnMutateResult>) => {
            const taken = take();
            if (!taken) return;
            land.current = taken;
            send(variables, callOptions);
        },
        [take, send],
    );
    return { ...mutation, isPending: mutation.isPending || busy, mutate };
};
