/**
 * The sale in progress, kept in secure storage (spec §3 "Customer slice": loanStep and
 * selectedPhone; the selected customer type is customerStore.ts's) so a
 * reload or a lost connection resumes it: the step reached, the phone chosen, the customer once
 * known, and the loan's reference once the loan exists. With a reference the server says where
 * the sale stands (`loan_progress`); the kept step is only a hint for the steps before it.
 *
 * Like the customer in hand, each value belongs to the user who kept it: a sale kept by one
 * seller is never resumed by the next one who signs in on the browser. Cleared on completion or
 * cancellation (`clear`), and with the session when it ends (session.ts `clear`).
 */
import { z } from 'zod';
import { customer, phoneModel, type Customer } from '../../contract/customers';
import { KYC_IMAGE_KINDS, kycImage } from '../../contract/kyc';
import { KEPT_DEVICE, KEPT_LOAN_STEP, KEPT_PHONE, KEPT_SALE } from './keptNames';
import { secureStorage } from './secureStorage';
import { session } from './session';
import { customerStore } from './customerStore';
import { ENTRY_KEYS, STEPS, type EntryKey, type Step } from './saleEntries';

const STEP = KEPT_LOAN_STEP;
const PHONE = KEPT_PHONE;
const SALE = KEPT_SALE;
const DEVICE = KEPT_DEVICE;

export const qualifiedPhone = phoneModel.extend({ in_stock: z.number().int() });
export type QualifiedPhone = z.infer<typeof qualifiedPhone>;

const keptStep = z.object({ owner: z.string(), entry: z.enum(ENTRY_KEYS), step: z.enum(STEPS) });
const keptPhone = z.object({ owner: z.string(), phone: qualifiedPhone });
const keptDevice = z.object({ owner: z.string(), imei: z.string().max(15), store_id: z.number().int().positive().nullable() });
const keptSale = z.object({
    owner: z.string(),
    entry: z.enum(ENTRY_KEYS),
    msisdn: z.string(),
    /** The customer once registered or found with their KYC on file: the steps from the phone on need them. */
    customer: customer.nullable(),
    loan_reference: z.string().nullable(),
    /** The documents already sent for this customer (their ids and what OCR read): a reload does not send them again. */
    documents: z.array(kycImage).default([]),
    /** The documents photographed offline, kept encrypted on the phone (photoStore.ts) until the KYC is sent. */
    photos: z.array(z.object({ kind: z.enum(KYC_IMAGE_KINDS), photo: z.string(), file_name: z.string() })).default([]),
});

export type KeptDocument = z.infer<typeof kycImage>;
export type KeptSalePhoto = z.infer<typeof keptSale>['photos'][number];

export interface KeptSale {
    entry: EntryKey;
    step: Step | null;
    msisdn: string | null;
    customer: Customer | null;
    loanReference: string | null;
    phone: QualifiedPhone | null;
    /** The IMEI typed on the phone step, as typed (checked only when the step is sent); '' when none. */
    imei: string;
    /** The store the phone comes from, chosen on the phone step by a seller without a shop. */
    storeId: number | null;
    documents: KeptDocument[];
    photos: KeptSalePhoto[];
}

const owner = () => session.user()?.username ?? null;

/** A kept value of the signed-in user's, or null (absent, unreadable, or someone else's). */
const mine = <T extends { owner: string }>(schema: z.ZodType<T>, name: string): T | null => {
    const parsed = schema.safeParse(secureStorage.get(name));
    return parsed.success && parsed.data.owner === owner() ? parsed.data : null;
};

/**
 * Keeps a document of the sale's customer as the newest of its kind: sent (`documents`) or
 * photographed offline and waiting (`photos`). Either replaces whatever was kept of that kind in
 * both lists, so a kind is kept once; another sale's customer starts the lists afresh.
 */
