/**
 * Fixtures of the add-loan wizard's calls (contract/origination/index.ts, kyc.ts, customers.ts,
 * devices.ts, loans.ts) for tests/unit/loanWizard*.test.tsx and kycQueue.test.ts. Each answer goes
 * through its call's response schema in the msw handlers (contractHandlers.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Customer, Loan } from '../../../contract/customers';
import type { CallResponse } from '../../../contract/define';
import type { DeviceLock } from '../../../contract/devices';
import type {
    IDENTITY_MISMATCHES,
    identityValidation,
    KycImageKind,
    KycSubmission,
    kycDetails,
    OcrFields,
    uploadImage,
} from '../../../contract/kyc';
import type { Quote } from '../../../contract/origination';
import { buildCustomer, buildDeviceLock, buildKycSubmission, buildLoan } from '../../builders';

export const BUYER_MSISDN = '27831112222';
export const LOAN_REFERENCE = 'LPP-100020';
export const IMEI = '356938035643809';
/** The seller's shop. */
export const SHOP = { id: 1, name: 'Soweto Central' };

export const ocr: OcrFields = {
    first_name: 'Sipho',
    last_name: 'Dlamini',
    id_number: '9202204720082',
    date_of_birth: '1992-02-20',
    gender: 'male',
};

export const buyer: Customer = buildCustomer({
    id: 77,
    msisdn: BUYER_MSISDN,
    username: null,
    first_name: 'Sipho',
    last_name: 'Dlamini',
    id_number: ocr.id_number ?? '',
    email: null,
    gender: 'male',
    date_of_birth: ocr.date_of_birth,
    address: { unit_house_number: null, street: null, suburb: null, town: 'Soweto', province: null, postal_code: null },
    credit_limit: 5000,
    kyc_status: 'pending',
    registered_by: { id: 9, name: 'Test User' },
});

const IMAGE_IDS: Record<KycImageKind, string> = {
    id_front: '3f1c2b9e-8d4a-4c1e-9b2a-0e5f6d7c8b91',
    id_back: '3f1c2b9e-8d4a-4c1e-9b2a-0e5f6d7c8b92',
    selfie: '3f1c2b9e-8d4a-4c1e-9b2a-0e5f6d7c8b93',
    liveness: '3f1c2b9e-8d4a-4c1e-9b2a-0e5f6d7c8b94',
};

export const imageId = (kind: KycImageKind) => IMAGE_IDS[kind];

/** What uploading a document answers: the front of the ID with what OCR read. */
export const uploaded = (kind: KycImageKind): CallResponse<typeof uploadImage> => ({
    id: IMAGE_IDS[kind],
    kind,
    content_type: 'image/jpeg',
    size: 2048,
    ocr: kind === 'id_front' ? ocr : null,
    liveness: kind === 'liveness' || kind === 'selfie' ? { passed: true, score: 0.97 } : null,
    created_at: '2026-11-22T09:00:00.000Z',
});

export const galaxy = {
    sku: 'SAM-A15',
    brand: 'Samsung',
    model: 'Galaxy A15',
    image: null,
    cash_price: 3999,
    deposit: 600,
    instalment_amount: 150,
    instalment_period: 'weekly' as const,
    term: 24,
    lock_solution: 'trustonic' as const,
    in_stock: 4,
};

export const qualified = {
    available_limit: 5000,
    currency: 'ZAR' as const,
    devices: [galaxy, { ...galaxy, sku: 'VIVO-Y03', brand: 'Vivo', model: 'Y03', lock_solution: 'vivo' as const, in_stock: 0 }],
};

export const imeiChecked = {
    imei: IMEI,
    sku: galaxy.sku,
    brand: galaxy.brand,
    model: galaxy.model,
    store: SHOP,
};

/** The sold phone's lock, asked of Trustonic and not yet confirmed. */
export const lockOf = (change: Partial<DeviceLock> = {}): DeviceLock =>
    buildDeviceLock({ imei: IMEI, state: 'pending', confirmed_state: 'pending', confirmed_at: null, ...change });

/**
 * The server's quote for the Galaxy A15 (contract/origination/index.ts `quote`): 3 999 cash, 600 down,
 * 3 399 financed; 24 × 150 weekly, so 4 200 payable and 201 (5.9%) of credit.
 */
