/** This folder's writes that are not a plain create, update or delete (src/dataProvider/defineWrite.ts). */
import { defineWrite, type WriteTable } from '../../dataProvider/defineWrite';
import { correctPayment, queuePayment } from './suspenseApi';

export default {
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
} satisfies WriteTable;
