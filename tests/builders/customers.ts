/** Customers, their loans and their phones' locks (contract/customers/, contract/devices.ts) as the customer view reads them. */
import type { Customer, Loan, ScheduledLoan } from '../../contract/customers';
import type { DeviceLock } from '../../contract/devices';
import { nextId } from './ids';

/** A verified customer of Soweto Central, registered there by an agent, under a new id. */
export const buildCustomer = (overrides: Partial<Customer> = {}): Customer => ({
    id: nextId(),
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
    ...overrides,
});

/** The lock of a financed phone, active and confirmed by Trustonic. */
export const buildDeviceLock = (overrides: Partial<DeviceLock> = {}): DeviceLock => ({
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
    ...overrides,
});

/** An active weekly loan on a Samsung Galaxy A15, part paid, under a new id. */
export const buildLoan = (overrides: Partial<Loan> = {}): Loan => ({
    id: nextId(),
    loan_reference: 'LPP-100007',
    msisdn: '27831234567',
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
    device: buildDeviceLock(),
    created_at: '2026-03-02T09:30:00.000Z',
    ...overrides,
});

/** Such a loan as the customer view reads it, without a schedule and so without a standing. */
export const buildScheduledLoan = (overrides: Partial<ScheduledLoan> = {}): ScheduledLoan => ({
    ...buildLoan(),
    standing: null,
    schedule: [],
    ...overrides,
});
