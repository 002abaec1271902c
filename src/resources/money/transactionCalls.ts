/**
 * The payments as data-provider resources (spec §2 "Find transaction", "Suspense transactions"):
 * every payment found by its filters (`transactions`, newest first) and the suspense queue
 * (`suspense-transactions`, oldest first, open and queued unless a status is filtered). Both are
 * paged by `page_number`/`page_size` in a POST body and sorted by the columns the server orders by
 * an index (contract/money/transactions.ts TRANSACTION_SORTS, suspense.ts SUSPENSE_SORTS). Only
 * the filters a call takes, in its types, are sent: a half-typed phone number, loan reference or
 * date is left out rather than refused (the filter marks it).
 */
import { internationalMsisdn, isMsisdn, LOAN_REFERENCE_PATTERN } from '../../../contract/fields';
import { TRANSACTION_CHANNELS, TRANSACTION_KINDS } from '../../../contract/customers';
import {
    correctSuspense,
    queueSuspense,
    searchTransactions,
    SUSPENSE_REASONS,
    SUSPENSE_SORTS,
    SUSPENSE_STATUSES,
    suspenseTransactions,
    TRANSACTION_SORTS,
    type SuspenseItem,
} from '../../../contract/money';
import { defineResource, pagedList, sortInput } from '../../dataProvider/defineResource';

/** The largest page the money lists answer (contract/money/fields.ts `pageSize`): an export walks them at this size. */
export const LARGEST_MONEY_PAGE = 500;

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
const textOf = (value: unknown): string | undefined => {
    const text = typeof value === 'string' ? value.trim().slice(0, 64) : '';
    return text || undefined;
};
const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | undefined =>
    choices.find(choice => choice === value);

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

/** Find transaction's state filter: matched to a loan, or waiting in suspense. */
export const TRANSACTION_STATES = ['matched', 'suspense'] as const;

/** Find transaction's filter as the call takes it (react-admin's filter holds whatever was typed). */
export const transactionFilter = (filter: Record<string, unknown>) => ({
    reference: textOf(filter.reference),
    msisdn: phoneOf(filter.msisdn),
    loan_reference: loanReferenceOf(filter.loan_reference),
    from: isDay(filter.from) ? filter.from : undefined,
    to: isDay(filter.to) ? filter.to : undefined,
    kind: oneOf(TRANSACTION_KINDS, filter.kind),
    channel: oneOf(TRANSACTION_CHANNELS, filter.channel),
    state: oneOf(TRANSACTION_STATES, filter.state),
});

/**
 * The suspense status filter's choices: `waiting` (the default) asks for open and queued by
 * sending no status, as the call does when none is said.
 */
export const SUSPENSE_STATUS_CHOICES = ['waiting', ...SUSPENSE_STATUSES] as const;

/** The suspense queue's filter as the call takes it; `waiting` sends no status. */
export const suspenseFilter = (filter: Record<string, unknown>) => ({
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
 * Spec §3: a suspense item without an id takes its position in the whole list (1 for the first
 * row of the first page), so a backend that sends none still gives every row its own id.
 */
export const withId = (item: SuspenseAnswerItem, index: number, { page, perPage }: { page: number; perPage: number }) => ({
    ...item,
    id: item.id ?? (page - 1) * perPage + index + 1,
});

export default {
    /** Find transaction: any payment, by reference, payer, loan, dates, kind, channel and state. */
    transactions: defineResource({
        list: pagedList(searchTransactions, {
            rows: 'data',
            largestPage: LARGEST_MONEY_PAGE,
            request: ({ sort, filter }) => ({
                ...transactionFilter(filter),
                ...sortInput<(typeof TRANSACTION_SORTS)[number]>(sort, TRANSACTION_SORTS, { field: 'paid_at', order: 'desc' }),
            }),
        }),
        // The screen is a search (spec §2 "Find transaction"): its menu entry asks `find`.
        actions: { find: searchTransactions.access },
    }),
    /** The suspense queue: `edit` assigns a payment to its loan, `queue` sets one aside with a note. */
    'suspense-transactions': defineResource({
        list: pagedList(suspenseTransactions, {
            rows: 'data',
            largestPage: LARGEST_MONEY_PAGE,
            request: ({ sort, filter }) => ({
                ...suspenseFilter(filter),
                ...sortInput<(typeof SUSPENSE_SORTS)[number]>(sort, SUSPENSE_SORTS, { field: 'paid_at', order: 'asc' }),
            }),
            record: (row, index, query) => withId(row as SuspenseAnswerItem, index, query),
        }),
        actions: { edit: correctSuspense.access, queue: queueSuspense.access },
    }),
};
