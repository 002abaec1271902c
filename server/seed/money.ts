/**
 * Money in the demo (server/domain/money; README, "Demo customers"), so the payment, suspense and
 * insurance screens show something on first start, and its share of `--scale N`:
 *
 * - insurance claims: three the insurer paid (each recorded as an instalment whose reference is
 *   the insurer's, by bank, lowering its loan's balance) on LPP-000004, LPP-000002 and LPP-000011,
 *   two it refused (with why) on LPP-000001 and LPP-000010; a reversal of the LPP-000004 claim
 *   asked for by `maker` waits for a checker. No e2e journey or server test depends on the balances
 *   of these loans, and the refused claims change none.
 * - suspense: three open payments with different reasons — an unknown payer naming no loan; Themba
 *   Nkosi (27710000002) naming Grace Mthembu's paid-off LPP-000003, so the loan picker offers his
 *   own active LPP-000002; more than Kagiso Molefe's LPP-000008 still owes — and one `queued` by
 *   `maker` with a note.
 * - `--scale N`: a paid claim on one generated active loan in ten and a refused one on another,
 *   and N / 20 suspense payments (one in five of them queued), spread over the last months, each
 *   of them a line of a generated statement (server/seed/business.ts).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { SuspenseReason } from '../../contract/money';
import type { Transaction } from '../db';
import { customers, loans, tpiClaims, tpiReversals, transactions } from '../db/schema';
import { generatedSuspenseCount } from './business';
import { insertPaymentsInBulk } from './payments';

const DAY_MS = 24 * 60 * 60_000;
const round = (value: number) => Math.round(value * 100) / 100;

interface DemoClaim {
    loanReference: string;
    insurer: string;
    insurerReference: string;
    amount: number;
    daysAgo: number;
    /** Refused, and why; paid when absent. */
    failed?: string;
    /** A reversal asked for by `maker`, waiting for a checker. */
    reversal?: string;
}

export const DEMO_CLAIMS: readonly DemoClaim[] = [
    {
        loanReference: 'LPP-000004',
        insurer: 'Hollard',
        insurerReference: 'HOL-CLM-10041',
        amount: 899,
        daysAgo: 21,
        reversal: 'The insurer recalled the payment: the same loss was claimed twice',
    },
    { loanReference: 'LPP-000002', insurer: 'Sanlam', insurerReference: 'SAN-CLM-20022', amount: 237, daysAgo: 12 },
    { loanReference: 'LPP-000011', insurer: 'Hollard', insurerReference: 'HOL-CLM-10113', amount: 158, daysAgo: 5 },
    {
        loanReference: 'LPP-000001',
        insurer: 'Hollard',
        insurerReference: 'HOL-CLM-10014',
        amount: 1490,
        daysAgo: 7,
        failed: 'The policy does not cover a cracked screen',
    },
    {
        loanReference: 'LPP-000010',
        insurer: 'Sanlam',
        insurerReference: 'SAN-CLM-20105',
        amount: 1200,
        daysAgo: 15,
        failed: 'The claim was lodged more than 30 days after the loss',
    },
];

interface DemoSuspense {
    reference: string;
    msisdn: string;
    account: string | null;
    amount: number;
    channel: 'mpesa' | 'card' | 'bank';
    reason: SuspenseReason;
    daysAgo: number;
    /** Set aside by `maker` with this note. */
    queued?: string;
}

export const DEMO_SUSPENSE: readonly DemoSuspense[] = [
    {
        reference: 'MP-QX7K2L9A',
        msisdn: '27829990001',
        account: 'LPP-00001',
        amount: 149,
        channel: 'mpesa',
        reason: 'unknown_account',
        daysAgo: 3,
    },
    {
        reference: 'FNB-0042-7781',
        msisdn: '27710000002',
        account: 'LPP-000003',
        amount: 79,
        channel: 'bank',
        reason: 'loan_not_active',
        daysAgo: 2,
    },
    {
        reference: 'MP-RB4T8N2C',
        msisdn: '27710000008',
        account: 'LPP-000008',
        amount: 149,
        channel: 'mpesa',
        reason: 'exceeds_balance',
        daysAgo: 1,
    },
    {
        reference: 'CARD-55120934',
        msisdn: '27829990002',
        account: null,
        amount: 500,
        channel: 'card',
        reason: 'unknown_account',
        daysAgo: 6,
        queued: 'The payer says it was meant for another lender: the bank is tracing it',
    },
];

