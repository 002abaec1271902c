/** Security groups, the role codes, and the roles each group holds (contract/security.ts). */
import {
    addGroupRole,
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listGroupRoles,
    removeGroupRole,
    updateAdminGroup,
} from '../../../contract/security';
import { LIST_LIMIT } from '../../config';
import { defineResource, wholeList, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    security: defineResource({
        list: listAdminGroups,
        one: getAdminGroup,
        create: createAdminGroup,
        // Rename or describe (`edit`, ADD_SECURITY_GROUP).
        update: updateAdminGroup,
        // The groups call also serves the users' pickers; the security screen is for VIEW_SECURITY only.
        narrower: { list: 'VIEW_SECURITY' },
        actions: { roles: 'EDIT_ROLES' },
    }),
    'group-roles': defineResource({ list: listGroupRoles, create: addGroupRole, remove: removeGroupRole }),
    roles: defineResource({ list: listAdminRoles }),
    /** Every group, for the users' pickers and filters. */
    groups: defineResource({
        whole: wholeList(listAdminGroups, { query: { $limit: LIST_LIMIT } }, answer => answer.data),
    }),
} satisfies Record<string, ResourceDeclaration>;
