/**
 * A sales history for the demo (docs/domain.md "Analytics"), so the BI page and the dashboard's
 * numbers have something to show on first start: some 12 months back from `now`, a few hundred
 * loans across the four demo shops, each with its customer, phone, device lock, deposit and the
 * instalments paid so far. Soweto Central's are sold by the demo `agent`; the other shops have no
 * demo seller, so their loans name none (no sign-in account is added).
 *
 * How each loan pays follows a fixed pattern (no randomness, so every run is the same): most pay
 * on time (some have paid off: `completed`, phone released), some a week or a month behind, some
 * far behind or stopped after two instalments (their phones locked: portfolio at risk), a few of
 * those deregistered (`deactivated`), and some pay ahead. Sales grow towards today.
 *
 * Its own ranges, which nothing else uses: customers 2773xxxxxxx (id numbers 5 and 12 digits),
 * IMEIs 35777 and 9 digits with their Luhn digit, loans `LPH-` and six digits, payments `TXH-…`.
 * Every payment is dated before today (business day), so lists of today's payments and the
 * loans and payments the tests make come first.
 *
 * Set-based SQL: a plan of the loans in a temporary table, then one statement per table.
 */
import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../time';
import { businessDay } from '../time';
import type { Transaction } from '../db';
import { customers, deviceLocks, inventoryItems, loans, phoneModels, stores, transactions } from '../db/schema';
import { DEMO_MODELS } from './customers';
import { insertPaymentsInBulk } from './payments';

/** How many loans the history holds, and the ranges it keeps to. */
export const HISTORY = {
    loans: 360,
    msisdnPrefix: '2773',
    imeiPrefix: '35777',
    referencePrefix: 'LPH-',
    paymentPrefix: 'TXH-',
    /** How far back the first sale is, in days. */
    days: 364,
} as const;

interface HistoryIds {
    stores: ReadonlyMap<string, number>;
    admins: ReadonlyMap<string, number>;
}

