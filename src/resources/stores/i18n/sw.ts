import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The phone stores' words and their menu entry's, in Swahili: found by their place and merged into
 * the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        stores: 'Maduka ya simu',
    },
    stores: {
        title: 'Maduka ya simu',
        create_title: 'Duka jipya la simu',
        show_title: 'Duka la simu',
        add: 'Ongeza duka',
        create: 'Unda duka',
        created: 'Duka %{name} limeundwa',
        back: 'Maduka yote',
        count: 'Duka %{smart_count} |||| Maduka %{smart_count}',
        agent_count: 'Wakala %{smart_count} |||| Mawakala %{smart_count}',
        agents_title: 'Mawakala (%{smart_count})',
        no_agents: 'Bado hakuna mawakala wanaofanya kazi katika duka hili.',
        region_lead_help: 'Si lazima: mtumiaji wa lango anayeongoza eneo hili',
        branded: {
            label: 'Duka lenye chapa',
            help: 'Duka la kampuni yenyewe. Liache likiwa limezimwa kwa duka la muuzaji.',
            field: 'Chapa',
            yes: 'Lenye chapa',
            no: 'Bila chapa',
        },
        region_lead: {
            change: 'Kiongozi wa eneo',
            title: 'Kiongozi wa eneo la %{store}',
            help: 'Chagua mtumiaji hai wa lango aongoze eneo la duka hili, au futa sehemu hii ili lisiwe na kiongozi.',
            save: 'Hifadhi kiongozi wa eneo',
            saved: '%{name} sasa anaongoza eneo la %{store}',
            cleared: '%{store} sasa halina kiongozi wa eneo',
        },
        fields: {
            name: 'Jina la duka',
            region: 'Mkoa',
            town: 'Mji',
            latitude: 'Latitudo',
            longitude: 'Longitudo',
            location: 'Mahali',
            owner: 'Mmiliki',
            region_lead: 'Kiongozi wa mkoa',
            agent_count: 'Mawakala',
            created_at: 'Liliundwa',
        },
        location: {
            latitude_help: 'Nyuzi za desimali, kutoka -90 hadi 90',
            longitude_help: 'Nyuzi za desimali, kutoka -180 hadi 180',
            use_mine: 'Tumia mahali nilipo',
            locating: 'Inatafuta mahali ulipo…',
            search: 'Tafuta mahali',
            search_help: 'Andika angalau herufi 2; ukichagua mahali, viwianishi vitajazwa',
            searching: 'Inatafuta…',
            no_places: 'Hakuna mahali palipopatikana',
            denied: 'Kivinjari hakiruhusiwi kutoa mahali ulipo. Andika viwianishi badala yake.',
            timeout: 'Kutafuta mahali ulipo kumechukua muda mrefu. Jaribu tena, au andika viwianishi.',
            unavailable: 'Mahali ulipo hapapatikani. Andika viwianishi badala yake.',
            move: 'Hamisha mahali pa wakala',
            move_of: 'Hamisha mahali pa wakala: %{name}',
            move_title: 'Hamisha mahali pa %{name}',
            move_help: 'Andika viwianishi vya mahali papya, au tumia mahali ulipo sasa.',
            save: 'Hifadhi mahali',
            moved: 'Mahali pa %{name} pamehifadhiwa',
        },
    },
} satisfies TranslationOf<typeof en>;

export default sw;
