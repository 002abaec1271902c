import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The shop screens' words and their menu entries', in Swahili: found by their place and merged
 * into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        shop: 'Duka',
        shop_agents: 'Mawakala wa duka',
    },
    shops: {
        title: 'Maduka',
        agents_title: 'Mawakala wa duka',
        page_size: 'Maduka kwa ukurasa',
        all: 'Yote',
        count: 'Duka %{smart_count} |||| Maduka %{smart_count}',
        shown: '%{from}–%{to} kati ya %{count}',
        go_first: 'Ukurasa wa kwanza',
        go_last: 'Ukurasa wa mwisho',
        go_next: 'Ukurasa unaofuata',
        go_previous: 'Ukurasa uliopita',
        shop: 'Duka',
        all_shops: 'Maduka yote',
        no_shop_selected: 'Hakuna duka lililochaguliwa',
        agents_count: 'Wakala %{smart_count} |||| Mawakala %{smart_count}',
        fetch_agents_failed: 'Imeshindwa kupata mawakala. Tafadhali jaribu tena baadaye.',
        transfer_failed: 'Imeshindwa kuhamisha wakala. Tafadhali jaribu tena baadaye.',
        transfer: 'Hamisha',
        transfer_of: 'Hamisha %{name}',
        transfer_title: 'Hamisha %{name}',
        transfer_help: '%{name} anafanya kazi %{store} sasa. Chagua duka la kumhamishia.',
        transfer_to: 'Hamishia duka',
        no_other_store: 'Hakuna duka lingine la kumhamishia wakala huyu.',
        confirm_title: 'Umhamishe wakala huyu?',
        confirm_content: '%{name} atahama kutoka %{from} kwenda %{to}.',
        transferred: '%{name} sasa anafanya kazi %{store}',
    },
} satisfies TranslationOf<typeof en>;

export default sw;
