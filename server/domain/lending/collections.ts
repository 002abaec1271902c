/**
 * The collections queue (contract/lending.ts `listCollections`; docs/domain.md "Collections"): the
 * active loans in the caller's reach with an instalment that fell due before today and is unpaid.
 *
 * Filter, sort and page are all done in the database, so a page is the page: a loan is in arrears
 * when the due date of its oldest unpaid instalment (./arrearsSql.ts `oldestUnpaidDue`, the
 * schedule's rule on the loan's own row) is before today, its days overdue are today − that date,
 * and a bucket is a range of it. `loans_arrears_idx` (and `loans_store_arrears_idx` for a shop's
 * staff) holds that date for active loans, so the default order (most days overdue first) and
 * every bucket are read along the index, a page at a time. The last payment is kept on the loan
 * (`loans.last_paid_at`, by the triggers of migration 0042), so its order is `loans_last_paid_idx`'s;
 * so is its phone's lock state (`loans.lock_state`, migration 0045), so a lock state's loans in
 * arrears are a walk of `loans_lock_arrears_idx`, however few.
 * The amount overdue depends on today: each loan keeps it as of the lending job's day
 * (`loans.amount_overdue`, ./amounts.ts), so on a day the job has made it today's the sort is a
 * walk of `loans_amount_overdue_idx`; before, it is worked out for the loans in arrears that match
 * (never for every loan), keeping the top of that set only. The row shows the figure worked out.
 *
 * Reach is money's (server/domain/money/reach.ts): a caller attached to a shop sees its shop's
 * loans, staff without a shop every shop's.
 */
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { CURRENCY } from '../../../contract/customers';
import { ARREARS_BUCKET_DAYS, arrearsBucketOf, listCollections, type CollectionItem } from '../../../contract/lending';
import type { Queryable } from '../../db';
import { admins, customers, loans, smsOutbox, stores, transactions } from '../../db/schema';
import { mount } from '../../http';
import { idsOfPage, largePageRows, type Searched } from '../../lists';
import { iso } from '../../wire';
import { businessDay } from '../../time';
import { maskMsisdn } from '../auth/codes';
import { reachOf } from '../money/reach';
import { customersFound, searchFor, searchOn, type Search } from '../records';
import { amountsReadyOn } from './amounts';
import { amountOverdueSql, dayValue, oldestUnpaidDue, shiftDay } from './arrearsSql';

type CollectionsBody = z.output<typeof listCollections.body>;

const agents = alias(admins, 'agent');

/** The due date of each loan's oldest unpaid instalment (null once paid off): the index's expression. */
const OLDEST_UNPAID = oldestUnpaidDue(loans);

/** The payment recorded last on a loan (a reversal undoes one, so it is none). */
const lastPayment = (column: SQL) =>
    sql`(SELECT ${column} FROM ${transactions} t
         WHERE t.loan_id = ${loans.id} AND t.kind <> 'reversal'
         ORDER BY t.created_at DESC, t.id DESC LIMIT 1)`;
const LAST_PAID_AT = lastPayment(sql`t.paid_at`);

/**
 * The conditions on the loans: in arrears today, in reach, the filters asked (the lock state is
 * the loan's copy of its device's, `loans.lock_state`), and the search (searchOf). `stored`: the
 * stored amounts overdue are today's (./amounts.ts).
 */
const whereOf = (
    body: CollectionsBody,
    today: string,
    stored: boolean,
    reach: SQL | undefined,
    search: SQL | undefined,
): SQL | undefined => {
    const bucket = body.bucket ? ARREARS_BUCKET_DAYS[body.bucket] : null;
    return and(
        eq(loans.status, 'active'),
        // Before today: an instalment due today is not overdue until tomorrow. The same loans owe
        // something today, which is loans_amount_overdue_idx's condition when its figures are today's.
        stored ? sql`${loans.amountOverdue} > 0` : sql`${OLDEST_UNPAID} < ${dayValue(today)}`,
        // Days overdue from..to are due dates from today − to to today − from.
        bucket ? sql`${OLDEST_UNPAID} <= ${dayValue(shiftDay(today, -bucket.from))}` : undefined,
        bucket?.to ? sql`${OLDEST_UNPAID} >= ${dayValue(shiftDay(today, -bucket.to))}` : undefined,
        reach,
        body.store_id !== undefined ? eq(loans.storeId, body.store_id) : undefined,
        body.agent_id !== undefined ? eq(loans.agentAdminId, body.agent_id) : undefined,
        body.lock_state !== undefined ? eq(loans.lockState, body.lock_state) : undefined,
        search,
    );
};

/** The loans whose reference or customer's name or phone number contains the search. */
export const collectionsSearched = (db: Queryable, search: Search): Searched => ({
    table: loans,
    id: loans.id,
    paths: [
        { where: ilike(loans.loanReference, search.pattern) },
        { column: loans.customerId, found: customersFound(db, search) },
    ],
});

/**
 * The search as a condition on the loans alone (lists.ts `searchedThrough`): a phone number
 * contains its digits, when it has three or more.
 */
const searchOf = (db: Queryable, q: string): Promise<SQL> => {
    const digits = q.replace(/\D/g, '');
    return searchOn(db, searchFor(q, digits.length >= 3 ? digits : null), collectionsSearched);
};

/**
 * The order asked, then the loan's id, so pages never overlap. The amount overdue is the stored
 * figure when it is today's for every loan (`stored`: ./amounts.ts), else worked out for each.
 */