const keepNewest = (
    entry: EntryKey,
    msisdn: string,
    newest: { documents: KeptDocument; photos?: never } | { photos: KeptSalePhoto; documents?: never },
): void => {
    const me = owner();
    if (!me) return;
    const current = mine(keptSale, SALE);
    const same = current?.entry === entry && current.msisdn === msisdn;
    const kind = (newest.documents ?? newest.photos).kind;
    const others = <T extends { kind: string }>(kept: T[]): T[] => (same ? kept.filter(one => one.kind !== kind) : []);
    secureStorage.set(SALE, {
        owner: me,
        entry,
        msisdn,
        customer: same ? current.customer : null,
        loan_reference: same ? current.loan_reference : null,
        documents: [...others(current?.documents ?? []), ...(newest.documents ? [newest.documents] : [])],
        photos: [...others(current?.photos ?? []), ...(newest.photos ? [newest.photos] : [])],
    });
};

export const loanStore = {
    /** The sale kept by the signed-in user, or null when there is none. */
    read(): KeptSale | null {
        const step = mine(keptStep, STEP);
        const sale = mine(keptSale, SALE);
        const entry = sale?.entry ?? step?.entry;
        if (!entry) return null;
        return {
            entry,
            step: step && step.entry === entry ? step.step : null,
            msisdn: sale?.msisdn ?? null,
            customer: sale?.customer ?? null,
            loanReference: sale?.loan_reference ?? null,
            phone: mine(keptPhone, PHONE)?.phone ?? null,
            imei: mine(keptDevice, DEVICE)?.imei ?? '',
            storeId: mine(keptDevice, DEVICE)?.store_id ?? null,
            documents: sale?.documents ?? [],
            photos: sale?.photos ?? [],
        };
    },

    setStep(entry: EntryKey, step: Step): void {
        const me = owner();
        if (me) secureStorage.set(STEP, { owner: me, entry, step });
    },

    /** Spec §4: a null phone is not saved (the one kept before stays until the sale is cleared). */
    setPhone(phone: QualifiedPhone | null): void {
        const me = owner();
        if (me && phone) secureStorage.set(PHONE, { owner: me, phone });
    },

    /**
     * The IMEI as it is typed on the phone step, and the store chosen there by a seller without a
     * shop, so a reload there keeps them as it keeps the phone. Once the loan exists its device is
     * the server's (loan_progress).
     */
    setDevice(change: { imei?: string; storeId?: number | null }): void {
        const me = owner();
        if (!me) return;
        const current = mine(keptDevice, DEVICE);
        secureStorage.set(DEVICE, {
            owner: me,
            imei: (change.imei ?? current?.imei ?? '').slice(0, 15),
            store_id: change.storeId !== undefined ? change.storeId : (current?.store_id ?? null),
        });
    },

    /** Who the sale is for; `customer` once they are registered or their KYC is on file. */
    setCustomer(entry: EntryKey, msisdn: string, found: Customer | null): void {
        const me = owner();
        if (!me) return;
        const current = mine(keptSale, SALE);
        const sameCustomer = current?.entry === entry && current.msisdn === msisdn;
        secureStorage.set(SALE, {
            owner: me,
            entry,
            msisdn,
            customer: found,
            loan_reference: sameCustomer ? current.loan_reference : null,
            documents: sameCustomer ? current.documents : [],
            photos: sameCustomer ? current.photos : [],
        });
    },

    /** A document sent for the sale's customer: kept (the newest of each kind) so a reload resumes after it. */
    keepDocument(entry: EntryKey, msisdn: string, image: KeptDocument): void {
        keepNewest(entry, msisdn, { documents: image });
    },

    /** A document photographed offline for the sale's customer (the newest of each kind), sent with their KYC. */
    keepPhoto(entry: EntryKey, msisdn: string, photo: KeptSalePhoto): void {
        keepNewest(entry, msisdn, { photos: photo });
    },

    setLoanReference(entry: EntryKey, msisdn: string, reference: string): void {
        const me = owner();
        if (!me) return;
        const current = mine(keptSale, SALE);
        secureStorage.set(SALE, {
            owner: me,
            entry,
            msisdn,
            customer: current?.msisdn === msisdn ? current.customer : null,
            loan_reference: reference,
            documents: current?.msisdn === msisdn ? current.documents : [],
            photos: current?.msisdn === msisdn ? current.photos : [],
        });
    },

    /** The sale is over (done or cancelled), or abandoned before a loan existed: nothing of it is kept. */
    clear(): void {
        secureStorage.remove(STEP);
        secureStorage.remove(PHONE);
        secureStorage.remove(DEVICE);
        secureStorage.remove(SALE);
        customerStore.clearSelectedType();
    },
};
