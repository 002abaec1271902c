import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../contract/errors';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Record<string, string> =>
    Object.entries(tree).reduce<Record<string, string>>((all, [key, value]) => {
        const path = prefix ? `${prefix}.${key}` : key;
        return typeof value === 'string' ? { ...all, [path]: value } : { ...all, ...flatten(value, path) };
    }, {});

const english = flatten(en as Tree);
const placeholders = (text: string) => (text.match(/%\{\w+\}/g) ?? []).sort();

/**
 * The texts a translation may leave exactly as in English, each reviewed: names, acronyms and
 * placeholders, never padded to differ ("Samsung (kufuli)" said nothing a Swahili reader needed).
 * Any other text equal to the English one is an untranslated text; a key listed here whose text
 * was since translated must leave the list.
 */
const SAME_IN_EVERY_LANGUAGE = [
    // Nothing but placeholders and punctuation: the words come from the values.
    'ra.boolean.null',
    'ra.page.edit',
    'ra.page.list',
    'ra.page.show',
    'loans.requests.waiting',
    'loans.quote.instalments_value',
    'agents.tier_saved',
    'reconciliation.rows.filter_count',
    'reconciliation.rows.field_problem',
    // Acronyms staff use as they are: IMEI, OTP (one-time code), OCR, KYC, PAR (portfolio at risk).
    'loans.wizard.inputs.imei',
    'loans.wizard.terms.imei',
    'devices.imei',
    'inventory.fields.imei',
    'loans.wizard.inputs.otp',
    'validation.inputs.otp',
    'kyc.fields.ocr',
    'customers.fields.kyc_status',
    'bi.columns.par',
    // Brand names: the mobile money service and the lock solutions.
    'money.transactions.channels.mpesa',
    'customers.deposits.channels.mpesa',
    'devices.solutions.trustonic',
    'devices.solutions.think_adams',
    'devices.solutions.samsung',
    'devices.solutions.oguard',
    'devices.solutions.rguard',
    'devices.solutions.zte',
    'devices.solutions.vivo',
];

/** Words Portuguese writes as English does. */
const SAME_IN_PORTUGUESE = [
    // "selfie" is the Portuguese word too.
    'kyc.images.selfie',
    'loans.wizard.documents.kinds.selfie',
    // The metal, the agents' tier.
    'agents.tiers.bronze',
    'stores.fields.latitude',
    'stores.fields.longitude',
];

describe.each([
    ['Swahili', flatten(sw as Tree), SAME_IN_EVERY_LANGUAGE],
    ['Portuguese', flatten(pt as Tree), [...SAME_IN_EVERY_LANGUAGE, ...SAME_IN_PORTUGUESE]],
])('the %s catalog', (_name, catalog, sameAsEnglish) => {
    it('has exactly the keys of the English one', () => {
        expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    });

    it('keeps every placeholder of the English text', () => {
        for (const [key, text] of Object.entries(english))
            expect([key, placeholders(catalog[key] ?? '')]).toEqual([key, placeholders(text)]);
    });

    it('is a translation, not a copy: a text equals the English only where the reviewed list says it may', () => {
        const same = Object.keys(english).filter(key => catalog[key] === english[key]);
        expect(same.sort()).toEqual([...sameAsEnglish].sort());
    });

    it('does not pad a name to make it differ from the English ("Samsung (kufuli)")', () => {
        const padded = Object.keys(english).filter(key => {
            const text = catalog[key] ?? '';
            return text !== english[key] && text.startsWith(`${english[key]} (`) && text.endsWith(')');
        });
        expect(padded).toEqual([]);
    });
});

describe('the English catalog', () => {
    it('has a message for every error key the server may answer', () => {
        for (const key of ERROR_KEYS) expect(english[key], key).toBeTruthy();
    });
});
