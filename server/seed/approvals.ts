/**
 * Requests waiting for a checker in the demo (server/domain/approvals), so the approval queues are
 * not empty on first start, and their share of `--scale N`:
 *
 * - one request of each loan kind, made by `maker` on the demo loans kept for them (README, "Demo
 *   customers"): a deregistration of LPP-000010, an IMEI change of LPP-000011, a transfer of
 *   LPP-000012 to Busisiwe Ngcobo; ids 1, 2 and 3 on a fresh database;
 * - a self-registered sales agent of Soweto Central awaiting approval (`newagent`), id 4;
 * - every other admin awaiting approval (the generated agents of `--scale`) gets their request;
 * - `--scale N`: about N / 10 requests on the generated loans, of every loan kind and in every
 *   state, with the approved ones' effects (`seedGeneratedApprovals`).
 */
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db';
import { admins, approvalRequests, customers, deviceLocks, inventoryItems, loans, stores } from '../db/schema';
import { withCheckDigit } from './customers';
import { imeiSql } from './imei';

const HOUR_MS = 60 * 60_000;

/** The demo agent whose self-registration waits for a checker (not a demo account: they cannot sign in yet). */
export const DEMO_REGISTRATION = {
    username: 'newagent',
    firstName: 'Musa',
    lastName: 'Shabalala',
    msisdn: '27820000009',
    store: 'Soweto Central',
} as const;

/** The new phone of the demo IMEI change (LPP-000011): in no shop's stock and on no loan. */
export const DEMO_NEW_IMEI = withCheckDigit('35467811000111');

interface SeedIds {
    stores: ReadonlyMap<string, number>;
    admins: ReadonlyMap<string, number>;
    salesAgentGroupId: number;
}

const loanOf = async (tx: Transaction, reference: string) => {
    const [row] = await tx
        .select({ loan: loans, msisdn: customers.msisdn })
        .from(loans)
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(eq(loans.loanReference, reference));
    if (!row) throw new Error(`The demo loan ${reference} is missing`);
    return row;
};

/** The demo's requests: one of each loan kind by `maker`, and one agent registration. */
export const seedDemoApprovals = async (tx: Transaction, ids: SeedIds, passwordHash: string, now: Date) => {
    const makerId = ids.admins.get('maker');
    if (makerId === undefined) throw new Error('The demo account maker is missing');
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);

    const deregistration = await loanOf(tx, 'LPP-000010');
    const imeiChange = await loanOf(tx, 'LPP-000011');
    const transfer = await loanOf(tx, 'LPP-000012');
    const [newOwner] = await tx.select().from(customers).where(eq(customers.msisdn, '27710000013'));
    if (!newOwner) throw new Error('The demo customer 27710000013 is missing');
    const onLoan = ({ loan }: Awaited<ReturnType<typeof loanOf>>) => ({
        loanId: loan.id,
        customerId: loan.customerId,
        storeId: loan.storeId,
        makerAdminId: makerId,
    });
    await tx.insert(approvalRequests).values([
        {
            kind: 'deregistration',
            ...onLoan(deregistration),
            change: {},
            reason: 'The customer returned the phone and cancelled the contract',
            createdAt: at(30),
        },
        {
            kind: 'imei_change',
            ...onLoan(imeiChange),
            change: { old_imei: imeiChange.loan.imei, new_imei: DEMO_NEW_IMEI },
            reason: 'Replacement phone under warranty: the screen failed',
            createdAt: at(20),
        },
        {
            kind: 'loan_transfer',
            ...onLoan(transfer),
            change: {
                from_msisdn: transfer.msisdn,
                to_msisdn: newOwner.msisdn,
                to_name: `${newOwner.firstName} ${newOwner.lastName}`,
            },
            reason: 'The phone was given to his sister, who will pay the instalments',
            createdAt: at(10),
        },
    ]);

    const storeId = ids.stores.get(DEMO_REGISTRATION.store) ?? null;
    await tx.insert(admins).values({
        username: DEMO_REGISTRATION.username,
        firstName: DEMO_REGISTRATION.firstName,
        lastName: DEMO_REGISTRATION.lastName,
        msisdn: DEMO_REGISTRATION.msisdn,
        email: `${DEMO_REGISTRATION.username}@portal.example`,
        groupId: ids.salesAgentGroupId,
        storeId,
        status: 'pending_approval',
        passwordHash,
        createdAt: at(5),
    });
};

