/**
 * A write of the data provider (writes.ts) as a react-query mutation: once it has run, whether it
 * succeeded or not (a refusal may mean the record moved on), every list, record and count it
 * declares in `refreshes` for the params it ran with is refetched through react-admin's cache keys
 * (`[resource, …]`), and nothing else.
 */
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '.';
import { refreshesOf, type Write } from './defineWrite';
import { WRITES, type WriteName, type WriteParams, type WriteResult } from './writes';

export const useWrite = <K extends WriteName>(
    name: K,
    options: Omit<UseMutationOptions<WriteResult<K>, Error, WriteParams<K>>, 'mutationFn'> = {},
) => {
    const dataProvider = useDataProvider<PortalDataProvider>();
    const queryClient = useQueryClient();
    return useMutation<WriteResult<K>, Error, WriteParams<K>>({
        ...options,
        mutationKey: ['write', name],
        mutationFn: params => (dataProvider[name] as (params: WriteParams<K>) => Promise<WriteResult<K>>)(params),
        onSettled: async (...args) => {
            const write = (WRITES as Record<string, Write<WriteParams<K>, unknown>>)[name];
            const resources = write ? new Set(refreshesOf(write, args[2])) : [];
            await Promise.all([...resources].map(resource => queryClient.invalidateQueries({ queryKey: [resource] })));
            await options.onSettled?.(...args);
        },
    });
};
