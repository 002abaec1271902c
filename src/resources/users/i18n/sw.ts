import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The portal users' screens' words and their menu entry's, in Swahili: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        users: 'Watumiaji',
    },
    resources: {
        users: {
            name: 'Mtumiaji wa lango |||| Watumiaji wa lango',
            fields: {
                name: 'Jina',
                username: 'Jina la mtumiaji',
                first_name: 'Jina la kwanza',
                last_name: 'Jina la ukoo',
                msisdn: 'Namba ya simu',
                email: 'Barua pepe',
                group_id: 'Kikundi cha usalama',
                store_id: 'Duka',
                status: 'Hali',
                otp_enabled: 'Msimbo wa SMS wakati wa kuingia',
                password: 'Nenosiri',
                current_password: 'Nenosiri lako la sasa',
                created_at: 'Tarehe ya kuundwa',
                q: 'Tafuta',
            },
            statuses: { pending_approval: 'Inasubiri kuidhinishwa', active: 'Hai', disabled: 'Imezimwa' },
            store_help: 'Kwa wamiliki wa maduka na wafanyakazi wa maduka pekee',
            otp_help: 'Mtumiaji anathibitisha kila kuingia kwa msimbo unaotumwa kwa SMS',
            msisdn_help:
                'Muundo wa kimataifa, mfano 27821234567; namba ya Afrika Kusini inayoanza na 0 (0821234567) huhifadhiwa kama 27821234567',
            created: 'Mtumiaji %{username} ameundwa',
            // Editing a user and the account actions
            edit: {
                own_group: 'Huwezi kubadilisha kikundi au duka lako mwenyewe.',
                group_help: 'Vikundi ambavyo majukumu yake yote unayo tu',
                current_password_help: 'Ili kubadilisha namba yako ya simu au kuzima msimbo wa SMS, weka nenosiri lako tena',
            },
            account: {
                title: 'Akaunti',
                disable: 'Zima',
                enable: 'Washa',
                end_sessions: 'Maliza vikao',
                release: 'Ruhusu kuingia',
                disable_title: 'Zima akaunti ya %{name}?',
                disable_content: '%{name} atatolewa kila mahali mara moja na hataweza kuingia hadi akaunti iwashwe tena.',
                enable_title: 'Washa akaunti ya %{name}?',
                enable_content: '%{name} ataweza kuingia tena.',
                end_sessions_title: 'Maliza vikao vya %{name}?',
                end_sessions_content: '%{name} atatolewa kwenye kila kifaa na lazima aingie tena.',
                release_title: 'Ruhusu %{name} kuingia?',
                release_content:
                    'Majaribio ya hivi karibuni ya %{name} ya kuingia yaliyoshindwa yanasamehewa, hivyo akaunti iliyozuiliwa inaweza kuingia tena mara moja.',
                disable_done: 'Akaunti ya %{name} imezimwa; vikao vyake vimemalizika',
                enable_done: 'Akaunti ya %{name} imewashwa',
                end_sessions_done: 'Kikao %{smart_count} kimemalizika |||| Vikao %{smart_count} vimemalizika',
                release_done:
                    'Kuingia kumeruhusiwa: jaribio %{smart_count} lililoshindwa limesamehewa |||| Kuingia kumeruhusiwa: majaribio %{smart_count} yaliyoshindwa yamesamehewa',
                awaiting_approval: 'Usajili huu unasubiri kuidhinishwa: kuuidhinisha kunawasha akaunti.',
                reset_password: 'Weka upya nenosiri',
                reset_password_title: 'Weka upya nenosiri la %{name}?',
                reset_password_content:
                    'Nenosiri la muda linachukua nafasi ya lile la sasa. %{name} atatolewa kwenye kila kifaa mara moja, ataarifiwa kwa SMS, na lazima achague nenosiri jipya atakapoingia tena.',
                temporary_title: 'Nenosiri la muda la %{name}',
                temporary_label: 'Nenosiri la muda',
                temporary_warning:
                    'Nakili nenosiri hili sasa: halitaonyeshwa tena. Mpe %{name} ana kwa ana au kwa simu, kamwe si kwa barua pepe au ujumbe wa gumzo.',
                copy: 'Nakili',
                copied: 'Limenakiliwa',
                copy_failed: 'Imeshindwa kunakili: chagua nenosiri na ulinakili mwenyewe.',
                done: 'Nimemaliza',
            },
            bulk: {
                disable_title: 'Zima mtumiaji %{smart_count}? |||| Zima watumiaji %{smart_count}?',
                disable_content:
                    'Kila mmoja atatolewa kwenye vifaa vyote mara moja, na hataweza kuingia hadi akaunti iwashwe tena.',
                enable_title: 'Washa mtumiaji %{smart_count}? |||| Washa watumiaji %{smart_count}?',
                enable_content: 'Kila mmoja ataweza kuingia tena.',
                end_sessions_title: 'Maliza vikao vya mtumiaji %{smart_count}? |||| Maliza vikao vya watumiaji %{smart_count}?',
                end_sessions_content: 'Kila mmoja atatolewa kwenye kila kifaa na itabidi aingie upya.',
                own_left_out: 'Akaunti yako mwenyewe imechaguliwa pia: haitaguswa.',
                own_account: 'Imeachwa: hii ni akaunti yako mwenyewe',
                done_disable: 'Imezimwa; vikao vyake vimekwisha',
                done_enable: 'Imewashwa',
                outcome_title: 'Kilichotokea kwa kila mtumiaji',
                outcome_summary: 'Imefanyika: %{done}. Imekataliwa: %{refused}.',
            },
        },
    },
} satisfies TranslationOf<typeof en>;

export default sw;
