/**
 * Customers, loans and devices made straight in the database for the server tests, each with its
 * own phone number, IMEI and loan reference, so a test's writes never meet another's.
 */
import { eq } from 'drizzle-orm';
import type { LoanStatus, LockSolution } from '../../contract/customers';
import type { DeviceState } from '../../contract/devices';
import type { Database } from '../../server/db';
import { admins, customers, deviceLocks, loans, otps, phoneModels, stores } from '../../server/db/schema';
import { withCheckDigit } from '../../server/seed/customers';
import { businessDay } from '../../server/time';
import { firstDueDate } from '../../server/domain/origination/terms';
import { codeHash } from '../../server/domain/auth/codes';

let serial = 0;
/** A prefix per test file (process), so parallel files on one PostgreSQL server never collide either. */
const run = String(process.pid % 1000).padStart(3, '0');

/** A fresh phone number, IMEI body and reference suffix. */
export const nextSerial = () => {
    serial += 1;
    return `${run}${String(serial).padStart(4, '0')}`;
};

export const freshMsisdn = () => `2779${nextSerial()}`;
export const freshImei = () => withCheckDigit(`3588${nextSerial()}000`);

const storeId = async (db: Database, name: string) => {
    const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, name));
    if (!row) throw new Error(`No shop ${name}`);
    return row.id;
};

export const adminId = async (db: Database, username: string) => {
    const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.username, username));
    if (!row) throw new Error(`No admin ${username}`);
    return row.id;
};

export interface CustomerOptions {
    store?: string | null;
    registeredBy?: string;
    creditLimit?: number;
    customerType?: 'normal' | 'business';
}

export const makeCustomer = async (db: Database, options: CustomerOptions = {}) => {
    const id = nextSerial();
    const msisdn = `2779${id}`;
    const [row] = await db
        .insert(customers)
        .values({
            msisdn,
            username: `test.customer.${id}`,
            firstName: 'Test',
            lastName: `Customer ${id}`,
            idNumber: `77${id}`,
            town: 'Johannesburg',
            creditLimit: options.creditLimit ?? 5000,
            kycStatus: 'verified',
            customerType: options.customerType ?? 'normal',
            ...(options.customerType === 'business'
                ? {
                      businessName: 'Test Traders',
                      employeeCount: 3,
                      industryVertical: 'retail',
                      turnoverBand: 'under_100k',
                      businessTown: 'Johannesburg',
                  }
                : {}),
            storeId: options.store === null ? null : await storeId(db, options.store ?? 'Soweto Central'),
            registeredByAdminId: options.registeredBy ? await adminId(db, options.registeredBy) : null,
        })
        .returning();
    if (!row) throw new Error('No customer');
    return row;
};

export interface LoanOptions extends CustomerOptions {
    status?: LoanStatus;
    device?: DeviceState;
    /** What the provider last confirmed (defaults from `device`). */
    confirmed?: 'pending' | 'active' | 'locked' | 'released';
    lockSolution?: LockSolution;
    balance?: number;
    imei?: string;
    /** Another loan for this customer instead of a new one. */
    customerId?: number;
    msisdn?: string;
}

const CONFIRMED: Partial<Record<DeviceState, 'pending' | 'active' | 'locked' | 'released'>> = {
    pending: 'pending',
    activating: 'pending',
    active: 'active',
    locking: 'active',
    locked: 'locked',
    unlocking: 'locked',
    exchanging: 'active',
    completing: 'active',
    released: 'released',
    failed: 'active',
};

/** A loan with its device, sold by the Soweto shop unless told otherwise. */
export const makeLoan = async (db: Database, options: LoanOptions = {}) => {
    const customer =
        options.customerId !== undefined && options.msisdn !== undefined
            ? { id: options.customerId, msisdn: options.msisdn }
            : await makeCustomer(db, options);
    const [model] = await db.select().from(phoneModels).where(eq(phoneModels.sku, 'OPPO-A18-128'));
    if (!model) throw new Error('No phone model');
    const id = nextSerial();
    const imei = options.imei ?? withCheckDigit(`3588${id}000`);
    const price = model.deposit + model.instalmentAmount * model.term;
    const status = options.status ?? 'active';
    const [loan] = await db
        .insert(loans)
        .values({
            loanReference: `TST-${id}`,
            customerId: customer.id,
            imei,
            sku: model.sku,
            lockSolution: options.lockSolution ?? model.lockSolution,
            price,
            deposit: model.deposit,
            instalment: model.instalmentAmount,
            instalmentPeriod: model.instalmentPeriod,
            term: model.term,
            cashPrice: model.cashPrice,
            firstDueDate: firstDueDate(businessDay(new Date()), model.instalmentPeriod),
            balance: options.balance ?? price - model.deposit,
            storeId: options.store === null ? null : await storeId(db, options.store ?? 'Soweto Central'),
            status,
        })
        .returning();
    if (!loan) throw new Error('No loan');
    const state = options.device ?? (status === 'active' ? 'active' : 'pending');
    const challenge = String(10_000_000 + Number(id)).slice(0, 8);
    const [device] = await db
        .insert(deviceLocks)
        .values({
            loanId: loan.id,
            imei,
            lockSolution: loan.lockSolution,
            state,
            confirmedState: options.confirmed ?? CONFIRMED[state] ?? 'pending',
            challenge,
        })
        .returning();
    if (!device) throw new Error('No device');
    return { customer, loan, device, msisdn: customer.msisdn, loanReference: loan.loanReference, challenge, imei };
};

/** A Vivo code waiting for a loan, as send_auth_code would leave it, with a code the test knows. */
export const VIVO_TEST_CODE = '246810';
export const makeVivoCode = async (db: Database, loanId: number, expiresAt: Date) => {
    const id = crypto.randomUUID();
    await db.insert(otps).values({
        id,
        purpose: 'vivo_device',
        subject: `loan:${loanId}`,
        codeHash: codeHash(id, VIVO_TEST_CODE),
        expiresAt,
    });
    return id;
};
