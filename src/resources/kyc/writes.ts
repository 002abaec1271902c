/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { approveKycVerification, type KycCorrections } from '../../../contract/kyc';
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { callApi } from '../../lib/portalApi';

export type KycDecision =
    | { decision: 'approve'; corrections?: KycCorrections }
    | { decision: 'reject'; reason: string }
    | { decision: 'return'; note: string };

const writes = {
    /** The checker's decision on one submission: approve (with corrections), reject, or send back to the agent. */
    decideKycSubmission: defineWrite({
        refreshes: ['kyc-submissions'],
        run: ({ id, ...decision }: { id: number } & KycDecision) =>
            callApi(approveKycVerification, { body: { id, ...decision } }),
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        kyc: typeof writes;
    }
}
