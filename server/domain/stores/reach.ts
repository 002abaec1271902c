/**
 * The stores a caller acts on. Staff without a shop act on every store; anyone attached to a shop
 * acts on that shop and the stores they own, and sees nothing else: a store, an agent or a device
 * outside the reach answers 404, as one that does not exist. Shops, agents, inventory and
 * analytics all scope by it.
 */
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db';
import { stores } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';

/** The stores a caller acts on: null for every store (staff without a shop). Analytics scopes by it too. */
export const reachOf = async (db: Queryable, context: CallContext): Promise<number[] | null> => {
    const admin = context.session?.admin;
    if (!admin || admin.storeId === null) return null;
    const owned = await db
        .select({ id: stores.id })
        .from(stores)
        .where(or(eq(stores.id, admin.storeId), eq(stores.ownerAdminId, admin.id)));
    return owned.map(row => row.id);
};

/** A condition on a store id column that keeps the caller's reach (none when it is every store). */
export const within = (reach: number[] | null, column: AnyPgColumn): SQL | undefined =>
    reach === null ? undefined : reach.length === 0 ? sql`false` : inArray(column, reach);

export const inReach = (reach: number[] | null, storeId: number | null) =>
    reach === null || (storeId !== null && reach.includes(storeId));

export const notFound = (what: string, field: string) =>
    new HttpError(404, 'errors.not_found', `There is no such ${what}`, field);
