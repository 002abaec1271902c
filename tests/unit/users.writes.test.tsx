/**
 * A user's account actions and password reset are writes of the data provider
 * (src/resources/users/writes.ts), run by useWrite: each sends its one call, answers what the
 * screen reports, and refetches exactly the lists that show what it changed, through their
 * react-admin cache keys, instead of the screen calling the API and refreshing everything. So is
 * the sale wizard's "Cancel sale" (customers/writes.ts), which refetched nothing.
 */
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CoreAdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { cancelLoan } from '../../contract/origination';
import { endAdminSessions, releaseAdminThrottle, resetAdminPassword, setAdminStatus } from '../../contract/users';
import { dataProvider } from '../../src/dataProvider';
import { useWrite } from '../../src/dataProvider/useWrite';
import type { AccountAction } from '../../src/resources/users/writes';
import { sipho } from './support/adminFixtures';
import { answer, contractServer } from './support/contractHandlers';
import { saleLoan } from './support/loanWizardFixtures';
import { signedInAs } from './support/portal';

/** Lists an account's change could show in, and some it cannot, each cached under react-admin's key. */
const CACHED = ['users', 'agents', 'shop-agents', 'stores', 'inventory', 'phone-models', 'customer', 'approval-counts'] as const;

const sent: { method: string; path: string; body?: unknown }[] = [];
const record = async (request: Request) => {
    const body: unknown = await request.text().then(text => (text ? JSON.parse(text) : undefined));
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/portal_api', ''), body });
};

contractServer(
    answer(setAdminStatus, async ({ request }) => {
        await record(request);
        return { ...sipho, status: 'disabled' as const };
    }),
    answer(endAdminSessions, async ({ request }) => {
        await record(request);
        return { ended: 3 };
    }),
    answer(releaseAdminThrottle, async ({ request }) => {
        await record(request);
        return { released: 2 };
    }),
    answer(cancelLoan, async ({ request }) => {
        await record(request);
        return saleLoan({ status: 'cancelled', cancellation_reason: 'other' });
    }),
    answer(resetAdminPassword, async ({ request }) => {
        await record(request);
        return { temporary_password: 'k7m2q-abcde-fghjk-mnpqr', user: sipho };
    }),
);

afterEach(() => {
    sent.length = 0;
});

const useAccountWrites = () => ({
    account: useWrite('usersAccountAction'),
    reset: useWrite('usersResetPassword'),
    cancel: useWrite('customerLoanCancel'),
});

/** Runs `write` through the data provider with every list of CACHED fresh; answers its result and the lists marked stale. */
const run = async <R,>(
    write: (writes: ReturnType<typeof useAccountWrites>) => Promise<R>,
    roles = ['VIEW_USERS', 'EDIT_USER'],
) => {
    signedInAs(roles);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    for (const resource of CACHED) queryClient.setQueryData([resource, 'getList', {}], { data: [], total: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
        <CoreAdminContext dataProvider={dataProvider} queryClient={queryClient} store={memoryStore()}>
            {children}
        </CoreAdminContext>
    );
    const { result } = renderHook(useAccountWrites, { wrapper });
    let answered: R | undefined;
    await act(async () => {
        answered = await write(result.current);
    });
    return {
        answered,
        refreshed: CACHED.filter(resource => queryClient.getQueryState([resource, 'getList', {}])?.isInvalidated),
    };
};

const accountAction = (action: AccountAction) => run(({ account }) => account.mutateAsync({ action, id: 2 }));

describe("a user's account actions, through the data provider", () => {
    it("disables with its one call and refetches the lists showing the status: the users, the agents and a shop's agents", async () => {
        const { answered, refreshed } = await accountAction('disable');
        expect(sent).toEqual([{ method: 'POST', path: '/prerequisites/admins/2/status', body: { status: 'disabled' } }]);
        expect(answered).toBeUndefined();
        expect(refreshed).toEqual(['users', 'agents', 'shop-agents']);
    });

    it('enables the same way', async () => {
        const { refreshed } = await accountAction('enable');
        expect(sent).toEqual([{ method: 'POST', path: '/prerequisites/admins/2/status', body: { status: 'active' } }]);
        expect(refreshed).toEqual(['users', 'agents', 'shop-agents']);
    });

    it('ends the sessions and forgives failed sign-ins, answering how many, and refetches nothing: no list shows either', async () => {
        const ended = await accountAction('end_sessions');
        expect(ended).toEqual({ answered: 3, refreshed: [] });
        const released = await accountAction('release');
        expect(released).toEqual({ answered: 2, refreshed: [] });
        expect(sent.map(({ path }) => path)).toEqual(['/prerequisites/admins/2/sessions/end', '/prerequisites/admins/2/release']);
    });

    it('resets the password with its one call, answering the temporary one, and refetches nothing', async () => {
        const { answered, refreshed } = await run(({ reset }) => reset.mutateAsync({ id: 2 }));
        expect(sent).toEqual([{ method: 'POST', path: '/prerequisites/admins/2/password', body: undefined }]);
        expect(answered?.temporary_password).toBe('k7m2q-abcde-fghjk-mnpqr');
        expect(refreshed).toEqual([]);
    });
});

describe('cancelling a sale, through the data provider', () => {
    it("refetches the customer, and the devices and the catalogue's stock, its phone being back in stock", async () => {
        const { refreshed } = await run(
            ({ cancel }) =>
                cancel.mutateAsync({ body: { loan_reference: 'LPP-000001', reason: 'other', note: 'Changed their mind' } }),
            ['ADD_LOAN'],
        );
        expect(sent.map(({ path }) => path)).toEqual(['/api/v1/initiate_loan_cancellation']);
        expect(refreshed).toEqual(['inventory', 'phone-models', 'customer']);
    });
});
