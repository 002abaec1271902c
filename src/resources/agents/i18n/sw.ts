import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The agents list's words and its menu entry's, in Swahili: found by their place and merged into
 * the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        agents: 'Mawakala',
    },
    agents: {
        title: 'Mawakala',
        count: 'Wakala %{smart_count} |||| Mawakala %{smart_count}',
        no_location: 'Haijawekwa',
        fields: {
            name: 'Jina',
            username: 'Jina la mtumiaji',
            msisdn: 'Namba ya simu',
            group: 'Kikundi',
            store: 'Duka',
            tier: 'Daraja',
            location: 'Mahali',
            actions: 'Vitendo',
            q: 'Tafuta',
        },
        awaiting_approval_note: 'Itawezekana usajili ukishaidhinishwa',
        set_tier: 'Weka daraja',
        set_tier_of: 'Weka daraja: %{name}',
        tier_saved: '%{name}: %{tier}',
    },
} satisfies TranslationOf<typeof en>;

export default sw;
