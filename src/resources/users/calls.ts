/** Portal users (contract/users.ts): listed with filters, added, changed, disabled or enabled, signed out. */
import {
    createAdmin,
    endAdminSessions,
    getAdmin,
    listAdmins,
    releaseAdminThrottle,
    setAdminStatus,
    updateAdmin,
} from '../../../contract/users';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    users: defineResource({
        list: listAdmins,
        one: getAdmin,
        create: createAdmin,
        update: updateAdmin,
        // The account actions of the edit screen (UserAccountActions.tsx), each its own call.
        actions: {
            status: setAdminStatus.access,
            end_sessions: endAdminSessions.access,
            release: releaseAdminThrottle.access,
        },
    }),
} satisfies Record<string, ResourceDeclaration>;
