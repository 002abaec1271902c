/**
 * The queues' search for part of a name, a phone number or a loan reference (the KYC queue, the
 * maker-checker queues, the insurance claims and reversals, the collections queue): what it finds
 * among the customers, the loans and the staff, each both from an index (the customers' and
 * loans' trigram indexes, migration 0044) and as a lookup by key, for lists.ts `searchedThrough`,
 * which turns them into a condition on the queue's own table.
 *
 * A search of one or two characters has no trigram to look up: its queue is walked in its order,
 * each row's customer, loan or agent looked up by key (`namedBy`).
 */
import { ilike, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db';
import { admins, customers, loans } from '../../db/schema';
import { fullNameOf } from '../../db/search';
import { containing, searchedThrough, type Found, type Searched } from '../../lists';

/** What a search looks for: its text anywhere in a name or reference, `phone` anywhere in a phone number. */
export interface Search {
    /** The `ILIKE` pattern of a name or reference. */
    pattern: string;
    /** The `LIKE` pattern of a phone number; null when the search does not look at phone numbers. */
    phone: string | null;
    /** Whether a trigram index can look it up: three characters or more (lists.ts `searchedThrough`). */
    lookUp: boolean;
}

/** A trigram is three characters. */
const TRIGRAM = 3;

/** A search for `text`; in a phone number, for `phone` (by default the text without a leading '+'). */
export const searchFor = (text: string, phone: string | null = text.replace(/^\+/, '')): Search => ({
    pattern: containing(text),
    phone: phone === null ? null : containing(phone),
    lookUp: text.length >= TRIGRAM && (phone === null || phone.length >= TRIGRAM),
});

/** A person (a customer, a member of staff) whose name or phone number contains the search. */
const personMatches = (
    person: { firstName: AnyPgColumn; lastName: AnyPgColumn; msisdn: AnyPgColumn },
    search: Search,
): SQL | undefined =>
    or(ilike(fullNameOf(person), search.pattern), search.phone !== null ? like(person.msisdn, search.phone) : undefined);

/**
 * The rows of `table` matching `where`: their ids, and whether `column` names one, as a lookup of
 * that row by its key (a subquery whose value is the condition: the planner never turns it into
 * finding every match first, as it may an EXISTS).
 */
const foundIn = (db: Queryable, table: typeof customers | typeof loans | typeof admins, where: SQL | undefined): Found => ({
    ids: db.select({ id: table.id }).from(table).where(where),
    namedBy: column => sql`coalesce((SELECT ${where} FROM ${table} WHERE ${table.id} = ${column}), false)`,
});

/** The customers whose name or phone number contains the search: from their trigram indexes. */
export const customersFound = (db: Queryable, search: Search): Found => foundIn(db, customers, personMatches(customers, search));

/** The loans whose reference contains the search: from their trigram index. */
export const loansByReference = (db: Queryable, search: Search): Found =>
    foundIn(db, loans, ilike(loans.loanReference, search.pattern));

/** The loans whose reference contains the search, or whose customer's name or phone number does (by `loans_customer_idx`). */
export const loansFound = (db: Queryable, search: Search): Found => {
    const byReference = loansByReference(db, search);
    const byCustomer = customersFound(db, search);
    return {
        ids: sql`${byReference.ids} UNION ALL ${db
            .select({ id: loans.id })
            .from(loans)
            .where(sql`${loans.customerId} IN (${byCustomer.ids})`)}`,
        namedBy: column =>
            sql`(${byReference.namedBy(column)} OR ${foundIn(db, loans, byCustomer.namedBy(loans.customerId)).namedBy(column)})`,
    };
};

/** The staff whose name, phone number or username contains the search: few, so read whole. */
export const staffFound = (db: Queryable, search: Search): Found =>
    foundIn(db, admins, or(personMatches(admins, search), ilike(admins.username, search.pattern)));

/** A search as a condition on a queue's own table: the queue's search (`searched`) through lists.ts `searchedThrough`. */
export const searchOn = (db: Queryable, search: Search, searched: (db: Queryable, search: Search) => Searched): Promise<SQL> =>
    searchedThrough(db, searched(db, search), search.lookUp);
