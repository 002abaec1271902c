/** Where the add-loan wizard opens (AddLoan.tsx): from what the seller kept, the link that opened it, or afresh. */
import { REQUIRED_KYC_IMAGES, type KycImageKind } from '../../../contract/kyc';
import { customerStore } from '../../lib/customerStore';
import { loanStore, type KeptDocument, type KeptSale, type KeptSalePhoto } from '../../lib/loanStore';
import { stepIndex, type Entry, type StartSaleState, type Step } from '../../lib/saleEntries';
import { emptyDraft, type Capture, type Draft } from './wizard';

export const isStartSaleState = (state: unknown): state is StartSaleState =>
    typeof state === 'object' &&
    state !== null &&
    ((state as { fromCustomer?: unknown }).fromCustomer === true || typeof (state as { msisdn?: unknown }).msisdn === 'string');

export type Start =
    /** A loan exists: loan_progress says where it stands. */
    | { kind: 'resume'; kept: KeptSale; reference: string }
    /** Another entry's sale with a loan is in progress: it is finished (or cancelled) there. */
    | { kind: 'elsewhere'; kept: KeptSale }
    | { kind: 'ready'; draft: Draft; step: Step };

export const keptType = () => customerStore.selectedType() || 'normal';

/**
 * Where the wizard opens. A kept loan: the server says (resume). Otherwise the kept step is a hint:
 * the phone step needs the customer registered or on file, the documents step a phone number
 * (the documents already sent are kept: with all of them a later hint goes on at the identity); opened
 * from a customer view, that customer.
 */
export const startOf = (entry: Entry, state: unknown): Start => {
    const kept = loanStore.read();
    if (kept?.loanReference) {
        return kept.entry === entry.key ? { kind: 'resume', kept, reference: kept.loanReference } : { kind: 'elsewhere', kept };
    }
    if (isStartSaleState(state) && 'msisdn' in state) {
        // A new number starts a new sale: what was kept before a loan existed was for someone else.
        loanStore.clear();
        return { kind: 'ready', step: 'customer', draft: { ...emptyDraft(keptType()), msisdn: state.msisdn } };
    }
    const fromCustomer = isStartSaleState(state) ? customerStore.read(entry.variant) : null;
    if (fromCustomer) {
        loanStore.clear();
        const { customer } = fromCustomer;
        customerStore.setSelectedType(customer.customer_type);
        return { kind: 'ready', step: 'customer', draft: { ...emptyDraft(customer.customer_type), msisdn: customer.msisdn } };
    }
    if (!kept || kept.entry !== entry.key) {
        if (kept) loanStore.clear();
        return { kind: 'ready', step: 'customer', draft: emptyDraft(keptType()) };
    }
    const hint = kept.step ? stepIndex(kept.step) : 0;
    const draft = { ...emptyDraft(kept.customer?.customer_type ?? keptType()), msisdn: kept.msisdn ?? '' };
    if (kept.customer && hint >= stepIndex('phone')) {
        return { kind: 'ready', step: 'phone', draft: { ...draft, customer: kept.customer, phone: kept.phone } };
    }
    if (kept.msisdn && hint >= stepIndex('documents')) {
        // The documents already sent stay sent, and those photographed offline stay kept on the
        // phone: with all of them, the sale goes on at the identity (where a KYC waiting to send is waited on).
        const withDocuments = { ...draft, ...keptDocuments(kept.documents, kept.photos) };
        const sent = new Set([...kept.documents.map(image => image.kind), ...kept.photos.map(photo => photo.kind)]);
        const needed: readonly KycImageKind[] = entry.liveness ? [...REQUIRED_KYC_IMAGES, 'liveness'] : REQUIRED_KYC_IMAGES;
        const allSent = needed.every(kind => sent.has(kind));
        return { kind: 'ready', step: allSent && hint >= stepIndex('identity') ? 'identity' : 'documents', draft: withDocuments };
    }
    return { kind: 'ready', step: 'customer', draft };
};

/**
 * Documents kept for the sale, as sent captures (without a thumbnail: the file itself is not kept),
 * and those photographed offline as kept ones (their thumbnail made from the kept photo), and what OCR read.
 */
const keptDocuments = (
    documents: readonly KeptDocument[],
    photos: readonly KeptSalePhoto[],
): Pick<Draft, 'captures' | 'ocr'> => ({
    captures: Object.fromEntries([
        ...photos.map(kept => [
            kept.kind,
            {
                status: 'kept',
                fileName: kept.file_name,
                preview: null,
                progress: 1,
                image: null,
                error: null,
                file: null,
                photo: kept.photo,
            } satisfies Capture,
        ]),
        ...documents.map(image => [
            image.kind,
            { status: 'done', fileName: '', preview: null, progress: 1, image, error: null, file: null } satisfies Capture,
        ]),
    ]),
    ocr: documents.find(image => image.kind === 'id_front')?.ocr ?? null,
});
