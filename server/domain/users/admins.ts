/**
 * A portal user's record as the contract shows it, and the checks every way of making one shares
 * (staff creation here, self-registration in server/domain/registration): a free username, a phone
 * number nobody else has, taken by one writer at a time, and a shop that exists.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Admin } from '../../../contract/users';
import type { Queryable, Transaction } from '../../db';
import { adminGroups, admins, stores } from '../../db/schema';
import { HttpError } from '../../http';
import { iso } from '../../wire';

const adminFields = {
    id: admins.id,
    username: admins.username,
    first_name: admins.firstName,
    last_name: admins.lastName,
    msisdn: admins.msisdn,
    email: admins.email,
    group_id: admins.groupId,
    group_name: adminGroups.name,
    store_id: admins.storeId,
    store_name: stores.name,
    status: admins.status,
    otp_enabled: admins.otpEnabled,
    created_at: admins.createdAt,
};

export const selectAdmins = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...adminFields, ...(extra as Extra) })
        .from(admins)
        .innerJoin(adminGroups, eq(adminGroups.id, admins.groupId))
        .leftJoin(stores, eq(stores.id, admins.storeId));

export const findAdmin = async (db: Queryable, id: number): Promise<Admin | undefined> => {
    const [row] = await selectAdmins(db).where(eq(admins.id, id));
    return row ? { ...row, created_at: iso(row.created_at) } : undefined;
};

export interface NewAdmin {
    username: string;
    first_name: string;
    last_name: string;
    msisdn: string;
    email?: string | undefined;
    group_id: number;
    store_id?: number | null | undefined;
    otp_enabled: boolean;
    status: Admin['status'];
}

export const usernameTaken = () => new HttpError(409, 'errors.username_taken', 'This username is taken', 'username');
export const msisdnTaken = () => new HttpError(409, 'errors.msisdn_taken', 'This phone number belongs to another user', 'msisdn');
export const awaitingApproval = (field: string) =>
    new HttpError(409, 'errors.awaiting_approval', 'This registration awaits approval first', field);

export const unknownStore = () => new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');

/** A race on a unique key, lost after the checks passed, still names its field. */
export const ADMIN_CONFLICTS = { admins_username_unique: usernameTaken, admins_msisdn_unique: msisdnTaken };

export const isUsernameTaken = async (db: Queryable, username: string) =>
    (await db.select({ id: admins.id }).from(admins).where(eq(admins.username, username))).length > 0;
export const isMsisdnTaken = async (db: Queryable, msisdn: string) =>
    (await db.select({ id: admins.id }).from(admins).where(eq(admins.msisdn, msisdn))).length > 0;
export const storeExists = async (db: Queryable, storeId: number) =>
    (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId))).length > 0;

/** One phone number is checked and taken by one writer at a time (staff creation and registration alike). */
export const lockMsisdn = (tx: Transaction, msisdn: string) =>
    tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`admins.msisdn:${msisdn}`}))`);
/** Inserts an admin whose checks have passed, and answers it as the contract shows it. */
export const insertAdmin = async (tx: Transaction, input: NewAdmin, passwordHash: string, now: Date): Promise<Admin> => {
    const [created] = await tx
        .insert(admins)
        .values({
            username: input.username,
            firstName: input.first_name,
            lastName: input.last_name,
            msisdn: input.msisdn,
            email: input.email ?? null,
            groupId: input.group_id,
            storeId: input.store_id ?? null,
            status: input.status,
            otpEnabled: input.otp_enabled,
            passwordHash,
            createdAt: now,
        })
        .returning({ id: admins.id });
    const admin = created && (await findAdmin(tx, created.id));
    if (!admin) throw new Error('The new admin could not be read back');
    return admin;
};
