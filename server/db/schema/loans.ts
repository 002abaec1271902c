/**
 * Loans and the requests for a checker (deregistration, IMEI change, transfer of ownership, agent
 * registration); the payments against loans are in ./money.ts. The rules are in
 * server/domain/records/ (the lifecycles, as docs/domain.md tells them), server/domain/origination/
 * and server/domain/approvals/.
 */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPROVAL_KINDS, APPROVAL_STATUSES, LOAN_APPROVAL_KINDS } from '../../../contract/approvals';
import { CANCELLATION_REASONS, CUSTOMER_CHANNELS, LOAN_STATUSES } from '../../../contract/customers';
import { BUSINESS_TIME_ZONE } from '../../time';
import { oldestUnpaidDue } from '../arrears';
import { scheduleReach } from '../scheduleReach';
import { trigramsOf } from '../search';
import { deviceState, inventoryItems, instalmentPeriod, lockSolution, money, phoneModels } from './catalogue';
import { at, createdAt, identity } from './columns';
import { customers } from './customers';
import { admins } from './security';
import { stores } from './stores';

export const loanStatus = pgEnum('loan_status', LOAN_STATUSES);
export const salesExitReason = pgEnum('sales_exit_reason', CANCELLATION_REASONS);
export const loanChannel = pgEnum('loan_channel', CUSTOMER_CHANNELS);
export const approvalKind = pgEnum('approval_kind', APPROVAL_KINDS);
/** The kinds on a loan, as SQL literals: the v1 maker-checker queue's indexes' condition. */
const LOAN_KINDS_LIST = LOAN_APPROVAL_KINDS.map(kind => `'${kind}'`).join(', ');
export const approvalStatus = pgEnum('approval_status', APPROVAL_STATUSES);

/**
 * A quote (contract/origination/index.ts `loanQuote`): the terms offered to a customer for one device,
 * as a caller asked for them, to be accepted by `create_loan` before `expires_at`. Its figures are
 * the model's prices when it was issued; the loan that accepts it names it (`loans.quote_id`, at
 * most one loan per quote), so a quote is used once. `public_id` is what the client holds.
 */
export const loanQuotes = pgTable(
    'loan_quotes',
    {
        id: identity(),
        publicId: uuid('public_id').notNull().unique(),
        adminId: integer('admin_id')
            .notNull()
            .references(() => admins.id),
        customerId: integer('customer_id')
            .notNull()
            .references(() => customers.id),
        sku: text('sku')
            .notNull()
            .references(() => phoneModels.sku),
        imei: text('imei').notNull(),
        storeId: integer('store_id')
            .notNull()
            .references(() => stores.id),
        channel: loanChannel('channel').notNull(),
        lockSolution: lockSolution('lock_solution').notNull(),
        cashPrice: money('cash_price').notNull(),
        deposit: money('deposit').notNull(),
        instalment: money('instalment').notNull(),
        instalmentPeriod: instalmentPeriod('instalment_period').notNull(),
        term: integer('term').notNull(),
        /** deposit + instalment × term, to the cent. */
        totalPayable: money('total_payable').notNull(),
        firstDueDate: date('first_due_date').notNull(),
        issuedAt: at('issued_at').notNull(),
        expiresAt: at('expires_at').notNull(),
    },
    table => [index('loan_quotes_customer_idx').on(table.customerId, table.issuedAt)],
);

/** The statuses in which a loan holds its IMEI: one such loan per IMEI. */
export const OPEN_LOAN_STATUSES = ['draft', 'awaiting_deposit', 'awaiting_lock', 'active'] as const;

