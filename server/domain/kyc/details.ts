/**
 * The KYC submission the add-loan wizard makes (contract/kyc.ts `kycDetails`): it registers the
 * customer or updates one, attaches the documents, and opens a pending submission for a checker.
 *
 * Who may update which customer: one the caller sees (server/domain/records/customers.ts
 * `visibleCustomers`), or one whose ID number is the one given, which proves the customer is
 * present with their ID (contract/origination/index.ts `customerLoginCheck`: `known`). Anyone else's
 * phone number is 404 like a number nobody has.
 *
 * What it needs, checked in one transaction with the customer's row locked:
 * - the documents REQUIRED_KYC_IMAGES (and the live capture when digitally assisted), each uploaded
 *   by the caller as that kind and belonging to no other customer: else 400 `errors.kyc_files_required`
 *   on `images`;
 * - an identity check (`identityValidation`) made by the caller, passed, for this ID number, name
 *   and birth date, within IDENTITY_CHECK_VALID_MS: else 409 `errors.identity_not_verified`;
 * - for a business customer, the business; a customer registered with another type keeps it
 *   (converting is CONVERT_CUSTOMER's call, contract/customers/conversion.ts `convertCustomer`): 409
 *   `errors.customer_type_differs`.
 *
 * A pending submission of the customer is replaced: it is kept, marked `rejected` with the reason
 * REPLACED_REASON and no decider, so the record of what was submitted stays and the one-pending
 * index (`kyc_submissions_one_pending_key`) admits the new one. A submission the checker sent back
 * (`returned`) is reopened instead of a new one made: the agent's correction answers its note.
 */
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { TURNOVER_BANDS, type Customer } from '../../../contract/customers';
import { REQUIRED_KYC_IMAGES, type KycImageKind, type kycDetails, type KycSubmission } from '../../../contract/kyc';
import type { Transaction } from '../../db';
import { admins, customers, identityChecks, kycImages, kycSubmissions, stores } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import type { AuditEntry } from '../../write';
import { customerNotFound, selectCustomers, toCustomer, visibleCustomers } from '../records';
import { readSubmission } from './submissions';

type Body = z.output<NonNullable<(typeof kycDetails)['body']>>;

/** How long a passed identity check may be named by a submission (contract: "good for an hour"). */
export const IDENTITY_CHECK_VALID_MS = 60 * 60 * 1000;

export const REPLACED_REASON = 'Replaced by a newer submission';

/**
 * The credit limit a new customer starts with, in ZAR: a normal customer STARTING_LIMIT, a business
 * by its yearly turnover. Changed later by the credit rules, never by a KYC update.
 */
export const STARTING_LIMIT = 3000;
export const BUSINESS_STARTING_LIMITS: Readonly<Record<(typeof TURNOVER_BANDS)[number], number>> = {
    under_100k: 5000,
    '100k_500k': 10000,
    '500k_1m': 20000,
    '1m_5m': 40000,
    above_5m: 60000,
};

export const idNumberTaken = () =>
    new HttpError(409, 'errors.id_number_taken', 'This ID number belongs to another customer', 'id_number');

const filesRequired = (message: string) => new HttpError(400, 'errors.kyc_files_required', message, 'images');

const identityNotVerified = (message: string) =>
    new HttpError(409, 'errors.identity_not_verified', message, 'identity_reference');

/** The documents a submission of this channel needs. */
const requiredKinds = (channel: Body['channel']): KycImageKind[] =>
    channel === 'digital_assisted' ? [...REQUIRED_KYC_IMAGES, 'liveness'] : [...REQUIRED_KYC_IMAGES];

/** Refusals that need no database: the business details and the documents named. */
const checkShape = (body: Body) => {
    if (body.customer_type === 'business' && !body.business) {
        throw new HttpError(400, 'errors.field_required', 'A business customer needs the business details', 'business');
    }
    if (body.customer_type === 'normal' && body.business) {
        throw new HttpError(400, 'errors.invalid_input', 'Only a business customer has business details', 'business');
    }
    const missing = requiredKinds(body.channel).filter(kind => !body.images[kind]);
    if (missing.length > 0) throw filesRequired(`Missing documents: ${missing.join(', ')}`);
};

/** The shop a new customer and the submission belong to: the caller's, else the one named (checked). */
const chosenStore = async (tx: Transaction, context: CallContext, storeId: number | undefined): Promise<number | null> => {
    const shop = context.session?.admin.storeId ?? null;
    if (shop !== null) {
        if (storeId !== undefined && storeId !== shop) {
            throw new HttpError(403, 'errors.store_not_allowed', 'You register customers for your own shop only', 'store_id');
        }
        return shop;
    }
    if (storeId === undefined) return null;
    const [found] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId));
    if (!found) throw new HttpError(400, 'errors.unknown_store', 'There is no such shop', 'store_id');
    return storeId;
};

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The identity check the submission names, if it is one this submission may rest on (see the header). */
const checkIdentity = async (tx: Transaction, context: CallContext, body: Body) => {
    const [check] = await tx.select().from(identityChecks).where(eq(identityChecks.reference, body.identity_reference));
    const me = context.session?.admin.id ?? 0;
    if (!check || check.checkedByAdminId !== me)
        throw identityNotVerified('There is no identity check of yours with this reference');
    if (!check.verified) throw identityNotVerified('This identity check did not pass');
    if (check.createdAt.getTime() < context.now().getTime() - IDENTITY_CHECK_VALID_MS) {
        throw identityNotVerified('This identity check is more than an hour old: check again');
    }
    const samePerson =
        check.idType === body.id_type &&
        check.idNumber === body.id_number &&
        check.dateOfBirth === body.date_of_birth &&
        sameName(check.firstName, body.first_name) &&
        sameName(check.lastName, body.last_name);
    if (!samePerson) throw identityNotVerified('This identity check was for another ID number, name or birth date');
    return check;
};

