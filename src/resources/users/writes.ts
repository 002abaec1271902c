/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { endAdminSessions, setAdminStatus, type Admin } from '../../../contract/security';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { session } from '../../lib/session';

/** The account actions a user list applies to several users at once (each one's own call). */
export const BULK_ACCOUNT_ACTIONS = ['disable', 'enable', 'end_sessions'] as const;
export type BulkAccountAction = (typeof BULK_ACCOUNT_ACTIONS)[number];

/** What happened to one user: done (with the sessions ended, for end_sessions), or the refusal's catalog key. */
export interface BulkAccountOutcome {
    id: number;
    username: string;
    ok: boolean;
    key: string;
    count?: number;
}

const applyTo = async (action: BulkAccountAction, user: Pick<Admin, 'id' | 'username'>): Promise<BulkAccountOutcome> => {
    const params = { id: String(user.id) };
    if (action === 'end_sessions') {
        const { ended } = await callApi(endAdminSessions, { params });
        return { ...user, ok: true, key: 'resources.users.account.end_sessions_done', count: ended };
    }
    await callApi(setAdminStatus, { params, body: { status: action === 'disable' ? 'disabled' : 'active' } });
    return { ...user, ok: true, key: `resources.users.bulk.done_${action}` };
};

export default {
    /**
     * One account action on each selected user, one call after another (the calls the edit screen
     * makes, so each is audited and refused as it would be there), every outcome reported. One's
     * own account is never acted on: disabling it or ending its sessions would lock the user out
     * of the screen they are using.
     */
    usersBulkAccount: defineWrite({
        refreshes: ['users'],
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
