/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { uploadStatement, type StatementChannel } from './reconciliationApi';
import { correctPayment, queuePayment } from './suspenseApi';
import { decideReversal, requestReversal, type ReversalDecision } from './tpiWrites';

const writes = {
    /**
     * Assign a suspense payment to a loan: it leaves suspense and shows as matched, and the loan's
     * balance (the customer view's) falls by its amount.
     */
    suspenseAssign: defineWrite({
        refreshes: ['suspense-transactions', 'transactions', 'customer'],
        run: ({ transactionId, loanReference, note }: { transactionId: number; loanReference: string; note: string }) =>
            correctPayment(transactionId, loanReference, note),
    }),
    /** Set a suspense payment aside with a note: it stays in suspense, queued. */
    suspenseSetAside: defineWrite({
        refreshes: ['suspense-transactions', 'transactions'],
        run: ({ transactionId, note }: { transactionId: number; note: string }) => queuePayment(transactionId, note),
    }),
    /** Ask for a successful claim to be reversed: the claim shows the reversal pending, the queue holds it. */
    tpiRequestReversal: defineWrite({
        refreshes: ['tpi-successful', 'tpi-reversals'],
        run: ({ claimId, reason }: { claimId: number; reason: string }) => requestReversal(claimId, reason),
    }),
    /**
     * Approve or deny a reversal (never one's own: the server refuses it, 409 errors.own_request).
     * Approving puts the claim's amount back on its loan, which the customer view shows.
     */
    tpiDecideReversal: defineWrite({
        refreshes: ['tpi-reversals', 'tpi-successful', 'tpi-failed', 'customer'],
        run: ({ reversalId, decision, note }: { reversalId: number; decision: ReversalDecision; note: string }) =>
            decideReversal(reversalId, decision, note),
    }),
    /**
     * Upload a statement: its rows are recorded on loans or in suspense, so the payment lists change
     * too. `onProgress` hears the fraction of the file sent, 0 to 1.
     */
    reconciliationUpload: defineWrite({
        refreshes: ['reconciliation-uploads', 'reconciliation-rows', 'transactions', 'suspense-transactions'],
        run: ({
            file,
            channel,
            onProgress,
        }: {
            file: File;
            channel: StatementChannel;
            onProgress?: (fraction: number) => void;
        }) => uploadStatement(file, channel, onProgress),
    }),
} satisfies WriteTable;

export default writes;

declare module '../../dataProvider/writes' {
    interface PortalWriteFolders {
        money: typeof writes;
    }
}