/** A request for every admin awaiting approval that has none (made by themselves, as `register` does). */
export const seedRegistrationRequests = async (tx: Transaction) => {
    await tx.execute(sql`
        INSERT INTO ${approvalRequests} (kind, subject_admin_id, store_id, change, reason, maker_admin_id, created_at)
        SELECT 'agent_registration', a.id, a.store_id,
               jsonb_build_object('username', a.username, 'store_name', coalesce(s.name, '')),
               'Agent self-registration', a.id, a.created_at
        FROM ${admins} a LEFT JOIN ${stores} s ON s.id = a.store_id
        WHERE a.status = 'pending_approval'
          AND NOT EXISTS (SELECT 1 FROM ${approvalRequests} r WHERE r.subject_admin_id = a.id)
        ORDER BY a.id`);
};

/**
 * `--scale N`: about N / 10 requests on the generated loans (server/seed/customers.ts
 * `seedGeneratedCustomers`), one on each active loan of six blocks of ten customers in 36, of every
 * loan kind, by `maker` or `secure`, and in every state: one in five pending, two approved (by
 * `checker` or `admin`, never the maker), two rejected with a note. An approved request's effect is
 * in the data: a deregistered loan is `deactivated` with its phone released; an IMEI change's loan
 * carries the new IMEI and the old phone is back in its shop, `returned`; a transferred loan
 * belongs to the customer it went to. Pending ones are the kinds the loan allows (no IMEI change
 * on a phone locked for arrears).
 */
