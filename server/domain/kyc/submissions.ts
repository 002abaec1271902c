/**
 * KYC submissions as the contract answers them (contract/kyc.ts `kycSubmission`), who may see
 * them, and the queue; the checker's decision is ./decision.ts.
 *
 * Reach: a caller without a shop sees every submission; one attached to a shop sees the
 * submissions made for that shop (`store_id`). A submission out of reach answers 404 like one that
 * does not exist, for the queue, its images and its decision alike.
 */
import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { KycImageKind, KycSort, KycSubmission } from '../../../contract/kyc';
import type { Queryable } from '../../db';
import { admins, customers, identityChecks, kycImages, kycSubmissions, stores } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import { idsOfPage, largePageRows, type Searched } from '../../lists';
import { iso } from '../../wire';
import { customersFound, searchFor, searchOn, type Search } from '../records';

export const submissionNotFound = () =>
    new HttpError(404, 'errors.request_not_found', 'This submission was not found, or it is not one you may see', 'id');

/** The submissions a caller may see, as a condition on kyc_submissions (undefined: every one). */
export const reachOf = (context: Pick<CallContext, 'session'>): SQL | undefined => {
    const shop = context.session?.admin.storeId ?? null;
    return shop === null ? undefined : eq(kycSubmissions.storeId, shop);
};

export const inReach = (context: Pick<CallContext, 'session'>, storeId: number | null) => {
    const shop = context.session?.admin.storeId ?? null;
    return shop === null || storeId === shop;
};

const submitter = alias(admins, 'submitter');
const decider = alias(admins, 'decider');
const livenessImage = alias(kycImages, 'liveness_image');
const selfieImage = alias(kycImages, 'selfie_image');

const submissionFields = {
    submission: kycSubmissions,
    msisdn: customers.msisdn,
    customerFirst: customers.firstName,
    customerLast: customers.lastName,
    customerType: customers.customerType,
    storeName: stores.name,
    submitterFirst: submitter.firstName,
    submitterLast: submitter.lastName,
    deciderFirst: decider.firstName,
    deciderLast: decider.lastName,
    // Looked up per row on the check's key: joined, a page could walk every check to find its own.
    identityReference: sql<string>`(SELECT ic.reference FROM ${identityChecks} ic
        WHERE ic.id = ${kycSubmissions.identityCheckId})`,
    identityVerified: sql<boolean>`(SELECT ic.verified FROM ${identityChecks} ic
        WHERE ic.id = ${kycSubmissions.identityCheckId})`,
    livenessPassed: livenessImage.livenessPassed,
    livenessScore: livenessImage.livenessScore,
    selfiePassed: selfieImage.livenessPassed,
    selfieScore: selfieImage.livenessScore,
};

/** Submissions with what the answer names: customer, shop, submitter, decider, identity check, liveness. */
const selectSubmissions = <Extra extends Record<string, SQL.Aliased | SQL>>(db: Queryable, extra?: Extra) =>
    db
        .select({ ...submissionFields, ...(extra as Extra) })
        .from(kycSubmissions)
        .innerJoin(customers, eq(customers.id, kycSubmissions.customerId))
        .innerJoin(submitter, eq(submitter.id, kycSubmissions.submittedByAdminId))
        .innerJoin(selfieImage, eq(selfieImage.id, kycSubmissions.selfieImageId))
        .leftJoin(livenessImage, eq(livenessImage.id, kycSubmissions.livenessImageId))
        .leftJoin(stores, eq(stores.id, kycSubmissions.storeId))
        .leftJoin(decider, eq(decider.id, kycSubmissions.decidedByAdminId));

type SelectedSubmission = Awaited<ReturnType<ReturnType<typeof selectSubmissions>['execute']>>[number];

const fullName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

const livenessResult = (passed: boolean | null, score: number | null) =>
    passed === null ? null : { passed, score: Math.round((score ?? 0) * 100) / 100 };

