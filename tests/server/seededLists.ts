/**
 * The database whose list calls the list plans test explains (listPlans.test.ts) and the lists
 * bench times (bench/lists.ts), opened the same way for both: the demo seed with `customers`
 * generated customers (their loans, payments, devices and requests), `auditEvents` more audit
 * events (the audit trail is the largest table of all, a row per write, and the seed writes few),
 * `loanHistory` years of finished loans (the seed's loans are all recent, where a business's are
 * mostly paid off long ago: copies of its sold loans, completed, a year further back each time),
 * `paymentHistory` years of matched payments (copies of the seed's, a year further back each time)
 * and `suspensePayments` more payments still in suspense over the last 120 days, so that those are
 * as sparse among the payments, and as many, as at a business's size (a page of the suspense queue
 * is then cheaper, to a planner without its indexes, to find by walking every payment by day),
 * then analysed; and the app on it, with `send` answering as the super admin.
 */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../contract';
import { buildApp } from '../../server/app';
import { openDatabase, type OpenDatabase } from '../../server/db';
import { prepareDatabase } from '../../server/seed';
import type { Settings } from '../../server/settings';
import { requestOf, type Send } from './listCalls';

export interface SeededLists {
    database: OpenDatabase;
    app: FastifyInstance;
    /** A call made as the super admin, answered with its status and parsed body. */
    send: Send;
    /** How long the seed, the audit events and the analysis took. */
    seededMs: number;
    close(): Promise<void>;
}

/** `column` moved `y` years back (y: the copy's year, from generate_series in copyYearsBack). */
const moved = (column: string) => `${column} - make_interval(years => y)`;

/**
 * A copy of each row of `table` that `where` picks, for each of `years` years back: every column
 * the table lets one write is copied as it is, except those `changed` writes otherwise.
 */
const copyYearsBack = async (
    database: OpenDatabase,
    { table, changed, where, years }: { table: string; changed: Record<string, string>; where: string; years: number },
) => {
    const found: unknown = await database.db.execute(sql`
        SELECT column_name AS name FROM information_schema.columns
        WHERE table_name = ${table} AND is_generated = 'NEVER' AND is_identity = 'NO'
        ORDER BY ordinal_position`);
    // PGlite answers { rows }, postgres.js the rows themselves.
    const rows = (Array.isArray(found) ? found : (found as { rows: unknown[] }).rows) as { name: string }[];
    const columns = rows.map(({ name }) => name);
    await database.db.execute(
        sql.raw(`
            INSERT INTO ${table} (${columns.map(name => `"${name}"`).join(', ')})
            SELECT ${columns.map(name => changed[name] ?? `"${name}"`).join(', ')}
            FROM ${table}, generate_series(1, ${years}) AS y
            WHERE ${where}`),
    );
};

/** A copy of each sold loan for each of `years` years back, completed and paid off (see the header). */
const addLoanHistory = (database: OpenDatabase, years: number) =>
    copyYearsBack(database, {
        table: 'loans',
        years,
        where: 'deposit_paid_at IS NOT NULL',
        changed: {
            loan_reference: `loan_reference || '-' || y`,
            inventory_item_id: 'NULL',
            quote_id: 'NULL',
            status: `'completed'`,
            balance: '0',
            first_due_date: `(${moved('first_due_date')})::date`,
            deposit_paid_at: moved('deposit_paid_at'),
            customer_otp_verified_at: moved('customer_otp_verified_at'),
            agent_otp_verified_at: moved('agent_otp_verified_at'),
            insured_until: `(${moved('insured_until')})::date`,
            created_at: moved('created_at'),
            updated_at: moved('updated_at'),
        },
    });

/** A copy of each matched payment for each of `years` years back (see the header). */
const addPaymentHistory = (database: OpenDatabase, years: number) =>
    copyYearsBack(database, {
        table: 'transactions',
        years,
        where: 'loan_id IS NOT NULL',
        changed: {
            reference: `reference || '-' || y`,
            paid_at: moved('paid_at'),
            created_at: moved('created_at'),
            upload_id: 'NULL',
            upload_line: 'NULL',
        },
    });

