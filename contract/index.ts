/** Every portal_api call. A call that is not listed here does not exist. */
import { approvalCalls } from './approvals';
import { authCalls } from './auth';
import { customerCalls } from './customers';
import { deviceCalls } from './devices';
import { loanCalls } from './loans';
import { securityCalls } from './security';
import { storeCalls } from './stores';

export const calls = {
    ...authCalls,
    ...securityCalls,
    ...customerCalls,
    ...loanCalls,
    ...deviceCalls,
    ...storeCalls,
    ...approvalCalls,
};

export const API_BASE = '/portal_api';
export const PORTAL_VERSION = '2.7.111';
