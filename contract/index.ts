/** Every portal_api call. A call that is not listed here does not exist. */
import { agentCalls } from './agents';
import { analyticsCalls } from './analytics';
import { approvalCalls } from './approvals';
import { auditCalls } from './audit';
import { authCalls } from './auth';
import { customerCalls } from './customers';
import { inventoryCalls } from './inventory';
import { kycCalls } from './kyc';
import { lendingCalls } from './lending';
import { deviceCalls } from './devices';
import { exportCalls } from './exports';
import { moneyCalls } from './money';
import { originationCalls } from './origination';
import { registrationCalls } from './registration';
import { securityCalls } from './security';
import { shopCalls } from './shops';
import { storeCalls } from './stores';
import { systemCalls } from './system';
import { userCalls } from './users';

/** Every call by its domain, in the order the published document lists them (openapi/document.ts). */
export const callsByDomain = {
    auth: authCalls,
    security: securityCalls,
    users: userCalls,
    audit: auditCalls,
    registration: registrationCalls,
    customers: customerCalls,
    origination: originationCalls,
    kyc: kycCalls,
    devices: deviceCalls,
    stores: storeCalls,
    shops: shopCalls,
    agents: agentCalls,
    inventory: inventoryCalls,
    approvals: approvalCalls,
    money: moneyCalls,
    lending: lendingCalls,
    analytics: analyticsCalls,
    system: systemCalls,
    exports: exportCalls,
};

export const calls = {
    ...authCalls,
    ...securityCalls,
    ...userCalls,
    ...auditCalls,
    ...registrationCalls,
    ...customerCalls,
    ...originationCalls,
    ...kycCalls,
    ...deviceCalls,
    ...storeCalls,
    ...shopCalls,
    ...agentCalls,
    ...inventoryCalls,
    ...approvalCalls,
    ...moneyCalls,
    ...lendingCalls,
    ...analyticsCalls,
    ...systemCalls,
    ...exportCalls,
};

export { API_BASE, PORTAL_VERSION } from './version';
