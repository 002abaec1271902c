/**
 * The money calls (contract/money.ts) the screens of this folder make, typed by the contract: a
 * page of each list in the shape its call answers (`data` or `records`, with `total_items`), every
 * page of a filtered list for an export, and each write. Only the filters a call takes, in its
 * types, are sent: a half-typed date, phone number or loan reference is left out.
 */
import type { SortPayload } from 'react-admin';
import { internationalMsisdn, isMsisdn, LOAN_REFERENCE_PATTERN } from '../../../contract/fields';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from '../../../contract/loans';
import {
    correctSuspense,
    decideTpiReversal,
    failedTpiClaims,
    queueSuspense,
    requestedTpiReversals,
    requestTpiReversal,
    searchTransactions,
    successfulTpiClaims,
    suspenseTransactions,
    SUSPENSE_REASONS,
    SUSPENSE_SORTS,
    SUSPENSE_STATUSES,
    TPI_REVERSAL_STATUSES,
    TRANSACTION_SORTS,
    wrongAccountTransactions,
    type LoanCandidate,
    type MoneyTransaction,
    type SuspenseItem,
    type SuspenseReason,
    type SuspenseStatus,
    type TpiClaim,
    type TpiReversal,
    type TpiReversalStatus,
} from '../../../contract/money';
import { callApi } from '../../lib/portalApi';
import type { PageAnswer } from '../stores/pagedList';

/** The lists take pages of up to 500 rows (contract/money.ts `pageSize`); an export walks them at that size. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Everything cached about money sits under this key: a write refreshes all of it at once (a payment
 * assigned leaves suspense and shows as matched; a reversal decided changes its claim).
 */
export const moneyKey = ['money'] as const;
export const transactionsKey = [...moneyKey, 'transactions'] as const;
export const suspenseKey = [...moneyKey, 'suspense'] as const;
export const candidatesKey = (transactionId: number, q: string) => [...suspenseKey, 'candidates', transactionId, q] as const;
export const claimsKey = (kind: ClaimKind) => [...moneyKey, 'claims', kind] as const;
export const reversalsKey = [...moneyKey, 'reversals'] as const;

export interface ListRequest {
    page: number;
    perPage: number;
    sort?: SortPayload;
    signal?: AbortSignal;
}

export type TransactionKind = (typeof TRANSACTION_KINDS)[number];
export type TransactionChannel = (typeof TRANSACTION_CHANNELS)[number];

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const textOf = (value: unknown, max = 64): string | undefined => {
    const text = typeof value === 'string' ? value.trim().slice(0, max) : '';
    return text || undefined;
};
const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
    choices.find(choice => choice === value);
const orderOf = (sort: SortPayload | undefined, fallback: 'asc' | 'desc'): 'asc' | 'desc' =>
    sort?.order === 'ASC' ? 'asc' : sort?.order === 'DESC' ? 'desc' : fallback;

/** A phone number by the contract's rule, in the form numbers are kept (27…), or nothing. */
export const phoneOf = (value: unknown): string | undefined => {
    const text = textOf(value);
    return text && isMsisdn(text) ? internationalMsisdn(text) : undefined;
};

/** A loan reference as the contract takes it (upper case), or nothing. */
export const loanReferenceOf = (value: unknown): string | undefined => {
    const text = textOf(value)?.toUpperCase();
    return text && LOAN_REFERENCE_PATTERN.test(text) ? text : undefined;
};

// ---------------------------------------------------------------------------------------------
// Find transaction

export const TRANSACTION_STATES = ['matched', 'suspense'] as const;

export interface TransactionFilter {
    reference?: string;
    msisdn?: string;
    loan_reference?: string;
    from?: string;
    to?: string;
    kind?: TransactionKind;
    channel?: TransactionChannel;
    state?: (typeof TRANSACTION_STATES)[number];
}

