import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The portal users' screens' words and their menu entry's, in Portuguese: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        users: 'Utilizadores',
    },
    resources: {
        users: {
            name: 'Utilizador do portal |||| Utilizadores do portal',
            fields: {
                name: 'Nome',
                username: 'Nome de utilizador',
                first_name: 'Nome próprio',
                last_name: 'Apelido',
                msisdn: 'Número de telefone',
                email: 'E-mail',
                group_id: 'Grupo de segurança',
                store_id: 'Loja',
                status: 'Estado',
                otp_enabled: 'Código SMS no início de sessão',
                password: 'Palavra-passe',
                current_password: 'A sua palavra-passe atual',
                created_at: 'Criado em',
                q: 'Pesquisar',
            },
            statuses: { pending_approval: 'A aguardar aprovação', active: 'Ativo', disabled: 'Desativado' },
            store_help: 'Apenas para proprietários e funcionários de lojas',
            otp_help: 'O utilizador confirma cada início de sessão com um código enviado por SMS',
            msisdn_help:
                'Formato internacional, por exemplo 27821234567; um número sul-africano começado por 0 (0821234567) é guardado como 27821234567',
            created: 'Utilizador %{username} criado',
            // Editing a user and the account actions
            edit: {
                own_group: 'Não pode alterar o seu próprio grupo ou loja.',
                group_help: 'Apenas grupos cujas funções tenha todas',
                current_password_help:
                    'Para mudar o seu próprio número de telefone ou desligar o código por SMS, volte a introduzir a sua palavra-passe',
            },
            account: {
                title: 'Conta',
                disable: 'Desativar',
                enable: 'Ativar',
                end_sessions: 'Terminar sessões',
                release: 'Desbloquear a entrada',
                disable_title: 'Desativar %{name}?',
                disable_content: '%{name} sairá de imediato em todo o lado e não poderá entrar até a conta ser ativada de novo.',
                enable_title: 'Ativar %{name}?',
                enable_content: '%{name} poderá voltar a entrar.',
                end_sessions_title: 'Terminar as sessões de %{name}?',
                end_sessions_content: '%{name} sairá em todos os dispositivos e terá de entrar de novo.',
                release_title: 'Desbloquear a entrada de %{name}?',
                release_content:
                    'As tentativas de entrada falhadas recentes de %{name} são perdoadas, para que uma conta bloqueada possa entrar de imediato.',
                disable_done: '%{name} foi desativado; as sessões terminaram',
                enable_done: '%{name} foi ativado',
                end_sessions_done: '%{smart_count} sessão terminada |||| %{smart_count} sessões terminadas',
                release_done:
                    'Entrada desbloqueada: %{smart_count} tentativa falhada perdoada |||| Entrada desbloqueada: %{smart_count} tentativas falhadas perdoadas',
                awaiting_approval: 'Este registo aguarda aprovação: aprová-lo ativa a conta.',
                reset_password: 'Repor palavra-passe',
                reset_password_title: 'Repor a palavra-passe de %{name}?',
                reset_password_content:
                    'Uma palavra-passe temporária substitui a atual. %{name} sai de imediato em todos os dispositivos, é avisado por SMS e terá de escolher uma nova palavra-passe na próxima entrada.',
                temporary_title: 'Palavra-passe temporária de %{name}',
                temporary_label: 'Palavra-passe temporária',
                temporary_warning:
                    'Copie-a agora: não voltará a ser mostrada. Entregue-a a %{name} pessoalmente ou por telefone, nunca por email ou chat.',
                copy: 'Copiar',
                copied: 'Copiada',
                copy_failed: 'Não foi possível copiar: selecione a palavra-passe e copie-a à mão.',
                done: 'Concluído',
            },
            bulk: {
                disable_title: 'Desativar %{smart_count} utilizador? |||| Desativar %{smart_count} utilizadores?',
                disable_content: 'Cada um perde de imediato todas as sessões e só volta a entrar quando a conta for reativada.',
                enable_title: 'Ativar %{smart_count} utilizador? |||| Ativar %{smart_count} utilizadores?',
                enable_content: 'Cada um poderá voltar a entrar.',
                end_sessions_title:
                    'Terminar as sessões de %{smart_count} utilizador? |||| Terminar as sessões de %{smart_count} utilizadores?',
                end_sessions_content: 'Cada um sai em todos os dispositivos e terá de entrar novamente.',
                own_left_out: 'A sua própria conta está entre as selecionadas: fica de fora.',
                own_account: 'Ficou de fora: é a sua própria conta',
                done_disable: 'Desativado; as sessões terminaram',
                done_enable: 'Ativado',
                outcome_title: 'O que aconteceu a cada utilizador',
                outcome_summary: 'Feito: %{done}. Recusado: %{refused}.',
            },
        },
    },
} satisfies TranslationOf<typeof en>;

export default pt;
