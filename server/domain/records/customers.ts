/**
 * Which customers a caller may see, and how customers are read and written on the wire.
 *
 * Who sees which customer (contract/customers/index.ts says it for the client):
 * - staff without a shop holding FIND_CUSTOMER or FIND_DIGITAL_ASSISTED_CUSTOMER: everyone;
 * - a caller attached to a shop: that shop's customers (registered there, or with a loan sold there);
 * - FIND_CUSTOMER_FIELDAGENT: the customers the field agent registered;
 * - FIND_CUSTOMER_FIELDAGENT_STORE without a shop: the customers of any shop.
 * A customer out of sight answers exactly as one that does not exist (404), so a caller cannot
 * learn which phone numbers are customers elsewhere.
 */
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { CURRENCY, type Customer } from '../../../contract/customers';
import { internationalMsisdn } from '../../../contract/fields';
import type { Queryable } from '../../db';
import { admins, customers, loans, stores } from '../../db/schema';
import { OPEN_LOAN_STATUSES } from '../../db/schema/loans';
import { HttpError, type CallContext } from '../../http';
import { cents, iso } from '../../wire';

/** A column spelled with its table, for subqueries (drizzle leaves columns bare in a single-table select). */
const qualified = (table: string, name: string) => sql`${sql.identifier(table)}.${sql.identifier(name)}`;

export const customerNotFound = (field = 'msisdn') =>
    new HttpError(404, 'errors.customer_not_found', 'Customer record not found', field);

/** Customers of a shop: registered there, or holding a loan sold there. */
export const customerOfStore = (storeId: number): SQL =>
    sql`(${qualified('customers', 'store_id')} = ${storeId} OR EXISTS (SELECT 1 FROM ${loans} l WHERE l.customer_id = ${qualified('customers', 'id')} AND l.store_id = ${storeId}))`;

/** Customers of some shop: registered at one, or holding a loan sold at one. */
export const customerOfAnyStore: SQL = sql`(${qualified('customers', 'store_id')} IS NOT NULL OR EXISTS (SELECT 1 FROM ${loans} l WHERE l.customer_id = ${qualified('customers', 'id')} AND l.store_id IS NOT NULL))`;

/** The customers this caller may see, as a condition on `customers`. */
export const visibleCustomers = (context: Pick<CallContext, 'roles' | 'session'>): SQL => {
    const { roles } = context;
    const shop = context.session?.admin.storeId ?? null;
    const me = context.session?.admin.id ?? 0;
    const staff = roles.has('FIND_CUSTOMER') || roles.has('FIND_DIGITAL_ASSISTED_CUSTOMER');
    if (staff && shop === null) return sql`true`;
    const conditions: SQL[] = [];
    if (shop !== null && (staff || roles.has('FIND_CUSTOMER_FIELDAGENT_STORE'))) conditions.push(customerOfStore(shop));
    if (roles.has('FIND_CUSTOMER_FIELDAGENT')) conditions.push(sql`${qualified('customers', 'registered_by_admin_id')} = ${me}`);
    if (shop === null && roles.has('FIND_CUSTOMER_FIELDAGENT_STORE')) {
        conditions.push(sql`${qualified('customers', 'store_id')} IS NOT NULL`);
    }
    return or(...conditions) ?? sql`false`;
};

// ---------------------------------------------------------------------------------------------
// Customers

const customerFields = {
    customer: customers,
    storeName: stores.name,
    registeredByFirst: admins.firstName,
    registeredByLast: admins.lastName,
};

export type CustomerRow = typeof customers.$inferSelect;

/** Customers with their shop and registering admin, to answer them. */
export const selectCustomers = (db: Queryable) =>
    db
        .select(customerFields)
        .from(customers)
        .leftJoin(stores, eq(stores.id, customers.storeId))
        .leftJoin(admins, eq(admins.id, customers.registeredByAdminId));

type SelectedCustomer = Awaited<ReturnType<ReturnType<typeof selectCustomers>['execute']>>[number];

const money = (value: number | null) => (value === null ? 0 : Number(value));

