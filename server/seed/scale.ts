/**
 * A business-sized data set (`npm run seed -- --scale`): the demo seed (server/seed/index.ts) with
 * generated customers, loans, stock, shops, approval requests, statements and suspense payments in
 * proportion to the customers, written set-based (INSERT … SELECT … FROM generate_series) so a
 * million customers take minutes on PostgreSQL. The benches and the EXPLAIN test call
 * `seedAtScale`; the command line calls it too.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type OpenDatabase } from '../db';
import type { Settings } from '../settings';
import { prepareDatabase } from './index';

/** `--scale` with no number: a business of a million customers on PostgreSQL, a tenth of it on PGlite. */
export const BUSINESS_CUSTOMERS = { postgres: 1_000_000, pglite: 100_000 } as const;

/** The customers `--scale` makes on this database when given no number. */
export const businessCustomers = (database: Pick<OpenDatabase, 'kind'>): number => BUSINESS_CUSTOMERS[database.kind];

/** What the database holds after seeding: each table's rows that the generated business fills. */
export interface ScaleSummary {
    /** False when the database already had users and nothing was seeded. */
    seeded: boolean;
    seconds: number;
    customers: number;
    loans: number;
    activeLoans: number;
    scheduledPayments: number;
    devices: number;
    devicesInStock: number;
    shops: number;
    agents: number;
    approvalRequests: number;
    reconciliationUploads: number;
    reconciliationRows: number;
    suspensePayments: number;
    /** The database's size in bytes (pg_database_size). */
    databaseBytes: number;
}

/** Counts what the database holds (a few seconds at a million customers). */
export const summarise = async (database: Pick<OpenDatabase, 'db'>): Promise<Omit<ScaleSummary, 'seeded' | 'seconds'>> => {
    const [row] = rowsOf<Omit<ScaleSummary, 'seeded' | 'seconds'>>(
        await database.db.execute(sql`
            SELECT (SELECT count(*) FROM customers)::int AS "customers",
                   (SELECT count(*) FROM loans)::int AS "loans",
                   (SELECT count(*) FROM loans WHERE status = 'active')::int AS "activeLoans",
                   (SELECT count(*) FROM transactions WHERE loan_id IS NOT NULL)::int AS "scheduledPayments",
                   (SELECT count(*) FROM inventory_items)::int AS "devices",
                   (SELECT count(*) FROM inventory_items WHERE status = 'in_stock')::int AS "devicesInStock",
                   (SELECT count(*) FROM stores)::int AS "shops",
                   (SELECT count(*) FROM admins a JOIN admin_groups g ON g.id = a.group_id
                     WHERE g.name IN ('Sales Agent', 'Field Agent'))::int AS "agents",
                   (SELECT count(*) FROM approval_requests)::int AS "approvalRequests",
                   (SELECT count(*) FROM reconciliation_uploads)::int AS "reconciliationUploads",
                   (SELECT coalesce(sum(rows), 0) FROM reconciliation_uploads)::int AS "reconciliationRows",
                   (SELECT count(*) FROM transactions WHERE suspense_status IS NOT NULL AND loan_id IS NULL)::int AS "suspensePayments",
                   pg_database_size(current_database())::float8 AS "databaseBytes"`),
    );
    if (!row) throw new Error('Could not count the seeded rows');
    return row;
};

/**
 * Migrates, syncs the role catalog and, on a database without users, seeds the demo with
 * `customers` generated customers and everything else in proportion to them (at 1,000,000:
 * about 700,000 loans with their schedules' payments, 500,000 devices in stock across 300 shops,
 * 100,000 approval requests in every state, 200,000 statement rows and 50,000 suspense
 * payments; server/seed/customers.ts, approvals.ts, money.ts say what each is). Deterministic:
 * the same `customers` make the same rows. Answers what the database then holds.
 */
export const seedAtScale = async (
    database: OpenDatabase,
    settings: Pick<Settings, 'seedPassword' | 'now'>,
    { customers }: { customers: number },
): Promise<ScaleSummary> => {
    const started = performance.now();
    const { seeded } = await prepareDatabase(database, settings, { scale: customers });
    const seconds = (performance.now() - started) / 1000;
    return { seeded, seconds, ...(await summarise(database)) };
};
