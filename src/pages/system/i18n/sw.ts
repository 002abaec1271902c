import type { TranslationOf } from '../../../i18n/mergeCatalogs';
import type en from './en';

/**
 * The system check pages' words and their menu entries', in Swahili: found by their place and
 * merged into the app part (src/i18n/mergeCatalogs.ts).
 */
const sw = {
    menu: {
        system_check: 'Ukaguzi wa mfumo',
        system_check_beta: 'Ukaguzi wa mfumo (majaribio)',
    },
    system: {
        title: 'Ukaguzi wa mfumo',
        title_beta: 'Ukaguzi wa mfumo na vipengele vya majaribio',
        intro: 'Endesha ukaguzi huu lango linapoleta shida dukani: kila mstari unaonyesha kinachofanya kazi, kilicho polepole na kinachoshindwa.',
        run_again: 'Kagua tena',
        checking: 'Inakagua…',
        device_title: 'Simu hii na muunganisho wake',
        services_title: 'Huduma za nje',
        states: { ok: 'Sawa', warning: 'Tahadhari', failed: 'Imeshindwa' },
        latency: {
            title: 'Kufikia seva',
            ok: 'Maombi yote %{total} yamejibiwa: kwa kawaida ndani ya ms %{median}, la polepole zaidi ms %{max}.',
            some_failed:
                'Maombi %{failed} kati ya %{total} yameshindwa; mengine yalichukua kwa kawaida ms %{median}, hadi ms %{max}. Muunganisho si wa kutegemewa.',
            slow: 'Maombi yote %{total} yamejibiwa, lakini polepole: kwa kawaida ms %{median}, la polepole zaidi ms %{max}. Skrini na misimbo vitakuchelewesha.',
            unreachable: 'Hakuna ombi hata moja kati ya %{total} lililofika kwenye seva. Angalia data ya simu au Wi-Fi.',
        },
        version: {
            title: 'Matoleo ya lango na ya seva',
            same: 'Zote mbili ni toleo %{portal}.',
            different: 'Ukurasa huu ni toleo %{portal} na seva ni toleo %{server}: pakia upya ukurasa ili upate lango la sasa.',
        },
        clock: {
            title: 'Saa ya simu',
            ok: 'Inalingana na saa ya seva, tofauti ni sekunde %{seconds} tu.',
            ahead: 'Saa ya simu iko mbele ya saa ya seva kwa sekunde %{seconds}: weka tarehe na saa zijipange zenyewe. Misimbo na kuingia vinaweza kushindwa.',
            behind: 'Saa ya simu iko nyuma ya saa ya seva kwa sekunde %{seconds}: weka tarehe na saa zijipange zenyewe. Misimbo na kuingia vinaweza kushindwa.',
        },
        storage: {
            title: 'Hifadhi ya kivinjari hiki',
            ok: 'Lango linaweza kuhifadhi kipindi chako na mauzo yanayoendelea hapa.',
            mismatch: 'Kilichoandikwa hakikuweza kusomwa tena: mauzo yanayoendelea hayatahifadhiwa.',
            not_removed: 'Thamani ya majaribio haikuweza kuondolewa: hifadhi ya kivinjari hiki haifanyi kazi ipasavyo.',
            refused:
                'Kivinjari hiki kinakataa kuhifadhi (dirisha la faragha, au hifadhi imejaa): kuingia na mauzo yanayoendelea havitahifadhiwa.',
        },
        tab_lock: {
            title: 'Kichupo kimoja kwa wakati mmoja',
            ok: 'Kichupo hiki ndicho kinachotumika: vichupo vingine vya lango katika kivinjari hiki vinaonyesha "Ukurasa umezuiwa".',
            not_held: 'Kichupo hiki si ndicho kinachotumika: funga vichupo vingine vya lango kisha upakie upya.',
        },
        server: {
            unreachable:
                'Ukaguzi wa seva yenyewe haukuweza kusomwa: muunganisho umeshindwa, au kikundi chako hakina jukumu hili.',
        },
        sms: {
            title: 'Huduma ya kutuma SMS',
            outbox: 'Hakuna huduma ya SMS iliyounganishwa: ujumbe unawekwa kwenye kikasha toezi. Ujumbe wa mwisho %{when}; %{count} katika saa iliyopita.',
            outbox_none:
                'Hakuna huduma ya SMS iliyounganishwa: ujumbe unawekwa kwenye kikasha toezi. Bado hakuna ujumbe; %{count} katika saa iliyopita.',
            gateway: 'Ujumbe wa mwisho ulitumwa %{when}; %{count} katika saa iliyopita.',
            gateway_none: 'Bado hakuna ujumbe uliotumwa; %{count} katika saa iliyopita.',
        },
        providers: {
            title: 'Watoa huduma za kufunga simu',
            one: 'Mtoa huduma ya kufunga simu: %{name}',
            simulator:
                'Ni mwigo: hakuna huduma ya nje iliyounganishwa. Amri %{waiting} zinasubiri, %{failed} zimekataliwa ndani ya siku moja iliyopita.',
            live: 'Imeunganishwa. Amri %{waiting} zinasubiri, %{failed} zimekataliwa ndani ya siku moja iliyopita.',
        },
        beta: {
            title: 'Vipengele vya majaribio',
            intro: 'Vijaribu kabla havijamfikia kila mtu. Kila kimoja kinabadilisha tu jinsi lango linavyoonekana kwako kwenye kifaa hiki; hakuna kinachofungua chochote ambacho majukumu yako hayaruhusu.',
        },
    },
} satisfies TranslationOf<typeof en>;

export default sw;
