import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The security groups' screens' words and their menu entry's, in Swahili: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        security: 'Usalama',
    },
    resources: {
        security: {
            name: 'Kikundi cha usalama |||| Vikundi vya usalama',
            fields: {
                name: 'Jina',
                description: 'Maelezo',
                role_count: 'Majukumu',
                user_count: 'Watumiaji',
                created_at: 'Tarehe ya kuundwa',
                role: 'Jukumu',
                q: 'Tafuta',
            },
            counts: 'Majukumu: %{roles} · Watumiaji: %{users}',
            roles_of_group: 'Majukumu ya kikundi hiki',
            no_roles: 'Kikundi hiki bado hakina majukumu yoyote.',
            add_role: 'Ongeza jukumu',
            add_role_label: 'Jukumu la kuongeza',
            no_more_roles: 'Kikundi tayari kina majukumu yote',
            role_added: 'Jukumu limeongezwa',
            remove_role: 'Ondoa',
            remove_role_title: 'Ondoa jukumu hili?',
            remove_role_content: 'Wanachama wa %{group} watapoteza jukumu “%{role}”.',
            role_removed: 'Jukumu limeondolewa',
        },
    },
} satisfies TranslationOf<typeof en>;

export default sw;
