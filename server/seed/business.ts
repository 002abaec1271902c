/**
 * The rest of a business-sized data set (`--scale N`, server/seed/scale.ts), in proportion to N
 * generated customers, each table in a few set-based statements (INSERT … SELECT … FROM
 * generate_series), every value worked out from the row's number so the same N makes the same rows:
 *
 * - shops: 296 generated beside the demo's 4 for each 1,000,000 customers (at least one), in the
 *   demo's regions; the generated customers, their loans and the generated agents are spread
 *   over every shop;
 * - stock: N / 2 devices `in_stock` across the shops (IMEI `35997`, the number, the Luhn digit),
 *   on no loan, added over the last half year;
 * - statements: N / 5 statement rows in uploads of at most 5,000 by `maker` (a bank or mobile-money
 *   statement each), in file order 12 in 20 matched (an instalment the seed recorded, now carried
 *   by the upload and its line), 5 in 20 in suspense (the generated suspense payments,
 *   server/seed/money.ts), 2 in 20 duplicates of a recorded payment and 1 in 20 rejected naming
 *   its column; each upload's counts and amount are those of its rows.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Transaction } from '../db';
import { inventoryItems, reconciliationRows, reconciliationUploads, stores, transactions } from '../db/schema';
import { DEMO_MODELS } from './customers';
import { imeiSql } from './imei';

/** Generated shops for N customers: 296 per million (300 with the demo's four), at least one. */
export const generatedShopCount = (customers: number): number => (customers > 0 ? Math.ceil((customers * 296) / 1_000_000) : 0);

/** Devices in stock for N customers (beside the loans' sold phones). */
export const generatedStockCount = (customers: number): number => Math.floor(customers / 2);

/** Statement rows for N customers, and the most rows one upload holds. */
export const generatedStatementRows = (customers: number): number => Math.floor(customers / 5);
const ROWS_PER_UPLOAD = 5000;

/** Suspense payments for N customers: every one came in on a generated statement (5 rows in 20). */
export const generatedSuspenseCount = (customers: number): number => {
    const rows = generatedStatementRows(customers);
    return Math.floor(rows / 20) * 5 + Math.max(0, Math.min(rows % 20, 16) - 11);
};

const TOWNS = [
    ['Johannesburg', 'Gauteng', -26.2041, 28.0473],
    ['Soweto', 'Gauteng', -26.2485, 27.854],
    ['Pretoria', 'Gauteng', -25.7479, 28.2293],
    ['Durban', 'KwaZulu-Natal', -29.8587, 31.0218],
    ['Pietermaritzburg', 'KwaZulu-Natal', -29.6006, 30.3794],
    ['Cape Town', 'Western Cape', -33.9249, 18.4241],
    ['Stellenbosch', 'Western Cape', -33.9321, 18.8602],
    ['Gqeberha', 'Eastern Cape', -33.9608, 25.6022],
    ['Bloemfontein', 'Free State', -29.0852, 26.1596],
    ['Polokwane', 'Limpopo', -23.9045, 29.4689],
    ['Mbombela', 'Mpumalanga', -25.4753, 30.9694],
    ['Kimberley', 'Northern Cape', -28.7282, 24.7499],
] as const;
const STREETS = ['Main Road', 'Market Street', 'Church Street', 'Station Road', 'Mall', 'Plaza', 'Taxi Rank', 'Centre'];

/** `howMany` generated shops; answers their ids, in order. */
export const seedGeneratedShops = async (tx: Transaction, howMany: number, now: Date): Promise<number[]> => {
    if (howMany <= 0) return [];
    const towns = (column: 0 | 1) => sql.raw(`(ARRAY[${TOWNS.map(town => `'${town[column]}'`).join(',')}]::text[])`);
    const coordinates = (column: 2 | 3) => sql.raw(`(ARRAY[${TOWNS.map(town => town[column]).join(',')}]::float8[])`);
    const streets = sql.raw(`(ARRAY[${STREETS.map(street => `'${street}'`).join(',')}]::text[])`);
    const result = await tx.execute(sql`
        INSERT INTO ${stores} (name, region, town, latitude, longitude, branded, created_at)
        SELECT ${towns(0)}[1 + g % ${TOWNS.length}] || ' ' || ${streets}[1 + (g / ${TOWNS.length}) % ${STREETS.length}] || ' ' || lpad(g::text, 4, '0'),
               ${towns(1)}[1 + g % ${TOWNS.length}],
               ${towns(0)}[1 + g % ${TOWNS.length}],
               ${coordinates(2)}[1 + g % ${TOWNS.length}] + (g % 17 - 8) * 0.004,
               ${coordinates(3)}[1 + g % ${TOWNS.length}] + (g % 13 - 6) * 0.004,
               g % 5 = 0,
               ${now.toISOString()}::timestamptz - ((400 + g % 700) || ' days')::interval
        FROM generate_series(1, ${howMany}) AS g
        ORDER BY g
        RETURNING id`);
    return rowsOf<{ id: number }>(result)
        .map(row => Number(row.id))
        .sort((a, b) => a - b);
};