export const cleanTransactionFilter = (filter: Record<string, unknown>): TransactionFilter => ({
    reference: textOf(filter.reference),
    msisdn: phoneOf(filter.msisdn),
    loan_reference: loanReferenceOf(filter.loan_reference),
    from: isDay(filter.from) ? filter.from : undefined,
    to: isDay(filter.to) ? filter.to : undefined,
    kind: oneOf(TRANSACTION_KINDS, filter.kind),
    channel: oneOf(TRANSACTION_CHANNELS, filter.channel),
    state: oneOf(TRANSACTION_STATES, filter.state),
});

export const fetchTransactionsPage = async (
    filter: TransactionFilter,
    { page, perPage, sort, signal }: ListRequest,
): Promise<PageAnswer<MoneyTransaction>> => {
    const body = {
        ...filter,
        sort: oneOf(TRANSACTION_SORTS, sort?.field) ?? 'paid_at',
        order: orderOf(sort, 'desc'),
        page_number: page,
        page_size: perPage,
    };
    const answer = await callApi(searchTransactions, { body }, { signal });
    return { data: answer.data, total: answer.total_items };
};

/**
 * Every row of a filtered list, page after page at the largest page the call takes: an export has
 * no row cap. `onProgress` hears how many have come so far.
 */
export const fetchAll = async <Row>(
    fetchPage: (request: ListRequest) => Promise<PageAnswer<Row>>,
    sort: SortPayload | undefined,
    { signal, onProgress }: { signal?: AbortSignal; onProgress?: (rows: number) => void } = {},
): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
        const answer = await fetchPage({ page, perPage: EXPORT_PAGE_SIZE, sort, signal });
        rows.push(...answer.data);
        onProgress?.(rows.length);
        const more = answer.total === undefined ? answer.hasNextPage : rows.length < answer.total && answer.data.length > 0;
        if (!more) return rows;
    }
};

// ---------------------------------------------------------------------------------------------
// Suspense

/** The status filter's choices: `waiting` (the default) asks for open and queued, sending no status. */
export const SUSPENSE_STATUS_CHOICES = ['waiting', ...SUSPENSE_STATUSES] as const;
export type SuspenseStatusChoice = (typeof SUSPENSE_STATUS_CHOICES)[number];

export interface SuspenseFilter {
    status?: SuspenseStatus;
    reason?: SuspenseReason;
    channel?: TransactionChannel;
    from?: string;
    to?: string;
    q?: string;
}

export const cleanSuspenseFilter = (filter: Record<string, unknown>): SuspenseFilter => ({
    status: oneOf(SUSPENSE_STATUSES, filter.status),
    reason: oneOf(SUSPENSE_REASONS, filter.reason),
    channel: oneOf(TRANSACTION_CHANNELS, filter.channel),
    from: isDay(filter.from) ? filter.from : undefined,
    to: isDay(filter.to) ? filter.to : undefined,
    q: textOf(filter.q),
});

/** A suspense item as another backend may send it: without its id. */
type SuspenseAnswerItem = Omit<SuspenseItem, 'id'> & { id?: number | null };

/**
 * Spec §3: a suspense item without an id gets its position in the whole list (1 for the first row
 * of the first page), so a backend that sends none still gives every row of a list its own id.
 */
export const withIds = (items: readonly SuspenseAnswerItem[], offset = 0): SuspenseItem[] =>
    items.map((item, index) => ({ ...item, id: item.id ?? offset + index + 1 }));

/** One item in an answer about a payment named by `transactionId`: its id is that one when it has none. */
const itemOf = (item: SuspenseAnswerItem, transactionId: number): SuspenseItem => ({ ...item, id: item.id ?? transactionId });

export const fetchSuspensePage = async (
    filter: SuspenseFilter,
    { page, perPage, sort, signal }: ListRequest,
): Promise<PageAnswer<SuspenseItem>> => {
    const body = {
        ...filter,
        sort: oneOf(SUSPENSE_SORTS, sort?.field) ?? 'paid_at',
        order: orderOf(sort, 'asc'),
        page_number: page,
        page_size: perPage,
    };
    const answer = await callApi(suspenseTransactions, { body }, { signal });
    return { data: withIds(answer.data, (page - 1) * perPage), total: answer.total_items };
};

