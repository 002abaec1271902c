/**
 * Sales made straight in the database for the origination tests and the access matrix: a phone in
 * stock, a sale at a given step sold by a given admin, and a sale code the test knows (as
 * `generate/customer-otp` or `generate/agent-otp` would leave it).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../server/db';
import { randomUUID } from 'node:crypto';
import type { CallInput, CallResponse } from '../../contract/define';
import { createLoan, loanQuote, QUOTE_VALIDITY_MINUTES } from '../../contract/origination';
import {
    identityChecks,
    inventoryItems,
    kycImages,
    kycSubmissions,
    loanQuotes,
    loans,
    otps,
    phoneModels,
    stores,
} from '../../server/db/schema';
import { businessDay } from '../../server/time';
import { figuresOf, firstDueDate } from '../../server/domain/origination/terms';
import { codeHash } from '../../server/domain/auth/codes';
import { OTP } from '../../server/domain/auth/otp';
import { SALE_CODE_PURPOSES, saleCodeSubject, type SaleCode } from '../../server/domain/origination/codes';
import { freshImei, makeLoan } from './customerFixtures';
import type { CallResult, CallTransport, TestServer } from './harness';

export const SALE_SKU = 'OPPO-A18-128';

export const storeIdOf = async (db: Database, name: string) => {
    const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.name, name));
    if (!row) throw new Error(`No shop ${name}`);
    return row.id;
};

/** A phone in stock at a shop (Soweto Central, the OPPO A18 unless told otherwise); answers its IMEI. */
export const stockItem = async (db: Database, options: { store?: string; sku?: string } = {}) => {
    const imei = freshImei();
    await db.insert(inventoryItems).values({
        sku: options.sku ?? SALE_SKU,
        imei,
        storeId: await storeIdOf(db, options.store ?? 'Soweto Central'),
        status: 'in_stock',
    });
    return imei;
};

export interface SaleOptions {
    /** The seller's admin id. */
    agentId: number;
    status?: 'draft' | 'awaiting_deposit' | 'awaiting_lock' | 'cancelled';
    store?: string;
}

/**
 * A sale as the wizard leaves it at `status`: its phone reserved from the shop's stock, the device
 * lock pending, both codes verified from `awaiting_deposit` on, nothing paid yet.
 */
export const makeSale = async (db: Database, options: SaleOptions) => {
    const status = options.status ?? 'draft';
    const store = options.store ?? 'Soweto Central';
    const imei = await stockItem(db, { store });
    const made = await makeLoan(db, { status, device: 'pending', imei, store });
    const [item] = await db
        .update(inventoryItems)
        .set({ status: status === 'cancelled' ? 'in_stock' : status === 'awaiting_lock' ? 'sold' : 'reserved' })
        .where(eq(inventoryItems.imei, imei))
        .returning();
    const verified = status === 'draft' ? null : new Date();
    const [loan] = await db
        .update(loans)
        .set({
            agentAdminId: options.agentId,
            inventoryItemId: item?.id ?? null,
            balance: status === 'awaiting_lock' ? made.loan.price - made.loan.deposit : made.loan.price,
            customerOtpVerifiedAt: verified,
            agentOtpVerifiedAt: verified,
        })
        .where(eq(loans.id, made.loan.id))
        .returning();
    if (!loan) throw new Error('No sale');
    return { ...made, loan };
};

/**
 * A quote as `loan_quote` would issue it to `adminId` for this sale (the model's prices now, valid
 * from `now`), for rows that need one of a caller's quotes without going through the call; answers
 * its public id.
 */
export const plantQuote = async (
    db: Database,
    sale: { adminId: number; customerId: number; imei: string; storeId: number; sku?: string; now: Date },
) => {
    const [model] = await db
        .select()
        .from(phoneModels)
        .where(eq(phoneModels.sku, sale.sku ?? SALE_SKU));
    if (!model) throw new Error('No phone model');
    const prices = { cashPrice: model.cashPrice, deposit: model.deposit, instalment: model.instalmentAmount, term: model.term };
    const publicId = randomUUID();
    await db.insert(loanQuotes).values({
        publicId,
        adminId: sale.adminId,
        customerId: sale.customerId,
        sku: model.sku,
        imei: sale.imei,
        storeId: sale.storeId,
        channel: 'shop',
        lockSolution: model.lockSolution,
        cashPrice: model.cashPrice,
        deposit: model.deposit,
        instalment: model.instalmentAmount,
        instalmentPeriod: model.instalmentPeriod,
        term: model.term,
        totalPayable: figuresOf(prices).totalPayable,
        firstDueDate: firstDueDate(businessDay(sale.now), model.instalmentPeriod),
        issuedAt: sale.now,
        expiresAt: new Date(sale.now.getTime() + QUOTE_VALIDITY_MINUTES * 60_000),
    });
    return publicId;
};

