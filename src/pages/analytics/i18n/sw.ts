import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The Analytics (BI) page's words and its menu entry's, in Swahili: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        analytics: 'Uchanganuzi',
    },
    // Ukurasa wa uchanganuzi, /bi
    bi: {
        title: 'Uchanganuzi',
        no_access: 'Uchanganuzi unahitaji jukumu la uchanganuzi, ambalo kikundi chako cha usalama hakina.',
        empty: 'Hakuna mauzo wala malipo katika kipindi na wigo huu. Chagua kipindi au wigo mwingine.',
        period: {
            from: 'Kuanzia',
            to: 'Hadi',
            presets: 'Kipindi',
            last_7: 'Siku 7 zilizopita',
            last_30: 'Siku 30 zilizopita',
            this_month: 'Mwezi huu',
            last_month: 'Mwezi uliopita',
            this_year: 'Mwaka huu',
            invalid: 'Weka tarehe.',
            to_before_from: 'Mwisho uko kabla ya mwanzo.',
            too_long: 'Zisizozidi siku %{days}.',
            compared: 'mabadiliko ukilinganisha na %{period}',
        },
        scope: {
            label: 'Wigo',
            all: 'Biashara nzima',
            region: 'Mkoa',
            shop: 'Duka',
            agent: 'Wakala',
            pick_region: 'Chagua mkoa uone takwimu zake.',
            pick_shop: 'Chagua duka uone takwimu zake.',
            pick_agent: 'Chagua wakala uone takwimu zake.',
            no_match: 'Hakuna kinacholingana',
        },
        kpi: {
            title: 'Takwimu kuu',
            loans_originated: 'Mikopo iliyotolewa',
            loan_value: 'Thamani yake %{value}',
            collected: 'Kilichokusanywa',
            repayment_rate: 'Kiwango cha marejesho',
            repayment_detail: '%{collected} kati ya %{due} zilizodaiwa',
            nothing_due: 'Hakuna kilichodaiwa',
            par: 'Mikopo iliyo hatarini (PAR %{days})',
            par_detail: '%{risk} kati ya %{balance}',
            no_balance: 'Hakuna salio la mikopo hai',
            devices_locked: 'Vifaa vilivyofungwa',
            active_loans: 'Mikopo hai',
            active_detail: 'Salio %{balance}',
            today: 'Hali ya leo',
        },
        change: {
            up: 'Juu kwa %{change} ukilinganisha na kipindi kilichotangulia',
            down: 'Chini kwa %{change} ukilinganisha na kipindi kilichotangulia',
            same: 'Hakuna mabadiliko tangu kipindi kilichotangulia',
            no_comparable: 'Hakuna kipindi cha kulinganisha: mikopo ilikuwa michache mno kipindi kilichotangulia',
            none: 'Hakuna cha kulinganisha',
            points: 'pointi %{points} za asilimia',
        },
        chart: {
            chart: 'Chati',
            table: 'Jedwali',
            chart_of: 'Chati ya %{chart}',
            table_of: 'Jedwali la %{chart}',
            views: 'Onyesha %{chart} kama',
            export: 'Hamisha CSV',
            export_of: 'Hamisha CSV ya %{chart}',
            empty: 'Hakuna chochote katika kipindi hiki.',
            top: '%{shown} wa kwanza kati ya %{total}',
        },
        reports: {
            series: 'Mauzo na makusanyo',
            shops: 'Maduka bora',
            agents: 'Mawakala bora',
            shop_owners: 'Wamiliki wa maduka',
            brands: 'Maduka yenye chapa na yasiyo na chapa',
            brand_series: 'Mauzo ya maduka yenye chapa na yasiyo na chapa',
        },
        describe: {
            series: 'Mistari ya thamani ya mikopo iliyotolewa na ya pesa zilizokusanywa, kwa %{bucket}.',
            ranking: 'Pau za mikopo aliyotoa kila mmoja, wengi zaidi kwanza.',
            brands: 'Pete ya mikopo iliyotolewa katika maduka yenye chapa na yasiyo na chapa.',
            brand_series:
                'Pau zilizopangwa juu ya nyingine za mikopo iliyotolewa katika maduka yenye chapa na yasiyo na chapa, kwa %{bucket}.',
        },
        bucket: { day: 'Siku', week: 'Wiki', month: 'Mwezi', week_of: 'Wiki ya %{date}' },
        brand: { branded: 'Yenye chapa', unbranded: 'Bila chapa' },
        columns: {
            loans: 'Mikopo iliyotolewa',
            loan_value: 'Thamani ya mikopo',
            collected: 'Kilichokusanywa',
            active_loans: 'Mikopo hai',
            par: 'PAR %{days}',
            devices_locked: 'Vifaa vilivyofungwa',
            shop: 'Duka',
            agent: 'Wakala',
            owner: 'Mmiliki',
            region: 'Mkoa',
            brand: 'Chapa',
            shops: 'Maduka',
            no_owner: 'Mmiliki hajarekodiwa',
            no_shop: 'Hana duka',
            branded_loans: 'Mikopo ya maduka yenye chapa',
            unbranded_loans: 'Mikopo ya maduka bila chapa',
            branded_value: 'Thamani ya maduka yenye chapa',
            unbranded_value: 'Thamani ya maduka bila chapa',
        },
    },
} satisfies TranslationOf<typeof en>;

export default sw;
