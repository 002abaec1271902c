/**
 * Every builder's default is a record its contract schema takes, so a contract change that
 * breaks a default fails here, once, rather than in every test file that builds one.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { agent } from '../../contract/agents';
import { APPROVAL_KINDS, approvalRequest } from '../../contract/approvals';
import { auditEvent } from '../../contract/audit';
import { sessionUser } from '../../contract/auth';
import { customer, loan, scheduledLoan } from '../../contract/customers';
import { deviceLock } from '../../contract/devices';
import { phoneModel } from '../../contract/inventory';
import { kycSubmission } from '../../contract/kyc';
import { collectionItem } from '../../contract/lending';
import {
    loanCandidate,
    moneyTransaction,
    reconciliationRow,
    reconciliationUpload,
    suspenseItem,
    tpiClaim,
    tpiReversal,
} from '../../contract/money';
import { getAdminGroup } from '../../contract/security';
import { store } from '../../contract/stores';
import { admin } from '../../contract/users';
import {
    buildAdmin,
    buildAdminGroup,
    buildAgent,
    buildApprovalRequest,
    buildAuditEvent,
    buildCollectionItem,
    buildCustomer,
    buildDeviceLock,
    buildKycSubmission,
    buildLoan,
    buildLoanCandidate,
    buildMoneyTransaction,
    buildPhoneModel,
    buildReconciliationRow,
    buildReconciliationUpload,
    buildScheduledLoan,
    buildSessionUser,
    buildStore,
    buildSuspenseItem,
    buildTpiClaim,
    buildTpiReversal,
    resetBuilders,
} from '../builders';

const problemsOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error?.issues.map(issue => `${issue.path.join('.') || '(root)'}: ${issue.message}`) ?? [];

describe('the builders', () => {
    it.each([
        ['buildAdmin', admin, buildAdmin],
        ['buildAdminGroup', getAdminGroup.response, buildAdminGroup],
        ['buildAgent', agent, buildAgent],
        ['buildApprovalRequest', approvalRequest, buildApprovalRequest],
        ['buildAuditEvent', auditEvent, buildAuditEvent],
        ['buildCollectionItem', collectionItem, buildCollectionItem],
        ['buildCustomer', customer, buildCustomer],
        ['buildDeviceLock', deviceLock, buildDeviceLock],
        ['buildKycSubmission', kycSubmission, buildKycSubmission],
        ['buildLoan', loan, buildLoan],
        ['buildLoanCandidate', loanCandidate, buildLoanCandidate],
        ['buildMoneyTransaction', moneyTransaction, buildMoneyTransaction],
        ['buildPhoneModel', phoneModel, buildPhoneModel],
        ['buildReconciliationRow', reconciliationRow, buildReconciliationRow],
        ['buildReconciliationUpload', reconciliationUpload, buildReconciliationUpload],
        ['buildScheduledLoan', scheduledLoan, buildScheduledLoan],
        ['buildSessionUser', sessionUser, buildSessionUser],
        ['buildStore', store, buildStore],
        ['buildSuspenseItem', suspenseItem, buildSuspenseItem],
        ['buildTpiClaim', tpiClaim, buildTpiClaim],
        ['buildTpiReversal', tpiReversal, buildTpiReversal],
    ] as const)('%s builds a record its contract schema takes', (_, schema, build) => {
        expect(problemsOf(schema, build())).toEqual([]);
    });

    it.each(APPROVAL_KINDS)('buildApprovalRequest builds a whole %s from its kind alone', kind => {
        const built = buildApprovalRequest({ kind });
        expect(problemsOf(approvalRequest, built)).toEqual([]);
        expect(built.kind).toBe(kind);
        expect(built.loan_reference === null).toBe(kind === 'agent_registration' || kind === 'price_change');
    });

    it('gives each record a new id, and the overrides win', () => {
        const [first, second] = [buildAdmin(), buildAdmin({ username: 'checker' })];
        expect(first.id).not.toBe(second.id);
        expect(second.username).toBe('checker');
        expect(buildAdmin({ id: 7 }).id).toBe(7);
    });

    it('starts the ids again after a reset, so a test does not depend on the ones before it', () => {
        resetBuilders();
        const first = buildStore().id;
        buildStore();
        resetBuilders();
        expect(buildStore().id).toBe(first);
    });
});