/** The payment and the loans it may go on: those suggested, or those `q` finds. */
export const fetchCandidates = async (
    transactionId: number,
    q: string,
    signal?: AbortSignal,
): Promise<{ transaction: SuspenseItem; candidates: LoanCandidate[] }> => {
    const answer = await callApi(wrongAccountTransactions, { body: { transaction_id: transactionId, q: textOf(q) } }, { signal });
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

// ---------------------------------------------------------------------------------------------
// Third-party insurance

export type ClaimKind = 'successful' | 'failed';

export interface ClaimFilter {
    q?: string;
    from?: string;
    to?: string;
}

export const cleanClaimFilter = (filter: Record<string, unknown>): ClaimFilter => ({
    q: textOf(filter.q),
    from: isDay(filter.from) ? filter.from : undefined,
    to: isDay(filter.to) ? filter.to : undefined,
});

const CLAIM_SORTS = ['created_at', 'amount'] as const;
/** The page a list asks for when none is said (contract/money.ts `pageNumber`, `pageSize`). */
const DEFAULT_PAGE = { page_number: 1, page_size: 25 } as const;

/**
 * Only what differs from the call's defaults: the claim lists and the reversal queue take `{}` when
 * nothing is filtered (spec §7), so the first page of an unfiltered list asks with an empty body.
 */
const pageOf = (page: number, perPage: number) => ({
    ...(page === DEFAULT_PAGE.page_number ? {} : { page_number: page }),
    ...(perPage === DEFAULT_PAGE.page_size ? {} : { page_size: perPage }),
});

/** One page of claims: the answer's `records`. */
export const fetchClaimsPage = async (
    kind: ClaimKind,
    filter: ClaimFilter,
    { page, perPage, sort, signal }: ListRequest,
): Promise<PageAnswer<TpiClaim>> => {
    const field = oneOf(CLAIM_SORTS, sort?.field) ?? 'created_at';
    const order = orderOf(sort, 'desc');
    const body = {
        ...filter,
        ...(field === 'created_at' && order === 'desc' ? {} : { sort: field, order }),
        ...pageOf(page, perPage),
    };
    const call = kind === 'successful' ? successfulTpiClaims : failedTpiClaims;
    const answer = await callApi(call, { body }, { signal });
    return { data: answer.records, total: answer.total_items };
};

export const requestReversal = async (claimId: number, reason: string): Promise<TpiReversal> =>
    (await callApi(requestTpiReversal, { body: { claim_id: claimId, reason: reason.trim() } })).reversal;

export interface ReversalFilter {
    status: TpiReversalStatus;
    q?: string;
    mine?: true;
}

export const cleanReversalFilter = (filter: Record<string, unknown>): ReversalFilter => ({
    status: oneOf(TPI_REVERSAL_STATUSES, filter.status) ?? 'pending',
    q: textOf(filter.q),
    mine: filter.mine === true ? true : undefined,
});

/** One page of reversal requests: the answer's `records`. */
export const fetchReversalsPage = async (
    filter: ReversalFilter,
    { page, perPage, signal }: ListRequest,
): Promise<PageAnswer<TpiReversal>> => {
    const { status, ...rest } = filter;
    const body = { ...rest, ...(status === 'pending' ? {} : { status }), ...pageOf(page, perPage) };
    const answer = await callApi(requestedTpiReversals, { body }, { signal });
    return { data: answer.records, total: answer.total_items };
};

/** The caller's own pending requests, by id (the session knows no user id): these take no decision from them. */
export const fetchOwnPendingIds = async (signal?: AbortSignal): Promise<Set<number>> => {
    const own = await fetchAll(request => fetchReversalsPage({ status: 'pending', mine: true }, request), undefined, {
        signal,
    });
    return new Set(own.map(reversal => reversal.id));
};

export type ReversalDecision = 'approve' | 'deny';

export const decideReversal = async (reversalId: number, decision: ReversalDecision, note: string): Promise<TpiReversal> => {
    const trimmed = note.trim();
    const body = { reversal_id: reversalId, decision, ...(trimmed ? { note: trimmed } : {}) };
    return (await callApi(decideTpiReversal, { body })).reversal;
};
