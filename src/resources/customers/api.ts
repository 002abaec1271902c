/**
 * The customer screens' calls, through the portal's one HTTP client (lib/portalApi.ts) and
 * react-admin's query cache: every answer about a customer sits under `customerKey(msisdn)`, so an
 * action refreshes all of it at once, and nothing of one signed-in visit outlives it (App.tsx).
 */
import { useQuery, useQueryClient, type UseQueryOptions } from '@tanstack/react-query';
import type { CallDefinition, CallInput, CallResponse } from '../../../contract/define';
import { callApi } from '../../lib/portalApi';
import { useSingleMutation } from '../../lib/singleFlight';

export const customerKey = (msisdn: string) => ['customer', msisdn] as const;

type QueryOptions<C extends CallDefinition> = Omit<UseQueryOptions<CallResponse<C>>, 'queryKey' | 'queryFn'>;

/** One call's answer about a customer, cached under the customer's key plus `part`. */
export const useCustomerQuery = <C extends CallDefinition>(
    msisdn: string,
    part: readonly unknown[],
    call: C,
    input: CallInput<C>,
    options: QueryOptions<C> = {},
) =>
    useQuery<CallResponse<C>>({
        queryKey: [...customerKey(msisdn), ...part],
        queryFn: ({ signal }) => callApi(call, input, { signal }),
        ...options,
    });

/** A change about a customer: once it is done, everything shown about them is fetched again. */
export const useCustomerMutation = <C extends CallDefinition>(
    msisdn: string,
    call: C,
    options: {
        /** Runs even when the screen that asked has gone (a button that the new state hides). */
        onSuccess?: (answer: CallResponse<C>) => void;
    } = {},
) => {
    const queryClient = useQueryClient();
    return useSingleMutation<CallResponse<C>, unknown, CallInput<C>>({
        mutationFn: input => callApi(call, input),
        onSuccess: answer => {
            options.onSuccess?.(answer);
            // Not awaited: the dialog closes at once, and the new state arrives behind it.
            void queryClient.invalidateQueries({ queryKey: customerKey(msisdn) });
        },
    });
};
