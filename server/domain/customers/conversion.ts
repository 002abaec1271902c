/**
 * Converting a customer between normal and business (contract/customers/conversion.ts), with the
 * business's details; converting to the type the customer already has is a 409.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { convertCustomer } from '../../../contract/customers';
import { customers } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { selectCustomers, toCustomer, visibleCustomer } from '../records';

export const registerConversionRoutes = (app: FastifyInstance): void => {
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
};
