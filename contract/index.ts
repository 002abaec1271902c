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
import { moneyCalls } from './money';
import { originationCalls } from './origination';
import { registrationCalls } from './registration';
import { securityCalls } from './security';
import { shopCalls } from './shops';
import { storeCalls } from './stores';
import { systemCalls } from './system';
import { userCalls } from './users';

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
};

export { API_BASE, PORTAL_VERSION } from './version';
