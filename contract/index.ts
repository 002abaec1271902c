/** Every portal_api call. A call that is not listed here does not exist. */
import { agentCalls } from './agents';
import { analyticsCalls } from './analytics';
import { approvalCalls } from './approvals';
import { authCalls } from './auth';
import { customerCalls } from './customers';
import { inventoryCalls } from './inventory';
import { kycCalls } from './kyc';
import { lendingCalls } from './lending';
import { deviceCalls } from './devices';
import { loanCalls } from './loans';
import { moneyCalls } from './money';
import { originationCalls } from './origination';
import { securityCalls } from './security';
import { shopCalls } from './shops';
import { storeCalls } from './stores';
import { systemCalls } from './system';

export const calls = {
    ...authCalls,
    ...securityCalls,
    ...customerCalls,
    ...loanCalls,
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
