/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { endAdminSessions, releaseAdminThrottle, resetAdminPassword, setAdminStatus, type Admin } from '../../../contract/users';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { session } from '../../lib/session';

/** The account actions of the edit screen (UserAccountActions.tsx), gated by the users' `actions` in calls.ts. */
export type AccountAction = 'disable' | 'enable' | 'end_sessions' | 'release';

/** The account actions a user list applies to several users at once (each one's own call). */
export const BULK_ACCOUNT_ACTIONS = ['disable', 'enable', 'end_sessions'] as const satisfies readonly AccountAction[];
export type BulkAccountAction = (typeof BULK_ACCOUNT_ACTIONS)[number];

/**
 * What an account action changes that a list shows: the status, in the users' lists and records
 * and in the agents' (an agent is a portal user; the agents and a shop's agents show its status).
 * Sessions and failed sign-ins show nowhere, so ending or forgiving them refetches nothing.
 */
const changedBy = ({ action }: { action: AccountAction }): readonly string[] =>
    action === 'disable' || action === 'enable' ? ['users', 'agents', 'shop-agents'] : [];

/**
 * One account action's call. Answers how many sessions it ended or failed sign-ins it forgave,
 * for the actions that count them.
 */
const applyAccountAction = async (action: AccountAction, id: number): Promise<number | undefined> => {
    const params = { id: String(id) };
    switch (action) {
        case 'disable':
        case 'enable':
            await callApi(setAdminStatus, { params, body: { status: action === 'disable' ? 'disabled' : 'active' } });
            return undefined;
        case 'end_sessions':
            return (await callApi(endAdminSessions, { params })).ended;
        case 'release':
            return (await callApi(releaseAdminThrottle, { params })).released;
    }
};

/** What happened to one user: done (with the sessions ended, for end_sessions), or the refusal's catalog key. */
export interface BulkAccountOutcome {
    id: number;
    username: string;
    ok: boolean;
    key: string;
    count?: number;
}

const applyTo = async (action: BulkAccountAction, user: Pick<Admin, 'id' | 'username'>): Promise<BulkAccountOutcome> => {
    const count = await applyAccountAction(action, user.id);
    return action === 'end_sessions'
        ? { ...user, ok: true, key: 'resources.users.account.end_sessions_done', count }
        : { ...user, ok: true, key: `resources.users.bulk.done_${action}` };
};

const writes = {
    /**
     * One account action on one user (the edit screen's): answers the sessions ended or sign-in
     * failures forgiven where the action counts them. A refusal (one's own status, a group whose
     * roles the caller does not all hold) is the server's, translated by the screen.
     */
    usersAccountAction: defineWrite({
        refreshes: changedBy,
        run: ({ action, id }: { action: AccountAction; id: number }): Promise<number | undefined> =>
            applyAccountAction(action, id),
    }),
    /**
     * A new temporary password for a user, which ends their sessions: answers it (to be shown
     * once, never kept) with the user as they now stand. Neither shows in any list or record.
     */
    usersResetPassword: defineWrite({
        refreshes: [],
        run: ({ id }: { id: number }) => callApi(resetAdminPassword, { params: { id: String(id) } }),
    }),
    /**
     * One account action on each selected user, one call after another (the calls the edit screen
     * makes, so each is audited and refused as it would be there), every outcome reported. One's
     * own account is never acted on: disabling it or ending its sessions would lock the user out
     * of the screen they are using.
     */
    usersBulkAccount: defineWrite({
        refreshes: changedBy,
        run: async ({
            action,
            users,
        }: {
            action: BulkAccountAction;
            users: readonly Pick<Admin, 'id' | 'username'>[];
        }): Promise<BulkAccountOutcome[]> => {
            const own = session.user()?.username;
            const outcomes: BulkAccountOutcome[] = [];
            for (const { id, username } of users) {
                if (username === own) {
                    outcomes.push({ id, username, ok: false, key: 'resources.users.bulk.own_account' });
                    continue;
                }
                try {
                    outcomes.push(await applyTo(action, { id, username }));
                } catch (error) {
                    outcomes.push({ id, username, ok: false, key: errorKeyOf(error) });
                }
            }
            return outcomes;
        },
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        users: typeof writes;
    }
}
