import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The security groups' screens' words and their menu entry's, in Portuguese: found by their place
 * and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        security: 'Segurança',
    },
    resources: {
        security: {
            name: 'Grupo de segurança |||| Grupos de segurança',
            fields: {
                name: 'Nome',
                description: 'Descrição',
                role_count: 'Funções',
                user_count: 'Utilizadores',
                created_at: 'Criado em',
                role: 'Função',
                q: 'Pesquisar',
            },
            counts: 'Funções: %{roles} · Utilizadores: %{users}',
            roles_of_group: 'Funções deste grupo',
            no_roles: 'Este grupo ainda não tem funções.',
            add_role: 'Adicionar função',
            add_role_label: 'Função a adicionar',
            no_more_roles: 'O grupo já tem todas as funções',
            role_added: 'Função adicionada',
            remove_role: 'Remover',
            remove_role_title: 'Remover esta função?',
            remove_role_content: 'Os membros de %{group} perderão a função “%{role}”.',
            role_removed: 'Função removida',
        },
    },
} satisfies TranslationOf<typeof en>;

export default pt;
