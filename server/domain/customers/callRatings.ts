/**
 * Rating a call with a customer (contract/customers/callRatings.ts `rateCall`), and what ratings
 * leave on the customer view (`customerCallRatings`): the latest few of a customer the caller may
 * see, with who rated and when, and the count of all.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CALL_RATINGS_SHOWN, customerCallRatings, rateCall } from '../../../contract/customers';
import { admins, callRatings } from '../../db/schema';
import { mount } from '../../http';
import { iso } from '../../wire';
import { visibleCustomer } from '../records';

export const registerCallRatingRoutes = (app: FastifyInstance): void => {
    mount(app, rateCall, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        const session = context.session;
        if (!session) throw new Error('rateCall runs for signed-in callers only');
        return context.write(async tx => {
            const [row] = await tx
                .insert(callRatings)
                .values({
                    customerId: customer.id,
                    ratedByAdminId: session.admin.id,
                    rating: body.rating,
                    comment: body.comment || null,
                    createdAt: context.now(),
                })
                .returning();
            if (!row) throw new Error('The rating could not be read back');
            const rating = {
                id: row.id,
                msisdn: customer.msisdn,
                rating: row.rating,
                comment: row.comment,
                rated_by: { id: session.admin.id, name: `${session.admin.firstName} ${session.admin.lastName}` },
                created_at: iso(row.createdAt),
            };
            return {
                result: rating,
                audit: { action: 'call_ratings.create', entity: 'call_ratings', entityId: row.id, after: rating },
            };
        });
    });

    mount(app, customerCallRatings, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        // Newest first along (customer_id, id): call_ratings_customer_idx.
        const [rows, [all]] = await Promise.all([
            context.db
                .select({ rating: callRatings, first: admins.firstName, last: admins.lastName })
                .from(callRatings)
                .innerJoin(admins, eq(admins.id, callRatings.ratedByAdminId))
                .where(eq(callRatings.customerId, customer.id))
                .orderBy(desc(callRatings.id))
                .limit(CALL_RATINGS_SHOWN),
            context.db.select({ total: count() }).from(callRatings).where(eq(callRatings.customerId, customer.id)),
        ]);
        return {
            ratings: rows.map(({ rating, first, last }) => ({
                id: rating.id,
                msisdn: customer.msisdn,
                rating: rating.rating,
                comment: rating.comment,
                rated_by: { id: rating.ratedByAdminId, name: `${first} ${last}`.trim() },
                created_at: iso(rating.createdAt),
            })),
            total: all?.total ?? 0,
        };
    });
};
