import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The dashboard's words (its greeting, shortcuts and headline numbers) and its menu entry's, in
 * Portuguese: found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const pt = {
    dashboard: {
        greeting: 'Bem-vindo(a), %{name}',
        group: 'Grupo de segurança',
        shop: 'Loja',
        no_shop: 'Sem loja',
        session: 'Sessão',
        session_until: 'Sessão válida até %{time}',
        shortcuts: 'Os seus atalhos',
        no_shortcuts: 'O seu grupo de segurança ainda não tem ecrãs. Peça a um administrador as funções de que precisa.',
        kpi: {
            title: {
                all: 'O negócio este mês',
                shop: '%{name} este mês',
                agent: 'Vendas de %{name} este mês',
            },
            period: '%{current}, em comparação com %{previous}',
            open_bi: 'Abrir Análises',
            loading: 'A carregar os seus números',
            loans_originated: 'Empréstimos concedidos',
            loan_value: 'Valor dos empréstimos concedidos',
            collected: 'Cobrado',
            repayment_rate: 'Taxa de reembolso',
            par: 'Carteira em risco (PAR %{days})',
            devices_locked: 'Dispositivos bloqueados',
            today: 'Hoje',
            last_month: 'Mês passado: %{value}',
            change: {
                up: 'Mais %{size} do que no mês passado',
                down: 'Menos %{size} do que no mês passado',
                same: 'Igual ao mês passado',
                no_comparable: 'Sem período comparável: poucos empréstimos no mês passado',
            },
            points: '%{points} pontos percentuais',
            nothing_due: 'Nada venceu este mês',
            collected_of_due: '%{collected} de %{due} vencidos',
            at_risk_of: '%{at_risk} de %{balance} em dívida',
            no_active: 'Sem empréstimos ativos',
            of_active: 'De %{count} empréstimo ativo |||| De %{count} empréstimos ativos',
        },
    },
    menu: {
        dashboard: 'Painel',
    },
} satisfies TranslationOf<typeof en>;

export default pt;
