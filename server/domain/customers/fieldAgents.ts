/**
 * A field agent's customer requests (contract/customers/fieldAgents.ts), and the shop a field
 * agent acts for, which their lookup (lookups.ts) shares.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fieldAgentRequest } from '../../../contract/customers';
import type { Queryable } from '../../db';
import { customers, fieldAgentRequests, stores } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { iso } from '../../wire';

const forbiddenStore = (message: string) => new HttpError(403, 'errors.store_not_allowed', message, 'store_id');
const unknownStore = () => new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');

const storeExists = async (db: Queryable, storeId: number) =>
    (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId))).length > 0;

/** The shop a field agent acts for: their own when they have one (another is refused), else the one they name. */
export const agentStore = async (context: CallContext, named: number | undefined): Promise<number | null> => {
    const own = context.session?.admin.storeId ?? null;
    if (own !== null) {
        if (named !== undefined && named !== own) throw forbiddenStore('You can only act for your own shop');
        return own;
    }
    if (named === undefined) return null;
    if (!(await storeExists(context.db, named))) throw unknownStore();
    return named;
};

const toRequest = (row: { request: typeof fieldAgentRequests.$inferSelect; storeName: string | null }) => ({
    id: row.request.id,
    msisdn: row.request.msisdn,
    first_name: row.request.firstName,
    last_name: row.request.lastName,
    town: row.request.town,
    note: row.request.note,
    status: row.request.status,
    store: row.request.storeId !== null && row.storeName !== null ? { id: row.request.storeId, name: row.storeName } : null,
    created_at: iso(row.request.createdAt),
});

const idNumberTaken = () =>
    new HttpError(409, 'errors.conflict', 'This id number belongs to another customer; check it with the customer', 'id_number');

export const registerFieldAgentRoutes = (app: FastifyInstance): void => {
    mount(app, fieldAgentRequest, async ({ body }, context) => {
        const session = context.session;
        if (!session) throw new Error('fieldAgentRequest runs for signed-in callers only');
        if (body.action === 'fetch') {
            const where = eq(fieldAgentRequests.fieldAgentAdminId, session.admin.id);
            const rows = await context.db
                .select({ request: fieldAgentRequests, storeName: stores.name })
                .from(fieldAgentRequests)
                .leftJoin(stores, eq(stores.id, fieldAgentRequests.storeId))
                .where(where)
                .orderBy(desc(fieldAgentRequests.id))
                .limit(200);
            const [total] = await context.db.select({ value: count() }).from(fieldAgentRequests).where(where);
            return { action: 'fetch' as const, data: rows.map(toRequest), total_items: total?.value ?? 0 };
        }
        const storeId = await agentStore(context, body.store_id);
        return context.write(
            async tx => {
                const now = context.now();
                // One writer per phone number, so two agents adding the same new customer make one customer.
                await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`customers.msisdn:${body.msisdn}`}))`);
                const [known] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.msisdn, body.msisdn));
                let customerId = known?.id;
                if (customerId === undefined) {
                    const [idTaken] = await tx
                        .select({ id: customers.id })
                        .from(customers)
                        .where(and(eq(customers.idType, body.id_type), eq(customers.idNumber, body.id_number)));
                    if (idTaken) throw idNumberTaken();
                    const [created] = await tx
                        .insert(customers)
                        .values({
                            msisdn: body.msisdn,
                            firstName: body.first_name,
                            lastName: body.last_name,
                            idType: body.id_type,
                            idNumber: body.id_number,
                            email: body.email ?? null,
                            town: body.town,
                            channel: 'field_agent',
                            storeId,
                            registeredByAdminId: session.admin.id,
                            createdAt: now,
                        })
                        .returning({ id: customers.id });
                    customerId = created?.id;
                }
                if (customerId === undefined) throw new Error('The customer could not be read back');
                const [request] = await tx
                    .insert(fieldAgentRequests)
                    .values({
                        fieldAgentAdminId: session.admin.id,
                        customerId,
                        msisdn: body.msisdn,
                        firstName: body.first_name,
                        lastName: body.last_name,
                        town: body.town,
                        note: body.note || null,
                        storeId,
                        createdAt: now,
                    })
                    .returning();
                if (!request) throw new Error('The request could not be read back');
                const [storeRow] =
                    storeId !== null ? await tx.select({ name: stores.name }).from(stores).where(eq(stores.id, storeId)) : [];
                const answer = toRequest({ request, storeName: storeRow?.name ?? null });
                return {
                    result: { action: 'add' as const, request: answer },
                    audit: [
                        {
                            action: 'field_agent_requests.create',
                            entity: 'field_agent_requests',
                            entityId: request.id,
                            after: { ...answer, new_customer: known === undefined },
                        },
                    ],
                };
            },
            { conflicts: { customers_id_number_key: idNumberTaken } },
        );
    });
};