/** N / 2 devices in stock across `storeIds`, each of a catalogue model, on no loan. */
export const seedGeneratedStock = async (tx: Transaction, customers: number, storeIds: readonly number[], now: Date) => {
    const howMany = generatedStockCount(customers);
    if (howMany <= 0) return;
    const storeArray = sql.raw(`(ARRAY[${storeIds.map(Number).join(',')}]::int[])`);
    const skus = sql.raw(`(ARRAY[${DEMO_MODELS.map(model => `'${model.sku}'`).join(',')}]::text[])`);
    await tx.execute(sql`
        INSERT INTO ${inventoryItems} (sku, imei, store_id, status, created_at)
        SELECT ${skus}[1 + (g * 7) % ${DEMO_MODELS.length}], ${imeiSql('35997', 'g')}, ${storeArray}[1 + g % ${storeIds.length}], 'in_stock',
               ${now.toISOString()}::timestamptz - ((g % 4320) || ' hours')::interval
        FROM generate_series(1, ${howMany}) AS g`);
};

/** N / 5 statement rows in uploads (see the header); `makerId` uploaded them. Runs after the payments and suspense are seeded. */
export const seedGeneratedStatements = async (tx: Transaction, customers: number, makerId: number, now: Date) => {
    const rows = generatedStatementRows(customers);
    if (rows <= 0) return;
    const uploads = Math.ceil(rows / ROWS_PER_UPLOAD);
    const at = now.toISOString();
    const matched = Math.floor(rows / 20) * 12 + Math.min(rows % 20, 11);
    const [available] = rowsOf<{ n: number }>(
        await tx.execute(
            sql`SELECT count(*)::int AS n FROM ${transactions} WHERE reference LIKE 'TXS-%' AND kind = 'instalment'`,
        ),
    );
    const instalments = Number(available?.n ?? 0);
    const stride = Math.max(1, Math.floor(instalments / Math.max(1, matched)));

    // The uploads first (consecutive ids from \`first\`), their counts worked out from their rows at the end.
    const created = rowsOf<{ id: number }>(
        await tx.execute(sql`
        INSERT INTO ${reconciliationUploads} (file_name, sha256, channel, uploaded_by, rows, matched, suspense, duplicate,
            rejected, amount_recorded, created_at, batches_done)
        SELECT 'statement-' || lpad(u::text, 5, '0') || '.csv', encode(sha256(('generated statement ' || u)::bytea), 'hex'),
               (ARRAY['bank', 'mpesa']::transaction_channel[])[1 + u % 2], ${makerId}::int, 0, 0, 0, 0, 0, 0, ${at}::timestamptz, 0
        FROM generate_series(1, ${uploads}) AS u
        ORDER BY u
        RETURNING id`),
    );
    const first = Math.min(...created.map(row => Number(row.id)));
    const last = first + uploads - 1;
    if (created.length !== uploads || Math.max(...created.map(row => Number(row.id))) !== last) {
        throw new Error('The generated uploads did not take consecutive ids');
    }

    // The lines: r from 1, upload 1 + (r − 1) / 5000, line 2 + (r − 1) % 5000 (line 1 is the header).
    const line = sql.raw(`(2 + (r - 1) % ${ROWS_PER_UPLOAD})`);
    const upload = sql.raw(`(${first} + (r - 1) / ${ROWS_PER_UPLOAD})`);

    // Matched: instalments the seed recorded, a spread of them in the order they were paid.
    await tx.execute(sql`
        WITH lines AS (
            SELECT r, row_number() OVER (ORDER BY r) AS k FROM generate_series(1, ${rows}) AS r WHERE r % 20 < 12
        ), picked AS (
            SELECT id, row_number() OVER (ORDER BY paid_at, id) AS k
            FROM ${transactions} WHERE reference LIKE 'TXS-%' AND kind = 'instalment' AND id % ${stride} = 0
        ), placed AS (
            SELECT picked.id, ${upload} AS upload_id, ${line} AS line FROM lines JOIN picked USING (k)
        )
        UPDATE ${transactions} t
        SET upload_id = placed.upload_id, upload_line = placed.line,
            channel = (ARRAY['bank', 'mpesa']::transaction_channel[])[1 + (placed.upload_id - ${first} + 1) % 2]
        FROM placed WHERE t.id = placed.id`);

    // Suspense: the generated suspense payments (GEN-SUS-j, server/seed/money.ts), the j-th on the j-th suspense line.
    await tx.execute(sql`
        WITH lines AS (
            SELECT r, row_number() OVER (ORDER BY r) AS k FROM generate_series(1, ${rows}) AS r WHERE r % 20 BETWEEN 12 AND 16
        )
        UPDATE ${transactions} t
        SET upload_id = ${upload}, upload_line = ${line},
            channel = (ARRAY['bank', 'mpesa']::transaction_channel[])[1 + (${upload} - ${first} + 1) % 2]
        FROM lines WHERE t.reference = 'GEN-SUS-' || lines.k`);

    // Duplicates of payments recorded (the matched ones, spread), and rejections naming the column at fault.
    const [recordedCount] = rowsOf<{ n: number }>(
        await tx.execute(
            sql`SELECT count(*)::int AS n FROM ${transactions} WHERE upload_id BETWEEN ${first} AND ${last} AND loan_id IS NOT NULL`,
        ),
    );
    const recorded = Math.max(1, Number(recordedCount?.n ?? 0));
    await tx.execute(sql`
        INSERT INTO ${reconciliationRows} (upload_id, line, outcome, reference, msisdn, amount, transaction_id)
        SELECT ${upload}, ${line}, 'duplicate', d.reference, d.msisdn, d.amount, d.id
        FROM (SELECT r, 1 + (r * 7919) % ${recorded} AS k FROM generate_series(1, ${rows}) AS r WHERE r % 20 IN (17, 18)) AS lines
        JOIN (
            SELECT id, reference, msisdn, amount, row_number() OVER (ORDER BY upload_id, upload_line) AS k
            FROM ${transactions} WHERE upload_id BETWEEN ${first} AND ${last} AND loan_id IS NOT NULL
        ) AS d USING (k)`);
    await tx.execute(sql`
        INSERT INTO ${reconciliationRows} (upload_id, line, outcome, reference, msisdn, amount, field, problem)
        SELECT ${upload}, ${line}, 'rejected',
               'GEN-REJ-' || r,
               CASE WHEN (r / 20) % 4 = 1 THEN '0123' ELSE '2772' || lpad((1 + r % 9999999)::text, 7, '0') END,
               CASE WHEN (r / 20) % 4 IN (0, 2) THEN NULL ELSE 99 END,
               (ARRAY['amount', 'msisdn', 'amount', 'date'])[1 + (r / 20) % 4],
               (ARRAY['not_positive', 'invalid', 'too_large', 'missing']::reconciliation_row_problem[])[1 + (r / 20) % 4]
        FROM generate_series(1, ${rows}) AS r
        WHERE r % 20 = 19`);

    // Each upload's counts, amount and time: those of its rows, an hour after its latest payment.
    await tx.execute(sql`
        UPDATE ${reconciliationUploads} u
        SET matched = coalesce(t.matched, 0), suspense = coalesce(t.suspense, 0), duplicate = coalesce(o.duplicate, 0),
            rejected = coalesce(o.rejected, 0),
            rows = coalesce(t.matched, 0) + coalesce(t.suspense, 0) + coalesce(o.duplicate, 0) + coalesce(o.rejected, 0),
            amount_recorded = coalesce(t.amount, 0),
            batches_done = ceil((coalesce(t.matched, 0) + coalesce(t.suspense, 0) + coalesce(o.duplicate, 0) + coalesce(o.rejected, 0)) / 500.0)::int,
            created_at = least(${at}::timestamptz, coalesce(t.latest, ${at}::timestamptz) + interval '1 hour')
        FROM (SELECT id FROM ${reconciliationUploads} WHERE id BETWEEN ${first} AND ${last}) AS mine
        LEFT JOIN (
            SELECT upload_id, count(*) FILTER (WHERE loan_id IS NOT NULL)::int AS matched,
                   count(*) FILTER (WHERE loan_id IS NULL)::int AS suspense, sum(amount) AS amount, max(paid_at) AS latest
            FROM ${transactions} WHERE upload_id BETWEEN ${first} AND ${last} GROUP BY upload_id
        ) AS t ON t.upload_id = mine.id
        LEFT JOIN (
            SELECT upload_id, count(*) FILTER (WHERE outcome = 'duplicate')::int AS duplicate,
                   count(*) FILTER (WHERE outcome = 'rejected')::int AS rejected
            FROM ${reconciliationRows} WHERE upload_id BETWEEN ${first} AND ${last} GROUP BY upload_id
        ) AS o ON o.upload_id = mine.id
        WHERE u.id = mine.id`);
};