export const quoted = (change: Partial<Quote> = {}): Quote => ({
    quote_id: '3f1c2b9e-8a7d-4c6b-9e5f-1a2b3c4d5e6f',
    msisdn: BUYER_MSISDN,
    sku: galaxy.sku,
    brand: galaxy.brand,
    model: galaxy.model,
    imei: IMEI,
    store: SHOP,
    lock_solution: 'trustonic',
    currency: 'ZAR',
    cash_price: 3999,
    deposit: 600,
    amount_financed: 3399,
    cost_of_credit: 201,
    cost_of_credit_percent: 5.9,
    instalment: 150,
    instalments: 24,
    instalment_period: 'weekly',
    first_due_date: '2026-11-29',
    total_payable: 4200,
    issued_at: '2026-11-22T09:05:00.000Z',
    expires_at: '2026-11-22T09:35:00.000Z',
    ...change,
});

/** The sale of the Galaxy A15 to the buyer, a draft until its codes are verified. */
export const saleLoan = (change: Partial<Loan> = {}): Loan =>
    buildLoan({
        id: 20,
        loan_reference: LOAN_REFERENCE,
        msisdn: BUYER_MSISDN,
        imei: IMEI,
        sku: galaxy.sku,
        brand: galaxy.brand,
        model: galaxy.model,
        // The quote's terms (`quoted`): 600 + 150 × 24 = 4 200 payable for a 3 999 phone.
        price: 4200,
        deposit: 600,
        instalment: 150,
        cash_price: 3999,
        amount_financed: 3399,
        cost_of_credit: 201,
        total_payable: 4200,
        first_due_date: '2026-11-29',
        balance: 4200,
        amount_paid: 0,
        status: 'draft',
        agent: { id: 9, name: 'Test User' },
        device: lockOf(),
        created_at: '2026-11-22T09:05:00.000Z',
        ...change,
    });

export const codeSent = (to: string) => ({
    loan_reference: LOAN_REFERENCE,
    sent_to: to,
    expires_at: '2026-11-22T09:10:00.000Z',
});

export const verification = (customer: boolean, agent: boolean) => ({
    loan_reference: LOAN_REFERENCE,
    customer_otp_verified: customer,
    agent_otp_verified: agent,
    loan_status: customer && agent ? 'awaiting_deposit' : 'draft',
});

export const depositTransaction = {
    id: 31,
    reference: 'MP-ABC123',
    msisdn: BUYER_MSISDN,
    loan_reference: LOAN_REFERENCE,
    amount: 600,
    currency: 'ZAR' as const,
    channel: 'mpesa' as const,
    kind: 'deposit' as const,
    created_at: '2026-11-22T09:20:00.000Z',
};

/** The demo's photos of an ID and a selfie (tests/e2e/fixtures), which pass the checks made before a photo is kept. */
export const DEMO_PHOTOS: Record<Exclude<KycImageKind, 'liveness'>, string> = {
    id_front: 'demo-id-front.png',
    id_back: 'demo-id-back.png',
    selfie: 'demo-selfie.png',
};

/** One of the demo's photos as a chosen file. */
export const demoPhoto = (name: string) =>
    new File([readFileSync(join(process.cwd(), 'tests/e2e/fixtures', name))], name, { type: 'image/png' });

/** The identity register's answer for the buyer: a match, unless it names a mismatch. */
export const identityChecked = (
    mismatch: (typeof IDENTITY_MISMATCHES)[number] | null = null,
): CallResponse<typeof identityValidation> => ({
    reference: 'CTB-7781',
    verified: mismatch === null,
    mismatch,
    checked_at: '2026-11-22T09:01:00.000Z',
});

/**
 * What kyc-details answers for the buyer: registered, their KYC sent from the seller's shop (or
 * `store`) pending a checker, under the first name and type sent and the register's match.
 */
export const kycSubmitted = ({
    first_name = 'Sipho',
    customer_type = 'normal',
    gender = null,
    store = SHOP,
}: {
    first_name?: string;
    customer_type?: Customer['customer_type'];
    gender?: Customer['gender'];
    store?: KycSubmission['store'];
} = {}): CallResponse<typeof kycDetails> => ({
    customer: { ...buyer, customer_type },
    kyc: buildKycSubmission({
        id: 5,
        status: 'pending',
        customer: { id: buyer.id, msisdn: buyer.msisdn, name: `${first_name} Dlamini`, customer_type },
        id_type: 'national_id',
        id_number: buyer.id_number,
        ocr: null,
        confirmed: { first_name: 'Sipho', last_name: 'Dlamini', id_number: buyer.id_number, date_of_birth: '1992-02-20', gender },
        identity: { reference: 'CTB-7781', verified: true },
        liveness: null,
        images: [],
        channel: 'shop',
        store,
        submitted_by: { id: 9, name: 'Test User' },
        decided_by: null,
        decided_at: null,
        reason: null,
        created_at: '2026-11-22T09:02:00.000Z',
    }),
});
