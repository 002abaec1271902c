/** Typed fixtures of the customer calls (contract/customers/, contract/devices.ts) for the component tests. */
import type { Customer, Loan, ScheduledLoan } from '../../../contract/customers';
import type { DeviceLock } from '../../../contract/devices';
import type { ApprovalRequest } from '../../../contract/approvals';

export const thandi: Customer = {
    id: 41,
    public_id: '0c6f1f2e-5b7a-4d2c-9a51-3e8b7d4c2a10',
    msisdn: '27831234567',
    username: 'thandi.m',
    first_name: 'Thandi',
    last_name: 'Mokoena',
    id_type: 'national_id',
    id_number: '9001015009087',
    alternate_msisdn: null,
    email: 'thandi@example.com',
    gender: 'female',
    date_of_birth: '1990-01-01',
    address: {
        unit_house_number: '12',
        street: 'Vilakazi Street',
        suburb: 'Orlando West',
        town: 'Soweto',
        province: 'Gauteng',
        postal_code: '1804',
    },
    customer_type: 'normal',
    business: null,
    credit_limit: 6000,
    currency: 'ZAR',
    kyc_status: 'verified',
    channel: 'shop',
    store: { id: 1, name: 'Soweto Central' },
    registered_by: { id: 5, name: 'Lerato Dube' },
    created_at: '2026-03-02T09:00:00.000Z',
};

export const device = (change: Partial<DeviceLock> = {}): DeviceLock => ({
    imei: '356938035643809',
    lock_solution: 'trustonic',
    state: 'active',
    requested_state: null,
    confirmed_state: 'active',
    requested_at: null,
    confirmed_at: '2026-03-02T10:00:00.000Z',
    failure_reason: null,
    vivo_authorized: false,
    lock_reason: null,
    ...change,
});

/** A loan as the customer view reads it; without a schedule unless the test gives one. */
export const activeLoan = (change: Partial<ScheduledLoan> = {}): ScheduledLoan => ({
    id: 7,
    loan_reference: 'LPP-100007',
    msisdn: thandi.msisdn,
    imei: '356938035643809',
    sku: 'SAM-A15',
    brand: 'Samsung',
    model: 'Galaxy A15',
    image: null,
    lock_solution: 'trustonic',
    price: 3999,
    deposit: 600,
    instalment: 150,
    instalment_period: 'weekly',
    term: 24,
    cash_price: 3600,
    amount_financed: 3000,
    cost_of_credit: 399,
    total_payable: 3999,
    first_due_date: '2026-03-09',
    balance: 2100,
    amount_paid: 1899,
    currency: 'ZAR',
    status: 'active',
    cancellation_reason: null,
    agent: { id: 5, name: 'Lerato Dube' },
    store: { id: 1, name: 'Soweto Central' },
    device: device(),
    created_at: '2026-03-02T09:30:00.000Z',
    standing: null,
    schedule: [],
    ...change,
});

export const limits = {
    msisdn: thandi.msisdn,
    credit_limit: 6000,
    used: 2100,
    available: 3900,
    currency: 'ZAR' as const,
    kyc_status: 'verified' as const,
    open_loans: 1,
};

export const messages = {
    texts: [
        {
            id: 3,
            msisdn: thandi.msisdn,
            text: 'Older reminder',
            purpose: 'notice' as const,
            created_at: '2026-03-03T08:00:00.000Z',
        },
        {
            id: 9,
            msisdn: thandi.msisdn,
            text: 'Newest payment received',
            purpose: 'notice' as const,
            created_at: '2026-03-09T08:00:00.000Z',
        },
        {
            id: 5,
            msisdn: thandi.msisdn,
            text: 'Middle: your code is hidden',
            purpose: 'otp' as const,
            created_at: '2026-03-05T08:00:00.000Z',
        },
    ],
};

export const deposits = {
    data: [
        {
            id: 1,
            reference: 'MP-1001',
            msisdn: thandi.msisdn,
            loan_reference: 'LPP-100007',
            amount: 600,
            currency: 'ZAR' as const,
            channel: 'mpesa' as const,
            kind: 'deposit' as const,
            created_at: '2026-03-02T09:40:00.000Z',
        },
    ],
};

export const noPhones = { available_limit: 3900, currency: 'ZAR' as const, devices: [] };

export const pendingDeregistration = (loan: Loan): ApprovalRequest => ({
    id: 301,
    kind: 'deregistration',
    status: 'pending',
    loan_reference: loan.loan_reference,
    msisdn: loan.msisdn,
    subject: 'Thandi Nkosi',
    store: loan.store,
    reason: 'Customer returned the phone',
    change: {},
    maker: { id: 2, name: 'Sipho Ndlovu' },
    created_at: '2026-03-10T08:00:00.000Z',
    checker: null,
    decision_note: null,
    decided_at: null,
});
