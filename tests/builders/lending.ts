/** Loans in arrears (contract/lending.ts) as the collections queue lists them. */
import type { CollectionItem } from '../../contract/lending';
import { nextId } from './ids';

/**
 * A loan behind on its instalments: the demo's Themba Nkosi (LPP-000002, README "Demo
 * customers"), ZAR 158.00 overdue for 9 days and his phone locked, under a new id.
 */
export const buildCollectionItem = (overrides: Partial<CollectionItem> = {}): CollectionItem => ({
    id: nextId(),
    loan_reference: 'LPP-000002',
    customer: { public_id: '7f0c6a1e-3b2d-4c5e-8f90-a1b2c3d4e5f6', name: 'Themba Nkosi', msisdn: '•••002' },
    days_overdue: 9,
    bucket: '8-30',
    oldest_unpaid_due: '2026-11-17',
    amount_overdue: 158,
    currency: 'ZAR',
    lock_state: 'locked',
    shop: { id: 1, name: 'Soweto Central' },
    agent: { id: 5, name: 'Bongani Khumalo' },
    last_payment: { paid_at: '2026-11-03T08:00:00.000Z', amount: 79 },
    last_message_at: '2026-11-18T07:00:00.000Z',
    ...overrides,
});
