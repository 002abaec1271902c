/**
 * The money screens (spec §2 "Find transaction", "Suspense and reconciliation", "Third party
 * insurance") and their actions, gated by the contract's calls (contract/money.ts) so a gate
 * moves with its call. Read by src/authProvider/permissions.ts.
 *
 * Two deliberate differences from the specification: "successful" is gated by its own role
 * (VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE, not VIEW_SUSPENSE_TRANSACTIONS), and the reversal queue
 * opens to the checkers who decide reversals as well as to the makers who ask for them.
 */
import {
    decideTpiReversal,
    failedTpiClaims,
    reconcileDeposits,
    requestedTpiReversals,
    requestTpiReversal,
    successfulTpiClaims,
} from '../../../contract/money';

export const MONEY_GATES = {
    reconciliation: { create: reconcileDeposits.access },
    'tpi-successful': { list: successfulTpiClaims.access, reverse: requestTpiReversal.access },
    'tpi-failed': { list: failedTpiClaims.access },
    'tpi-reversal': { list: requestedTpiReversals.access, approve: decideTpiReversal.access },
} as const;
