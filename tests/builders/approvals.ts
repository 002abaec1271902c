/** Requests for a checker (contract/approvals/) as the approvals calls answer them. */
import type { ApprovalKind, ApprovalRequest } from '../../contract/approvals';
import { nextId } from './ids';

type KindFields = Pick<ApprovalRequest, 'loan_reference' | 'msisdn' | 'subject' | 'store' | 'reason' | 'change' | 'maker'>;

const SOWETO = { id: 1, name: 'Soweto Central' };
const MAKER = { id: 2, name: 'Sipho Ndlovu' };

/**
 * What each kind concerns, from the demo's waiting requests (README "Demo customers": requests 1
 * to 3 by `maker`, Musa Shabalala's registration), so a request built with only its kind is whole
 * and consistent: a deregistration changes nothing but the loan, a price change has no loan nor shop.
 */
const OF_KIND: Readonly<Record<ApprovalKind, KindFields>> = {
    deregistration: {
        loan_reference: 'LPP-000010',
        msisdn: '27710000010',
        subject: 'Thabo Sithole',
        store: SOWETO,
        reason: 'The customer returned the phone and cancelled the contract',
        change: {},
        maker: MAKER,
    },
    imei_change: {
        loan_reference: 'LPP-000011',
        msisdn: '27710000011',
        subject: 'Precious Radebe',
        store: SOWETO,
        reason: 'Replacement phone under warranty: the screen failed',
        change: { old_imei: '356938035643809', new_imei: '354678110001117' },
        maker: MAKER,
    },
    loan_transfer: {
        loan_reference: 'LPP-000012',
        msisdn: '27710000012',
        subject: 'Sizwe Mahlaba',
        store: SOWETO,
        reason: 'The phone was given to his sister, who will pay the instalments',
        change: { from_msisdn: '27710000012', to_msisdn: '27710000013', to_name: 'Busisiwe Ngcobo' },
        maker: MAKER,
    },
    agent_registration: {
        loan_reference: null,
        msisdn: '27820000009',
        subject: 'Musa Shabalala',
        store: SOWETO,
        reason: 'Agent self-registration',
        change: { username: 'newagent', store_name: 'Soweto Central' },
        maker: { id: 9, name: 'Musa Shabalala' },
    },
    price_change: {
        loan_reference: null,
        msisdn: '',
        subject: 'Samsung Galaxy A15 128 GB',
        store: null,
        reason: 'Catalogue price cut of more than 20%',
        change: {
            sku: 'SAM-A15-128',
            model: 'Samsung Galaxy A15 128 GB',
            cash_price_before: '3299.00',
            cash_price_after: '2309.30',
            deposit_before: '499.00',
            deposit_after: '499.00',
            instalment_amount_before: '99.00',
            instalment_amount_after: '99.00',
        },
        maker: MAKER,
    },
};

/** A request waiting for a checker; an IMEI change unless `kind` says otherwise, whose fields follow the kind. */
export const buildApprovalRequest = (overrides: Partial<ApprovalRequest> = {}): ApprovalRequest => {
    const kind = overrides.kind ?? 'imei_change';
    return {
        id: nextId(),
        kind,
        status: 'pending',
        ...OF_KIND[kind],
        created_at: '2026-11-22T08:00:00.000Z',
        checker: null,
        decision_note: null,
        decided_at: null,
        ...overrides,
    };
};