export const seedGeneratedApprovals = async (tx: Transaction, howMany: number, ids: SeedIds, now: Date) => {
    if (howMany <= 0) return;
    const makers = [ids.admins.get('maker'), ids.admins.get('secure')];
    const checkers = [ids.admins.get('checker'), ids.admins.get('admin')];
    if (makers.some(id => id === undefined) || checkers.some(id => id === undefined)) {
        throw new Error('The demo accounts maker, secure, checker and admin are missing');
    }
    const ints = (values: (number | undefined)[]) => sql.raw(`(ARRAY[${values.map(Number).join(',')}]::int[])`);
    const at = now.toISOString();
    // Which loans, the kind and the state, by the customer's number g: g / 10 % 6 = 0 picks the
    // loans, (g / 60) % 3 the kind, (g / 180) % 5 the state (0 pending, 1–2 approved, 3–4 rejected).
    // Made between the sale and today, decided half-way from then to today. A transfer's other
    // customer is a generated one of another block (the new owner, or for an approved transfer the
    // one it came from).
    await tx.execute(sql`
        CREATE TEMPORARY TABLE seed_requests ON COMMIT DROP AS
        SELECT l.id AS loan_id, l.customer_id, l.store_id, l.imei, n.g,
               CASE WHEN k.kind = 'imei_change' AND k.state = 'pending' AND substr(l.loan_reference, 12, 1) = '5'
                    THEN 'deregistration' ELSE k.kind END AS kind,
               k.state, k.created,
               CASE WHEN k.state = 'pending' THEN NULL ELSE k.created + (${at}::timestamptz - k.created) / 2 END AS decided,
               '2772' || lpad((1 + (n.g + 30) % ${howMany})::text, 7, '0') AS other_msisdn
        FROM ${loans} l
        CROSS JOIN LATERAL (SELECT substr(l.loan_reference, 5)::int AS g) AS n
        CROSS JOIN LATERAL (
            SELECT (ARRAY['deregistration', 'imei_change', 'loan_transfer'])[1 + (n.g / 60) % 3] AS kind,
                   (ARRAY['pending', 'approved', 'approved', 'rejected', 'rejected'])[1 + (n.g / 180) % 5] AS state,
                   l.created_at + (${at}::timestamptz - l.created_at) * (0.1 + 0.8 * ((n.g::bigint * 7919) % 1000) / 1000.0) AS created
        ) AS k
        WHERE l.loan_reference LIKE 'LPS-%' AND l.status = 'active' AND (n.g / 10) % 6 = 0`);

    await tx.execute(sql`
        INSERT INTO ${approvalRequests} (kind, status, loan_id, customer_id, store_id, change, reason, maker_admin_id,
            checker_admin_id, decision_note, decided_at, created_at)
        SELECT r.kind::approval_kind, r.state::approval_status, r.loan_id,
               CASE WHEN r.kind = 'loan_transfer' AND r.state = 'approved' THEN o.id ELSE r.customer_id END,
               r.store_id,
               CASE r.kind
                   WHEN 'deregistration' THEN '{}'::jsonb
                   WHEN 'imei_change' THEN
                       CASE WHEN r.state = 'approved' THEN jsonb_build_object('old_imei', ${imeiSql('35996', 'r.g')}, 'new_imei', r.imei)
                            ELSE jsonb_build_object('old_imei', r.imei, 'new_imei', ${imeiSql('35998', 'r.g')}) END
                   WHEN 'loan_transfer' THEN
                       CASE WHEN r.state = 'approved'
                            THEN jsonb_build_object('from_msisdn', o.msisdn, 'to_msisdn', c.msisdn, 'to_name', c.first_name || ' ' || c.last_name)
                            ELSE jsonb_build_object('from_msisdn', c.msisdn, 'to_msisdn', o.msisdn, 'to_name', o.first_name || ' ' || o.last_name) END
               END,
               CASE r.kind WHEN 'deregistration' THEN 'The customer returned the phone and cancelled the contract'
                           WHEN 'imei_change' THEN 'Replacement phone under warranty'
                           ELSE 'The phone was given to a relative, who will pay the instalments' END,
               ${ints(makers)}[1 + r.g % 2],
               CASE WHEN r.state = 'pending' THEN NULL ELSE ${ints(checkers)}[1 + (r.g / 2) % 2] END,
               CASE WHEN r.state = 'rejected' THEN 'Not supported by the documents provided'
                    WHEN r.state = 'approved' THEN 'Checked against the documents' END,
               r.decided, r.created
        FROM seed_requests r
        JOIN ${customers} c ON c.id = r.customer_id
        JOIN ${customers} o ON o.msisdn = r.other_msisdn
        WHERE o.id <> c.id
        ORDER BY r.created, r.loan_id`);

    // What the approved ones did: deregistered loans and their phones released, the old phones of
    // IMEI changes returned to the loan's shop.
    await tx.execute(sql`
        UPDATE ${loans} l SET status = 'deactivated', updated_at = r.decided_at
        FROM ${approvalRequests} r
        WHERE r.loan_id = l.id AND r.kind = 'deregistration' AND r.status = 'approved' AND l.loan_reference LIKE 'LPS-%'`);
    await tx.execute(sql`
        UPDATE ${deviceLocks} d SET state = 'released', confirmed_state = 'released', lock_reason = NULL, confirmed_at = r.decided_at,
            updated_at = r.decided_at
        FROM ${approvalRequests} r
        WHERE r.loan_id = d.loan_id AND r.kind = 'deregistration' AND r.status = 'approved' AND r.store_id IS NOT NULL
          AND d.loan_id IN (SELECT id FROM ${loans} WHERE loan_reference LIKE 'LPS-%')`);
    await tx.execute(sql`
        INSERT INTO ${inventoryItems} (sku, imei, store_id, status, created_at)
        SELECT l.sku, r.change ->> 'old_imei', l.store_id, 'returned', r.decided_at
        FROM ${approvalRequests} r JOIN ${loans} l ON l.id = r.loan_id
        WHERE r.kind = 'imei_change' AND r.status = 'approved' AND l.loan_reference LIKE 'LPS-%'`);
};

/** `--scale N`: the generated agents already active (`agentIds`) had their registration approved by `checkerId`. */
export const seedApprovedRegistrations = async (tx: Transaction, agentIds: readonly number[], checkerId: number) => {
    if (agentIds.length === 0) return;
    await tx.execute(sql`
        INSERT INTO ${approvalRequests} (kind, status, subject_admin_id, store_id, change, reason, maker_admin_id,
            checker_admin_id, decision_note, decided_at, created_at)
        SELECT 'agent_registration', 'approved', a.id, a.store_id,
               jsonb_build_object('username', a.username, 'store_name', coalesce(s.name, '')),
               'Agent self-registration', a.id, ${checkerId}::int, 'Welcome', a.created_at - interval '1 day',
               a.created_at - interval '2 days'
        FROM ${admins} a LEFT JOIN ${stores} s ON s.id = a.store_id
        WHERE a.status = 'active' AND a.store_id IS NOT NULL
          AND a.id IN (${sql.join(
              agentIds.map(id => sql`${id}::int`),
              sql`, `,
          )})
        ORDER BY a.id`);
};
