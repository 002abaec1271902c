/**
 * A KYC submission waiting for a checker in the demo (server/domain/kyc), so the verification
 * queue is not empty on first start: Sibusiso Mokoena (27710000006, KYC pending, registered by
 * `fieldagent`) submitted by `fieldagent` three hours ago for Soweto Central, with his ID front
 * (which OCR misread as "Mokwena", so the checker sees a corrected field), its back, a selfie and a
 * live capture that pass, and a passed identity check.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { CHECK_REFERENCE_PREFIX } from '../domain/kyc/identity';
import { livenessOf, readIdFront, readImage } from '../domain/kyc/images';
import { ocrMarker, png } from '../domain/kyc/png';
import type { Transaction } from '../db';
import { uuidFromText } from './customers';
import { customers, identityChecks, kycImages, kycSubmissions, loans } from '../db/schema';

const HOUR_MS = 60 * 60_000;

export const DEMO_KYC_MSISDN = '27710000006';

export const seedDemoKyc = async (tx: Transaction, ids: { admins: ReadonlyMap<string, number> }, now: Date) => {
    const agentId = ids.admins.get('fieldagent');
    if (agentId === undefined) throw new Error('The demo account fieldagent is missing');
    const [customer] = await tx.select().from(customers).where(eq(customers.msisdn, DEMO_KYC_MSISDN));
    if (!customer?.dateOfBirth) throw new Error(`The demo customer ${DEMO_KYC_MSISDN} is missing`);
    const at = new Date(now.getTime() - 3 * HOUR_MS);
    const person = {
        first_name: customer.firstName,
        last_name: customer.lastName,
        id_number: customer.idNumber,
        date_of_birth: customer.dateOfBirth,
        gender: customer.gender ?? 'male',
    };
    const documents = {
        id_front: png(320, 200, { rgb: [220, 230, 240], text: ocrMarker({ ...person, last_name: 'Mokwena' }) }),
        id_back: png(320, 200, { rgb: [210, 220, 230] }),
        selfie: png(480, 640, { rgb: [150, 120, 100] }),
        liveness: png(480, 640, { rgb: [145, 115, 95] }),
    };
    const imageIds = { id_front: randomUUID(), id_back: randomUUID(), selfie: randomUUID(), liveness: randomUUID() };
    await tx.insert(kycImages).values(
        (Object.keys(documents) as (keyof typeof documents)[]).map(kind => {
            const bytes = documents[kind];
            const image = readImage(bytes);
            const faces = (kind === 'selfie' || kind === 'liveness') && image.ok;
            const liveness = faces ? livenessOf(image) : null;
            return {
                id: imageIds[kind],
                kind,
                contentType: 'image/png',
                size: bytes.length,
                sha256: createHash('sha256').update(bytes).digest('hex'),
                content: bytes,
                ocr: kind === 'id_front' ? readIdFront(bytes, 'image/png') : null,
                livenessPassed: liveness?.passed ?? null,
                livenessScore: liveness?.score ?? null,
                uploadedByAdminId: agentId,
                customerId: customer.id,
                createdAt: at,
            };
        }),
    );
    const [check] = await tx
        .insert(identityChecks)
        .values({
            reference: `${CHECK_REFERENCE_PREFIX}${'0'.repeat(23)}1`,
            idType: customer.idType,
            idNumber: customer.idNumber,
            firstName: customer.firstName,
            lastName: customer.lastName,
            dateOfBirth: customer.dateOfBirth,
            verified: true,
            checkedByAdminId: agentId,
            createdAt: at,
        })
        .returning({ id: identityChecks.id });
    if (!check) throw new Error('The demo identity check could not be read back');
    await tx.insert(kycSubmissions).values({
        customerId: customer.id,
        idType: customer.idType,
        idNumber: customer.idNumber,
        ocr: readIdFront(documents.id_front, 'image/png'),
        confirmed: person,
        identityCheckId: check.id,
        idFrontImageId: imageIds.id_front,
        idBackImageId: imageIds.id_back,
        selfieImageId: imageIds.selfie,
        livenessImageId: imageIds.liveness,
        channel: 'field_agent',
        storeId: customer.storeId,
        submittedByAdminId: agentId,
        createdAt: at,
    });
};

/**
 * The KYC of N generated customers (server/seed/customers.ts): each whose KYC is verified or
 * pending sent a submission at their shop when they registered, with its identity check and its
 * three pictures (the ID's front and back and a selfie, each a small picture kept in the database);
 * a verified customer's was approved by `checkerId` two hours later, a pending one's waits in the
 * queue. Sent by the seller of their loan where they have one, else by `fallbackSubmitterId`.
 * Set-based, as the customers are. Without these the submissions were
 * the demo's one at any scale, and a list of them planned as over a table of one row.
 */
