import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The approvals queues' words: the queues, a request and its decision, their resources' names and
 * menu entries, in Portuguese: found by their place and merged into the app part
 * (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        deregistrations: 'Pedidos de desativação de empréstimos',
        mc_requests_v2: 'Pedidos criador-verificador v2',
        mc_requests: 'Pedidos criador-verificador (telefones)',
        imei_changes: 'Pedidos de alteração de IMEI',
        transfer_loan_requests: 'Pedidos de transferência de titularidade de empréstimos',
    },
    resources: {
        // As filas de aprovação
        deregistrations: { name: 'Pedido de anulação de registo |||| Pedidos de anulação de registo' },
        imei_changes: { name: 'Pedido de alteração de IMEI |||| Pedidos de alteração de IMEI' },
        transfer_loan_requests: {
            name: 'Pedido de transferência de titularidade do empréstimo |||| Pedidos de transferência de titularidade do empréstimo',
        },
        mc_requests: { name: 'Pedido de dupla validação de telefones |||| Pedidos de dupla validação de telefones' },
        mc_requests_v2: { name: 'Pedido de dupla validação v2 |||| Pedidos de dupla validação v2' },
    },
    approvals: {
        count: '%{smart_count} pedido |||| %{smart_count} pedidos',
        tabs: { label: 'Pedidos de quem', all: 'Todos os pedidos', mine: 'Os meus pedidos' },
        kinds: {
            deregistration: 'Anulação de registo',
            imei_change: 'Alteração de IMEI',
            loan_transfer: 'Transferência de titularidade',
            agent_registration: 'Registo de agente',
            price_change: 'Redução de preço',
        },
        statuses: { pending: 'Pendente', approved: 'Aprovado', rejected: 'Rejeitado' },
        fields: {
            id: 'Pedido',
            kind: 'Tipo',
            status: 'Estado',
            loan_reference: 'Empréstimo',
            subject: 'Diz respeito a',
            customer: 'Cliente',
            agent: 'Agente',
            liveness: 'Fotografia ao vivo',
            msisdn: 'Número de telefone',
            store: 'Loja',
            change: 'Alteração',
            old_imei: 'IMEI antigo',
            new_imei: 'IMEI novo',
            from_customer: 'Do cliente',
            to_customer: 'Para o cliente',
            username: 'Nome de utilizador',
            reason: 'Motivo indicado',
            maker: 'Pedido por',
            created_at: 'Pedido em',
            checker: 'Decidido por',
            decided_at: 'Decidido em',
            decision_note: 'Nota da decisão',
            from: 'Pedidos desde',
            to: 'Pedidos até',
            actions: 'Ações',
            select: 'Selecionar',
            phone_model: 'Modelo de telefone',
            cash_price: 'Preço a pronto',
            deposit: 'Entrada',
            instalment_amount: 'Prestação',
        },
        // The live photo a self-registration took, beside its request (approvals/RegistrationCapture.tsx)
        liveness: {
            none: 'O candidato não tirou nenhuma fotografia ao vivo.',
            passed: 'Rosto real encontrado (pontuação %{score}%), tirada em %{when}',
            failed: 'Nenhum rosto real encontrado (pontuação %{score}%), tirada em %{when}',
            alt: 'Fotografia ao vivo de %{name}',
            open: 'Abrir a fotografia ao vivo de %{name} em tamanho real',
            load_failed: 'Não foi possível carregar a fotografia ao vivo.',
        },
        change: {
            deregistration: 'Desativar o empréstimo %{reference} e libertar o telefone',
            agent_registration: 'Ativar %{username} em %{store}',
            price_change:
                '%{model}: preço a pronto %{cash_before} → %{cash_after}, entrada %{deposit_before} → %{deposit_after}, prestação %{instalment_before} → %{instalment_after}',
        },
        requested_by: 'Pedido por %{name}, %{when}',
        details: 'Detalhes',
        details_of: 'Detalhes do pedido %{id}',
        page_title: 'Pedido %{id}',
        back: 'Voltar a %{queue}',
        open_of: 'Abrir o pedido %{id} na sua própria página',
        select: 'Selecionar o pedido %{id}',
        approve: 'Aprovar',
        reject: 'Rejeitar',
        approve_of: 'Aprovar o pedido %{id}',
        reject_of: 'Rejeitar o pedido %{id}',
        approve_title: 'Aprovar o pedido %{id}?',
        reject_title: 'Rejeitar o pedido %{id}?',
        approve_content: '%{kind} para %{subject}: %{change}. Ao aprovar, a alteração aplica-se de imediato.',
        reject_content: '%{kind} para %{subject}: %{change}. Ao rejeitar nada muda; quem pediu lê o seu motivo.',
        closes: {
            intro: 'Ao aprovar, fecha também o outro pedido pendente no empréstimo %{reference}: não poderia ser aprovado depois deste. |||| Ao aprovar, fecha também os outros %{smart_count} pedidos pendentes no empréstimo %{reference}: nenhum poderia ser aprovado depois deste.',
            hidden: 'E mais 1 pedido que não pode ver. |||| E mais %{smart_count} pedidos que não pode ver.',
            item: '#%{id} %{kind}, pedido por %{maker}',
            told: 'Cada um é rejeitado com uma nota a dizer que o registo do empréstimo foi anulado pelo pedido #%{id}; quem o pediu lê-a em “Os meus pedidos” e recebe-a por SMS.',
            loading: 'A verificar que outros pedidos a aprovação fecha…',
            failed: 'Não foi possível verificar que outros pedidos a aprovação fecha. Cancele e tente de novo.',
        },
        note: 'Nota (opcional)',
        note_help: 'Fica guardada com a decisão no registo de auditoria.',
        reason: 'Motivo',
        reason_help: 'Obrigatório para rejeitar: pelo menos 3 caracteres. Quem pediu vai lê-lo.',
        reason_required: 'Diga porque rejeita, em pelo menos 3 caracteres.',
        note_too_long: 'No máximo 500 caracteres.',
        approved: 'Pedido %{id} aprovado',
        rejected: 'Pedido %{id} rejeitado',
        bulk: {
            approve: 'Aprovar os selecionados',
            reject: 'Rejeitar os selecionados',
            approve_title: 'Aprovar %{smart_count} pedido? |||| Aprovar %{smart_count} pedidos?',
            reject_title: 'Rejeitar %{smart_count} pedido? |||| Rejeitar %{smart_count} pedidos?',
            approve_content:
                'Cada pedido é aprovado por si. Um pedido entretanto decidido por outra pessoa é indicado, não alterado.',
            reject_content:
                'Cada pedido é rejeitado por si, com este motivo. Um pedido entretanto decidido por outra pessoa é indicado, não alterado.',
            approve_results: 'A aprovar %{smart_count} pedido |||| A aprovar %{smart_count} pedidos',
            reject_results: 'A rejeitar %{smart_count} pedido |||| A rejeitar %{smart_count} pedidos',
            progress: '%{done} de %{total} decididos',
            done: 'Concluído. Decididos agora: %{decided}. Já decididos: %{already}. Recusados: %{refused}.',
            results_title: 'Resultado de cada pedido',
            result: 'Resultado',
            why: 'Porquê',
            outcomes: { approved: 'Aprovado', rejected: 'Rejeitado', already: 'Já decidido', refused: 'Recusado' },
        },
    },
} satisfies TranslationOf<typeof en>;

export default pt;