/**
 * The tables the generated business fills (and lending_marks, which the payments' insert trigger
 * fills, a row per loan): their indexes and foreign keys are made once, after the rows are in.
 */
export const GENERATED_TABLES = [
    'customers',
    'loans',
    'inventory_items',
    'device_locks',
    'transactions',
    'sms_outbox',
    'approval_requests',
    'reconciliation_rows',
    'tpi_claims',
    'lending_marks',
    'kyc_images',
    'identity_checks',
    'kyc_submissions',
] as const;

/**
 * The indexes the triggers read while rows go in: the deposit-day trigger (migration 0012) probes
 * a loan's deposits for each deposit added, which without its index reads every payment.
 */
const KEPT_INDEXES = ['transactions_deposit_idx'];

const tableList = (tables: readonly string[]) =>
    sql.join(
        tables.map(table => sql`${table}`),
        sql`, `,
    );

/**
 * Bulk loading: drops the indexes of `tables` (but their primary keys, the unique constraints a
 * foreign key refers to, and KEPT_INDEXES), their other unique constraints and their foreign keys,
 * and answers a function that makes each again exactly as it was (`pg_get_indexdef`,
 * `pg_get_constraintdef`):
 *
 * - a million rows are sorted into each index once instead of inserted into it one by one (the
 *   800,000 payments of 100,000 customers took 110 s with their ten indexes in place; a million
 *   customers' random public ids, inserted one by one, wrote pages all over their index);
 * - each foreign key is checked once over the whole table, by one join, instead of by a trigger
 *   per row and key (the payments' four keys made 3.1 million trigger calls at 100,000 customers,
 *   and tripled the time of that insert: docs/architecture.md, `bench/`).
 *
 * A unique index rebuilt over rows that break it, or a key that finds a row without its parent,
 * fails the seed's transaction, as an insert would have. Both run inside the seed's transaction:
 * nothing is changed if it fails. The statistics are left to the caller's ANALYZE at the end.
 */
