/**
 * The sale's KYC as the portal's outbox sends it after a connection came and went (src/lib/kycQueue.ts):
 * the three uploads, the identity check and the details, each with its own Idempotency-Key, and
 * every one of them sent again with the same key (a retry after no answer, a reload part way, or
 * all at once from two tabs). The server answers each repeat with its first answer: one customer,
 * one submission, one image per document, one identity check.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../contract/define';
import { identityValidation, kycDetails, uploadImage, type KycImageKind } from '../../contract/kyc';
import { customers, identityChecks, kycImages, kycSubmissions } from '../../server/db/schema';
import { luhnValid } from '../../server/domain/kyc/identity';
import { png } from '../e2e/fixtures/kycImages';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { freshMsisdn, nextSerial } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let agent = '';

beforeAll(async () => {
    server = await startTestServer();
    agent = await signInAs(server, 'agent');
}, 60_000);
afterAll(() => server?.close());

/** A valid South African ID number for this birth date. */
const saId = (dateOfBirth: string): string => {
    const sequence = String(Number(nextSerial()) % 5000).padStart(4, '0');
    const body = `${dateOfBirth.slice(2, 4)}${dateOfBirth.slice(5, 7)}${dateOfBirth.slice(8, 10)}${sequence}08`;
    return body + ([...'0123456789'].find(digit => luhnValid(body + digit)) ?? '0');
};

const DOCUMENTS: { kind: KycImageKind; name: string; bytes: Buffer }[] = [
    { kind: 'id_front', name: 'front.png', bytes: png(320, 200, { rgb: [220, 230, 240] }) },
    { kind: 'id_back', name: 'back.png', bytes: png(320, 200, { rgb: [210, 220, 230] }) },
    { kind: 'selfie', name: 'selfie.png', bytes: png(480, 640, { rgb: [190, 160, 140] }) },
];

const keyed = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: key });
const countOf = async (rows: Promise<{ value: number }[]>) => (await rows)[0]?.value ?? 0;

/** A chain as the outbox item holds it: a person, and a key for each of its five requests, fixed once. */
const newChain = () => {
    const serial = nextSerial();
    const person = {
        first_name: 'Lindiwe',
        last_name: `Kept ${serial}`.replace(/[0-9]/g, digit => 'abcdefghij'[Number(digit)] ?? ''),
        date_of_birth: '1993-06-11',
        id_number: saId('1993-06-11'),
        msisdn: freshMsisdn(),
    };
    return { person, keys: { uploads: DOCUMENTS.map(() => randomUUID()), check: randomUUID(), details: randomUUID() } };
};

/** Sends the chain's requests in order, each with its key, each given the earlier answers, as sendKycChain does. */
const sendChain = async ({ person, keys }: ReturnType<typeof newChain>, { details: sendDetails = true } = {}) => {
    const images: Partial<Record<KycImageKind, string>> = {};
    const statuses: unknown[] = [];
    for (const [index, document] of DOCUMENTS.entries()) {
        const upload = await server.call(uploadImage, {
            body: { kind: document.kind },
            files: [{ name: document.name, type: 'image/png', bytes: document.bytes }],
            token: agent,
            headers: keyed(keys.uploads[index] ?? ''),
        });
        expect(upload.status).toBe(201);
        images[document.kind] = upload.body.id;
        statuses.push(upload.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]);
    }
    const check = await server.call(identityValidation, {
        body: {
            id_type: 'national_id',
            id_number: person.id_number,
            first_name: person.first_name,
            last_name: person.last_name,
            date_of_birth: person.date_of_birth,
        },
        token: agent,
        headers: keyed(keys.check),
    });
    expect([check.status, check.body.verified]).toEqual([200, true]);
    statuses.push(check.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]);
    const body = {
        msisdn: person.msisdn,
        customer_type: 'normal' as const,
        channel: 'shop' as const,
        first_name: person.first_name,
        last_name: person.last_name,
        id_type: 'national_id' as const,
        id_number: person.id_number,
        date_of_birth: person.date_of_birth,
        address: { town: 'Soweto' },
        images,
        identity_reference: check.body.reference,
    };
    if (!sendDetails) return { images, reference: check.body.reference, body, answer: null, replayed: statuses };
    const details = await server.call(kycDetails, { body, token: agent, headers: keyed(keys.details) });
    expect(details.status).toBe(201);
    statuses.push(details.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]);
    return { images, reference: check.body.reference, body, answer: details.body, replayed: statuses };
};

const effectsOf = async (person: { msisdn: string; id_number: string }, images: Partial<Record<KycImageKind, string>>) => {
    const [customer] = await server.db.select({ id: customers.id }).from(customers).where(eq(customers.msisdn, person.msisdn));
    return {
        customers: customer ? 1 : 0,
        submissions: customer
            ? await countOf(
                  server.db.select({ value: count() }).from(kycSubmissions).where(eq(kycSubmissions.customerId, customer.id)),
              )
            : 0,
        checks: await countOf(
            server.db.select({ value: count() }).from(identityChecks).where(eq(identityChecks.idNumber, person.id_number)),
        ),
        images: (
            await Promise.all(
                Object.values(images).map(id =>
                    countOf(
                        server.db
                            .select({ value: count() })
                            .from(kycImages)
                            .where(eq(kycImages.id, id ?? '')),
                    ),
                ),
            )
        ).reduce((sum, one) => sum + one, 0),
    };
};

describe('the KYC chain sent again with the same keys', () => {
    it('is answered with its first answers: one customer, one submission, one check, one image per document', async () => {
        const chain = newChain();
        const imagesBefore = await countOf(server.db.select({ value: count() }).from(kycImages));
        const first = await sendChain(chain);
        expect(first.replayed).toEqual([undefined, undefined, undefined, undefined, undefined]);
        const again = await sendChain(chain);
        expect(again.replayed).toEqual(['true', 'true', 'true', 'true', 'true']);
        expect(again.images).toEqual(first.images);
        expect(again.reference).toBe(first.reference);
        expect(again.answer).toEqual(first.answer);
        expect(await effectsOf(chain.person, first.images)).toEqual({ customers: 1, submissions: 1, checks: 1, images: 3 });
        expect(await countOf(server.db.select({ value: count() }).from(kycImages))).toBe(imagesBefore + 3);
    });

    it('leaves one submission when the details are first sent many times at once with their key', async () => {
        const chain = newChain();
        const sent = await sendChain(chain, { details: false });
        const outcome = await race(server, kycDetails, 6, { body: sent.body, token: agent, headers: keyed(chain.keys.details) });
        // One did the work; the others waited for its answer and were given it (or were told to try again in a moment).
        expect((outcome.statuses[201] ?? 0) + (outcome.statuses[409] ?? 0)).toBe(6);
        expect(outcome.statuses[201]).toBeGreaterThanOrEqual(1);
        for (const loser of outcome.losers) expect(loser.error.key).toBe('errors.idempotency_key_in_progress');
        const ids = new Set(outcome.winners.map(winner => winner.body.kyc.id));
        expect(ids.size).toBe(1);
        expect(await effectsOf(chain.person, sent.images)).toEqual({ customers: 1, submissions: 1, checks: 1, images: 3 });
    });
});
