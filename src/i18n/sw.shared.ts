import type enShared from './en.shared';
import type { TranslationOf } from './mergeCatalogs';

/**
 * The Swahili catalog's shared words of the app part: those of the layout, lib, lists, dialogs and
 * parts, the menu's group labels, and the words several folders read. Each folder's own words are
 * in its `i18n/sw.ts`; sw.app.ts merges them with these.
 */
const swShared = {
    profile: {
        title: 'Wasifu wangu',
    },
    outbox: {
        button: '%{smart_count} kinasubiri kutumwa |||| %{smart_count} vinasubiri kutumwa',
        title: 'Vilivyohifadhiwa kwenye simu hii',
        intro: 'Kila kimoja kinatumwa mara moja tu, kwa mpangilio kilivyoundwa, mara muunganisho unaporuhusu.',
        offline_hint: 'Huna mtandao. Hivi vitatumwa muunganisho ukirudi.',
        queued: 'Huna mtandao, kwa hivyo hili limehifadhiwa kwenye simu hii likisubiri kutumwa. Litatumwa muunganisho ukirudi.',
        sent: 'Imetumwa: %{what}',
        refused: 'Haikukubaliwa: %{what}. %{reason}',
        states: { waiting: 'Kinasubiri kutumwa', sent: 'Kimetumwa', refused: 'Kimekataliwa' },
        kinds: { fieldAgentRequest: 'Ombi la mteja', rateCall: 'Tathmini ya simu', kycDetails: 'Taarifa za KYC' },
        send_now: 'Tuma sasa',
        clear_done: 'Ondoa vilivyokamilika',
        sign_out_title: 'Uondoke na kupoteza kinachosubiri?',
        sign_out_content:
            'Kitu kimoja kilichohifadhiwa kwenye simu hii bado hakijatumwa. Ukiondoka kitafutwa kabisa. |||| Vitu %{smart_count} vilivyohifadhiwa kwenye simu hii bado havijatumwa. Ukiondoka vitafutwa kabisa.',
        kept_before: 'Huna mtandao: hiki ndicho kilichohifadhiwa kwenye simu hii awali, si kile seva inachojua sasa.',
        kept_sale: {
            title: 'Mauzo yanayoendelea',
            reference: 'Kumbukumbu ya mkopo',
            customer: 'Mteja',
            phone: 'Simu',
        },
    },
    menu: {
        field_agent: 'Wakala wa nyanjani',
        approvals: 'Idhini',
        kyc: 'Uthibitishaji wa KYC',
        suspense: 'Miamala isiyolinganishwa na upatanisho',
        tpi: 'Bima ya mtu wa tatu',
    },
    // Foleni za idhini (toleo 10)
    approvals: {
        badge: '%{smart_count} linasubiri |||| %{smart_count} yanasubiri',
        badge_over: 'zaidi ya %{max} yanasubiri',
    },
    customers: {
        variants: {
            staff: 'Tafuta mteja',
            assisted: 'Tafuta mteja anayesaidiwa kidijitali',
            fieldagent: 'Tafuta mteja (wakala wa nyanjani)',
            shop: 'Tafuta mteja kwa duka',
        },
        find: {
            sell_to_number: 'Anzisha mauzo kwa nambari hii',
        },
    },
    loans: {
        // Mchawi wa kuongeza mkopo (src/resources/origination)
        wizard: {
            titles: {
                v1: 'Ongeza mkopo',
                v2: 'Ongeza mkopo (v2)',
                fieldagent: 'Ongeza mkopo (wakala wa nje)',
                shop: 'Ongeza mkopo (wakala wa nje, kwa duka)',
                assisted: 'Ongeza mkopo kwa usaidizi wa kidijitali',
            },
            start: { add_loan: 'Ongeza mkopo', new_sale: 'Mauzo mapya' },
        },
        price: 'Bei',
        deposit: 'Malipo ya awali',
        instalment: 'Awamu',
        instalment_value: '%{amount} %{period}, mara %{term}',
        statuses: {
            draft: 'Rasimu',
            awaiting_deposit: 'Inasubiri malipo ya awali',
            awaiting_lock: 'Inasubiri kufungwa',
            active: 'Hai',
            completed: 'Imelipwa yote',
            cancelled: 'Imeghairiwa',
            deactivated: 'Imezimwa',
        },
        periods: { weekly: 'kila wiki', monthly: 'kila mwezi' },
        // The terms of a sale: the server's quote before acceptance, the loan's terms after.
        quote: {
            title: 'Masharti yaliyokubaliwa',
            cash_price: 'Bei taslimu',
            amount_financed: 'Kiasi cha mkopo',
            cost_of_credit: 'Gharama ya mkopo',
            cost_share: '%{percent} ya kiasi cha mkopo',
            instalments: 'Awamu',
            instalments_value: '%{smart_count} × %{amount}, %{period}',
            first_due_date: 'Tarehe ya awamu ya kwanza',
            first_due_after_deposit: {
                weekly: 'Wiki moja baada ya kulipa malipo ya awali: tarehe hii yakilipwa leo',
                monthly: 'Mwezi mmoja baada ya kulipa malipo ya awali: tarehe hii yakilipwa leo',
            },
            total_payable: 'Jumla ya kulipa',
            valid_until: 'Nukuu hii ni halali hadi %{time}',
            loading: 'Inapata nukuu…',
            refresh: 'Pata nukuu mpya',
            changed: 'Masharti yamebadilika tangu mteja alipoyaona. Pitia nukuu mpya pamoja naye: lazima aikubali upya.',
        },
        continue_sale: 'Endelea na mauzo',
        exit_reasons: {
            system_issue: 'Tatizo la mfumo',
            customer_just_browsing: 'Mteja anaangalia tu',
            customer_no_longer_present: 'Mteja hayupo tena',
            customer_changed_mind: 'Mteja amebadili nia',
            needs_more_time: 'Anahitaji muda zaidi',
            price_concerns: 'Wasiwasi kuhusu bei',
            other: 'Nyingine',
            reservation_expired: 'Muda wa kuhifadhi uliisha',
        },
        actions: {
            cancel: {
                button: 'Ghairi mauzo',
                title: 'Ghairi mauzo haya?',
                intro: 'Mauzo ya mkopo %{reference} (%{model}) yataghairiwa na simu inarudi stoo. Hili haliwezi kutenduliwa.',
                reason: 'Kwa nini mauzo hayaendelei?',
                note: 'Maelezo',
                note_help: 'Yanahitajika sababu ikiwa ni Nyingine',
                no_options: 'Hakuna chaguo zinazopatikana',
                done: 'Mauzo yameghairiwa.',
            },
        },
    },
    devices: {
        lock_solution: 'Kufuli',
        solutions: {
            trustonic: 'Trustonic',
            think_adams: 'Think Adams',
            samsung: 'Samsung',
            oguard: 'Oguard',
            rguard: 'Rguard',
            zte: 'ZTE',
            vivo: 'Vivo',
            own: 'Kufuli yetu',
        },
    },
    agents: {
        tiers: { gold: 'Dhahabu', silver: 'Fedha', bronze: 'Shaba', none: 'Hana daraja' },
        // An agent's status beside their name (src/lists/AgentStatusChip.tsx)
        status: { pending_approval: 'Anasubiri kuidhinishwa', disabled: 'Amezimwa' },
    },
    inventory: {
        one: {
            imei_length: 'IMEI ina tarakimu 15 kamili',
            imei_check: 'Hii si IMEI sahihi: tarakimu yake ya mwisho hailingani',
        },
    },
    system: {
        beta: {
            features: {
                compact_tables: {
                    name: 'Majedwali yaliyobanana',
                    help: 'Safu zinakaribiana zaidi katika kila orodha, ili simu ionyeshe mengi zaidi bila kusogeza.',
                },
            },
        },
    },
} satisfies TranslationOf<typeof enShared>;

export default swShared;