export const deferIndexes = async (tx: Transaction, tables: readonly string[]): Promise<() => Promise<void>> => {
    const indexes = rowsOf<{ name: string; definition: string }>(
        await tx.execute(sql`
            SELECT quote_ident(ci.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
            FROM pg_index i
            JOIN pg_class ci ON ci.oid = i.indexrelid
            JOIN pg_class t ON t.oid = i.indrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE n.nspname = current_schema()
              AND t.relname IN (${tableList(tables)})
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
              AND ci.relname NOT IN (${sql.join(
                  KEPT_INDEXES.map(name => sql`${name}`),
                  sql`, `,
              )})
            ORDER BY t.relname, ci.relname`),
    );
    const keys = rowsOf<{ table: string; name: string; definition: string }>(
        await tx.execute(sql`
            SELECT quote_ident(t.relname) AS "table", quote_ident(c.conname) AS name, pg_get_constraintdef(c.oid) AS definition
            FROM pg_constraint c
            JOIN pg_class t ON t.oid = c.conrelid
            JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE n.nspname = current_schema() AND t.relname IN (${tableList(tables)})
              AND (c.contype = 'f'
                   OR (c.contype = 'u' AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)))
            -- The unique constraints are made again first, then the foreign keys.
            ORDER BY c.contype = 'f', t.relname, c.conname`),
    );
    for (const index of indexes) await tx.execute(sql.raw(`DROP INDEX ${index.name}`));
    for (const key of keys) await tx.execute(sql.raw(`ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`));
    return async () => {
        await tx.execute(sql`SET LOCAL maintenance_work_mem = '256MB'`);
        for (const index of indexes) await tx.execute(sql.raw(index.definition));
        for (const key of keys)
            await tx.execute(sql.raw(`ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`));
    };
};
