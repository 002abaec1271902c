/**
 * The customer screens' calls (and the add-loan wizard's, which refreshes the customer it sold to), through the portal's one HTTP client (lib/portalApi.ts) and
 * react-admin's query cache: every answer about a customer sits under `customerKey(msisdn)`, so a
 * write on them (customers/writes.ts, refreshing `customer`) refreshes all of it at once, and
 * nothing of one signed-in visit outlives it (App.tsx).
 */
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { CallDefinition, CallInput, CallResponse } from '../../contract/define';
import { callApi } from './portalApi';

/** The customer view's cache, refetched after every write on a customer (customers/writes.ts). */
export const CUSTOMER = 'customer';

export const customerKey = (msisdn: string) => [CUSTOMER, msisdn] as const;

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