export const seedDemoMoney = async (tx: Transaction, ids: { admins: ReadonlyMap<string, number> }, now: Date) => {
    const makerId = ids.admins.get('maker');
    if (makerId === undefined) throw new Error('The demo account maker is missing');
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

    const references = [...new Set(DEMO_CLAIMS.map(claim => claim.loanReference))];
    const rows = await tx
        .select({ loan: loans, msisdn: customers.msisdn })
        .from(loans)
        .innerJoin(customers, eq(customers.id, loans.customerId))
        .where(inArray(loans.loanReference, references));
    const loanOf = (reference: string) => {
        const row = rows.find(candidate => candidate.loan.loanReference === reference);
        if (!row) throw new Error(`The demo loan ${reference} is missing`);
        return row;
    };

    for (const claim of DEMO_CLAIMS) {
        const { loan, msisdn } = loanOf(claim.loanReference);
        const at = daysAgo(claim.daysAgo);
        let transactionId: number | null = null;
        if (!claim.failed) {
            const [paid] = await tx
                .insert(transactions)
                .values({
                    reference: claim.insurerReference,
                    msisdn,
                    loanId: loan.id,
                    amount: claim.amount,
                    channel: 'bank',
                    kind: 'instalment',
                    paidAt: at,
                    createdAt: at,
                })
                .returning({ id: transactions.id });
            transactionId = paid?.id ?? null;
            loan.balance = round(loan.balance - claim.amount);
            await tx.update(loans).set({ balance: loan.balance }).where(eq(loans.id, loan.id));
        }
        const [created] = await tx
            .insert(tpiClaims)
            .values({
                loanId: loan.id,
                insurer: claim.insurer,
                insurerReference: claim.insurerReference,
                amount: claim.amount,
                status: claim.failed ? 'failed' : 'successful',
                reason: claim.failed ?? null,
                transactionId,
                createdAt: at,
            })
            .returning({ id: tpiClaims.id });
        if (!created) throw new Error(`Could not seed the claim ${claim.insurerReference}`);
        if (claim.reversal) {
            await tx.insert(tpiReversals).values({
                claimId: created.id,
                reason: claim.reversal,
                makerAdminId: makerId,
                createdAt: daysAgo(1),
            });
        }
    }

    await tx.insert(transactions).values(
        DEMO_SUSPENSE.map(payment => {
            const at = daysAgo(payment.daysAgo);
            return {
                reference: payment.reference,
                msisdn: payment.msisdn,
                amount: payment.amount,
                channel: payment.channel,
                kind: 'instalment' as const,
                account: payment.account,
                paidAt: at,
                createdAt: at,
                suspenseStatus: payment.queued ? ('queued' as const) : ('open' as const),
                suspenseReason: payment.reason,
                ...(payment.queued
                    ? { queueNote: payment.queued, queuedBy: makerId, queuedAt: new Date(at.getTime() + DAY_MS) }
                    : {}),
            };
        }),
    );
};

/**
 * `--scale N`: claims on the generated active loans (a paid one where the loan id ends in 1, a
 * refused one where it ends in 2) and N / 20 suspense payments, in set-based SQL.
 */
