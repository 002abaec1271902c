/**
 * Typed builders of the contract's records, one file per domain, for unit, server and end-to-end
 * tests alike (they import only contract/). Each `build<Type>(overrides)` gives one whole,
 * realistic demo record; a test passes only the fields it is about, so a field the contract gains
 * is added here once. tests/unit/builders.test.ts parses every default with the contract's schema.
 */
export { buildAgent } from './agents';
export { buildApprovalRequest } from './approvals';
export { buildAuditEvent } from './audit';
export { buildSessionUser } from './auth';
export { buildCustomer, buildDeviceLock, buildLoan, buildScheduledLoan } from './customers';
export { resetBuilders } from './ids';
export { buildPhoneModel } from './inventory';
export { buildKycSubmission } from './kyc';
export { buildCollectionItem } from './lending';
export {
    buildLoanCandidate,
    buildMoneyTransaction,
    buildReconciliationRow,
    buildReconciliationUpload,
    buildSuspenseItem,
    buildTpiClaim,
    buildTpiReversal,
} from './money';
export { buildAdminGroup } from './security';
export { buildStore } from './stores';
export { buildAdmin } from './users';