/** The documents named, locked: each the caller's, of its kind, and no other customer's. */
const checkImages = async (tx: Transaction, context: CallContext, body: Body, customerId: number | null) => {
    const named = (Object.entries(body.images) as [KycImageKind, string | undefined][]).filter(
        (entry): entry is [KycImageKind, string] => entry[1] !== undefined,
    );
    const ids = named.map(([, id]) => id);
    if (new Set(ids).size !== ids.length) throw filesRequired('Each document must be a different image');
    const rows = await tx
        .select({
            id: kycImages.id,
            kind: kycImages.kind,
            uploadedBy: kycImages.uploadedByAdminId,
            customerId: kycImages.customerId,
            ocr: kycImages.ocr,
        })
        .from(kycImages)
        .where(inArray(kycImages.id, ids))
        .for('update');
    const me = context.session?.admin.id ?? 0;
    for (const [kind, id] of named) {
        const row = rows.find(candidate => candidate.id === id);
        const usable =
            row !== undefined &&
            row.kind === kind &&
            row.uploadedBy === me &&
            (row.customerId === null || row.customerId === customerId);
        if (!usable) throw filesRequired(`The ${kind} document is not an image you uploaded as ${kind}`);
    }
    return { ids, ocr: rows.find(row => row.kind === 'id_front')?.ocr ?? null };
};

const addressColumns = (address: Body['address']) => ({
    unitHouseNumber: address.unit_house_number ?? null,
    street: address.street ?? null,
    suburb: address.suburb ?? null,
    town: address.town,
    province: address.province ?? null,
    postalCode: address.postal_code ?? null,
});

const businessColumns = (business: Body['business']) =>
    business
        ? {
              businessName: business.business_name,
              employeeCount: business.employee_count,
              industryVertical: business.industry_vertical,
              turnoverBand: business.turnover_band,
              businessUnitHouseNumber: business.address.unit_house_number ?? null,
              businessStreet: business.address.street ?? null,
              businessSuburb: business.address.suburb ?? null,
              businessTown: business.address.town,
              businessProvince: business.address.province ?? null,
              businessPostalCode: business.address.postal_code ?? null,
          }
        : {};

/** The fields a KYC submission sets on the customer, new or not. */
const identityColumns = (body: Body) => ({
    firstName: body.first_name,
    lastName: body.last_name,
    idType: body.id_type,
    idNumber: body.id_number,
    dateOfBirth: body.date_of_birth,
    ...(body.gender !== undefined ? { gender: body.gender } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.alternate_msisdn !== undefined ? { alternateMsisdn: body.alternate_msisdn } : {}),
    ...addressColumns(body.address),
    ...businessColumns(body.business),
});

