import { useCanAccess, useGetList, type RaRecord } from 'react-admin';
import type { GroupRole } from '../../../contract/auth';
import { LIST_LIMIT } from '../../config';
import { session } from '../../lib/session';

/**
 * The groups a user may be moved into by the person editing: those whose every role the editor
 * holds (server/domain/users refuses the others with errors.group_roles_not_held) other than
 * the editor's own (errors.own_group_members), and the user's current group. Knowing a group's roles takes VIEW_SECURITY; without it, or when the
 * roles do not fit in one page, every group is offered and the server's refusal shows on the input.
 */
export const useChoosableGroups = (currentGroupId: number | undefined) => {
    const groups = useGetList('groups', { pagination: { page: 1, perPage: LIST_LIMIT } });
    const { canAccess: mayReadRoles } = useCanAccess({ resource: 'group-roles', action: 'list' });
    const roles = useGetList<GroupRole & RaRecord>(
        'group-roles',
        { pagination: { page: 1, perPage: LIST_LIMIT }, sort: { field: 'id', order: 'ASC' } },
        { enabled: mayReadRoles === true },
    );
    const own = session.roles()?.group_id;
    const all = [...(groups.data ?? [])]
        .filter(group => Number(group.id) === currentGroupId || Number(group.id) !== own)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    const complete = roles.data !== undefined && roles.total !== undefined && roles.data.length >= roles.total;
    if (!mayReadRoles || !complete) return { choices: all, isPending: groups.isPending || (mayReadRoles && roles.isPending) };
    const held = new Set(session.roles()?.codes ?? []);
    const beyondReach = new Set(roles.data.filter(row => !held.has(row.admin_role.code)).map(row => row.group_id));
    return {
        choices: all.filter(group => Number(group.id) === currentGroupId || !beyondReach.has(Number(group.id))),
        isPending: false,
    };
};
