import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The collections list's and the lock policy's words and their menu entries', in Swahili: found by
 * their place and merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        collections: 'Ukusanyaji wa madeni',
        lock_policy: 'Sera ya kufunga simu',
    },
    // Ukusanyaji wa madeni: mikopo iliyochelewa (src/resources/lending/CollectionsList.tsx)
    lock_policy: {
        title: 'Sera ya kufunga simu',
        intro: 'Kwa kila mfumo wa kufunga: malipo yanaweza kuchelewa siku ngapi kabla simu haijafungwa, na kama wateja wapokee ujumbe siku moja kabla ya kulipa awamu na siku moja baada ya kukosa kulipa. Simu hufunguliwa mara tu deni lililochelewa likilipwa, yeyote anayerekodi malipo.',
        read_only: 'Unaweza kusoma sera; kuibadilisha kunahitaji ruhusa ya kuhariri sera ya kufunga simu.',
        lock_after_days: 'Siku za kuchelewa kabla ya kufunga',
        lock_after_days_help: 'Kuanzia siku 1 hadi 90.',
        reminders: 'Vikumbusho kwa SMS',
        reminders_help: 'Siku moja kabla ya tarehe ya kulipa na siku moja baada ya kukosa.',
        save: 'Hifadhi',
        saved: 'Sera ya kufunga ya %{solution} imehifadhiwa.',
        defaults: 'Mipangilio ya awali: hakuna aliyeibadilisha.',
        changed: 'Ilibadilishwa na %{name} tarehe %{when}.',
    },
    collections: {
        search: 'Mkopo, jina au simu',
        any_bucket: 'Muda wowote wa kuchelewa',
        any_lock_state: 'Hali yoyote ya kufunga',
        buckets: { days_1_7: 'Siku 1–7', days_8_30: 'Siku 8–30', days_31_60: 'Siku 31–60', over_60: 'Zaidi ya siku 60' },
        fields: {
            customer: 'Mteja',
            loan_reference: 'Mkopo',
            msisdn: 'Simu',
            days_overdue: 'Siku za kuchelewa',
            bucket: 'Amechelewa kwa',
            oldest_unpaid_due: 'Tarehe ya awamu ya zamani isiyolipwa',
            amount_overdue: 'Kiasi kilichochelewa',
            lock_state: 'Hali ya kufunga',
            shop: 'Duka',
            agent: 'Wakala',
            last_payment: 'Malipo ya mwisho',
            last_paid_at: 'Tarehe ya malipo ya mwisho',
            last_paid_amount: 'Kiasi cha malipo ya mwisho',
            last_message: 'Ujumbe wa mwisho',
        },
        days: 'Amechelewa siku %{smart_count} |||| Amechelewa siku %{smart_count}',
        due_since: 'Ilipaswa kulipwa %{day}',
        open_customer: 'Fungua %{name} (mkopo %{loan})',
        no_device: 'Hakuna kifaa',
        never_paid: 'Bado hajalipa chochote',
        no_message: 'Hakuna uliotumwa',
        count: 'Mkopo %{smart_count} uliochelewa |||| Mikopo %{smart_count} iliyochelewa',
        empty: 'Hakuna mkopo uliochelewa.',
    },
} satisfies TranslationOf<typeof en>;

export default sw;
