import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The dashboard's words (its greeting, shortcuts and headline numbers) and its menu entry's, in
 * Swahili: found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    dashboard: {
        greeting: 'Karibu, %{name}',
        group: 'Kikundi cha usalama',
        shop: 'Duka',
        no_shop: 'Hakuna duka',
        session: 'Kipindi',
        session_until: 'Umeingia hadi %{time}',
        shortcuts: 'Njia zako za mkato',
        no_shortcuts: 'Kikundi chako cha usalama bado hakina skrini zozote. Muombe msimamizi akupe majukumu unayohitaji.',
        kpi: {
            title: {
                all: 'Biashara mwezi huu',
                shop: '%{name} mwezi huu',
                agent: 'Mauzo ya %{name} mwezi huu',
            },
            period: '%{current}, ikilinganishwa na %{previous}',
            open_bi: 'Fungua Uchanganuzi',
            loading: 'Tunapakia takwimu zako',
            loans_originated: 'Mikopo iliyotolewa',
            loan_value: 'Thamani ya mikopo iliyotolewa',
            collected: 'Kilichokusanywa',
            repayment_rate: 'Kiwango cha ulipaji',
            par: 'Mikopo iliyo hatarini (PAR %{days})',
            devices_locked: 'Vifaa vilivyofungwa',
            today: 'Leo',
            last_month: 'Mwezi uliopita: %{value}',
            change: {
                up: 'Juu kwa %{size} kuliko mwezi uliopita',
                down: 'Chini kwa %{size} kuliko mwezi uliopita',
                same: 'Sawa na mwezi uliopita',
                no_comparable: 'Hakuna kipindi cha kulinganisha: mikopo ilikuwa michache mno mwezi uliopita',
            },
            points: 'pointi %{points} za asilimia',
            nothing_due: 'Hakuna malipo yaliyodaiwa mwezi huu',
            collected_of_due: '%{collected} kati ya %{due} yaliyodaiwa',
            at_risk_of: '%{at_risk} kati ya salio la %{balance}',
            no_active: 'Hakuna mikopo hai',
            of_active: 'Kati ya mkopo %{count} hai |||| Kati ya mikopo %{count} hai',
        },
    },
    menu: {
        dashboard: 'Dashibodi',
    },
} satisfies TranslationOf<typeof en>;

export default sw;