/** `count` payments in suspense (one in five queued) paid over the last 120 days, naming no loan. */
const addSuspensePayments = async (database: OpenDatabase, count: number) => {
    await database.db.execute(sql`
        INSERT INTO transactions (reference, msisdn, amount, channel, kind, paid_at, created_at, suspense_status, suspense_reason)
        SELECT 'LIST-SUS-' || g, '2768' || lpad(g::text, 7, '0'), (ARRAY[99, 149, 79, 259, 500])[1 + g % 5]::numeric,
               (ARRAY['mpesa','bank','card','cash']::transaction_channel[])[1 + g % 4], 'instalment', t.at, t.at,
               (CASE WHEN g % 5 = 0 THEN 'queued' ELSE 'open' END)::suspense_status,
               (ARRAY['unknown_account','loan_not_active','several_loans','exceeds_balance']::suspense_reason[])[1 + g % 4]
        FROM generate_series(1, ${count}) AS g,
             LATERAL (SELECT now() - (g % 120) * interval '1 day' - g * interval '1 second' AS at) AS t`);
};

export const openSeededLists = async (
    settings: Settings,
    {
        customers,
        auditEvents,
        loanHistory = 0,
        paymentHistory = 0,
        suspensePayments = 0,
        vacuum = false,
        wrapClient,
    }: {
        customers: number;
        auditEvents: number;
        loanHistory?: number;
        paymentHistory?: number;
        suspensePayments?: number;
        vacuum?: boolean;
        /**
         * Wraps the embedded database's client that drizzle's session sends every statement to
         * (server/db/pgliteStatements.ts's, whose `query` no assignment replaces), before anything runs
         * on it, so prepared reads made by the app hold the wrapper too: listPlans.test.ts catches
         * the statements so.
         */
        wrapClient?: (client: PGlite) => PGlite;
    },
): Promise<SeededLists> => {
    const database = await openDatabase(settings);
    try {
        if (wrapClient) {
            // drizzle-orm/pglite's session keeps the client it was made with and asks it for each query and transaction.
            const session = (database.db as unknown as { session: { client: PGlite } }).session;
            session.client = wrapClient(session.client);
        }
        const started = performance.now();
        await prepareDatabase(database, settings, { scale: customers });
        await database.db.execute(sql`
            INSERT INTO audit_events (actor_admin_id, action, entity, entity_id, at)
            SELECT (SELECT min(id) FROM admins), (ARRAY['loans.create', 'payments.record', 'sessions.create'])[1 + n % 3],
                   (ARRAY['loan', 'transaction', 'session'])[1 + n % 3], n::text, now() - n * interval '1 minute'
            FROM generate_series(1, ${auditEvents}) AS n`);
        if (loanHistory > 0) await addLoanHistory(database, loanHistory);
        if (paymentHistory > 0) await addPaymentHistory(database, paymentHistory);
        if (suspensePayments > 0) await addSuspensePayments(database, suspensePayments);
        // VACUUM too, as autovacuum would soon after such a load; it also settles which pages are all visible.
        await database.db.execute(vacuum ? sql`VACUUM ANALYZE` : sql`ANALYZE`);
        const seededMs = performance.now() - started;
        const app = await buildApp({ db: database.db, settings, listen: database.listen });
        const signedIn = await app.inject({
            method: 'POST',
            url: `${API_BASE}/authentication`,
            payload: { username: 'admin', password: settings.seedPassword },
        });
        const token = (JSON.parse(signedIn.body) as { user: { token: string } }).user.token;
        const send: Send = async (call, input) => {
            const request = requestOf(call, input);
            const answer = await app.inject({
                method: request.method,
                url: request.url,
                headers: {
                    authorization: `Bearer ${token}`,
                    Coords: '-26.2485,27.8540',
                    ...(request.payload === undefined ? {} : { 'content-type': 'application/json' }),
                },
                ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            return { status: answer.statusCode, body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined };
        };
        return {
            database,
            app,
            send,
            seededMs,
            close: async () => {
                await app.close();
                await database.close();
            },
        };
    } catch (error) {
        await database.close();
        throw error;
    }
};
