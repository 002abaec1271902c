/**
 * Finding a customer (contract/customers/lookups.ts): the staff lookup, the field agent's, the
 * digitally assisted one with its sale in progress, and the customer a view's address names. Who
 * sees whom is `visibleCustomers` (server/domain/records/customers.ts).
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
    CURRENCY,
    customerByPublicId,
    CUSTOMER_VIEW_ROLES,
    digitalAssistedIdentification,
    findCustomer,
    findFieldAgentCustomer,
    type Customer,
    type CustomerViewKey,
} from '../../../contract/customers';
import type { Queryable } from '../../db';
import { customers, loans, phoneModels } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import {
    customerNotFound,
    customerOfAnyStore,
    customerOfStore,
    lookUpCustomers,
    selectCustomers,
    toCustomer,
    visibleCustomers,
} from '../records';
import { agentStore } from './fieldAgents';

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

export const registerLookupRoutes = (app: FastifyInstance): void => {
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

    mount(app, digitalAssistedIdentification, async ({ body }, context) => {
        const users = await lookUpCustomers(context.db, body.username, visibleCustomers(context));
        const [first] = users;
        if (!first) throw customerNotFound('username');
        const order = await orderInProgress(context.db, first);
        return { data: order ?? { is_existing_order: false as const, users } };
    });
};
