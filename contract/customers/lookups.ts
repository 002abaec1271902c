/**
 * Finding a customer (spec §3, §7 "Customers"): the staff lookup, the field agent's, the digitally
 * assisted one with its sale in progress, and the customer a view's address names. Each answers
 * only the customers the caller sees (contract/customers/index.ts).
 */
import { z } from 'zod';
import type { RoleCode } from '../roles';
import { defineCall, id } from '../define';
import { CURRENCY, customerLookup } from '../fields';
import { customer, CUSTOMER_FINDERS } from './customer';

export const findCustomer = defineCall({
    summary:
        'Find a customer by phone number, username, id number or IMEI. Answers the matches the caller may see, the customer first; 404 when there is none.',
    method: 'POST',
    readOnly: true,
    path: '/api/v1/view_customer_msisdn',
    access: 'FIND_CUSTOMER',
    body: z.object({ username: customerLookup }),
    response: z.object({ users: z.array(customer) }),
});

/** `?find=fieldagent`: the field agent's own customers; `?find=shop`: a shop's customers. */
export const FIELD_AGENT_SCOPES = ['fieldagent', 'shop'] as const;

export const findFieldAgentCustomer = defineCall({
    summary:
        "Find a customer as a field agent: `find=fieldagent` among the customers the agent registered (FIND_CUSTOMER_FIELDAGENT), `find=shop` among a shop's customers (FIND_CUSTOMER_FIELDAGENT_STORE; `store_id` is the caller's own shop when they have one, and required when they have none).",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/get_lipa_pole_pole_customers',
    access: ['FIND_CUSTOMER_FIELDAGENT', 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    query: z.object({ find: z.enum(FIELD_AGENT_SCOPES).default('fieldagent') }),
    body: z.object({ username: customerLookup, store_id: id.optional() }),
    response: z.object({ users: z.array(customer) }),
});

// ---------------------------------------------------------------------------------------------
// Digitally assisted

/** A digitally assisted sale in progress: the customer's loan not yet active. */
export const existingOrder = z.object({
    is_existing_order: z.literal(true),
    loan_reference: z.string(),
    /** The loan's status: `draft`, `awaiting_deposit` or `awaiting_lock`. */
    status: z.string(),
    sku: z.string(),
    /** The phone as its loan names it: brand and model ("Vivo Y17s"). */
    model: z.string(),
    price: z.number(),
    deposit: z.number(),
    currency: z.literal(CURRENCY),
    created_at: z.string(),
    customer,
});

export const digitalAssistedIdentification = defineCall({
    summary:
        'Find a customer for a digitally assisted sale. `data` is the order in progress (`is_existing_order: true`) when the customer has one, else `{ is_existing_order: false, users }`.',
    method: 'POST',
    readOnly: true,
    path: '/api/digital_assisted/customer-identification',
    access: 'FIND_DIGITAL_ASSISTED_CUSTOMER',
    body: z.object({ username: customerLookup }),
    response: z.object({
        data: z.union([existingOrder, z.object({ is_existing_order: z.literal(false), users: z.array(customer) })]),
    }),
});

/**
 * The four customer views (staff, digitally assisted, field agent, field agent by shop), each
 * opened by its own lookup's role: a view by address sees whom that lookup would find.
 */
export const CUSTOMER_VIEWS = ['staff', 'assisted', 'fieldagent', 'shop'] as const;
export type CustomerViewKey = (typeof CUSTOMER_VIEWS)[number];
export const CUSTOMER_VIEW_ROLES = {
    staff: 'FIND_CUSTOMER',
    assisted: 'FIND_DIGITAL_ASSISTED_CUSTOMER',
    fieldagent: 'FIND_CUSTOMER_FIELDAGENT',
    shop: 'FIND_CUSTOMER_FIELDAGENT_STORE',
} as const satisfies Record<CustomerViewKey, RoleCode>;

export const customerByPublicId = defineCall({
    summary:
        "The customer a view's address names (`?customer=<public_id>`), for the view `view` under its lookup's rule: `staff` and `assisted` whom the caller sees, `fieldagent` the customers the agent registered, `shop` the customers of the caller's shop (of any shop for a caller without one). `order` is the digitally assisted sale in progress, for `assisted` only. 403 `errors.forbidden` naming `view` without that view's role; 404 `errors.customer_not_found` alike for an id out of sight and one that does not exist.",
    method: 'GET',
    path: '/api/v1/customers/by_public_id/:public_id',
    access: CUSTOMER_FINDERS,
    params: z.object({ public_id: z.uuid() }),
    query: z.object({ view: z.enum(CUSTOMER_VIEWS) }),
    response: z.object({ customer, order: existingOrder.nullable() }),
});

export const lookupCalls = { findCustomer, findFieldAgentCustomer, customerByPublicId, digitalAssistedIdentification };
