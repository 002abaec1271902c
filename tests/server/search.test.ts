/**
 * A queue's search, answered each of the three ways server/lists.ts `searchedThrough` may answer
 * it: from what the trigram indexes find (few found), by the rows tested against what was found
 * (many found), and by each row's own lookups (a text too short to look up). Each way must name
 * exactly the rows the search means, read plainly: the row's customer's name or phone number, its
 * loan's reference, its agent, or a column of its own contains the text. The searches are parts of
 * the seeded records' own names, numbers and references, in another case, and text that names
 * nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalRequests, kycSubmissions, loans, tpiClaims } from '../../server/db/schema';
import { requestsSearched } from '../../server/domain/approvals/requests';
import { submissionsSearched } from '../../server/domain/kyc/submissions';
import { collectionsSearched } from '../../server/domain/lending/collections';
import { claimsSearched } from '../../server/domain/money/tpi/read';
import { searchFor, type Search } from '../../server/domain/records';
import { searchedThrough, type Searched } from '../../server/lists';
import { rowsOf, startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
    server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

const ids = async (statement: SQL): Promise<number[]> =>
    rowsOf<{ id: number }>(await server.db.execute(statement))
        .map(row => Number(row.id))
        .sort((a, b) => a - b);

/** One value of a column of the seeded records (the first, by id), to search for part of. */
const oneOf = async (statement: SQL): Promise<string> => {
    const [row] = rowsOf<{ value: string }>(await server.db.execute(statement));
    if (!row?.value) throw new Error('the seed has no such record');
    return row.value;
};

/**
 * Each way of answering, by what it is given (few found, many found, or no lookup at all), and how
 * its condition reads: the list's ids among those named, what was found, or lookups.
 */
const WAYS = {
    'from what the indexes find': { lookUp: true, few: Number.MAX_SAFE_INTEGER, ownIds: true, lookups: false },
    'against what was found, hashed': { lookUp: true, few: -1, ownIds: false, lookups: false },
    "by each row's lookups": { lookUp: false, few: 0, ownIds: false, lookups: true },
} as const;

interface SearchedList {
    searched: (search: Search) => Searched;
    /** What the search means, read plainly with the joins (`$p`: the pattern; `$ph`: the phone pattern or null). */
    plainly: (search: Search) => SQL;
    /** The texts to search for, read from the seeded records. */
    texts: () => Promise<string[]>;
}

const nameMatches = (person: string, search: Search) =>
    sql`((${sql.raw(person)}.first_name || ' ' || ${sql.raw(person)}.last_name) ILIKE ${search.pattern}
         OR (${search.phone}::text IS NOT NULL AND ${sql.raw(person)}.msisdn LIKE ${search.phone}))`;

/** Parts of a customer's name and phone number, and text that names nothing, in both cases. */
const customerTexts = async (): Promise<string[]> => {
    const name = await oneOf(sql`SELECT first_name || ' ' || last_name AS value FROM customers ORDER BY id LIMIT 1`);
    const msisdn = await oneOf(sql`SELECT msisdn AS value FROM customers ORDER BY id LIMIT 1`);
    return [name.slice(1, 5), name.slice(1, 5).toUpperCase(), msisdn.slice(-6, -2), `+${msisdn.slice(0, 5)}`, 'matrix', 'an'];
};

const LISTS: Record<string, SearchedList> = {
    'the KYC queue': {
        searched: search => submissionsSearched(server.db, search),
        plainly: search => sql`SELECT k.id FROM ${kycSubmissions} k JOIN customers c ON c.id = k.customer_id
            WHERE ${nameMatches('c', search)} OR k.id_number ILIKE ${search.pattern}`,
        texts: async () => [
            ...(await customerTexts()),
            (await oneOf(sql`SELECT id_number AS value FROM kyc_submissions ORDER BY id LIMIT 1`)).slice(2, 8),
        ],
    },
    'the collections queue': {
        searched: search => collectionsSearched(server.db, search),
        plainly: search => sql`SELECT l.id FROM ${loans} l JOIN customers c ON c.id = l.customer_id
            WHERE l.loan_reference ILIKE ${search.pattern} OR ${nameMatches('c', search)}`,
        texts: async () => [
            ...(await customerTexts()),
            (await oneOf(sql`SELECT loan_reference AS value FROM loans ORDER BY id LIMIT 1`)).slice(2, 7).toLowerCase(),
        ],
    },
    'the insurance claims': {
        searched: search => claimsSearched(server.db, search),
        plainly: search => sql`SELECT t.id FROM ${tpiClaims} t JOIN loans l ON l.id = t.loan_id
            JOIN customers c ON c.id = l.customer_id
            WHERE l.loan_reference ILIKE ${search.pattern} OR ${nameMatches('c', search)}
               OR t.insurer_reference ILIKE ${search.pattern}`,
        texts: async () => [
            ...(await customerTexts()),
            (await oneOf(sql`SELECT insurer_reference AS value FROM tpi_claims ORDER BY id LIMIT 1`)).slice(0, 6),
            (
                await oneOf(
                    sql`SELECT l.loan_reference AS value FROM tpi_claims t JOIN loans l ON l.id = t.loan_id ORDER BY t.id LIMIT 1`,
                )
            ).slice(-5),
        ],
    },
    'the maker-checker queues': {
        searched: search => requestsSearched(server.db, search),
        plainly: search => sql`SELECT r.id FROM ${approvalRequests} r
            LEFT JOIN loans l ON l.id = r.loan_id
            LEFT JOIN customers c ON c.id = r.customer_id
            LEFT JOIN admins s ON s.id = r.subject_admin_id
            WHERE l.loan_reference ILIKE ${search.pattern} OR ${nameMatches('c', search)} OR ${nameMatches('s', search)}
               OR s.username ILIKE ${search.pattern}
               OR r.change->>'model' ILIKE ${search.pattern} OR r.change->>'sku' ILIKE ${search.pattern}`,
        texts: async () => [
            ...(await customerTexts()),
            (
                await oneOf(
                    sql`SELECT a.username AS value FROM approval_requests r JOIN admins a ON a.id = r.subject_admin_id ORDER BY r.id LIMIT 1`,
                )
            ).slice(0, 5),
            (
                await oneOf(
                    sql`SELECT l.loan_reference AS value FROM approval_requests r JOIN loans l ON l.id = r.loan_id ORDER BY r.id LIMIT 1`,
                )
            ).slice(-5),
        ],
    },
};

describe.each(Object.entries(LISTS))('%s', (_, list) => {
    it.each(Object.entries(WAYS))('names the rows the search means, %s', async (_way, way) => {
        let named = 0;
        for (const text of await list.texts()) {
            // The way is the one asked for, whatever the text's length: `lookUp` is the way's.
            const search = { ...searchFor(text), lookUp: way.lookUp };
            const meant = await ids(list.plainly(search));
            const searched = list.searched(search);
            const condition = await searchedThrough(server.db, searched, search.lookUp, way.few);
            const statement = server.db.select().from(searched.table).where(condition).toSQL().sql;
            expect(statement.includes(`."id" IN (`), statement).toBe(way.ownIds);
            expect(statement.includes('coalesce((SELECT'), statement).toBe(way.lookups);
            const found = await ids(sql`SELECT ${searched.id} AS id FROM ${searched.table} WHERE ${condition}`);
            expect(found, text).toEqual(meant);
            named += found.length;
        }
        // The texts are the records' own: some name rows (and 'matrix' none).
        expect(named).toBeGreaterThan(0);
    });
});
