/**
 * After a decision everything it touches is fetched again at once: the queues and the badge counts
 * (all under `approvalsKey`), the customer screens (every answer about a customer sits under
 * `['customer', msisdn]`, customers/api.ts), and the users and agents lists (an approved
 * registration is a new active agent).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { approvalsKey } from './api';

const TOUCHED = [approvalsKey, ['customer'], ['users'], ['agents']] as const;

export const useRefreshAfterDecision = () => {
    const queryClient = useQueryClient();
    return useCallback(() => {
        for (const queryKey of TOUCHED) void queryClient.invalidateQueries({ queryKey });
    }, [queryClient]);
};