export const toKycSubmission = (row: SelectedSubmission): KycSubmission => {
    const { submission } = row;
    const images: { id: string; kind: KycImageKind }[] = [
        { id: submission.idFrontImageId, kind: 'id_front' },
        { id: submission.idBackImageId, kind: 'id_back' },
        { id: submission.selfieImageId, kind: 'selfie' },
        ...(submission.livenessImageId ? [{ id: submission.livenessImageId, kind: 'liveness' as const }] : []),
    ];
    return {
        id: submission.id,
        status: submission.status,
        customer: {
            id: submission.customerId,
            msisdn: row.msisdn,
            name: fullName(row.customerFirst, row.customerLast),
            customer_type: row.customerType,
        },
        id_type: submission.idType,
        id_number: submission.idNumber,
        ocr: submission.ocr,
        confirmed: submission.confirmed,
        identity: { reference: row.identityReference, verified: row.identityVerified },
        // The live capture's result when there is one, else the selfie's.
        liveness: livenessResult(row.livenessPassed, row.livenessScore) ?? livenessResult(row.selfiePassed, row.selfieScore),
        images,
        channel: submission.channel,
        store: submission.storeId !== null && row.storeName !== null ? { id: submission.storeId, name: row.storeName } : null,
        submitted_by: { id: submission.submittedByAdminId, name: fullName(row.submitterFirst, row.submitterLast) },
        decided_by:
            submission.decidedByAdminId !== null
                ? { id: submission.decidedByAdminId, name: fullName(row.deciderFirst, row.deciderLast) }
                : null,
        decided_at: submission.decidedAt ? iso(submission.decidedAt) : null,
        reason: submission.reason,
        created_at: iso(submission.createdAt),
    };
};

/** One submission as answered, read through `db` (inside a write, its transaction). */
export const readSubmission = async (db: Queryable, id: number): Promise<KycSubmission> => {
    const [row] = await selectSubmissions(db).where(eq(kycSubmissions.id, id));
    if (!row) throw new Error(`KYC submission ${id} could not be read back`);
    return toKycSubmission(row);
};

// ---------------------------------------------------------------------------------------------
// The queue

interface QueueInput {
    /** One submission, whatever its status. */
    id?: number | undefined;
    status: KycSubmission['status'];
    q?: string | undefined;
    sort?: KycSort | undefined;
    order?: 'asc' | 'desc' | undefined;
    page_number: number;
    page_size: number;
}

const KYC_SORT_COLUMNS = { created_at: kycSubmissions.createdAt, decided_at: kycSubmissions.decidedAt } satisfies Record<
    KycSort,
    unknown
>;

/** The submissions whose customer's name or phone number, or whose ID number, contains the search. */
export const submissionsSearched = (db: Queryable, search: Search): Searched => ({
    table: kycSubmissions,
    id: kycSubmissions.id,
    paths: [
        { column: kycSubmissions.customerId, found: customersFound(db, search) },
        { where: ilike(kycSubmissions.idNumber, search.pattern) },
    ],
});

/**
 * A page of the queue: by default pending ones oldest first (who waited longest), decided ones
 * newest decided first; else by `sort` in `order`. Ties by id in the same direction, so pages never
 * overlap; each order is read along `kyc_submissions_queue_idx` / `kyc_submissions_decided_idx`
 * (status, column, id).
 */
export const queuePage = async (context: CallContext, input: QueueInput) => {
    const where = and(
        input.id !== undefined ? eq(kycSubmissions.id, input.id) : eq(kycSubmissions.status, input.status),
        reachOf(context),
        input.q ? await searchOn(context.db, searchFor(input.q), submissionsSearched) : undefined,
    );
    const pending = input.status === 'pending';
    const direction = (input.order ?? (pending ? 'asc' : 'desc')) === 'asc' ? asc : desc;
    const column = KYC_SORT_COLUMNS[input.sort ?? (pending ? 'created_at' : 'decided_at')];
    const order = [direction(column), direction(kycSubmissions.id)];
    const offset = (input.page_number - 1) * input.page_size;
    // The page is chosen on the submissions alone, along the order's index (a search is a condition
    // on them too), and only its rows are joined: page 201 of the queue joined 10,050 rows to throw
    // 10,000 away. The total is counted on the submissions alone.
    const { rows, ...total } = await largePageRows(
        context.db,
        { limit: input.page_size, offset },
        (limit, skip) =>
            selectSubmissions(context.db)
                .where(idsOfPage(context.db, kycSubmissions.id, kycSubmissions, { where, order, limit, offset: skip }))
                .orderBy(...order),
        { table: kycSubmissions, where },
    );
    return { data: rows.map(toKycSubmission), ...total };
};