const orderOf = (body: CollectionsBody, today: string, stored: boolean): SQL[] => {
    const direction = body.order === 'asc' ? asc : desc;
    switch (body.sort) {
        case 'amount_overdue':
            return [direction(stored ? loans.amountOverdue : amountOverdueSql(loans, today)), direction(loans.id)];
        case 'last_paid_at':
            // A loan never paid counts as paid longest ago; the order of loans_last_paid_idx, either way.
            return [
                body.order === 'asc' ? sql`${loans.lastPaidAt} ASC NULLS FIRST` : sql`${loans.lastPaidAt} DESC NULLS LAST`,
                direction(loans.id),
            ];
        case 'days_overdue':
            // More days overdue is an earlier due date: the index's order, reversed.
            return body.order === 'asc' ? [desc(OLDEST_UNPAID), desc(loans.id)] : [asc(OLDEST_UNPAID), asc(loans.id)];
    }
};

/**
 * The page's query and the count's, as built (tests read their plans). The page's loans are
 * chosen first (on the loans alone, in the order asked, with the window asked), then only they are
 * joined and described, in the same order.
 */
export const collectionsQueries = async (db: Queryable, body: CollectionsBody, today: string, reach: SQL | undefined) => {
    // Sorted by the amount overdue: the stored figures, on a day they are all today's, along
    // loans_amount_overdue_idx (which holds the loans owing something, those in arrears).
    const stored = body.sort === 'amount_overdue' && (await amountsReadyOn(db, today));
    const where = whereOf(body, today, stored, reach, body.q ? await searchOf(db, body.q) : undefined);
    const order = orderOf(body, today, stored);
    // The filters read the loans alone (a search is a condition on them, and the lock state is kept
    // on them), so a deep page skips loans along an index, never their customers, payments and messages.
    const chosen = (limit: number, offset: number) => idsOfPage(db, loans.id, loans, { where, order, limit, offset });
    const rowsOf = (limit: number, offset: number) =>
        db
            .select({
                id: loans.id,
                loanReference: loans.loanReference,
                publicId: customers.publicId,
                firstName: customers.firstName,
                lastName: customers.lastName,
                msisdn: customers.msisdn,
                oldestUnpaid: sql<string>`${OLDEST_UNPAID}::text`,
                amountOverdue: sql<string>`${amountOverdueSql(loans, today)}`,
                lockState: loans.lockState,
                storeId: stores.id,
                storeName: stores.name,
                agentId: agents.id,
                agentFirstName: agents.firstName,
                agentLastName: agents.lastName,
                lastPaidAt: sql<Date | string | null>`${LAST_PAID_AT}`,
                lastPaidAmount: sql<string | null>`${lastPayment(sql`t.amount`)}`,
                // The customer's phone's last notice (reminders, decisions; the one-time codes apart),
                // the newest on `sms_outbox_msisdn_idx`.
                lastMessageAt: sql<Date | string | null>`(SELECT o.created_at FROM ${smsOutbox} o
                    WHERE o.msisdn = ${customers.msisdn} AND o.purpose = 'notice' ORDER BY o.id DESC LIMIT 1)`,
            })
            .from(loans)
            .innerJoin(customers, eq(customers.id, loans.customerId))
            .leftJoin(stores, eq(stores.id, loans.storeId))
            .leftJoin(agents, eq(agents.id, loans.agentAdminId))
            .where(chosen(limit, offset))
            .orderBy(...order);
    const window = { limit: body.page_size, offset: (body.page_number - 1) * body.page_size };
    // What is counted (lists.ts largePageOf): the loans in arrears alone, along an index.
    const counted = db.select({ id: loans.id }).from(loans).where(where).$dynamic();
    return { rows: rowsOf(window.limit, window.offset), rowsOf, window, counted };
};

/** A page of the queue, one row more to know the total without counting (lists.ts largePageRows). */
const pageOfCollections = async (db: Queryable, body: CollectionsBody, today: string, reach: SQL | undefined) => {
    const { rowsOf, window, counted } = await collectionsQueries(db, body, today, reach);
    return largePageRows(db, window, rowsOf, { rows: counted });
};

type Row = Awaited<ReturnType<typeof pageOfCollections>>['rows'][number];

const DAY_MS = 86_400_000;
const daysFrom = (day: string, today: string) => Math.round((Date.parse(today) - Date.parse(day)) / DAY_MS);
const isoOf = (value: Date | string | null): string | null => (value === null ? null : iso(new Date(value)));

const toItem = (row: Row, today: string): CollectionItem => {
    const days = daysFrom(row.oldestUnpaid, today);
    const lastPaidAt = isoOf(row.lastPaidAt);
    return {
        id: row.id,
        loan_reference: row.loanReference,
        customer: {
            public_id: row.publicId,
            name: `${row.firstName} ${row.lastName}`,
            msisdn: maskMsisdn(row.msisdn),
        },
        days_overdue: days,
        bucket: arrearsBucketOf(days),
        oldest_unpaid_due: row.oldestUnpaid,
        amount_overdue: Number(row.amountOverdue),
        currency: CURRENCY,
        lock_state: row.lockState,
        shop: row.storeId !== null && row.storeName !== null ? { id: row.storeId, name: row.storeName } : null,
        agent:
            row.agentId !== null
                ? { id: row.agentId, name: `${row.agentFirstName ?? ''} ${row.agentLastName ?? ''}`.trim() }
                : null,
        last_payment:
            lastPaidAt !== null && row.lastPaidAmount !== null
                ? { paid_at: lastPaidAt, amount: Number(row.lastPaidAmount) }
                : null,
        last_message_at: isoOf(row.lastMessageAt),
    };
};

export const registerCollectionRoutes = (app: FastifyInstance): void => {
    mount(app, listCollections, async ({ body }, context) => {
        const today = businessDay(context.now());
        const { rows, ...total } = await pageOfCollections(context.db, body, today, reachOf(context).loans);
        return { data: rows.map(row => toItem(row, today)), ...total };
    });
};
