/** Typed fixtures of the customer calls (contract/customers/, contract/devices.ts) for the component tests. */
import type { Customer, Loan, ScheduledLoan } from '../../../contract/customers';
import type { ApprovalRequest } from '../../../contract/approvals';
import { buildApprovalRequest, buildCustomer, buildDeviceLock, buildScheduledLoan } from '../../builders';

/** The customer most customer-view tests find: the builder's Thandi Mokoena. */
export const thandi: Customer = buildCustomer({ id: 41, first_name: 'Thandi', last_name: 'Mokoena', msisdn: '27831234567' });

export const device = buildDeviceLock;

/** A prospective customer a field agent recorded (`fieldAgentRequest`): what the agent's own list shows. */
export const prospectRequest = {
    id: 1,
    msisdn: '27830000011',
    first_name: 'Bongani',
    last_name: 'Zungu',
    town: 'Soweto',
    note: null,
    status: 'open' as const,
    store: null,
    created_at: '2026-03-01T08:00:00.000Z',
};

/** A loan as the customer view reads it; without a schedule unless the test gives one. */
export const activeLoan = (change: Partial<ScheduledLoan> = {}): ScheduledLoan =>
    buildScheduledLoan({ id: 7, msisdn: thandi.msisdn, ...change });

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

export const pendingDeregistration = (loan: Loan): ApprovalRequest =>
    buildApprovalRequest({
        id: 301,
        kind: 'deregistration',
        loan_reference: loan.loan_reference,
        msisdn: loan.msisdn,
        store: loan.store,
    });