export const seedGeneratedMoney = async (
    tx: Transaction,
    howMany: number,
    ids: { admins: ReadonlyMap<string, number> },
    now: Date,
) => {
    if (howMany <= 0) return;
    const makerId = ids.admins.get('maker') ?? null;
    const at = now.toISOString();

    // A paid claim of one instalment: its payment (the insurer's reference), the claim, the balance lowered.
    await insertPaymentsInBulk(
        tx,
        () =>
            tx.execute(sql`
        WITH picked AS (
            SELECT l.id, l.instalment, c.msisdn,
                   ${at}::timestamptz - ((1 + l.id % 90) || ' days')::interval AS at
            FROM ${loans} l JOIN ${customers} c ON c.id = l.customer_id
            WHERE l.loan_reference LIKE 'LPS-%' AND l.status = 'active' AND l.id % 10 = 1 AND l.balance >= l.instalment
        ), paid AS (
            INSERT INTO ${transactions} (reference, msisdn, loan_id, amount, channel, kind, paid_at, created_at)
            SELECT 'GEN-CLM-' || id, msisdn, id, instalment, 'bank', 'instalment', at, at FROM picked
            RETURNING id, loan_id, amount, reference, created_at
        ), claims AS (
            INSERT INTO ${tpiClaims} (loan_id, insurer, insurer_reference, amount, status, transaction_id, created_at)
            SELECT loan_id, (ARRAY['Hollard','Sanlam','Old Mutual'])[1 + loan_id % 3], reference, amount, 'successful', id, created_at
            FROM paid
        )
        UPDATE ${loans} SET balance = ${loans}.balance - paid.amount FROM paid WHERE ${loans}.id = paid.loan_id`),
        sql`${loans.id} IN (SELECT loan_id FROM ${transactions} WHERE reference LIKE 'GEN-CLM-%')`,
    );

    await tx.execute(sql`
        INSERT INTO ${tpiClaims} (loan_id, insurer, insurer_reference, amount, status, reason, created_at)
        SELECT l.id, (ARRAY['Hollard','Sanlam','Old Mutual'])[1 + l.id % 3], 'GEN-CLF-' || l.id, l.instalment * 4, 'failed',
               (ARRAY['The policy does not cover a cracked screen', 'The claim was lodged more than 30 days after the loss',
                      'The premium was not paid'])[1 + l.id % 3],
               ${at}::timestamptz - ((1 + l.id % 90) || ' days')::interval
        FROM ${loans} l
        WHERE l.loan_reference LIKE 'LPS-%' AND l.status = 'active' AND l.id % 10 = 2`);

    // Paid by generated customers (2772…) or by numbers that are nobody's (2769…), naming a generated loan or nothing.
    await tx.execute(sql`
        INSERT INTO ${transactions} (reference, msisdn, amount, channel, kind, account, paid_at, created_at,
            suspense_status, suspense_reason, queue_note, queued_by, queued_at)
        SELECT 'GEN-SUS-' || g,
               CASE WHEN g % 2 = 0 THEN '2772' ELSE '2769' END || lpad((1 + g * 7 % ${howMany})::text, 7, '0'),
               (ARRAY[99, 149, 79, 259, 500])[1 + g % 5]::numeric,
               (ARRAY['mpesa','bank','card','cash']::transaction_channel[])[1 + g % 4],
               'instalment',
               CASE WHEN g % 3 = 0 THEN NULL ELSE 'LPS-' || lpad((1 + g * 13 % ${howMany})::text, 8, '0') END,
               t.at, t.at,
               (CASE WHEN g % 5 = 0 THEN 'queued' ELSE 'open' END)::suspense_status,
               (ARRAY['unknown_account','loan_not_active','several_loans','exceeds_balance']::suspense_reason[])[1 + g % 4],
               CASE WHEN g % 5 = 0 THEN 'Waiting for the payer to confirm the loan' END,
               CASE WHEN g % 5 = 0 THEN ${makerId}::int END,
               CASE WHEN g % 5 = 0 THEN t.at + interval '1 day' END
        FROM generate_series(1, ${generatedSuspenseCount(howMany)}) AS g,
             LATERAL (SELECT ${at}::timestamptz - ((1 + g % 120) || ' days')::interval AS at) AS t`);
};
