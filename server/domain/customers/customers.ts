/**
 * Finding customers and what the customer view shows about them (contract/customers.ts): the
 * three lookups, limits, messages, qualified phones, call ratings, conversion and the field
 * agents' requests. Who sees whom is `visibleCustomers` (records.ts).
 */
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    convertCustomer,
    CURRENCY,
    customerByPublicId,
    CUSTOMER_VIEW_ROLES,
    customerLimits,
    customerMessages,
    digitalAssistedIdentification,
    fieldAgentRequest,
    findCustomer,
    findFieldAgentCustomer,
    qualifiedDevices,
    rateCall,
    type Customer,
    type CustomerViewKey,
} from '../../../contract/customers';
import type { Queryable } from '../../db';
import {
    callRatings,
    customers,
    fieldAgentRequests,
    inventoryItems,
    loans,
    phoneModels,
    smsOutbox,
    stores,
} from '../../db/schema';
import { OPEN_LOAN_STATUSES } from '../../db/schema/loans';
import { HttpError, mount, type CallContext } from '../../http';
import { cents, iso } from '../../wire';
import { releaseCustomerDrafts } from '../origination/expiry';
import { shippedPicture } from '../phonePictures';
import {
    customerNotFound,
    customerOfAnyStore,
    customerOfStore,
    lookUpCustomers,
    selectCustomers,
    toCustomer,
    visibleCustomer,
    visibleCustomers,
} from './records';

/** The text a one-time code's message shows in the customer's messages: staff never read a code. */
export const HIDDEN_CODE_TEXT = 'One-time code sent (hidden)';

/** What a customer's open loans use of their credit limit (a sale checks it too: server/domain/origination/sale.ts). */
export const creditUsed = async (db: Queryable, customerId: number) => {
    const [row] = await db
        .select({ used: sql<string | null>`sum(${loans.balance})`, open: count() })
        .from(loans)
        .where(and(eq(loans.customerId, customerId), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
    return { used: cents(Number(row?.used ?? 0)), open: row?.open ?? 0 };
};

const forbiddenStore = (message: string) => new HttpError(403, 'errors.store_not_allowed', message, 'store_id');
const unknownStore = () => new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');

const storeExists = async (db: Queryable, storeId: number) =>
    (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId))).length > 0;

