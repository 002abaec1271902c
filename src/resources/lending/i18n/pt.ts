import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The collections list's and the lock policy's words and their menu entries', in Portuguese: found
 * by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    menu: {
        collections: 'Cobranças',
        lock_policy: 'Política de bloqueio',
    },
    // Cobranças: os empréstimos em atraso (src/resources/lending/CollectionsList.tsx)
    lock_policy: {
        title: 'Política de bloqueio',
        intro: 'Para cada solução de bloqueio: quantos dias um pagamento pode estar em atraso antes de o telefone ser bloqueado, e se os clientes recebem um SMS na véspera do vencimento de uma prestação e no dia a seguir a uma falha. O telefone é desbloqueado logo que os atrasados são pagos, seja quem for que registe o pagamento.',
        read_only: 'Pode consultar a política; para a alterar precisa da função de editar a política de bloqueio.',
        lock_after_days: 'Dias em atraso antes de bloquear',
        lock_after_days_help: 'De 1 a 90 dias.',
        reminders: 'Lembretes por SMS',
        reminders_help: 'Na véspera do vencimento e no dia a seguir a uma falha.',
        save: 'Guardar',
        saved: 'A política de bloqueio %{solution} foi guardada.',
        defaults: 'Os valores predefinidos: ninguém os alterou.',
        changed: 'Alterada por %{name} em %{when}.',
    },
    collections: {
        search: 'Empréstimo, nome ou telefone',
        any_bucket: 'Qualquer atraso',
        any_lock_state: 'Qualquer estado de bloqueio',
        buckets: { days_1_7: '1 a 7 dias', days_8_30: '8 a 30 dias', days_31_60: '31 a 60 dias', over_60: 'Mais de 60 dias' },
        fields: {
            customer: 'Cliente',
            loan_reference: 'Empréstimo',
            msisdn: 'Telefone',
            days_overdue: 'Dias em atraso',
            bucket: 'Em atraso há',
            oldest_unpaid_due: 'Vencimento mais antigo por pagar',
            amount_overdue: 'Valor em atraso',
            lock_state: 'Estado do bloqueio',
            shop: 'Loja',
            agent: 'Agente',
            last_payment: 'Último pagamento',
            last_paid_at: 'Data do último pagamento',
            last_paid_amount: 'Valor do último pagamento',
            last_message: 'Última mensagem',
        },
        days: '%{smart_count} dia em atraso |||| %{smart_count} dias em atraso',
        due_since: 'Venceu a %{day}',
        open_customer: 'Abrir %{name} (empréstimo %{loan})',
        no_device: 'Sem dispositivo',
        never_paid: 'Ainda sem pagamentos',
        no_message: 'Nenhuma enviada',
        count: '%{smart_count} empréstimo em atraso |||| %{smart_count} empréstimos em atraso',
        empty: 'Nenhum empréstimo em atraso.',
    },
} satisfies TranslationOf<typeof en>;

export default pt;