export const loans = pgTable(
    'loans',
    {
        id: identity(),
        loanReference: text('loan_reference').notNull().unique(),
        customerId: integer('customer_id')
            .notNull()
            .references(() => customers.id),
        inventoryItemId: integer('inventory_item_id').references(() => inventoryItems.id),
        imei: text('imei').notNull(),
        sku: text('sku')
            .notNull()
            .references(() => phoneModels.sku),
        lockSolution: lockSolution('lock_solution').notNull(),
        price: money('price').notNull(),
        deposit: money('deposit').notNull(),
        instalment: money('instalment').notNull(),
        instalmentPeriod: instalmentPeriod('instalment_period').notNull(),
        term: integer('term').notNull(),
        /**
         * The terms accepted with the price (the total payable, deposit + instalment × term): the
         * cash price, so amount financed (cash − deposit) and cost of credit (price − cash) are
         * what the customer was quoted, and the first instalment's day. Loans from before quotes
         * took the model's cash price and one period after their deposit day (migration 0020).
         */
        cashPrice: money('cash_price').notNull(),
        firstDueDate: date('first_due_date').notNull(),
        /** The quote accepted (null for loans from before quotes): one loan per quote. */
        quoteId: integer('quote_id')
            .unique('loans_quote_key')
            .references(() => loanQuotes.id),
        balance: money('balance').notNull(),
        agentAdminId: integer('agent_admin_id').references(() => admins.id),
        storeId: integer('store_id').references(() => stores.id),
        channel: loanChannel('channel').notNull().default('shop'),
        status: loanStatus('status').notNull().default('draft'),
        cancellationReason: salesExitReason('cancellation_reason'),
        cancellationNote: text('cancellation_note'),
        /** When the customer's and the selling agent's codes were verified (both: the loan awaits its deposit). */
        customerOtpVerifiedAt: at('customer_otp_verified_at'),
        agentOtpVerifiedAt: at('agent_otp_verified_at'),
        insurer: text('insurer'),
        insurancePolicyNumber: text('insurance_policy_number'),
        insurancePremium: money('insurance_premium'),
        insuredUntil: date('insured_until'),
        /**
         * When its first deposit was paid (the earliest `deposit` payment on it), and that business
         * day: its sale's day and the start of its schedule (analytics). Kept by the database itself,
         * whoever writes the payments: the triggers of migration 0012_loan_deposit_day work it
         * out again whenever a deposit is added, changed or removed.
         */
        depositPaidAt: at('deposit_paid_at'),
        depositDay: date('deposit_day').generatedAlwaysAs(
            sql.raw(`("deposit_paid_at" AT TIME ZONE '${BUSINESS_TIME_ZONE}')::date`),
        ),
        /**
         * When its last payment was made: the `paid_at` of the payment recorded last on it (by
         * `created_at`, then id), a reversal apart; null before any. The collections queue's sort
         * by last payment (server/domain/lending/collections.ts). Kept by the database itself,
         * whoever writes the payments: the triggers of migration 0042_loan_last_payment work it out
         * again whenever a payment is added, changed, moved or removed.
         */
        lastPaidAt: at('last_paid_at'),
        /**
         * Its phone's lock state (`device_locks.state`); null before a device is attached. The
         * collections queue's lock-state filter (server/domain/lending/collections.ts), read along
         * loans_lock_arrears_idx instead of joining every loan in arrears to its lock. Kept by the
         * database itself, whoever writes the locks: the triggers of migration 0045_loan_lock_state
         * copy it whenever locks are added, changed or removed.
         */
        lockState: deviceState('lock_state'),
        /**
         * What fell due before the day the lending job last started (`lending_job.amounts_day`) and
         * is unpaid: the collections queue's amount overdue as of that day, stored so that its sort
         * is a walk of loans_amount_overdue_idx instead of working it out for every loan in
         * arrears (server/domain/lending/amounts.ts says how it is kept, and when the queue trusts
         * it). Null before the job's first day. Worked out by the database itself whenever the
         * terms, the balance or the status are written (migration 0046_loan_amount_overdue), and
         * for every active loan by the job when a day begins.
         */
        amountOverdue: money('amount_overdue'),
        createdAt: createdAt(),
        updatedAt: at('updated_at').notNull().defaultNow(),
    },
    table => [
        index('loans_customer_idx').on(table.customerId, table.id),
        // A search for part of a loan reference (server/domain/records/search.ts).
        index('loans_reference_trgm_idx').using('gin', trigramsOf(table.loanReference)),
        // An IMEI's loans, its latest first (the inventory list's `sold_to`: one probe, not a walk of every loan by id).
        index('loans_imei_idx').on(table.imei, table.id),
        index('loans_store_idx').on(table.storeId),
        index('loans_agent_idx').on(table.agentAdminId),
        // The loans sold in a period (analytics' sales), the rest left out.
        index('loans_deposit_paid_idx')
            .on(table.depositPaidAt)
            .where(sql`${table.depositPaidAt} IS NOT NULL`),
        // The loans whose schedule can still reach a report's periods (analytics' figures, beside the
        // active loans of loans_arrears_idx): a range of their reach, not every loan ever sold.
        index('loans_schedule_reach_idx').on(scheduleReach(table)),
        // The drafts the reservation sweep looks at (server/domain/origination/expiry.ts), oldest first.
        index('loans_draft_created_idx')
            .on(table.createdAt)
            .where(sql`${table.status} = 'draft'`),
        // The collections queue (server/domain/lending/collections.ts): active loans by the due date
        // of their oldest unpaid instalment, which is before today for those in arrears; its ranges
        // are the buckets and its order the days overdue. Its shop's loans alone for a shop's staff.
        // Ties by id, so a page's ids (and a deep page's skipped ones) are a walk of the index alone.
        // Migration 0045 adds INCLUDE (instalment, price, deposit, balance, term, instalment_period,
        // first_due_date) to these four, which drizzle cannot say: the terms the due date and the
        // amount overdue are worked out from, so the walk reads the index alone (an index-only scan).
        index('loans_arrears_idx')
            .on(oldestUnpaidDue(table), table.id)
            .where(sql`${table.status} = 'active'`),
        index('loans_store_arrears_idx')
            .on(table.storeId, oldestUnpaidDue(table), table.id)
            .where(sql`${table.status} = 'active'`),
        // The same, for one lock state (locked phones, released ones…): a walk of that state's loans
        // in arrears alone, however few they are among the active loans.
        index('loans_lock_arrears_idx')
            .on(table.lockState, oldestUnpaidDue(table), table.id)
            .where(sql`${table.status} = 'active'`),
        // The collections queue by last payment, never paid first (ascending) or last (descending,
        // the index walked backward), ties by id; the loans in arrears are the walk's filter.
        index('loans_last_paid_idx')
            .on(table.lastPaidAt.asc().nullsFirst(), table.id)
            .where(sql`${table.status} = 'active'`),
        // The collections queue by amount overdue, as stored for the day (loans.amount_overdue),
        // either way, ties by id: only loans in arrears owe anything, so only they are in it.
        // Migration 0046 adds the same INCLUDE as the indexes above: the walk's filter (in arrears
        // today) reads the index alone.
        index('loans_amount_overdue_idx')
            .on(table.amountOverdue, table.id)
            .where(sql`${table.status} = 'active' AND ${table.amountOverdue} > 0`),
        // One IMEI has at most one open loan, whoever writes at the same time.
        uniqueIndex('loans_open_imei_key')
            .on(table.imei)
            .where(sql`${table.status} IN ('draft', 'awaiting_deposit', 'awaiting_lock', 'active')`),
    ],
);