export const seedAnalyticsHistory = async (tx: Transaction, ids: HistoryIds, now: Date): Promise<void> => {
    const store = (name: string) => {
        const id = ids.stores.get(name);
        if (id === undefined) throw new Error(`The demo shop ${name} is missing`);
        return id;
    };
    const soweto = store('Soweto Central');
    const durban = store('Durban Marine Parade');
    const capeTown = store('Cape Town Bellville');
    const pretoria = store('Pretoria Sunnyside');
    const agentId = ids.admins.get('agent') ?? null;
    const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
    const today = sql`${businessDay(now)}::date`;
    const skus = sql.raw(`(ARRAY[${DEMO_MODELS.map(model => `'${model.sku}'`).join(',')}]::text[])`);
    const prefix = HISTORY.msisdnPrefix;

    // The plan: one row per loan. u spreads the sales over the year (more of them lately), w picks
    // how the loan pays and v its phone, each a fraction of g times an irrational (evenly spread, and
    // independent of the shop, which g % 20 picks: Soweto 7 in 20, Durban and Cape Town 5, Pretoria 3).
    await tx.execute(sql`
        CREATE TEMPORARY TABLE analytics_history ON COMMIT DROP AS
        WITH base AS (
            SELECT g,
                   g * 0.6180339887498949 - floor(g * 0.6180339887498949) AS u,
                   floor(20 * (g * 1.4142135623730951 - floor(g * 1.4142135623730951)))::int AS behaviour,
                   floor(${DEMO_MODELS.length} * (g * 2.2360679774997896 - floor(g * 2.2360679774997896)))::int AS model,
                   CASE WHEN g % 20 < 7 THEN ${soweto}::int WHEN g % 20 < 12 THEN ${durban}::int
                        WHEN g % 20 < 17 THEN ${capeTown}::int ELSE ${pretoria}::int END AS store_id
            FROM generate_series(1, ${HISTORY.loans}) AS g
        ),
        dated AS (
            SELECT b.g, b.behaviour, b.store_id, m.sku, m.lock_solution, m.deposit, m.instalment_amount AS instalment,
                   m.instalment_period AS period, m.term, m.deposit + m.instalment_amount * m.term AS price,
                   ${today} - (1 + floor(${HISTORY.days - 1} * (1 - (b.u + sqrt(b.u)) / 2)))::int AS d0,
                   b.body || ((10 - (SELECT sum(CASE WHEN p % 2 = 0 THEN (CASE WHEN d * 2 > 9 THEN d * 2 - 9 ELSE d * 2 END) ELSE d END)
                                     FROM (SELECT p, substr(b.body, p, 1)::int AS d FROM generate_series(1, 14) AS p) AS digits) % 10) % 10)::text AS imei
            FROM (SELECT base.*, ${HISTORY.imeiPrefix} || lpad(base.g::text, 9, '0') AS body FROM base) AS b
            JOIN ${phoneModels} m ON m.sku = ${skus}[1 + b.model]
        ),
        due AS (
            SELECT d.*,
                   least(d.term, CASE WHEN d.period = 'weekly' THEN (${today} - d.d0) / 7
                                      ELSE ((extract(year FROM age(${today}, d.d0)) * 12 + extract(month FROM age(${today}, d.d0))))::int END
                   ) AS due_now
            FROM dated d
        ),
        paying AS (
            SELECT due.*,
                   CASE WHEN behaviour <= 12 THEN due_now
                        WHEN behaviour <= 14 THEN greatest(0, due_now - 1)
                        WHEN behaviour <= 16 THEN greatest(0, due_now - CASE WHEN period = 'weekly' THEN 6 ELSE 2 END)
                        WHEN behaviour = 17 THEN least(due_now, 2)
                        ELSE least(term, due_now + 3) END AS paid
            FROM due
        )
        SELECT p.*,
               ${prefix} || lpad(p.g::text, 7, '0') AS msisdn,
               ${HISTORY.referencePrefix} || lpad(p.g::text, 6, '0') AS reference,
               CASE WHEN p.store_id = ${soweto}::int THEN ${agentId}::int END AS agent_id,
               ((p.d0 + time '09:00' + (p.g % 6) * interval '1 hour') AT TIME ZONE ${zone}) AS deposit_at,
               CASE WHEN p.paid = p.term THEN 'completed'
                    WHEN p.behaviour = 17 AND p.g % 3 = 0 AND ${today} - p.d0 > 121 THEN 'deactivated'
                    ELSE 'active' END AS status
        FROM paying p`);

    // Every payment of the plan: the deposit, then each instalment paid, on its day (a day or two
    // early), late by a few days for those behind, early for those ahead; never today or later,
    // never before the deposit.
    await tx.execute(sql`
        CREATE TEMPORARY TABLE analytics_history_payments ON COMMIT DROP AS
        SELECT h.g, h.msisdn, h.reference, 0 AS k, 'deposit' AS kind, h.deposit AS amount, h.deposit_at AS at
        FROM analytics_history h
        UNION ALL
        SELECT h.g, h.msisdn, h.reference, k, 'instalment', h.instalment,
               (least(${today} - 1, greatest(h.d0,
                    (CASE WHEN h.period = 'weekly' THEN h.d0 + 7 * k ELSE (h.d0 + make_interval(months => k))::date END)
                    + CASE WHEN h.behaviour <= 12 THEN -(h.g % 3)
                           WHEN h.behaviour <= 14 THEN 3
                           WHEN h.behaviour <= 16 THEN 6
                           WHEN h.behaviour = 17 THEN 2
                           WHEN h.period = 'weekly' THEN -21 ELSE -75 END))
                + time '17:00' + ((h.g + k) % 4) * interval '1 hour') AT TIME ZONE ${zone}
        FROM analytics_history h CROSS JOIN generate_series(1, h.paid) AS k`);

    await tx.execute(sql`
        INSERT INTO ${customers} (msisdn, username, first_name, last_name, id_type, id_number, email, gender, date_of_birth,
            street, suburb, town, province, credit_limit, kyc_status, channel, store_id, registered_by_admin_id, created_at)
        SELECT h.msisdn,
               'history.customer' || h.g,
               (ARRAY['Thabo','Lerato','Sipho','Naledi','Bongani','Palesa','Tshepo','Nomvula','Kabelo','Ayanda','Lwazi','Refilwe','Zodwa'])[1 + h.g % 13],
               (ARRAY['Mokoena','Dlamini','Nkosi','Ndlovu','Khumalo','Mahlangu','Zulu','Mthembu','Molefe','Sithole','Radebe'])[1 + (h.g / 13) % 11],
               'national_id',
               '5' || lpad(h.g::text, 12, '0'),
               'history.customer' || h.g || '@mail.example',
               (ARRAY['female','male']::gender[])[1 + h.g % 2],
               date '1965-01-01' + (h.g * 53 % 13000),
               (ARRAY['Vilakazi','Khumalo','Mofolo','Ntsane','Main','Church'])[1 + h.g % 6] || ' Street',
               (ARRAY['Orlando','Diepkloof','Umlazi','Bellville','Sunnyside','Pimville'])[1 + h.g % 6],
               s.town, s.region, (3000 + (h.g % 6) * 1000)::numeric, 'verified', 'shop', h.store_id, h.agent_id,
               h.deposit_at - interval '2 hours'
        FROM analytics_history h JOIN ${stores} s ON s.id = h.store_id`);

    await tx.execute(sql`
        WITH items AS (
            INSERT INTO ${inventoryItems} (sku, imei, store_id, status, created_at)
            SELECT h.sku, h.imei, h.store_id, 'sold', h.deposit_at - interval '30 days' FROM analytics_history h
            RETURNING id, imei
        )
        INSERT INTO ${loans} (loan_reference, customer_id, inventory_item_id, imei, sku, lock_solution, price, deposit, instalment,
            instalment_period, term, cash_price, first_due_date, balance, agent_admin_id, store_id, channel, status, created_at, updated_at)
        SELECT h.reference, c.id, i.id, h.imei, h.sku, h.lock_solution, h.price, h.deposit, h.instalment, h.period, h.term,
               -- The terms accepted: the model's cash price (never above what the loan costs), due one period after the deposit day.
               (SELECT least(m.cash_price, h.price) FROM ${phoneModels} m WHERE m.sku = h.sku),
               (CASE WHEN h.period = 'weekly' THEN h.d0 + 7 ELSE (h.d0 + interval '1 month')::date END),
               CASE WHEN h.status = 'completed' THEN 0 ELSE h.price - h.deposit - h.paid * h.instalment END,
               h.agent_id, h.store_id, 'shop', h.status::loan_status, h.deposit_at - interval '1 hour',
               -- Last touched by its last payment; a deregistered loan when it was deregistered.
               CASE WHEN h.status = 'deactivated' THEN ((h.d0 + 120 + time '12:00') AT TIME ZONE ${zone}) ELSE last.at END
        FROM items i
        JOIN analytics_history h ON h.imei = i.imei
        JOIN ${customers} c ON c.msisdn = h.msisdn
        JOIN (SELECT g, max(at) AS at FROM analytics_history_payments GROUP BY g) AS last ON last.g = h.g`);

    await insertPaymentsInBulk(
        tx,
        () =>
            tx.execute(sql`
        INSERT INTO ${transactions} (reference, msisdn, loan_id, amount, channel, kind, account, paid_at, created_at)
        SELECT ${HISTORY.paymentPrefix} || p.g || '-' || lpad(p.k::text, 2, '0'), p.msisdn, l.id, p.amount,
               (ARRAY['mpesa','mpesa','card','cash','bank']::transaction_channel[])[1 + (p.g + p.k) % 5],
               p.kind::transaction_kind, p.reference, p.at, p.at
        FROM analytics_history_payments p JOIN ${loans} l ON l.loan_reference = p.reference`),
        sql`${loans.loanReference} IN (SELECT reference FROM analytics_history)`,
    );

    await tx.execute(sql`
        INSERT INTO ${deviceLocks} (loan_id, imei, lock_solution, state, confirmed_state, confirmed_at, challenge, updated_at, lock_reason)
        SELECT l.id, l.imei, l.lock_solution, lock.state::device_state, lock.state::confirmed_device_state,
               h.deposit_at + interval '20 minutes', lpad(((l.id::bigint * 7919) % 100000000)::text, 8, '0'), h.deposit_at + interval '20 minutes',
               CASE WHEN lock.state = 'locked' THEN 'arrears'::lock_reason END
        FROM analytics_history h
        JOIN ${loans} l ON l.loan_reference = h.reference
        CROSS JOIN LATERAL (
            SELECT CASE WHEN h.status IN ('completed', 'deactivated') THEN 'released'
                        WHEN h.behaviour BETWEEN 15 AND 17 AND h.due_now - h.paid >= 2 THEN 'locked'
                        ELSE 'active' END AS state
        ) AS lock`);
};