export const seedGeneratedKyc = async (
    tx: Transaction,
    howMany: number,
    ids: { checkerId: number; fallbackSubmitterId: number },
) => {
    if (howMany <= 0) return;
    const picture = png(32, 20, { rgb: [200, 205, 210] });
    const sha256 = createHash('sha256').update(picture).digest('hex');
    // One statement: the generated customers with a submission, each found by phone number, are
    // read once (p), and each row's pictures and check are named from its number, so nothing is
    // looked up again. The tables' keys are made once their rows are in (business.ts GENERATED_TABLES).
    const imageId = (kind: string) => uuidFromText(`'generated kyc ' || p.g || ' ${kind}'`);
    const checkReference = sql.raw(`'${CHECK_REFERENCE_PREFIX}a' || lpad(to_hex(p.g), 23, '0')`);
    await tx.execute(sql`
        WITH p AS MATERIALIZED (
            SELECT g, c.id AS customer_id, c.id_type::text AS id_type, c.id_number, c.first_name, c.last_name,
                   c.date_of_birth::text AS date_of_birth, c.gender, c.store_id, c.created_at, c.kyc_status,
                   coalesce(l.agent_admin_id, ${ids.fallbackSubmitterId}) AS submitter
            FROM generate_series(1, ${howMany}) AS g
            JOIN ${customers} c ON c.msisdn = '2772' || lpad(g::text, 7, '0')
            LEFT JOIN ${loans} l ON l.customer_id = c.id
            WHERE c.kyc_status IN ('verified', 'pending')
        ),
        images AS (
            INSERT INTO ${kycImages} (id, kind, content_type, size, sha256, content, uploaded_by_admin_id, customer_id, created_at)
            SELECT ${uuidFromText("'generated kyc ' || p.g || ' ' || k.kind")}, k.kind::kyc_image_kind, 'image/png',
                   ${picture.length}, ${sha256}, ${picture}, p.submitter, p.customer_id, p.created_at
            FROM p CROSS JOIN (VALUES ('id_front'), ('id_back'), ('selfie')) AS k(kind)
            -- In the order of their random ids: each goes in at the end of the primary key's index.
            ORDER BY 1
        ),
        checks AS (
            INSERT INTO ${identityChecks} (reference, id_type, id_number, first_name, last_name, date_of_birth, verified,
                checked_by_admin_id, created_at)
            SELECT ${checkReference}, id_type::kyc_id_type, id_number, first_name, last_name, date_of_birth, true, submitter, created_at
            FROM p
            RETURNING id, reference
        )
        INSERT INTO ${kycSubmissions} (customer_id, status, id_type, id_number, confirmed, identity_check_id,
            id_front_image_id, id_back_image_id, selfie_image_id, channel, store_id, submitted_by_admin_id,
            decided_by_admin_id, decided_at, created_at)
        SELECT p.customer_id,
               (CASE WHEN p.kyc_status = 'verified' THEN 'approved' ELSE 'pending' END)::kyc_submission_status,
               p.id_type::kyc_id_type, p.id_number,
               jsonb_build_object('first_name', p.first_name, 'last_name', p.last_name, 'id_number', p.id_number,
                                  'date_of_birth', p.date_of_birth, 'gender', p.gender),
               ch.id, ${imageId('id_front')}, ${imageId('id_back')}, ${imageId('selfie')}, 'shop', p.store_id, p.submitter,
               CASE WHEN p.kyc_status = 'verified' THEN ${ids.checkerId}::int END,
               CASE WHEN p.kyc_status = 'verified' THEN p.created_at + interval '2 hours' END,
               p.created_at
        FROM p JOIN checks ch ON ch.reference = ${checkReference}`);
    await tx.execute(sql`ANALYZE ${kycImages}, ${identityChecks}, ${kycSubmissions}`);
};