/**
 * A change that a maker asks for and a checker decides (maker-checker). The loan kinds name their
 * loan and its customer; an agent registration names the registering agent (`subject_admin_id`).
 * `change` holds what approving it would do. `entity_key` (`loan:<id>` or `admin:<id>`) is what
 * the request acts on: at most one pending request of a kind per entity, enforced here.
 * `store_id` is the loan's shop or the shop the agent registered with (reach and the shop filter).
 */
export const approvalRequests = pgTable(
    'approval_requests',
    {
        id: identity(),
        kind: approvalKind('kind').notNull(),
        status: approvalStatus('status').notNull().default('pending'),
        loanId: integer('loan_id').references(() => loans.id),
        customerId: integer('customer_id').references(() => customers.id),
        subjectAdminId: integer('subject_admin_id').references(() => admins.id),
        /** The catalogue model a price change sets (no loan, no agent, no shop: the catalogue is every shop's). */
        phoneModelId: integer('phone_model_id').references(() => phoneModels.id),
        entityKey: text('entity_key')
            .notNull()
            .generatedAlwaysAs(
                sql`CASE WHEN loan_id IS NOT NULL THEN 'loan:' || loan_id::text WHEN phone_model_id IS NOT NULL THEN 'phone_model:' || phone_model_id::text ELSE 'admin:' || subject_admin_id::text END`,
            ),
        storeId: integer('store_id').references(() => stores.id),
        change: jsonb('change').$type<Record<string, string>>().notNull(),
        reason: text('reason').notNull(),
        makerAdminId: integer('maker_admin_id')
            .notNull()
            .references(() => admins.id),
        checkerAdminId: integer('checker_admin_id').references(() => admins.id),
        decisionNote: text('decision_note'),
        decidedAt: at('decided_at'),
        createdAt: createdAt(),
    },
    table => [
        // A loan kind names its loan and customer; an agent registration its agent, and no loan; a
        // price change its model alone. The kind is compared as text: a migration that adds an enum
        // value cannot also use it.
        check(
            'approval_requests_subject_check',
            sql`CASE WHEN ${table.kind}::text = 'agent_registration' THEN ${table.subjectAdminId} IS NOT NULL AND ${table.loanId} IS NULL AND ${table.phoneModelId} IS NULL WHEN ${table.kind}::text = 'price_change' THEN ${table.phoneModelId} IS NOT NULL AND ${table.loanId} IS NULL AND ${table.subjectAdminId} IS NULL AND ${table.storeId} IS NULL ELSE ${table.loanId} IS NOT NULL AND ${table.customerId} IS NOT NULL AND ${table.phoneModelId} IS NULL END`,
        ),
        uniqueIndex('approval_requests_one_pending_key')
            .on(table.kind, table.entityKey)
            .where(sql`${table.status} = 'pending'`),
        // The queues: one kind (or the loan kinds) by status, newest first, optionally one shop.
        index('approval_requests_queue_idx').on(table.kind, table.status, table.createdAt),
        index('approval_requests_store_queue_idx').on(table.storeId, table.kind, table.status, table.createdAt),
        index('approval_requests_decided_idx').on(table.kind, table.status, table.decidedAt),
        index('approval_requests_maker_idx').on(table.makerAdminId, table.status, table.createdAt),
        // The maker-checker queue (v1) lists the loan kinds together: by status, newest (or latest
        // decided) first, ties by id, a walk of these instead of the three kinds' rows merged and
        // sorted (42,000 of a status at 1,000,000 customers: 20-40 ms a page).
        index('approval_requests_loan_queue_idx')
            .on(table.status, table.createdAt, table.id)
            .where(sql`${table.kind} IN (${sql.raw(LOAN_KINDS_LIST)})`),
        index('approval_requests_loan_decided_idx')
            .on(table.status, table.decidedAt, table.id)
            .where(sql`${table.kind} IN (${sql.raw(LOAN_KINDS_LIST)})`),
        // A search's requests by the loan, customer or agent it names (server/domain/records/search.ts).
        index('approval_requests_loan_idx').on(table.loanId),
        index('approval_requests_customer_idx').on(table.customerId),
        index('approval_requests_subject_idx').on(table.subjectAdminId),
        // A customer's loans answer their pending requests.
        index('approval_requests_pending_loan_idx')
            .on(table.loanId)
            .where(sql`${table.status} = 'pending'`),
    ],
);
