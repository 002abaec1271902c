import type enShared from './en.shared';
import type { TranslationOf } from './mergeCatalogs';

/**
 * The Portuguese catalog's shared words of the app part: those of the layout, lib, lists, dialogs
 * and parts, the menu's group labels, and the words several folders read. Each folder's own words
 * are in its `i18n/pt.ts`; pt.app.ts merges them with these.
 */
const ptShared = {
    profile: {
        title: 'O meu perfil',
    },
    outbox: {
        button: '%{smart_count} à espera de envio |||| %{smart_count} à espera de envio',
        title: 'Guardado neste telefone',
        intro: 'Cada um é enviado uma só vez, pela ordem em que foi feito, logo que a ligação o permita.',
        offline_hint: 'Está sem ligação. Serão enviados quando a ligação voltar.',
        queued: 'Está sem ligação, por isso isto ficou guardado neste telefone à espera de envio. Será enviado quando a ligação voltar.',
        sent: 'Enviado: %{what}',
        refused: 'Não aceite: %{what}. %{reason}',
        states: { waiting: 'À espera de envio', sent: 'Enviado', refused: 'Recusado' },
        kinds: { fieldAgentRequest: 'Pedido de cliente', rateCall: 'Avaliação de chamada', kycDetails: 'Dados KYC' },
        send_now: 'Enviar agora',
        clear_done: 'Limpar os terminados',
        sign_out_title: 'Terminar sessão e perder o que está à espera?',
        sign_out_content:
            'Há um registo guardado neste telefone que ainda não foi enviado. Ao terminar a sessão, será apagado de vez. |||| Há %{smart_count} registos guardados neste telefone que ainda não foram enviados. Ao terminar a sessão, serão apagados de vez.',
        kept_before: 'Está sem ligação: isto é o que ficou guardado neste telefone antes, não o que o servidor sabe agora.',
        kept_sale: {
            title: 'A venda em curso',
            reference: 'Referência do empréstimo',
            customer: 'Cliente',
            phone: 'Telefone',
        },
    },
    menu: {
        field_agent: 'Agente de campo',
        approvals: 'Aprovações',
        kyc: 'Verificação KYC',
        suspense: 'Suspenso e reconciliação',
        tpi: 'Seguro de terceiros',
    },
    // As filas de aprovação
    approvals: {
        badge: '%{smart_count} pendente |||| %{smart_count} pendentes',
        badge_over: 'mais de %{max} pendentes',
    },
    customers: {
        variants: {
            staff: 'Procurar cliente',
            assisted: 'Procurar cliente com assistência digital',
            fieldagent: 'Procurar cliente (agente de campo)',
            shop: 'Procurar cliente por loja',
        },
        find: {
            sell_to_number: 'Iniciar uma venda para este número',
        },
    },
    loans: {
        // O assistente de adicionar empréstimo (src/resources/origination)
        wizard: {
            titles: {
                v1: 'Adicionar empréstimo',
                v2: 'Adicionar empréstimo (v2)',
                fieldagent: 'Adicionar empréstimo (agente de campo)',
                shop: 'Adicionar empréstimo (agente de campo, por loja)',
                assisted: 'Adicionar empréstimo com assistência digital',
            },
            start: { add_loan: 'Adicionar empréstimo', new_sale: 'Nova venda' },
        },
        price: 'Preço',
        deposit: 'Entrada',
        instalment: 'Prestações',
        instalment_value: '%{amount} %{period}, %{term} vezes',
        statuses: {
            draft: 'Rascunho',
            awaiting_deposit: 'A aguardar a entrada',
            awaiting_lock: 'A aguardar bloqueio',
            active: 'Ativo',
            completed: 'Liquidado',
            cancelled: 'Cancelado',
            deactivated: 'Desativado',
        },
        periods: { weekly: 'por semana', monthly: 'por mês' },
        // The terms of a sale: the server's quote before acceptance, the loan's terms after.
        quote: {
            title: 'Condições aceites',
            cash_price: 'Preço a pronto',
            amount_financed: 'Montante financiado',
            cost_of_credit: 'Custo do crédito',
            cost_share: '%{percent} do montante financiado',
            instalments: 'Prestações',
            instalments_value: '%{smart_count} × %{amount}, %{period}',
            first_due_date: 'Vencimento da 1.ª prestação',
            first_due_after_deposit: {
                weekly: 'Uma semana após o pagamento da entrada: esta data, se for paga hoje',
                monthly: 'Um mês após o pagamento da entrada: esta data, se for paga hoje',
            },
            total_payable: 'Total a pagar',
            valid_until: 'Proposta válida até %{time}',
            loading: 'A obter a proposta…',
            refresh: 'Obter nova proposta',
            changed: 'As condições mudaram desde que o cliente as viu. Reveja a nova proposta com ele: tem de a aceitar de novo.',
        },
        continue_sale: 'Continuar a venda',
        exit_reasons: {
            system_issue: 'Problema do sistema',
            customer_just_browsing: 'Cliente só a ver',
            customer_no_longer_present: 'Cliente já não está presente',
            customer_changed_mind: 'Cliente mudou de ideias',
            needs_more_time: 'Precisa de mais tempo',
            price_concerns: 'Preocupações com o preço',
            other: 'Outro',
            reservation_expired: 'Reserva expirada',
        },
        actions: {
            cancel: {
                button: 'Cancelar venda',
                title: 'Cancelar esta venda?',
                intro: 'A venda do empréstimo %{reference} (%{model}) será cancelada e o telefone volta ao stock. Não pode ser desfeito.',
                reason: 'Porque não avança a venda?',
                note: 'Nota',
                note_help: 'Necessária quando o motivo é Outro',
                no_options: 'Nenhuma opção disponível',
                done: 'A venda foi cancelada.',
            },
        },
    },
    devices: {
        lock_solution: 'Bloqueio',
        solutions: {
            trustonic: 'Trustonic',
            think_adams: 'Think Adams',
            samsung: 'Samsung',
            oguard: 'Oguard',
            rguard: 'Rguard',
            zte: 'ZTE',
            vivo: 'Vivo',
            own: 'Bloqueio próprio',
        },
    },
    agents: {
        tiers: { gold: 'Ouro', silver: 'Prata', bronze: 'Bronze', none: 'Sem nível' },
        // An agent's status beside their name (src/lists/AgentStatusChip.tsx)
        status: { pending_approval: 'A aguardar aprovação', disabled: 'Desativado' },
    },
    inventory: {
        one: {
            imei_length: 'Um IMEI tem exatamente 15 dígitos',
            imei_check: 'Este IMEI não é válido: o último dígito não confere',
        },
    },
    system: {
        beta: {
            features: {
                compact_tables: {
                    name: 'Tabelas compactas',
                    help: 'Linhas mais juntas em todas as listas, para que o telefone mostre mais sem deslocar o ecrã.',
                },
            },
        },
    },
} satisfies TranslationOf<typeof enShared>;

export default ptShared;
