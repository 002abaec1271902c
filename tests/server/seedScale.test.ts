/**
 * The business-sized data set (`npm run seed -- --scale`, server/seed/scale.ts) at a small scale:
 * the rows it generates are valid as the server reads them. Every list call of the contract (a GET,
 * or a POST marked `readOnly`, that names no record in its path) answers 200 to the super admin on
 * them, its answer matching the contract's schema; and the invariants the domain promises hold
 * (docs/domain.md): each loan's schedule adds up to its price and its payments to its balance,
 * every sold device belongs to a loan whose state fits, every decided request was decided by
 * someone other than its maker, an approved request's effect is in the data, a statement's counts
 * are its rows'. The same N makes the same rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../../contract';
import { kycImageContent, pendingKycVerifications } from '../../contract/kyc';
import type { CallDefinition } from '../../contract/define';
import { luhnValid } from '../../contract/fields';
import { dropEverything } from '../../server/db';
import {
    generatedShopCount,
    generatedStatementRows,
    generatedStockCount,
    generatedSuspenseCount,
} from '../../server/seed/business';
import { imeiSql } from '../../server/seed/imei';
import { withCheckDigit } from '../../server/seed/customers';
import { seedAtScale, type ScaleSummary } from '../../server/seed/scale';
import { sql } from 'drizzle-orm';
import { derivedInput } from './derivedInputs';
import { rowsOf, startTestServer, type TestServer, type UncheckedCallOptions } from './harness';

const CUSTOMERS = 2000;

let server: TestServer;
let summary: ScaleSummary;
let token: string;

beforeAll(async () => {
    server = await startTestServer();
    await dropEverything(server.db);
    summary = await seedAtScale(server.database, server.settings, { customers: CUSTOMERS });
    token = await server.signIn('admin');
}, 600_000);
afterAll(() => server?.close());

/** Every constraint and index of the schema, as PostgreSQL would write it again. */
const keysAndIndexes = async () =>
    rowsOf<{ name: string; definition: string }>(
        await server.db.execute(sql`
            SELECT t.relname || '.' || c.conname AS name, pg_get_constraintdef(c.oid) || CASE WHEN c.convalidated THEN '' ELSE ' (not valid)' END AS definition
            FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
            WHERE n.nspname = current_schema()
            UNION ALL
            SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema()
            ORDER BY 1`),
    );

/** The one row a query answers. */
const one = async <Row>(query: ReturnType<typeof sql>): Promise<Row> => {
    const [row] = rowsOf<Row>(await server.db.execute(query));
    if (!row) throw new Error('The query answered no row');
    return row;
};