export const toCustomer = ({ customer: c, storeName, registeredByFirst, registeredByLast }: SelectedCustomer): Customer => ({
    id: c.id,
    public_id: c.publicId,
    msisdn: c.msisdn,
    username: c.username,
    first_name: c.firstName,
    last_name: c.lastName,
    id_type: c.idType,
    id_number: c.idNumber,
    alternate_msisdn: c.alternateMsisdn,
    email: c.email,
    gender: c.gender,
    date_of_birth: c.dateOfBirth,
    address: {
        unit_house_number: c.unitHouseNumber,
        street: c.street,
        suburb: c.suburb,
        town: c.town,
        province: c.province,
        postal_code: c.postalCode,
    },
    customer_type: c.customerType,
    business:
        c.customerType === 'business' && c.businessName && c.industryVertical && c.turnoverBand
            ? {
                  business_name: c.businessName,
                  employee_count: c.employeeCount ?? 0,
                  industry_vertical: c.industryVertical,
                  turnover_band: c.turnoverBand,
                  address: {
                      unit_house_number: c.businessUnitHouseNumber,
                      street: c.businessStreet,
                      suburb: c.businessSuburb,
                      town: c.businessTown,
                      province: c.businessProvince,
                      postal_code: c.businessPostalCode,
                  },
              }
            : null,
    credit_limit: money(c.creditLimit),
    currency: CURRENCY,
    kyc_status: c.kycStatus,
    channel: c.channel,
    store: c.storeId !== null && storeName !== null ? { id: c.storeId, name: storeName } : null,
    registered_by:
        c.registeredByAdminId !== null && registeredByFirst !== null
            ? { id: c.registeredByAdminId, name: `${registeredByFirst} ${registeredByLast ?? ''}`.trim() }
            : null,
    created_at: iso(c.createdAt),
});

/** The customer with this phone number, if the caller may see them; else 404 naming `field`. */
export const visibleCustomer = async (context: CallContext, msisdn: string, field = 'msisdn') => {
    const [row] = await selectCustomers(context.db).where(and(eq(customers.msisdn, msisdn), visibleCustomers(context)));
    if (!row) throw customerNotFound(field);
    return row;
};

/**
 * The customers a lookup text names, among those the caller may see: by phone number (with or
 * without +), username, id number, or the IMEI or reference of one of their loans. At most 20, by id.
 * A loan's reference names its customer only where the customer is in sight (`visible`), as the
 * IMEI does: the customer view shows all their loans anyway. References are kept in capitals
 * (`LPP-000006`); one typed in any case finds its loan by the unique index.
 */
export const lookUpCustomers = async (db: Queryable, text: string, visible: SQL) => {
    // A number as the contract keeps it (contract/fields.ts `msisdn`): 0821234567 finds 27821234567.
    const phone = internationalMsisdn(text);
    // One index lookup per way of naming a customer: an OR across them would scan the table.
    const matches = sql`${customers.id} IN (
        SELECT c.id FROM ${customers} c WHERE c.msisdn = ${phone}
        UNION ALL SELECT c.id FROM ${customers} c WHERE lower(c.username) = lower(${text})
        UNION ALL SELECT c.id FROM ${customers} c WHERE c.id_number = ${text}
        UNION ALL SELECT l.customer_id FROM ${loans} l WHERE l.imei = ${text}
        UNION ALL SELECT l.customer_id FROM ${loans} l WHERE l.loan_reference = upper(${text}))`;
    const rows = await selectCustomers(db).where(and(matches, visible)).orderBy(customers.id).limit(20);
    return rows.map(toCustomer);
};

/** What a customer's open loans use of their credit limit (the customer view shows it; a sale checks it). */
export const creditUsed = async (db: Queryable, customerId: number) => {
    const [row] = await db
        .select({ used: sql<string | null>`sum(${loans.balance})`, open: count() })
        .from(loans)
        .where(and(eq(loans.customerId, customerId), inArray(loans.status, [...OPEN_LOAN_STATUSES])));
    return { used: cents(Number(row?.used ?? 0)), open: row?.open ?? 0 };
};
