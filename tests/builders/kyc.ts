/** KYC submissions (contract/kyc.ts) as the verification queue lists them. */
import type { KycSubmission } from '../../contract/kyc';
import { nextId } from './ids';

const ID_NUMBER = '9001015800081';

/**
 * A submission waiting for a checker: the demo's Sibusiso Mokoena, registered in the field by
 * `fieldagent` (README "Demo customers"), whose surname OCR misread and he corrected; identity
 * and liveness passed, under a new id.
 */
export const buildKycSubmission = (overrides: Partial<KycSubmission> = {}): KycSubmission => {
    const id = overrides.id ?? nextId();
    return {
        id,
        status: 'pending',
        customer: { id: 106, msisdn: '27710000006', name: 'Sibusiso Mokoena', customer_type: 'normal' },
        id_type: 'national_id',
        id_number: ID_NUMBER,
        ocr: { first_name: 'Sibusiso', last_name: 'Mokena', id_number: ID_NUMBER, date_of_birth: '1990-01-01', gender: 'male' },
        confirmed: {
            first_name: 'Sibusiso',
            last_name: 'Mokoena',
            id_number: ID_NUMBER,
            date_of_birth: '1990-01-01',
            gender: 'male',
        },
        identity: { reference: `idv_${String(id).padStart(24, '0')}`, verified: true },
        liveness: { passed: true, score: 1 },
        images: [
            { id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`, kind: 'id_front' },
            { id: `00000000-0000-4001-8000-${String(id).padStart(12, '0')}`, kind: 'id_back' },
            { id: `00000000-0000-4002-8000-${String(id).padStart(12, '0')}`, kind: 'selfie' },
        ],
        channel: 'field_agent',
        store: null,
        submitted_by: { id: 6, name: 'Naledi Mahlangu' },
        decided_by: null,
        decided_at: null,
        reason: null,
        created_at: '2026-11-22T08:00:00.000Z',
        ...overrides,
    };
};
