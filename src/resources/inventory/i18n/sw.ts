import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The inventory screens' words (stock, adding devices, prices) and their menu entry's, in Swahili:
 * found by their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        inventory: 'Orodha ya bidhaa',
    },
    inventory: {
        title: 'Bidhaa',
        add_title: 'Ongeza vifaa',
        update_title: 'Badilisha bei za simu',
        add: 'Ongeza vifaa',
        update_prices: 'Badilisha bei',
        open_customer: 'Fungua mteja aliyenunua %{imei}',
        back: 'Bidhaa',
        count: 'Kifaa %{smart_count} |||| Vifaa %{smart_count}',
        fields: {
            imei: 'IMEI',
            sku: 'Nambari ya bidhaa (SKU)',
            model: 'Aina ya simu',
            store: 'Duka',
            status: 'Hali',
            cash_price: 'Bei taslimu',
            deposit: 'Malipo ya awali',
            instalment_amount: 'Awamu',
            created_at: 'Kiliongezwa',
            q: 'Tafuta',
        },
        statuses: {
            any: 'Hali zote',
            in_stock: 'Kipo stoo',
            reserved: 'Kimehifadhiwa',
            sold: 'Kimeuzwa',
            returned: 'Kimerudishwa',
        },
        one: {
            title: 'Kifaa kimoja',
            help: 'Changanua au andika IMEI ya tarakimu 15.',
            submit: 'Ongeza kifaa',
            added: 'Kifaa %{imei} kimeongezwa kwa %{store}',
            store_help: 'Acha tupu kwa duka lako mwenyewe',
        },
        bulk: {
            title: 'Vifaa vingi kutoka faili la CSV',
            help: 'Mstari wa kwanza unataja safu: sku, imei na, ukitaka, store_id. Kisha kifaa kimoja kwa kila mstari. Kutuma faili lilelile tena hakuongezi chochote mara mbili.',
            choose: 'Chagua faili la CSV',
            file: 'Faili: %{name} (mstari %{smart_count}) |||| Faili: %{name} (mistari %{smart_count})',
            send: 'Ongeza vifaa hivi',
            no_rows: 'Faili halina mistari ya vifaa.',
            missing_columns: 'Mstari wa kwanza wa faili lazima utaje safu sku na imei.',
            unreadable: 'Faili halikuweza kusomwa.',
            progress: 'Imetuma mistari %{done} kati ya %{total}',
            done: 'Imekamilika: %{accepted} vimeongezwa, %{duplicates} vipo tayari au vimerudiwa, %{invalid} si sahihi',
            stopped: 'Utumaji umesimama: %{reason} Mistari iliyotumwa imehifadhiwa; tuma iliyobaki utakapoweza.',
            resume: 'Tuma iliyobaki',
            only_problems: 'Mistari ambayo haikuongezwa tu',
            row: 'Mstari',
            result: 'Matokeo',
            reason: 'Sababu',
            results: { accepted: 'Kimeongezwa', duplicate: 'Nakala', invalid: 'Si sahihi' },
            bad_store_id: 'store_id lazima iwe namba kamili',
            store_not_allowed: 'Duka hili si lako.',
            too_long: 'Thamani hii ni ndefu mno',
            results_title: 'Matokeo ya kila mstari',
        },
        prices: {
            choose_model: 'Aina ya simu',
            now: 'Sasa: %{amount}',
            was: 'Kabla',
            will_be: 'Baada',
            add_change: 'Ongeza kwenye mabadiliko',
            changes_title: 'Mabadiliko ya kufanya',
            none: 'Bado hakuna mabadiliko: chagua aina ya simu na uandike bei zake mpya.',
            remove: 'Ondoa badiliko la %{sku}',
            submit: 'Badilisha bei',
            confirm_title: 'Ubadilishe bei hizi?',
            confirm_content:
                'Bei za aina %{smart_count} ya simu zinabadilika mara moja, kwa kila mauzo mapya. |||| Bei za aina %{smart_count} za simu zinabadilika mara moja, kwa kila mauzo mapya.',
            updated: 'Bei zimebadilishwa kwa aina %{smart_count} |||| Bei zimebadilishwa kwa aina %{smart_count}',
            amount_invalid: 'Kiasi zaidi ya 0 chenye desimali 2 tu',
            deposit_above_cash: 'Malipo ya awali hayawezi kuzidi bei taslimu',
            result_title: 'Bei sasa',
            preview: 'Kagua mabadiliko kwanza',
            preview_title: 'Mabadiliko haya yatafanya nini',
            applies: 'Yanatumika',
            at_once: 'Mara moja',
            needs_checker: 'Yanahitaji mhakiki',
            reference: 'Bei ya juu zaidi ndani ya saa 24 zilizopita: %{amount}',
            needs_checker_note:
                'Bei iliyo chini kwa zaidi ya 20% ya bei yake ya juu zaidi ya saa 24 zilizopita inasubiri mhakiki: aina %{smart_count} ya simu inabaki na bei yake hadi mtu mwingine aidhinishe. |||| Bei iliyo chini kwa zaidi ya 20% ya bei yake ya juu zaidi ya saa 24 zilizopita inasubiri mhakiki: aina %{smart_count} za simu zinabaki na bei zake hadi mtu mwingine aidhinishe.',
            confirm_content_checker:
                'Aina %{at_once} zinabadilika mara moja, kwa kila mauzo mapya; punguzo %{smart_count} linaenda kwa mhakiki kwanza. |||| Aina %{at_once} zinabadilika mara moja, kwa kila mauzo mapya; mapunguzo %{smart_count} yanaenda kwa mhakiki kwanza.',
            updated_requested:
                'Bei zimebadilishwa kwa aina %{smart_count}; mapunguzo %{requested} yametumwa kwa mhakiki |||| Bei zimebadilishwa kwa aina %{smart_count}; mapunguzo %{requested} yametumwa kwa mhakiki',
        },
    },
} satisfies TranslationOf<typeof en>;

export default sw;