/** What a sale is about, as `loan_quote` takes it and `create_loan` with the quote's id. */
export type SaleBody = CallInput<typeof loanQuote>['body'];

/**
 * The body `create_loan` takes for this sale, as the wizard sends it: the quote `loan_quote` issued
 * to this caller for it. Throws when no quote is issued (the tests of a refused quote call it themselves).
 */
export const quotedBody = async (server: TestServer, body: SaleBody, options: CallTransport) => {
    const quoted = await server.call(loanQuote, { ...options, body });
    if (quoted.status !== 201) throw new Error(`No quote: ${quoted.status} ${quoted.error.key}`);
    return { ...body, quote_id: quoted.body.quote_id };
};
export type QuotedBody = CallInput<typeof createLoan>['body'];

/**
 * A sale as the wizard starts it: the quote, then `create_loan` accepting it. A quote refused
 * (the customer does not qualify, the phone is not in stock…) answers as that refusal, which is
 * what `create_loan` itself would refuse.
 */
export const quoteAndCreate = async (
    server: TestServer,
    options: CallTransport & { body: SaleBody },
): Promise<CallResult<typeof createLoan>> => {
    const quoted = await server.call(loanQuote, options);
    if (quoted.status !== 201) return { ...quoted, body: undefined as unknown as CallResponse<typeof createLoan> };
    return server.call(createLoan, { ...options, body: { ...options.body, quote_id: quoted.body.quote_id } });
};

/** The code the planted sale codes take. */
export const SALE_TEST_CODE = '135790';

/** A sale code waiting for a loan, with a code the test knows; an agent's code names its agent. */
export const plantSaleCode = async (
    db: Database,
    loanId: number,
    kind: SaleCode,
    options: { adminId?: number; expiresAt?: Date; now: Date },
) => {
    const id = crypto.randomUUID();
    await db.insert(otps).values({
        id,
        purpose: SALE_CODE_PURPOSES[kind],
        subject: saleCodeSubject(loanId),
        adminId: options.adminId ?? null,
        codeHash: codeHash(id, SALE_TEST_CODE),
        expiresAt: options.expiresAt ?? new Date(options.now.getTime() + OTP.ttlMs),
        createdAt: options.now,
    });
    return id;
};

/**
 * A KYC submission an agent made for a customer (as the wizard's identity step leaves it for a
 * number the agent does not see), with stand-in documents: the KYC calls are tested in kyc.test.ts.
 */
export const makeKycSubmission = async (
    db: Database,
    customer: { id: number; idNumber: string; firstName: string; lastName: string },
    submittedBy: number,
    status: 'pending' | 'approved' | 'rejected' = 'pending',
) => {
    const [check] = await db
        .insert(identityChecks)
        .values({
            reference: `IDC-${crypto.randomUUID()}`,
            idType: 'national_id',
            idNumber: customer.idNumber,
            firstName: customer.firstName,
            lastName: customer.lastName,
            dateOfBirth: '1990-01-01',
            verified: true,
            checkedByAdminId: submittedBy,
        })
        .returning({ id: identityChecks.id });
    const images = await db
        .insert(kycImages)
        .values(
            (['id_front', 'id_back', 'selfie'] as const).map(kind => ({
                id: crypto.randomUUID(),
                kind,
                contentType: 'image/png',
                size: 1,
                sha256: '0'.repeat(64),
                content: new Uint8Array([0]),
                uploadedByAdminId: submittedBy,
                customerId: customer.id,
            })),
        )
        .returning({ id: kycImages.id });
    const [front, back, selfie] = images;
    if (!check || !front || !back || !selfie) throw new Error('No KYC documents');
    const confirmed = {
        first_name: customer.firstName,
        last_name: customer.lastName,
        id_number: customer.idNumber,
        date_of_birth: '1990-01-01',
        gender: null,
    };
    await db.insert(kycSubmissions).values({
        customerId: customer.id,
        status,
        idType: 'national_id',
        idNumber: customer.idNumber,
        confirmed,
        identityCheckId: check.id,
        idFrontImageId: front.id,
        idBackImageId: back.id,
        selfieImageId: selfie.id,
        channel: 'shop',
        submittedByAdminId: submittedBy,
    });
};
