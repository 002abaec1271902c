/**
 * Requests waiting for a checker in the demo (server/domain/approvals), so the approval queues are
 * not empty on first start, and their share of `--scale N`:
 *
 * - one request of each loan kind, made by `maker` on the demo loans kept for them (README, "Demo
 *   customers"): a deregistration of LPP-000010, an IMEI change of LPP-000011, a transfer of
 *   LPP-000012 to Busisiwe Ngcobo; ids 1, 2 and 3 on a fresh database;
 * - a self-registered sales agent of Soweto Central awaiting approval (`newagent`), id 4;
 * - every other admin awaiting approval (the generated agents of `--scale`) gets their request;
 * - `--scale N`: a request on one generated active loan in ten, of every loan kind, one in ten of
 *   them pending and the others rejected by `checker`, spread over the last two years.
 */
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db';
import { admins, approvalRequests, customers, loans, stores } from '../db/schema';
import { withCheckDigit } from './customers';

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

/** `--scale N`: requests on the generated loans (server/seed/customers.ts `seedGeneratedCustomers`). */
export const seedGeneratedApprovals = async (tx: Transaction, howMany: number, ids: SeedIds, now: Date) => {
    if (howMany <= 0) return;
    const makerId = ids.admins.get('maker') ?? 0;
    const checkerId = ids.admins.get('checker') ?? 0;
    const at = now.toISOString();
    // The kind by the loan's number; the new IMEI (deregistration and transfer ignore it) has a
    // type allocation code no generated phone has, and its Luhn check digit.
    await tx.execute(sql`
        INSERT INTO ${approvalRequests} (kind, status, loan_id, customer_id, store_id, change, reason, maker_admin_id,
            checker_admin_id, decision_note, decided_at, created_at)
        SELECT k.kind::approval_kind,
               (CASE WHEN pending THEN 'pending' ELSE 'rejected' END)::approval_status,
               l.id, l.customer_id, l.store_id,
               CASE k.kind
                   WHEN 'deregistration' THEN '{}'::jsonb
                   WHEN 'imei_change' THEN jsonb_build_object('old_imei', l.imei, 'new_imei',
                       body || ((10 - (SELECT sum(CASE WHEN p % 2 = 0 THEN (CASE WHEN d * 2 > 9 THEN d * 2 - 9 ELSE d * 2 END) ELSE d END)
                                       FROM (SELECT p, substr(body, p, 1)::int AS d FROM generate_series(1, 14) AS p) AS digits) % 10) % 10)::text)
                   ELSE jsonb_build_object('from_msisdn', c.msisdn, 'to_msisdn', o.msisdn, 'to_name', o.first_name || ' ' || o.last_name)
               END,
               (ARRAY['Customer request', 'Replacement under warranty', 'Sold to a relative'])[1 + n.g % 3],
               ${makerId}::int,
               CASE WHEN pending THEN NULL ELSE ${checkerId}::int END,
               CASE WHEN pending THEN NULL ELSE 'Not supported by the documents provided' END,
               CASE WHEN pending THEN NULL ELSE created + interval '1 day' END,
               created
        FROM ${loans} l
        JOIN ${customers} c ON c.id = l.customer_id
        CROSS JOIN LATERAL (SELECT substr(l.loan_reference, 5)::int AS g) AS n
        CROSS JOIN LATERAL (SELECT (ARRAY['deregistration', 'imei_change', 'loan_transfer'])[1 + (n.g / 10) % 3] AS kind,
                                   (n.g / 10) % 10 = 0 AS pending,
                                   ${at}::timestamptz - ((n.g::bigint * 7919 % 17280) || ' hours')::interval AS created,
                                   '35998' || lpad(n.g::text, 9, '0') AS body) AS k
        JOIN ${customers} o ON o.msisdn = '2772' || lpad((n.g % ${howMany} + 1)::text, 7, '0')
        WHERE l.loan_reference LIKE 'LPS-%' AND l.status = 'active' AND n.g % 10 = 0 AND o.id <> c.id`);
};
