import type { CatalogPart } from '../../../i18n/mergeCatalogs';

/**
 * The security groups' screens' words and their menu entry's, in English: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const en = {
    menu: {
        security: 'Security',
    },
    resources: {
        security: {
            name: 'Security group |||| Security groups',
            fields: {
                name: 'Name',
                description: 'Description',
                role_count: 'Roles',
                user_count: 'Users',
                created_at: 'Created',
                role: 'Role',
                q: 'Search',
            },
            counts: 'Roles: %{roles} · Users: %{users}',
            roles_of_group: 'Roles of this group',
            no_roles: 'This group holds no roles yet.',
            add_role: 'Add role',
            add_role_label: 'Role to add',
            no_more_roles: 'The group holds every role',
            role_added: 'Role added',
            remove_role: 'Remove',
            remove_role_title: 'Remove this role?',
            remove_role_content: 'Members of %{group} will lose the role “%{role}”.',
            role_removed: 'Role removed',
        },
    },
} satisfies CatalogPart;

export default en;
