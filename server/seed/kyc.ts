/**
 * A KYC submission waiting for a checker in the demo (server/domain/kyc), so the verification
 * queue is not empty on first start: Sibusiso Mokoena (27710000006, KYC pending, registered by
 * `fieldagent`) submitted by `fieldagent` three hours ago for Soweto Central, with his ID front
 * (which OCR misread as "Mokwena", so the checker sees a corrected field), its back, a selfie and a
 * live capture that pass, and a passed identity check.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { CHECK_REFERENCE_PREFIX } from '../domain/kyc/identity';
import { livenessOf, readIdFront, readImage } from '../domain/kyc/images';
import { ocrMarker, png } from '../domain/kyc/png';
import type { Transaction } from '../db';
import { customers, identityChecks, kycImages, kycSubmissions } from '../db/schema';

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
