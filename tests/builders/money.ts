/** Payments, the suspense queue, insurance claims and statement uploads (contract/money/) as the money calls answer them. */
import type {
    LoanCandidate,
    MoneyTransaction,
    ReconciliationRow,
    ReconciliationUpload,
    SuspenseItem,
    TpiClaim,
    TpiReversal,
} from '../../contract/money';
import { nextId } from './ids';

/** The demo's Zanele Dube and her weekly loan LPP-000001 (README "Demo customers"). */
const ZANELE = {
    msisdn: '27710000001',
    loan_reference: 'LPP-000001',
    customer_name: 'Zanele Dube',
    customer_public_id: '9b2f6a1e-4c3d-4e8f-a1b2-3c4d5e6f7a80',
} as const;

/** A weekly instalment paid by M-Pesa on Zanele's loan, matched at once, under a new id. */
export const buildMoneyTransaction = (overrides: Partial<MoneyTransaction> = {}): MoneyTransaction => ({
    id: nextId(),
    reference: 'MPK7Q2X9',
    ...ZANELE,
    amount: 150,
    currency: 'ZAR',
    channel: 'mpesa',
    kind: 'instalment',
    account: ZANELE.loan_reference,
    paid_at: '2026-11-20T08:00:00.000Z',
    created_at: '2026-11-20T08:01:00.000Z',
    suspense_status: null,
    suspense_reason: null,
    upload_id: null,
    ...overrides,
});

/** A payment in the suspense queue, open: its payer gave an account no loan has. */
export const buildSuspenseItem = (overrides: Partial<SuspenseItem> = {}): SuspenseItem => ({
    ...buildMoneyTransaction({ loan_reference: null, customer_name: null, customer_public_id: null, account: 'LPP-999999' }),
    suspense_status: 'open',
    suspense_reason: 'unknown_account',
    queue_note: null,
    queued_by: null,
    queued_at: null,
    corrected_by: null,
    corrected_at: null,
    ...overrides,
});

/** Zanele's active loan, offered for a suspense payment by the account its payer gave. */
export const buildLoanCandidate = (overrides: Partial<LoanCandidate> = {}): LoanCandidate => ({
    loan_reference: ZANELE.loan_reference,
    msisdn: ZANELE.msisdn,
    customer_name: ZANELE.customer_name,
    status: 'active',
    balance: 3000,
    instalment: 150,
    currency: 'ZAR',
    match: 'account',
    assignable: true,
    ...overrides,
});

/** An insurance claim the insurer paid on Zanele's loan, under a new id. */
export const buildTpiClaim = (overrides: Partial<TpiClaim> = {}): TpiClaim => ({
    id: nextId(),
    ...ZANELE,
    insurer: 'Hollard',
    insurer_reference: 'INS-20261118-0001',
    amount: 1000,
    currency: 'ZAR',
    status: 'successful',
    reason: null,
    created_at: '2026-11-18T10:00:00.000Z',
    reversed_at: null,
    pending_reversal_id: null,
    ...overrides,
});

/** A reversal of such a claim, asked by the demo `maker` and waiting for a checker, under a new id. */
export const buildTpiReversal = (overrides: Partial<TpiReversal> = {}): TpiReversal => ({
    id: nextId(),
    claim: buildTpiClaim(),
    reason: 'The insurer clawed the claim back',
    status: 'pending',
    requested_by: { id: 2, name: 'Sipho Ndlovu' },
    created_at: '2026-11-21T09:00:00.000Z',
    decided_by: null,
    decision_note: null,
    decided_at: null,
    ...overrides,
});

/** A bank statement uploaded by the demo `checker`, imported: one row matched, one rejected. */
export const buildReconciliationUpload = (overrides: Partial<ReconciliationUpload> = {}): ReconciliationUpload => ({
    id: nextId(),
    file_name: 'november.csv',
    channel: 'bank',
    uploaded_by: { id: 3, name: 'Lerato Dlamini' },
    created_at: '2026-11-20T08:00:00.000Z',
    rows: 2,
    matched: 1,
    suspense: 0,
    duplicate: 0,
    rejected: 1,
    amount_recorded: 150,
    same_file_as: null,
    importing: false,
    ...overrides,
});

/** A statement row matched to Zanele's loan; its line and payment new per row. */
export const buildReconciliationRow = (overrides: Partial<ReconciliationRow> = {}): ReconciliationRow => {
    const line = overrides.line ?? nextId();
    return {
        line,
        outcome: 'matched',
        reference: `FNB-${line}`,
        msisdn: ZANELE.msisdn,
        amount: 150,
        loan_reference: ZANELE.loan_reference,
        suspense_reason: null,
        field: null,
        problem: null,
        transaction_id: line,
        customer_public_id: ZANELE.customer_public_id,
        ...overrides,
    };
};