export const submitKycDetails = async (context: CallContext, body: Body): Promise<{ customer: Customer; kyc: KycSubmission }> => {
    checkShape(body);
    const me = context.session?.admin.id ?? 0;
    const [caller] = await context.db.select({ msisdn: admins.msisdn }).from(admins).where(eq(admins.id, me));
    if (caller?.msisdn === body.msisdn) {
        throw new HttpError(409, 'errors.own_customer', 'Cannot add loan for yourself', 'msisdn');
    }
    return context.write(
        async tx => {
            const identity = await checkIdentity(tx, context, body);
            const [existing] = await tx
                .select({
                    customer: customers,
                    visible: sql<boolean>`${visibleCustomers(context)}`,
                })
                .from(customers)
                .where(eq(customers.msisdn, body.msisdn))
                .for('update');
            if (existing) {
                const sameId = existing.customer.idType === body.id_type && existing.customer.idNumber === body.id_number;
                if (!existing.visible && !sameId) throw customerNotFound();
                if (existing.customer.customerType !== body.customer_type) {
                    throw new HttpError(
                        409,
                        'errors.customer_type_differs',
                        `This customer is registered as ${existing.customer.customerType}; converting them is a separate step`,
                        'customer_type',
                    );
                }
            }
            const [holder] = await tx
                .select({ id: customers.id })
                .from(customers)
                .where(
                    and(
                        eq(customers.idType, body.id_type),
                        eq(customers.idNumber, body.id_number),
                        existing ? ne(customers.id, existing.customer.id) : undefined,
                    ),
                );
            if (holder) throw idNumberTaken();
            const images = await checkImages(tx, context, body, existing?.customer.id ?? null);
            const store = await chosenStore(tx, context, body.store_id);
            const audit: AuditEntry[] = [];

            let customerId: number;
            if (existing) {
                customerId = existing.customer.id;
                const kycStatus = existing.customer.kycStatus === 'verified' ? 'verified' : 'pending';
                await tx
                    .update(customers)
                    .set({ ...identityColumns(body), kycStatus })
                    .where(eq(customers.id, customerId));
                audit.push({
                    action: 'customers.kyc_update',
                    entity: 'customers',
                    entityId: customerId,
                    before: { kyc_status: existing.customer.kycStatus, id_number: existing.customer.idNumber },
                    after: { kyc_status: kycStatus, id_number: body.id_number },
                });
            } else {
                const creditLimit =
                    body.customer_type === 'business' && body.business
                        ? BUSINESS_STARTING_LIMITS[body.business.turnover_band]
                        : STARTING_LIMIT;
                const [created] = await tx
                    .insert(customers)
                    .values({
                        msisdn: body.msisdn,
                        ...identityColumns(body),
                        customerType: body.customer_type,
                        creditLimit,
                        kycStatus: 'pending',
                        channel: body.channel,
                        storeId: store,
                        registeredByAdminId: me,
                        createdAt: context.now(),
                    })
                    .returning({ id: customers.id });
                if (!created) throw new Error('The new customer could not be read back');
                customerId = created.id;
                audit.push({
                    action: 'customers.register',
                    entity: 'customers',
                    entityId: customerId,
                    after: {
                        msisdn: body.msisdn,
                        customer_type: body.customer_type,
                        channel: body.channel,
                        store_id: store,
                        credit_limit: creditLimit,
                    },
                });
            }

            const now = context.now();
            const replaced = await tx
                .update(kycSubmissions)
                .set({ status: 'rejected', reason: REPLACED_REASON, decidedAt: now })
                .where(and(eq(kycSubmissions.customerId, customerId), eq(kycSubmissions.status, 'pending')))
                .returning({ id: kycSubmissions.id });
            // A submission the checker sent back is reopened by the agent's next one: the same row
            // takes what was submitted now and is `pending` again; its note stays in the audit.
            const [returned] = await tx
                .select({ id: kycSubmissions.id, note: kycSubmissions.reason })
                .from(kycSubmissions)
                .where(and(eq(kycSubmissions.customerId, customerId), eq(kycSubmissions.status, 'returned')))
                .orderBy(desc(kycSubmissions.createdAt), desc(kycSubmissions.id))
                .limit(1)
                .for('update');
            const values = {
                customerId,
                idType: body.id_type,
                idNumber: body.id_number,
                ocr: images.ocr,
                confirmed: {
                    first_name: body.first_name,
                    last_name: body.last_name,
                    id_number: body.id_number,
                    date_of_birth: body.date_of_birth,
                    gender: body.gender ?? null,
                },
                identityCheckId: identity.id,
                idFrontImageId: body.images.id_front ?? '',
                idBackImageId: body.images.id_back ?? '',
                selfieImageId: body.images.selfie ?? '',
                livenessImageId: body.images.liveness ?? null,
                channel: body.channel,
                storeId: store ?? existing?.customer.storeId ?? null,
                submittedByAdminId: me,
                createdAt: now,
            };
            const [submission] = returned
                ? await tx
                      .update(kycSubmissions)
                      .set({ ...values, status: 'pending', decidedByAdminId: null, decidedAt: null, reason: null })
                      .where(eq(kycSubmissions.id, returned.id))
                      .returning({ id: kycSubmissions.id })
                : await tx.insert(kycSubmissions).values(values).returning({ id: kycSubmissions.id });
            if (!submission) throw new Error('The new submission could not be read back');
            if (returned) {
                audit.push({
                    action: 'kyc_submissions.resubmit',
                    entity: 'kyc_submissions',
                    entityId: submission.id,
                    before: { status: 'returned', note: returned.note },
                    after: { status: 'pending' },
                });
            }
            await tx.update(kycImages).set({ customerId }).where(inArray(kycImages.id, images.ids));
            for (const old of replaced) {
                audit.push({
                    action: 'kyc_submissions.replace',
                    entity: 'kyc_submissions',
                    entityId: old.id,
                    before: { status: 'pending' },
                    after: { status: 'rejected', reason: REPLACED_REASON, replaced_by: submission.id },
                });
            }
            audit.push({
                action: 'kyc_submissions.submit',
                entity: 'kyc_submissions',
                entityId: submission.id,
                after: { customer_id: customerId, channel: body.channel, images: images.ids, identity: identity.reference },
            });
            const [row] = await selectCustomers(tx).where(eq(customers.id, customerId));
            if (!row) throw new Error('The customer could not be read back');
            return {
                result: { customer: toCustomer(row), kyc: await readSubmission(tx, submission.id) },
                audit: audit as [AuditEntry, ...AuditEntry[]],
            };
        },
        { conflicts: { customers_id_number_key: idNumberTaken } },
    );
};