describe(`a business of ${CUSTOMERS} generated customers`, () => {
    it('has every table in proportion, and says what it made', () => {
        expect(summary.seeded).toBe(true);
        expect(summary.customers).toBeGreaterThanOrEqual(CUSTOMERS);
        // 7 in 10 customers have a loan (besides the demo's and the analytics history's).
        expect(summary.loans).toBeGreaterThanOrEqual(CUSTOMERS * 0.7);
        expect(summary.devicesInStock).toBeGreaterThanOrEqual(generatedStockCount(CUSTOMERS));
        expect(summary.shops).toBe(4 + generatedShopCount(CUSTOMERS));
        expect(summary.reconciliationRows).toBe(generatedStatementRows(CUSTOMERS));
        expect(summary.suspensePayments).toBe(generatedSuspenseCount(CUSTOMERS) + 4);
        expect(summary.approvalRequests).toBeGreaterThan(CUSTOMERS / 10);
    });

    it('answers every list call and lookup of the contract with 200', async () => {
        // A field that names a record names a generated one: a customer, a loan, a shop, a request…
        const named = await one<Record<string, string | number>>(sql`
            SELECT (SELECT msisdn FROM customers WHERE msisdn LIKE '2772%' ORDER BY id LIMIT 1) AS msisdn,
                   (SELECT c.msisdn FROM customers c WHERE c.msisdn LIKE '2772%' ORDER BY c.id DESC LIMIT 1) AS new_msisdn,
                   (SELECT store_id FROM customers WHERE msisdn LIKE '2772%' ORDER BY id LIMIT 1) AS customer_store_id,
                   (SELECT l.loan_reference FROM loans l JOIN customers c ON c.id = l.customer_id
                     WHERE l.loan_reference LIKE 'LPS-%' AND l.status = 'active'
                       AND NOT EXISTS (SELECT 1 FROM approval_requests r WHERE r.loan_id = l.id AND r.status = 'pending')
                       AND c.msisdn <> (
                         SELECT c2.msisdn FROM customers c2 WHERE c2.msisdn LIKE '2772%' ORDER BY c2.id DESC LIMIT 1)
                     ORDER BY l.id LIMIT 1) AS loan_reference,
                   (SELECT max(id) FROM stores) AS store_id,
                   (SELECT max(id) FROM approval_requests WHERE status = 'pending' AND loan_id IS NOT NULL) AS request_id,
                   (SELECT max(id) FROM transactions WHERE suspense_status = 'open') AS transaction_id,
                   (SELECT max(id) FROM reconciliation_uploads) AS upload_id,
                   (SELECT imei FROM inventory_items WHERE status = 'in_stock' ORDER BY id DESC LIMIT 1) AS imei,
                   (SELECT sku FROM inventory_items WHERE status = 'in_stock' ORDER BY id DESC LIMIT 1) AS sku,
                   (SELECT store_id FROM inventory_items WHERE status = 'in_stock' ORDER BY id DESC LIMIT 1) AS imei_store_id`);
        const values: Record<string, unknown> = {
            username: named.msisdn,
            msisdn: named.msisdn,
            new_msisdn: named.new_msisdn,
            loan_reference: named.loan_reference,
            shop_id: named.store_id,
            store_id: named.store_id,
            request_id: named.request_id,
            transaction_id: named.transaction_id,
            upload_id: named.upload_id,
        };
        // The checks of a sale name a phone in stock with its model and shop, a valid ID number (the
        // generated customers' `8…` numbers are unique keys, not South African ID numbers), a model's
        // prices; the super admin finds a customer as a field agent by the customer's shop.
        const written: Record<string, UncheckedCallOptions> = {
            imeiValidationCheck: { body: { imei: named.imei, sku: named.sku, store_id: named.imei_store_id } },
            idValidationCheck: { body: { id_type: 'national_id', id_number: '9001014800089', msisdn: named.new_msisdn } },
            previewPhonePrices: { body: { prices: [{ sku: named.sku, cash_price: 2000, deposit: 300, instalment_amount: 90 }] } },
            findFieldAgentCustomer: {
                query: { find: 'shop' },
                body: { username: named.msisdn, store_id: named.customer_store_id },
            },
        };
        const withRecords = (part: unknown): unknown => {
            if (!part || typeof part !== 'object' || Array.isArray(part)) return part;
            return Object.fromEntries(Object.entries(part).map(([key, value]) => [key, key in values ? values[key] : value]));
        };
        const lists = (Object.entries(calls) as [string, CallDefinition][]).filter(
            ([, call]) => (call.method === 'GET' || call.readOnly === true) && !call.path.includes(':'),
        );
        expect(lists.length).toBeGreaterThan(20);
        const failures: string[] = [];
        for (const [name, call] of lists) {
            const derived = derivedInput(call);
            if (!derived) {
                failures.push(`${name}: no input could be derived`);
                continue;
            }
            const input: UncheckedCallOptions = written[name] ?? {
                ...derived,
                ...(derived.body !== undefined ? { body: withRecords(derived.body) } : {}),
                ...(derived.query !== undefined ? { query: withRecords(derived.query) as Record<string, unknown> } : {}),
            };
            // The harness's call checks the answer against the call's response schema.
            const answer = await server.callUnchecked(call, { ...input, token });
            if (answer.status !== 200)
                failures.push(`${name} ${JSON.stringify(input)}: ${answer.status} ${JSON.stringify(answer.error)}`);
        }
        expect(failures).toEqual([]);
    }, 300_000);

    it("adds up each loan's schedule to its price, and its payments to what it still owes, as its first deposit and last payment say", async () => {
        const wrong = rowsOf<{ loan_reference: string }>(
            await server.db.execute(sql`
                SELECT l.loan_reference FROM loans l
                LEFT JOIN (
                    SELECT loan_id, sum(CASE WHEN kind = 'reversal' THEN -amount ELSE amount END) AS paid
                    FROM transactions WHERE loan_id IS NOT NULL GROUP BY loan_id
                ) AS p ON p.loan_id = l.id
                WHERE l.price <> l.deposit + l.instalment * l.term
                   OR (l.status IN ('awaiting_lock', 'active', 'completed', 'deactivated') AND l.balance <> l.price - coalesce(p.paid, 0))
                   OR (l.status = 'completed') <> (l.balance = 0 AND l.status NOT IN ('cancelled', 'deactivated'))
                   -- The deposit day the database keeps (migration 0012) is the first deposit's.
                   OR l.deposit_paid_at IS DISTINCT FROM (SELECT min(paid_at) FROM transactions t WHERE t.loan_id = l.id AND t.kind = 'deposit')
                   -- So is the last payment (migration 0042): the one recorded last, a reversal apart.
                   OR l.last_paid_at IS DISTINCT FROM (SELECT t.paid_at FROM transactions t WHERE t.loan_id = l.id AND t.kind <> 'reversal'
                                                      ORDER BY t.created_at DESC, t.id DESC LIMIT 1)
                ORDER BY l.loan_reference LIMIT 20`),
        );
        expect(wrong).toEqual([]);
    });

    it('has every sold device on a loan whose state fits, and every loan on its own device', async () => {
        const devices = await one<{
            sold_without_loan: number;
            loan_on_other: number;
            stock_on_loan: number;
            bad_imei: number;
        }>(sql`
            SELECT
              (SELECT count(*) FROM inventory_items i WHERE i.status = 'sold' AND NOT EXISTS (
                  SELECT 1 FROM loans l WHERE l.inventory_item_id = i.id AND l.imei = i.imei
                    AND l.status IN ('awaiting_lock', 'active', 'completed', 'deactivated')))::int AS sold_without_loan,
              (SELECT count(*) FROM loans l JOIN inventory_items i ON i.id = l.inventory_item_id
                WHERE l.status IN ('awaiting_lock', 'active', 'completed', 'deactivated') AND (i.status <> 'sold' OR i.store_id <> l.store_id))::int AS loan_on_other,
              (SELECT count(*) FROM inventory_items i WHERE i.status IN ('in_stock', 'returned')
                AND EXISTS (SELECT 1 FROM loans l WHERE l.imei = i.imei AND l.status NOT IN ('cancelled')))::int AS stock_on_loan,
              (SELECT count(*) FROM inventory_items WHERE imei !~ '^[0-9]{15}$')::int AS bad_imei`);
        expect(devices).toEqual({ sold_without_loan: 0, loan_on_other: 0, stock_on_loan: 0, bad_imei: 0 });
        const sample = rowsOf<{ imei: string }>(
            await server.db.execute(sql`SELECT imei FROM inventory_items ORDER BY id DESC LIMIT 500`),
        );
        for (const { imei } of sample) expect(luhnValid(imei), imei).toBe(true);
        // A deregistered loan's phone is released; a phone locked for arrears is on an active loan.
        const locks = await one<{ misfit: number }>(sql`
            SELECT count(*)::int AS misfit FROM device_locks d JOIN loans l ON l.id = d.loan_id
            WHERE (l.status = 'deactivated' AND d.state <> 'released') OR (d.state = 'locked' AND l.status <> 'active')`);
        expect(locks.misfit).toBe(0);
    });

    it('has requests of every kind in every state, each decided by a checker who is not its maker, with their effects', async () => {
        const states = rowsOf<{ kind: string; status: string }>(
            await server.db.execute(sql`SELECT DISTINCT kind::text, status::text FROM approval_requests`),
        );
        for (const kind of ['deregistration', 'imei_change', 'loan_transfer']) {
            for (const status of ['pending', 'approved', 'rejected'])
                expect(states, `${kind} ${status}`).toContainEqual({ kind, status });
        }
        const decided = await one<{ own: number; undecided: number; pending_decided: number; future: number }>(sql`
            SELECT count(*) FILTER (WHERE status <> 'pending' AND checker_admin_id = maker_admin_id)::int AS own,
                   count(*) FILTER (WHERE status <> 'pending' AND (checker_admin_id IS NULL OR decided_at IS NULL))::int AS undecided,
                   count(*) FILTER (WHERE status = 'pending' AND (checker_admin_id IS NOT NULL OR decided_at IS NOT NULL))::int AS pending_decided,
                   count(*) FILTER (WHERE decided_at < created_at OR decided_at > ${server.clock.now().toISOString()}::timestamptz)::int AS future
            FROM approval_requests`);
        expect(decided).toEqual({ own: 0, undecided: 0, pending_decided: 0, future: 0 });
        // The checker holds the kind's approving role; a pending loan request is on an active loan.
        const effects = await one<{ dereg: number; imei: number; transfer: number; pending_inactive: number }>(sql`
            SELECT
              count(*) FILTER (WHERE r.kind = 'deregistration' AND r.status = 'approved' AND l.status <> 'deactivated')::int AS dereg,
              count(*) FILTER (WHERE r.kind = 'imei_change' AND r.status = 'approved' AND (r.change ->> 'new_imei' <> l.imei
                  OR NOT EXISTS (SELECT 1 FROM inventory_items i WHERE i.imei = r.change ->> 'old_imei' AND i.status = 'returned')))::int AS imei,
              count(*) FILTER (WHERE r.kind = 'loan_transfer' AND r.status = 'approved' AND r.change ->> 'to_msisdn' <> c.msisdn)::int AS transfer,
              count(*) FILTER (WHERE r.status = 'pending' AND r.loan_id IS NOT NULL AND l.status <> 'active')::int AS pending_inactive
            FROM approval_requests r LEFT JOIN loans l ON l.id = r.loan_id LEFT JOIN customers c ON c.id = l.customer_id`);
        expect(effects).toEqual({ dereg: 0, imei: 0, transfer: 0, pending_inactive: 0 });
        const roles = await one<{ without_role: number }>(sql`
            SELECT count(*)::int AS without_role FROM approval_requests r JOIN admins a ON a.id = r.checker_admin_id
            WHERE NOT EXISTS (
                SELECT 1 FROM group_roles gr JOIN admin_roles ar ON ar.id = gr.role_id
                WHERE gr.group_id = a.group_id AND ar.code = CASE r.kind::text
                    WHEN 'deregistration' THEN 'APPROVE_DEREGISTRATION' WHEN 'imei_change' THEN 'APPROVE_IMEI_CHANGE'
                    WHEN 'loan_transfer' THEN 'APPROVE_TRANSFER_LOAN_OWNERSHIP' WHEN 'agent_registration' THEN 'APPROVE_AGENT_REGISTRATION'
                    ELSE 'APPROVE_PRICE_CHANGE' END)`);
        expect(roles.without_role).toBe(0);
    });

    it("has statements whose counts and amounts are their rows', and every suspense payment unmatched", async () => {
        const uploads = rowsOf<{ id: number }>(
            await server.db.execute(sql`
                SELECT u.id FROM reconciliation_uploads u
                LEFT JOIN (SELECT upload_id, count(*) FILTER (WHERE loan_id IS NOT NULL) AS matched,
                                  count(*) FILTER (WHERE loan_id IS NULL) AS suspense, coalesce(sum(amount), 0) AS amount
                           FROM transactions WHERE upload_id IS NOT NULL GROUP BY upload_id) t ON t.upload_id = u.id
                LEFT JOIN (SELECT upload_id, count(*) FILTER (WHERE outcome = 'duplicate') AS duplicate,
                                  count(*) FILTER (WHERE outcome = 'rejected') AS rejected
                           FROM reconciliation_rows GROUP BY upload_id) o ON o.upload_id = u.id
                WHERE u.matched <> coalesce(t.matched, 0) OR u.suspense <> coalesce(t.suspense, 0)
                   OR u.duplicate <> coalesce(o.duplicate, 0) OR u.rejected <> coalesce(o.rejected, 0)
                   OR u.rows <> u.matched + u.suspense + u.duplicate + u.rejected OR u.amount_recorded <> coalesce(t.amount, 0)
                   OR u.pending IS NOT NULL`),
        );
        expect(uploads).toEqual([]);
        const lines = await one<{ clash: number; kinds: number; unmatched_loan: number; duplicate_unknown: number }>(sql`
            SELECT
              (SELECT count(*) - count(DISTINCT (upload_id, line))
               FROM (SELECT upload_id, upload_line AS line FROM transactions WHERE upload_id IS NOT NULL
                     UNION ALL SELECT upload_id, line FROM reconciliation_rows) AS l)::int AS clash,
              (SELECT count(DISTINCT outcome) FROM reconciliation_rows)::int AS kinds,
              (SELECT count(*) FROM transactions WHERE suspense_status IS NOT NULL AND suspense_status <> 'corrected' AND loan_id IS NOT NULL)::int AS unmatched_loan,
              (SELECT count(*) FROM reconciliation_rows r WHERE r.outcome = 'duplicate'
                 AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.id = r.transaction_id AND t.reference = r.reference))::int AS duplicate_unknown`);
        expect(lines).toEqual({ clash: 0, kinds: 2, unmatched_loan: 0, duplicate_unknown: 0 });
    });

    it("has each verified or pending customer's KYC submission, decided by a checker when verified, with pictures that open", async () => {
        const kyc = await one<{
            customers: number;
            submissions: number;
            mismatched: number;
            undecided: number;
            pictures: number;
        }>(sql`
            SELECT (SELECT count(*) FROM customers WHERE msisdn LIKE '2772%' AND kyc_status IN ('verified', 'pending'))::int AS customers,
                   count(*)::int AS submissions,
                   count(*) FILTER (WHERE (c.kyc_status = 'verified') <> (s.status = 'approved')
                                       OR (c.kyc_status = 'pending') <> (s.status = 'pending'))::int AS mismatched,
                   count(*) FILTER (WHERE s.status = 'approved' AND (s.decided_at IS NULL OR s.decided_by_admin_id IS NULL
                                       OR s.decided_by_admin_id = s.submitted_by_admin_id))::int AS undecided,
                   (SELECT count(*) FROM kyc_images i JOIN customers ic ON ic.id = i.customer_id WHERE ic.msisdn LIKE '2772%')::int AS pictures
            FROM kyc_submissions s JOIN customers c ON c.id = s.customer_id
            WHERE c.msisdn LIKE '2772%'`);
        expect(kyc.customers).toBeGreaterThan(CUSTOMERS / 2);
        expect(kyc).toEqual({
            customers: kyc.customers,
            submissions: kyc.customers,
            mismatched: 0,
            undecided: 0,
            pictures: 3 * kyc.customers,
        });

        // The verification queue shows them, and each of a submission's pictures opens for the checker.
        const queue = await server.call(pendingKycVerifications, { token, body: { status: 'pending', page_size: 50 } });
        expect(queue.status).toBe(200);
        const generated = queue.body?.data.find(submission => submission.customer.msisdn.startsWith('2772'));
        expect(generated).toBeDefined();
        for (const image of generated?.images ?? []) {
            const content = await server.call(kycImageContent, { token, params: { id: image.id } });
            expect(content.status, image.kind).toBe(200);
            expect(content.body?.data_url).toMatch(/^data:image\/png;base64,/);
        }
        expect(generated?.images.map(image => image.kind).sort()).toEqual(['id_back', 'id_front', 'selfie']);
    });

    it('writes IMEIs in SQL as the Luhn rule wants', async () => {
        const numbers = [0, 1, 9, 42, 999_999_999, 123_456_789, 500_000];
        const row = await one<Record<string, string>>(
            sql`SELECT ${sql.join(
                numbers.map((number, index) => sql`${imeiSql('35997', String(number))} AS ${sql.raw(`"n${index}"`)}`),
                sql`, `,
            )}`,
        );
        numbers.forEach((number, index) =>
            expect(row[`n${index}`]).toBe(withCheckDigit(`35997${String(number).padStart(9, '0')}`)),
        );
    });

    it('makes the same rows for the same N, and leaves every key and index as the migrations made it', async () => {
        const fingerprint = async () =>
            one<Record<string, string>>(sql`
                SELECT (SELECT md5(string_agg(concat_ws('|', msisdn, username, id_number, store_id, created_at), ',' ORDER BY id)) FROM customers) AS customers,
                       (SELECT md5(string_agg(concat_ws('|', loan_reference, customer_id, imei, status, balance, store_id, agent_admin_id), ',' ORDER BY id)) FROM loans) AS loans,
                       (SELECT md5(string_agg(concat_ws('|', imei, sku, store_id, status), ',' ORDER BY id)) FROM inventory_items) AS devices,
                       (SELECT md5(string_agg(concat_ws('|', kind, status, loan_id, maker_admin_id, checker_admin_id, change::text, created_at), ',' ORDER BY id)) FROM approval_requests) AS requests,
                       (SELECT md5(string_agg(concat_ws('|', reference, loan_id, amount, upload_id, upload_line, paid_at), ',' ORDER BY id)) FROM transactions) AS payments`);
        const first = await fingerprint();
        await dropEverything(server.db);
        await server.database.migrate();
        const migrated = await keysAndIndexes();
        await seedAtScale(server.database, server.settings, { customers: CUSTOMERS });
        expect(await fingerprint()).toEqual(first);
        // The seed drops the generated tables' indexes and foreign keys while it loads them
        // (server/seed/business.ts deferIndexes): each is back as the migrations made it.
        expect(await keysAndIndexes()).toEqual(migrated);
    }, 600_000);
});
