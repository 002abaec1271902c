/**
 * Data awards (AWARD_DATA; contract/customers/dataAwards.ts): a mobile-data bundle given to a customer the
 * caller may see, with a reason, and the customer told by SMS. At most one award per customer in
 * DATA_AWARD_INTERVAL_DAYS: the customer's row is locked while the window is checked, so two staff
 * awarding at the same instant give one bundle, and the other hears 409 `errors.award_too_soon`.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { awardCustomerData, customerDataAwards, DATA_AWARD_INTERVAL_DAYS, type DataAward } from '../../../contract/customers';
import type { Queryable } from '../../db';
import { admins, customers, dataAwards, smsOutbox } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { iso } from '../../wire';
import { visibleCustomer } from '../records';

const INTERVAL_MS = DATA_AWARD_INTERVAL_DAYS * 24 * 60 * 60_000;

const bundleText = (mb: number) => (mb >= 1024 ? `${mb / 1024} GB` : `${mb} MB`);

const awardsOf = async (db: Queryable, customerId: number, msisdn: string): Promise<DataAward[]> => {
    const rows = await db
        .select({ award: dataAwards, first: admins.firstName, last: admins.lastName })
        .from(dataAwards)
        .innerJoin(admins, eq(admins.id, dataAwards.awardedByAdminId))
        .where(eq(dataAwards.customerId, customerId))
        .orderBy(desc(dataAwards.createdAt), desc(dataAwards.id))
        .limit(100);
    return rows.map(({ award, first, last }) => ({
        id: award.id,
        msisdn,
        bundle_mb: award.bundleMb,
        reason: award.reason,
        awarded_by: { id: award.awardedByAdminId, name: `${first} ${last}` },
        created_at: iso(award.createdAt),
    }));
};

/** When the next award may be given, after the latest one; null when it may be given now. */
const nextAwardAt = (latest: DataAward | undefined, now: Date): string | null => {
    if (!latest) return null;
    const next = Date.parse(latest.created_at) + INTERVAL_MS;
    return next > now.getTime() ? new Date(next).toISOString() : null;
};

const awardTooSoon = (next: string) =>
    new HttpError(
        409,
        'errors.award_too_soon',
        `This customer was awarded data in the last ${DATA_AWARD_INTERVAL_DAYS} days; the next award may be given from ${next}`,
        'bundle_mb',
    );

export const registerDataAwardRoutes = (app: FastifyInstance): void => {
    mount(app, customerDataAwards, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        const data = await awardsOf(context.db, customer.id, customer.msisdn);
        return { data, next_award_at: nextAwardAt(data[0], context.now()) };
    });

    mount(app, awardCustomerData, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        const session = context.session;
        if (!session) throw new Error('awardCustomerData runs for signed-in callers only');
        return context.write(async tx => {
            const now = context.now();
            // One award at a time per customer: the window is read under the customer's row lock.
            await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customer.id)).for('update');
            const [recent] = await tx
                .select({ createdAt: dataAwards.createdAt })
                .from(dataAwards)
                .where(
                    and(eq(dataAwards.customerId, customer.id), gt(dataAwards.createdAt, new Date(now.getTime() - INTERVAL_MS))),
                )
                .orderBy(desc(dataAwards.createdAt))
                .limit(1);
            if (recent) throw awardTooSoon(new Date(recent.createdAt.getTime() + INTERVAL_MS).toISOString());
            const [row] = await tx
                .insert(dataAwards)
                .values({
                    customerId: customer.id,
                    bundleMb: body.bundle_mb,
                    reason: body.reason,
                    awardedByAdminId: session.admin.id,
                    createdAt: now,
                })
                .returning();
            if (!row) throw new Error('The award could not be read back');
            await tx.insert(smsOutbox).values({
                msisdn: customer.msisdn,
                text: `You have been awarded ${bundleText(row.bundleMb)} of mobile data. Thank you for being our customer.`,
                purpose: 'notice',
                createdAt: now,
            });
            const award: DataAward = {
                id: row.id,
                msisdn: customer.msisdn,
                bundle_mb: row.bundleMb,
                reason: row.reason,
                awarded_by: { id: session.admin.id, name: `${session.admin.firstName} ${session.admin.lastName}` },
                created_at: iso(row.createdAt),
            };
            return {
                result: award,
                audit: { action: 'data_awards.create', entity: 'data_awards', entityId: row.id, after: award },
            };
        });
    });
};
