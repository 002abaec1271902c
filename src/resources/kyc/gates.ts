/**
 * The KYC verification screens (spec §2 "KYC verification") and who may decide, taken from the
 * contract's calls so a gate moves with its call. Read by src/authProvider/permissions.ts; screens
 * ask `canAccess({ resource: 'kyc', action })`.
 */
import { approveKycVerification, pendingKycVerifications } from '../../../contract/kyc';

export const KYC_GATES = {
    kyc: { list: pendingKycVerifications.access, approve: approveKycVerification.access },
} as const;
