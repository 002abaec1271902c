/**
 * Shops, agents and loans with a known history for the analytics tests, written straight into the
 * database: each loan with the terms, payments (deposit, instalments, reversals), status, device
 * and last update a test names, so every figure can be worked out by hand. Phone numbers, IMEIs
 * and references come from customerFixtures.ts's serials, so nothing meets another file's rows.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db';
import { adminGroups, admins, deviceLocks, loans, phoneModels, stores, transactions } from '../../server/db/schema';
import { withCheckDigit } from '../../server/seed/customers';
import { businessDay } from '../../server/time';
import { startOfDay } from '../../server/time';
import { firstDueDate } from '../../server/domain/origination/terms';
import { SALES_AGENT_GROUP } from '../../server/domain/security';
import { makeCustomer, nextSerial } from './customerFixtures';

const HOUR_MS = 3_600_000;

/** The instant of `time` (HH:MM) on a business day (Africa/Johannesburg). */
export const at = (day: string, time = '12:00'): Date => {
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    return new Date(startOfDay(day).getTime() + hours * HOUR_MS + minutes * 60_000);
};

export const makeShop = async (
    db: Database,
    options: { name: string; region: string; branded: boolean; ownerAdminId?: number | null },
): Promise<number> => {
    const [row] = await db
        .insert(stores)
        .values({
            name: options.name,
            region: options.region,
            town: 'Testville',
            latitude: -26.2,
            longitude: 28.04,
            branded: options.branded,
            ownerAdminId: options.ownerAdminId ?? null,
        })
        .returning({ id: stores.id });
    if (!row) throw new Error('No shop');
    return row.id;
};

/** A sales agent of `storeId` (in the Sales Agent group), who never signs in. */
export const makeSalesAgent = async (db: Database, storeId: number, firstName: string): Promise<number> => {
    const [group] = await db.select({ id: adminGroups.id }).from(adminGroups).where(eq(adminGroups.name, SALES_AGENT_GROUP));
    const serial = nextSerial();
    const [row] = await db
        .insert(admins)
        .values({
            username: `analytics.agent.${serial}`,
            firstName,
            lastName: `Seller ${serial}`,
            msisdn: `27842${serial}`,
            groupId: group?.id ?? 0,
            storeId,
            status: 'active',
            passwordHash: 'not-a-hash',
        })
        .returning({ id: admins.id });
    if (!row) throw new Error('No agent');
    return row.id;
};

export interface FixturePayment {
    kind: 'deposit' | 'instalment' | 'reversal';
    amount: number;
    at: Date;
}

export interface FixtureLoan {
    storeId: number | null;
    agentId?: number | null;
    status: 'draft' | 'awaiting_deposit' | 'awaiting_lock' | 'active' | 'completed' | 'deactivated' | 'cancelled';
    period: 'weekly' | 'monthly';
    deposit: number;
    instalment: number;
    term: number;
    payments?: readonly FixturePayment[];
    /** What the provider confirmed of the phone's lock. */
    device?: 'pending' | 'active' | 'locked' | 'released';
    /** When the loan was last changed (a deactivated loan: when it was deactivated). */
    updatedAt?: Date;
}

/**
 * A loan as the test describes it: its price is deposit + instalment × term, and its balance what
 * the payments leave of it (a reversal puts its amount back), as the money domain keeps it.
 */
export const makeAnalyticsLoan = async (db: Database, spec: FixtureLoan) => {
    const customer = await makeCustomer(db, { store: null });
    const [model] = await db.select().from(phoneModels).where(eq(phoneModels.sku, 'OPPO-A18-128'));
    if (!model) throw new Error('No phone model');
    const serial = nextSerial();
    const imei = withCheckDigit(`3589${serial}000`);
    const payments = spec.payments ?? [];
    const price = spec.deposit + spec.instalment * spec.term;
    const paid = payments.reduce((sum, payment) => sum + (payment.kind === 'reversal' ? -payment.amount : payment.amount), 0);
    const [loan] = await db
        .insert(loans)
        .values({
            loanReference: `ANL-${serial}`,
            customerId: customer.id,
            imei,
            sku: model.sku,
            lockSolution: model.lockSolution,
            price,
            deposit: spec.deposit,
            instalment: spec.instalment,
            instalmentPeriod: spec.period,
            term: spec.term,
            cashPrice: Math.min(model.cashPrice, price),
            firstDueDate: firstDueDate(businessDay(payments[0]?.at ?? spec.updatedAt ?? new Date()), spec.period),
            balance: price - paid,
            agentAdminId: spec.agentId ?? null,
            storeId: spec.storeId,
            status: spec.status,
            createdAt: payments[0]?.at ?? spec.updatedAt ?? new Date(),
            updatedAt: spec.updatedAt ?? payments.at(-1)?.at ?? new Date(),
        })
        .returning();
    if (!loan) throw new Error('No loan');
    const device = spec.device ?? 'pending';
    await db.insert(deviceLocks).values({
        loanId: loan.id,
        imei,
        lockSolution: loan.lockSolution,
        state: device,
        confirmedState: device,
        challenge: String(10_000_000 + Number(serial)).slice(0, 8),
    });
    if (payments.length > 0) {
        await db.insert(transactions).values(
            payments.map((payment, index) => ({
                reference: `ANX-${serial}-${index}`,
                msisdn: customer.msisdn,
                loanId: loan.id,
                amount: payment.amount,
                channel: 'mpesa' as const,
                kind: payment.kind,
                paidAt: payment.at,
                createdAt: payment.at,
            })),
        );
    }
    return loan;
};

/** A payment that matched no loan (suspense): it belongs to no scope. */
export const makeSuspensePayment = async (db: Database, amount: number, paidAt: Date) => {
    await db.insert(transactions).values({
        reference: `ANS-${nextSerial()}`,
        msisdn: `27829${nextSerial()}`,
        amount,
        channel: 'mpesa',
        kind: 'instalment',
        paidAt,
        createdAt: paidAt,
        suspenseStatus: 'open',
        suspenseReason: 'unknown_account',
    });
};
