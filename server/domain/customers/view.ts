/**
 * What the customer view shows about a customer besides their loans (contract/customers/view.ts):
 * their credit limit and what is left of it, the messages sent to them (one-time codes hidden),
 * and the phones they qualify for.
 */
import { asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY, customerLimits, customerMessages, qualifiedDevices } from '../../../contract/customers';
import { inventoryItems, phoneModels, smsOutbox } from '../../db/schema';
import { mount } from '../../http';
import { cents, iso } from '../../wire';
import { releaseCustomerDrafts } from '../origination/expiry';
import { shippedPicture } from '../phonePictures';
import { creditUsed, visibleCustomer } from '../records';

/** The text a one-time code's message shows in the customer's messages: staff never read a code. */
export const HIDDEN_CODE_TEXT = 'One-time code sent (hidden)';

export const registerViewRoutes = (app: FastifyInstance): void => {
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
};
