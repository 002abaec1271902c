/**
 * The suspense queue's calls other than its list (transactionCalls.ts): the loans a payment may go
 * on (a lookup, not a list of records), and the two writes the data provider runs (writes.ts):
 * assign a payment to its loan, or set it aside with a note. An answer's item without an id
 * (another backend) takes the id of the payment it is about.
 */
import {
    correctSuspense,
    queueSuspense,
    wrongAccountTransactions,
    type LoanCandidate,
    type SuspenseItem,
} from '../../../contract/money';
import { callApi } from '../../lib/portalApi';

type AnswerItem = Omit<SuspenseItem, 'id'> & { id?: number | null };

const itemOf = (item: AnswerItem, transactionId: number): SuspenseItem => ({ ...item, id: item.id ?? transactionId });

/**
 * The cache key of a payment's loan lookup: under the queue's resource, so that the writes that
 * refresh `suspense-transactions` ask for the loans again too (a balance moved, a loan was paid).
 */
export const candidatesKey = (transactionId: number, q: string) =>
    ['suspense-transactions', 'candidates', transactionId, q] as const;

/** The payment and the loans it may go on: those suggested, or those `q` finds. */
export const fetchCandidates = async (
    transactionId: number,
    q: string,
    signal?: AbortSignal,
): Promise<{ transaction: SuspenseItem; candidates: LoanCandidate[] }> => {
    const search = q.trim().slice(0, 64);
    const answer = await callApi(
        wrongAccountTransactions,
        { body: { transaction_id: transactionId, ...(search ? { q: search } : {}) } },
        { signal },
    );
    return { transaction: itemOf(answer.transaction, transactionId), candidates: answer.candidates };
};

export const correctPayment = async (transactionId: number, loanReference: string, note: string) => {
    const trimmed = note.trim();
    const answer = await callApi(correctSuspense, {
        body: { transaction_id: transactionId, loan_reference: loanReference, ...(trimmed ? { note: trimmed } : {}) },
    });
    return { transaction: itemOf(answer.transaction, transactionId), loan: answer.loan };
};

export const queuePayment = async (transactionId: number, note: string) => {
    const answer = await callApi(queueSuspense, { body: { transaction_id: transactionId, note: note.trim() } });
    return itemOf(answer.transaction, transactionId);
};