/** The shop a field agent acts for: their own when they have one (another is refused), else the one they name. */
const agentStore = async (context: CallContext, named: number | undefined): Promise<number | null> => {
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

/** A digitally assisted sale in progress for this customer (the loan not yet active), as the lookup answers it. */
const orderInProgress = async (db: Queryable, customer: Customer) => {
    const [order] = await db
        .select({ loan: loans, brand: phoneModels.brand, model: phoneModels.model })
        .from(loans)
        .innerJoin(phoneModels, eq(phoneModels.sku, loans.sku))
        .where(and(eq(loans.customerId, customer.id), inArray(loans.status, ['draft', 'awaiting_deposit', 'awaiting_lock'])))
        .orderBy(desc(loans.id))
        .limit(1);
    if (!order) return null;
    return {
        is_existing_order: true as const,
        loan_reference: order.loan.loanReference,
        status: order.loan.status,
        sku: order.loan.sku,
        // Named as the loan names its phone (brand and model), so the order and its loan agree.
        model: `${order.brand} ${order.model}`,
        price: order.loan.price,
        deposit: order.loan.deposit,
        currency: CURRENCY,
        created_at: iso(order.loan.createdAt),
        customer,
    };
};

/**
 * Whom each customer view sees, as its lookup finds them (the handlers below): a view opened by
 * address shows no one its lookup would not have found.
 */
const viewScope = (context: CallContext, view: CustomerViewKey): SQL => {
    switch (view) {
        case 'staff':
        case 'assisted':
            return visibleCustomers(context);
        case 'fieldagent':
            return eq(customers.registeredByAdminId, context.session?.admin.id ?? 0);
        case 'shop': {
            const own = context.session?.admin.storeId ?? null;
            return and(own !== null ? customerOfStore(own) : customerOfAnyStore, visibleCustomers(context)) ?? sql`false`;
        }
    }
};

const idNumberTaken = () =>
    new HttpError(409, 'errors.conflict', 'This id number belongs to another customer; check it with the customer', 'id_number');

export const registerCustomerRoutes = (app: FastifyInstance): void => {
    mount(app, findCustomer, async ({ body }, context) => {
        const users = await lookUpCustomers(context.db, body.username, visibleCustomers(context));
        if (users.length === 0) throw customerNotFound('username');
        return { users };
    });

    mount(app, findFieldAgentCustomer, async ({ query, body }, context) => {
        const me = context.session?.admin.id ?? 0;
        let scope;
        if (query.find === 'fieldagent') {
            if (!context.roles.has('FIND_CUSTOMER_FIELDAGENT')) {
                throw new HttpError(403, 'errors.forbidden', 'Finding your own customers needs FIND_CUSTOMER_FIELDAGENT', 'find');
            }
            scope = eq(customers.registeredByAdminId, me);
        } else {
            if (!context.roles.has('FIND_CUSTOMER_FIELDAGENT_STORE')) {
                throw new HttpError(
                    403,
                    'errors.forbidden',
                    "Finding a shop's customers needs FIND_CUSTOMER_FIELDAGENT_STORE",
                    'find',
                );
            }
            const store = await agentStore(context, body.store_id);
            if (store === null) throw new HttpError(400, 'errors.store_required', 'Choose the shop to look in', 'store_id');
            scope = and(customerOfStore(store), visibleCustomers(context));
        }
        const users = await lookUpCustomers(context.db, body.username, scope ?? sql`false`);
        if (users.length === 0) throw customerNotFound('username');
        return { users };
    });

    mount(app, customerByPublicId, async ({ params, query }, context) => {
        const role = CUSTOMER_VIEW_ROLES[query.view];
        if (!context.roles.has(role)) throw new HttpError(403, 'errors.forbidden', `This view needs ${role}`, 'view');
        // One query whether the id is unknown or out of sight: both answer the lookup's 404.
        const [row] = await selectCustomers(context.db).where(
            and(eq(customers.publicId, params.public_id), viewScope(context, query.view)),
        );
        if (!row) throw customerNotFound('public_id');
        const customer = toCustomer(row);
        return { customer, order: query.view === 'assisted' ? await orderInProgress(context.db, customer) : null };
    });

    mount(app, customerLimits, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        await releaseCustomerDrafts(context, customer.id);
        const { used, open } = await creditUsed(context.db, customer.id);
        return {
            msisdn: customer.msisdn,
            credit_limit: customer.creditLimit,
            used,
            available: cents(Math.max(0, customer.creditLimit - used)),
            currency: CURRENCY,
            kyc_status: customer.kycStatus,
            open_loans: open,
        };
    });

    mount(app, customerMessages, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        const rows = await context.db
            .select()
            .from(smsOutbox)
            .where(eq(smsOutbox.msisdn, customer.msisdn))
            .orderBy(desc(smsOutbox.id))
            .limit(200);
        return {
            texts: rows.map(row => ({
                id: row.id,
                msisdn: row.msisdn,
                // A code read by staff would let them authorise what only the customer may.
                text: row.purpose === 'otp' ? HIDDEN_CODE_TEXT : row.text,
                purpose: row.purpose,
                created_at: iso(row.createdAt),
            })),
        };
    });

    mount(
        app,
        rateCall,
        async ({ body }, context) => {
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
        },
        { status: 201 },
    );

    mount(app, convertCustomer, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        const from = customer.customerType;
        const business =
            body.customer_type === 'business'
                ? {
                      businessName: body.business.business_name,
                      employeeCount: body.business.employee_count,
                      industryVertical: body.business.industry_vertical,
                      turnoverBand: body.business.turnover_band,
                      businessUnitHouseNumber: body.business.address.unit_house_number ?? null,
                      businessStreet: body.business.address.street ?? null,
                      businessSuburb: body.business.address.suburb ?? null,
                      businessTown: body.business.address.town,
                      businessProvince: body.business.address.province ?? null,
                      businessPostalCode: body.business.address.postal_code ?? null,
                  }
                : {
                      businessName: null,
                      employeeCount: null,
                      industryVertical: null,
                      turnoverBand: null,
                      businessUnitHouseNumber: null,
                      businessStreet: null,
                      businessSuburb: null,
                      businessTown: null,
                      businessProvince: null,
                      businessPostalCode: null,
                  };
        return context.write(async tx => {
            // Conditional on the type read: of two conversions at once, one finds nothing to convert.
            const [updated] = await tx
                .update(customers)
                .set({ customerType: body.customer_type, ...business })
                .where(and(eq(customers.id, customer.id), sql`${customers.customerType} <> ${body.customer_type}`))
                .returning({ id: customers.id });
            if (!updated) {
                throw new HttpError(
                    409,
                    'errors.customer_type_unchanged',
                    `The customer is already ${body.customer_type}`,
                    'customer_type',
                );
            }
            const [row] = await selectCustomers(tx).where(eq(customers.id, customer.id));
            if (!row) throw new Error('The customer could not be read back');
            const after = toCustomer(row);
            return {
                result: after,
                audit: {
                    action: 'customers.convert',
                    entity: 'customers',
                    entityId: customer.id,
                    before: { customer_type: from },
                    after: { customer_type: after.customer_type, business: after.business },
                },
            };
        });
    });

    mount(app, digitalAssistedIdentification, async ({ body }, context) => {
        const users = await lookUpCustomers(context.db, body.username, visibleCustomers(context));
        const [first] = users;
        if (!first) throw customerNotFound('username');
        const order = await orderInProgress(context.db, first);
        return { data: order ?? { is_existing_order: false as const, users } };
    });

    mount(app, qualifiedDevices, async ({ body }, context) => {
        const { customer } = await visibleCustomer(context, body.msisdn);
        await releaseCustomerDrafts(context, customer.id);
        const { used } = await creditUsed(context.db, customer.id);
        const available = cents(Math.max(0, customer.creditLimit - used));
        if (customer.kycStatus === 'rejected' || available <= 0)
            return { available_limit: available, currency: CURRENCY, devices: [] };
        const shop = context.session?.admin.storeId ?? null;
        const inStock = sql<number>`(SELECT count(*)::int FROM ${inventoryItems} i WHERE i.sku = ${sql.identifier('phone_models')}.sku AND i.status = 'in_stock'${
            shop !== null ? sql` AND i.store_id = ${shop}` : sql``
        })`;
        const rows = await context.db
            .select({ model: phoneModels, inStock })
            .from(phoneModels)
            .where(lte(sql`${phoneModels.cashPrice} - ${phoneModels.deposit}`, available))
            .orderBy(desc(phoneModels.cashPrice), asc(phoneModels.sku))
            .limit(200);
        return {
            available_limit: available,
            currency: CURRENCY,
            devices: rows.map(({ model, inStock: units }) => ({
                sku: model.sku,
                brand: model.brand,
                model: model.model,
                image: shippedPicture(model.image),
                cash_price: model.cashPrice,
                deposit: model.deposit,
                instalment_amount: model.instalmentAmount,
                instalment_period: model.instalmentPeriod,
                term: model.term,
                lock_solution: model.lockSolution,
                in_stock: units,
            })),
        };
    });

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
