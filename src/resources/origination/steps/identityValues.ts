/**
 * The identity step's values: empty, from a customer already known, with what OCR read from the
 * ID filled into what is still empty, and as kyc-details takes them (contract/kyc.ts).
 */
import { INDUSTRY_VERTICALS, TURNOVER_BANDS, type Customer } from '../../../../contract/customers';
import type { CallInput } from '../../../../contract/define';
import type { kycDetails, OcrFields } from '../../../../contract/kyc';
import type { Entry } from '../../../lib/saleEntries';
import type { Draft, IdentityValues } from '../wizard';

/** A customer whose KYC is submitted (not rejected) may buy at once: create_loan needs no new documents. */
export const kycOnFile = (customer: Customer | null): customer is Customer =>
    customer !== null && (customer.kyc_status === 'verified' || customer.kyc_status === 'pending');

export const blankIdentity = (): IdentityValues => ({
    first_name: '',
    last_name: '',
    id_type: 'national_id',
    id_number: '',
    date_of_birth: '',
    gender: '',
    email: '',
    alternate_msisdn: '',
    address: { unit_house_number: '', street: '', suburb: '', town: '', province: '', postal_code: '' },
    business: {
        business_name: '',
        employee_count: '',
        industry_vertical: '',
        turnover_band: '',
        address: { street: '', town: '' },
    },
});

export const identityOf = (customer: Customer): IdentityValues => {
    const blank = blankIdentity();
    const { address, business } = customer;
    return {
        first_name: customer.first_name,
        last_name: customer.last_name,
        id_type: customer.id_type,
        id_number: customer.id_number,
        date_of_birth: customer.date_of_birth ?? '',
        gender: customer.gender ?? '',
        email: customer.email ?? '',
        alternate_msisdn: customer.alternate_msisdn ?? '',
        address: {
            unit_house_number: address.unit_house_number ?? '',
            street: address.street ?? '',
            suburb: address.suburb ?? '',
            town: address.town ?? '',
            province: address.province ?? '',
            postal_code: address.postal_code ?? '',
        },
        business: business
            ? {
                  business_name: business.business_name,
                  employee_count: String(business.employee_count),
                  industry_vertical: business.industry_vertical,
                  turnover_band: business.turnover_band,
                  address: { street: business.address.street ?? '', town: business.address.town ?? '' },
              }
            : blank.business,
    };
};

/** The fields OCR reads (contract/kyc.ts `ocrFields`). */
export const OCR_FIELDS = ['first_name', 'last_name', 'id_number', 'date_of_birth', 'gender'] as const;

/** What OCR read fills the fields still empty; nothing typed is overwritten. */
export const withOcr = (values: IdentityValues, ocr: OcrFields | null): IdentityValues => {
    if (!ocr) return values;
    const filled = { ...values };
    for (const field of OCR_FIELDS) {
        const read = ocr[field];
        if (read && !filled[field]) filled[field] = read;
    }
    return filled;
};

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The business details as kyc-details takes them; the form has checked each (a choice not made leaves them out, and the server names what is missing). */
const businessBody = (business: IdentityValues['business']) => {
    const industry = INDUSTRY_VERTICALS.find(choice => choice === business.industry_vertical);
    const turnover = TURNOVER_BANDS.find(choice => choice === business.turnover_band);
    if (!industry || !turnover) return undefined;
    return {
        business_name: business.business_name.trim(),
        employee_count: Number(business.employee_count.trim()),
        industry_vertical: industry,
        turnover_band: turnover,
        address: { street: optional(business.address.street), town: business.address.town.trim() },
    };
};

/** kyc-details' body from the form, the documents sent and the identity check's reference. */
export const kycBody = (
    values: IdentityValues,
    draft: Draft,
    entry: Entry,
    identityReference: string,
): CallInput<typeof kycDetails>['body'] => {
    const image = (kind: keyof Draft['captures']) => draft.captures[kind]?.image?.id;
    const { address, business } = values;
    return {
        msisdn: draft.msisdn,
        customer_type: draft.customerType,
        channel: entry.channel,
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        id_type: values.id_type,
        id_number: values.id_number.trim().toUpperCase(),
        date_of_birth: values.date_of_birth,
        gender: values.gender === 'female' || values.gender === 'male' || values.gender === 'other' ? values.gender : undefined,
        email: optional(values.email),
        alternate_msisdn: optional(values.alternate_msisdn),
        address: {
            unit_house_number: optional(address.unit_house_number),
            street: optional(address.street),
            suburb: optional(address.suburb),
            town: address.town.trim(),
            province: optional(address.province),
            postal_code: optional(address.postal_code),
        },
        business: draft.customerType === 'business' ? businessBody(business) : undefined,
        images: {
            id_front: image('id_front'),
            id_back: image('id_back'),
            selfie: image('selfie'),
            liveness: image('liveness'),
        },
        identity_reference: identityReference,
        store_id: draft.storeId ?? undefined,
    };
};
