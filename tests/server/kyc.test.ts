/**
 * Knowing the customer (contract/kyc.ts, server/domain/kyc/): uploads (multipart through
 * server/http.ts: the size limit while streaming, the type by content, one `file` part), the OCR
 * and liveness stand-ins, the ID number rules, the identity register stand-in, the submission's
 * rules (documents, identity check, business details, who may update whom, replacing a pending
 * one), the queue's reach and search, the checker's decision (not the submitter, once, in reach)
 * and who may see an image.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { listAdminGroups } from '../../contract/security';
import { createAdmin } from '../../contract/users';
import { registrationOptions } from '../../contract/registration';
import {
    approveKycVerification,
    idValidationCheck,
    identityValidation,
    kycDetails,
    kycImageContent,
    MAX_UPLOAD_BYTES,
    pendingKycVerifications,
    uploadImage,
    type KycImageKind,
    type KycSubmission,
} from '../../contract/kyc';
import { apiError } from '../../contract/errors';
import { admins, auditEvents, customers, identityChecks, kycImages, kycSubmissions, smsOutbox } from '../../server/db/schema';
import { BUSINESS_STARTING_LIMITS, REPLACED_REASON, STARTING_LIMIT } from '../../server/domain/kyc/details';
import { REGISTER_DECEASED, REGISTER_NOT_FOUND, luhnValid } from '../../server/domain/kyc/identity';
import { DEMO_ID_PERSON, ocrMarker, png } from '../e2e/fixtures/kycImages';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { freshMsisdn, makeCustomer, nextSerial } from './customerFixtures';
import { rowsOf, startTestServer, type TestServer } from './harness';
import { multipartBody, type FilePart } from './multipart';

let server: TestServer;
const token: Record<string, string> = {};
const storeIds: Record<string, number> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'checker', 'agent', 'fieldagent', 'analyst']) {
        token[username] = await signInAs(server, username);
    }
    for (const store of (await server.call(registrationOptions, {})).body.stores) storeIds[store.name] = store.id;
}, 60_000);
afterAll(() => server?.close());
// Each test starts with a fresh hour of uploads: these tests upload far more than an agent's hourly
// quota between them (the quota itself is tested in kycImages.test.ts).
afterEach(() => server.db.execute(sql`UPDATE kyc_images SET created_at = created_at - interval '1 hour'`));

// ---------------------------------------------------------------------------------------------
// Helpers

const pngPart = (bytes: Buffer, name = 'photo.png', type = 'image/png'): FilePart => ({ name, type, bytes });

const upload = (kind: KycImageKind, file: FilePart, as = 'agent') =>
    server.call(uploadImage, { body: { kind }, files: [file], token: token[as] ?? as });

const uploaded = async (kind: KycImageKind, bytes: Buffer, as = 'agent') => {
    const answer = await upload(kind, pngPart(bytes), as);
    if (answer.status !== 201) throw new Error(`Upload failed: ${answer.status} ${JSON.stringify(answer.error)}`);
    return answer.body;
};

const imageCount = async () => (await server.db.select({ value: count() }).from(kycImages))[0]?.value ?? 0;

/** A valid South African ID number for this birth date, female below 5000 in the sequence. */
const saId = (dateOfBirth: string, male = false): string => {
    const sequence = String((Number(nextSerial()) % 5000) + (male ? 5000 : 0)).padStart(4, '0');
    const body = `${dateOfBirth.slice(2, 4)}${dateOfBirth.slice(5, 7)}${dateOfBirth.slice(8, 10)}${sequence}08`;
    const check = [...'0123456789'].find(digit => luhnValid(body + digit));
    return body + (check ?? '0');
};

interface Person {
    first_name: string;
    last_name: string;
    id_number: string;
    date_of_birth: string;
    msisdn: string;
}

const newPerson = (): Person => {
    const serial = nextSerial();
    return {
        first_name: 'Nomsa',
        last_name: `Zulu ${serial}`.replace(/[0-9]/g, digit => 'abcdefghij'[Number(digit)] ?? ''),
        date_of_birth: '1991-04-17',
        id_number: saId('1991-04-17'),
        msisdn: freshMsisdn(),
    };
};

const checkIdentity = async (person: Person, as = 'agent') => {
    const answer = await server.call(identityValidation, {
        body: {
            id_type: 'national_id',
            id_number: person.id_number,
            first_name: person.first_name,
            last_name: person.last_name,
            date_of_birth: person.date_of_birth,
        },
        token: token[as] ?? as,
    });
    expect(answer.status).toBe(200);
    return answer.body;
};

/** The three documents (and a live capture), uploaded by `as`. */
const documents = async (person: Person, as = 'agent') => ({
    id_front: (await uploaded('id_front', png(320, 200, { text: ocrMarker({ first_name: person.first_name }) }), as)).id,
    id_back: (await uploaded('id_back', png(320, 200), as)).id,
    selfie: (await uploaded('selfie', png(480, 640), as)).id,
    liveness: (await uploaded('liveness', png(480, 640), as)).id,
});

type DetailsBody = Record<string, unknown>;

const detailsBody = async (person: Person, as = 'agent', extra: DetailsBody = {}) => ({
    msisdn: person.msisdn,
    customer_type: 'normal',
    channel: 'shop',
    first_name: person.first_name,
    last_name: person.last_name,
    id_type: 'national_id',
    id_number: person.id_number,
    date_of_birth: person.date_of_birth,
    gender: 'female',
    address: { town: 'Soweto', suburb: 'Orlando West', postal_code: '1804' },
    images: await documents(person, as),
    identity_reference: (await checkIdentity(person, as)).reference,
    ...extra,
});

const submit = (body: Record<string, unknown>, as = 'agent') =>
    server.callUnchecked(kycDetails, { body, token: token[as] ?? as });

/** A new submission of a new person by `as`; answers its id and the person. */
const submitted = async (as = 'agent', extra: DetailsBody = {}) => {
    const person = newPerson();
    const answer = await submit(await detailsBody(person, as, extra), as);
    if (answer.status !== 201) throw new Error(`Submission failed: ${answer.status} ${JSON.stringify(answer.error)}`);
    return { person, id: answer.body.kyc.id, customerId: answer.body.customer.id, answer: answer.body };
};

/** A new portal user in a seeded group, attached to `store` or to none; answers their token. */
const userIn = async (group: string, store: string | null) => {
    const serial = nextSerial();
    const groups = await server.call(listAdminGroups, { query: { $limit: 1000 }, token: token.admin });
    const username = `kyc.${serial}`;
    const created = await server.call(createAdmin, {
        body: {
            username,
            first_name: 'Kyc',
            last_name: `Tester ${serial}`,
            msisdn: `27847${serial}`,
            group_id: groups.body.data.find(row => row.name === group)?.id ?? 0,
            store_id: store ? storeIds[store] : undefined,
            password: 'a-long-password-1',
        },
        token: token.admin,
    });
    expect(created.status).toBe(201);
    return server.signIn(username, 'a-long-password-1');
};

const jpeg = (width: number, height: number, comment?: string): Buffer => {
    const segment = (marker: number, data: Buffer) => {
        const length = Buffer.alloc(2);
        length.writeUInt16BE(data.length + 2);
        return Buffer.concat([Buffer.from([0xff, marker]), length, data]);
    };
    const frame = Buffer.alloc(15);
    frame.writeUInt8(8, 0);
    frame.writeUInt16BE(height, 1);
    frame.writeUInt16BE(width, 3);
    frame.set([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 5);
    return Buffer.concat([
        Buffer.from([0xff, 0xd8]),
        segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
        ...(comment ? [segment(0xfe, Buffer.from(comment, 'latin1'))] : []),
        segment(0xc0, frame),
        segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
        Buffer.from([0x00, 0xff, 0xd9]),
    ]);
};

const webp = (width: number, height: number): Buffer => {
    const bytes = Buffer.alloc(30);
    bytes.write('RIFF', 0, 'latin1');
    bytes.writeUInt32LE(22, 4);
    bytes.write('WEBPVP8X', 8, 'latin1');
    bytes.writeUInt32LE(10, 16);
    bytes.writeUIntLE(width - 1, 24, 3);
    bytes.writeUIntLE(height - 1, 27, 3);
    return bytes;
};

// ---------------------------------------------------------------------------------------------

describe('uploading an image', () => {
    it('takes a PNG as multipart and stores it with its digest', async () => {
        const bytes = png(320, 200);
        const answer = await upload('id_back', pngPart(bytes));
        expect(answer.status).toBe(201);
        expect(answer.body).toMatchObject({
            kind: 'id_back',
            content_type: 'image/png',
            size: bytes.length,
            ocr: null,
            liveness: null,
        });
        const [row] = await server.db.select().from(kycImages).where(eq(kycImages.id, answer.body.id));
        expect(row?.sha256).toMatch(/^[0-9a-f]{64}$/);
        // The bytes are in the image store (server/domain/kyc/imageStore.ts), the row names the file.
        expect([row?.content, row?.storedAs]).toEqual([null, expect.stringMatching(/^[0-9a-f]{32}$/)]);
        const back = await server.call(kycImageContent, { params: { id: answer.body.id }, token: token.agent });
        expect(back.body.data_url).toBe(`data:image/png;base64,${bytes.toString('base64')}`);
        const [event] = await server.db.select().from(auditEvents).where(eq(auditEvents.entityId, answer.body.id));
        expect(event?.action).toBe('kyc_images.upload');
    });

    it('takes a file of exactly 5 MB, and refuses one byte more with 413 while it streams, storing nothing', async () => {
        // A well-formed PNG of exactly 5 MB: a tEXt chunk pads it (16 bytes of chunk around the text).
        const padded = (total: number) => png(16, 16, { text: { pad: 'x'.repeat(total - png(16, 16).length - 16) } });
        const exact = padded(MAX_UPLOAD_BYTES);
        expect(exact.length).toBe(MAX_UPLOAD_BYTES);
        expect((await upload('id_back', pngPart(exact))).status).toBe(201);
        const before = await imageCount();
        const over = await upload('id_back', pngPart(padded(MAX_UPLOAD_BYTES + 1)));
        expect([over.status, over.error.key, over.error.field]).toEqual([413, 'errors.payload_too_large', 'file']);
        // Far larger: refused by its declared length before a byte of it is read.
        const huge = await upload('id_back', pngPart(Buffer.alloc(MAX_UPLOAD_BYTES * 2)));
        expect([huge.status, huge.error.key]).toEqual([413, 'errors.payload_too_large']);
        expect(await imageCount()).toBe(before);
    });

    it('judges the type by the content: text named photo.jpg is 415, a PNG named id.pdf is a PNG', async () => {
        const before = await imageCount();
        const text = await upload('id_front', pngPart(Buffer.from('not a photo at all'), 'photo.jpg', 'image/jpeg'));
        expect([text.status, text.error.key, text.error.field]).toEqual([415, 'errors.unsupported_media_type', 'file']);
        const empty = await upload('id_front', pngPart(Buffer.alloc(0), 'empty.png'));
        expect(empty.status).toBe(415);
        expect(await imageCount()).toBe(before);
        const disguised = await upload('id_back', pngPart(png(16, 16), 'id.pdf', 'application/pdf'));
        expect([disguised.status, disguised.body.content_type]).toEqual([201, 'image/png']);
        const photo = await upload('id_back', pngPart(jpeg(640, 480), 'x.bin', 'application/octet-stream'));
        expect([photo.status, photo.body.content_type]).toEqual([201, 'image/jpeg']);
        const modern = await upload('selfie', pngPart(webp(600, 800), 'selfie.webp', 'image/webp'));
        expect(modern.body).toMatchObject({ content_type: 'image/webp', liveness: { passed: true, score: 1 } });
    });

    it('takes multipart only, with one part named file and a kind', async () => {
        const url = `${API_BASE}${uploadImage.path}`;
        const headers = { authorization: `Bearer ${token.agent}` };
        const json = await server.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify({ kind: 'selfie' }),
        });
        expect([json.statusCode, apiError.parse(json.json()).key]).toEqual([415, 'errors.unsupported_media_type']);

        const send = async (fields: Record<string, unknown>, files: FilePart[]) => {
            const form = multipartBody(fields, files);
            const response = await server.app.inject({
                method: 'POST',
                url,
                headers: { ...headers, 'content-type': form.contentType },
                payload: form.payload,
            });
            return { status: response.statusCode, error: apiError.parse(response.json()) };
        };
        const image = pngPart(png(8, 8));
        expect(await send({ kind: 'selfie' }, [])).toMatchObject({ status: 400, error: { field: 'file' } });
        expect(await send({ kind: 'selfie' }, [image, image])).toMatchObject({ status: 400, error: { field: 'file' } });
        expect(await send({ kind: 'selfie' }, [{ ...image, field: 'photo' }])).toMatchObject({
            status: 400,
            error: { field: 'photo' },
        });
        expect(await send({}, [image])).toMatchObject({ status: 400, error: { field: 'kind', key: 'errors.field_required' } });
        // A part without a name (a text field or a file) is named by the form: every 400 names a field.
        expect(await send({ kind: 'selfie', '': 'x' }, [image])).toMatchObject({ status: 400, error: { field: 'body' } });
        expect(await send({ kind: 'selfie' }, [{ ...image, field: '' }])).toMatchObject({
            status: 400,
            error: { field: 'body' },
        });
        expect(await send({ kind: 'passport' }, [image])).toMatchObject({ status: 400, error: { field: 'kind' } });
        expect(await send({ kind: 'selfie\u202e' }, [image])).toMatchObject({
            status: 400,
            error: { field: 'kind', key: 'errors.invalid_characters' },
        });
        const truncated = multipartBody({ kind: 'selfie' }, [image]);
        const cut = await server.app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': truncated.contentType },
            payload: truncated.payload.subarray(0, truncated.payload.length - 40),
        });
        expect([cut.statusCode, apiError.parse(cut.json()).field]).toEqual([400, 'body']);

        // Every other call stays JSON only, a form included.
        const form = multipartBody({ id_type: 'passport', id_number: 'AB123456', msisdn: '27710000001' }, []);
        const other = await server.app.inject({
            method: 'POST',
            url: `${API_BASE}${idValidationCheck.path}`,
            headers: { ...headers, 'content-type': form.contentType },
            payload: form.payload,
        });
        expect(other.statusCode).toBe(415);
    });

    it('asks who the caller is before reading the form', async () => {
        const anonymous = await server.call(uploadImage, { body: { kind: 'selfie' } });
        expect(anonymous.status).toBe(401);
        const analyst = await upload('selfie', pngPart(png(8, 8)), 'analyst');
        expect([analyst.status, analyst.error.key]).toEqual([403, 'errors.forbidden']);
    });
});

describe('the OCR and liveness stand-ins', () => {
    it("reads the fields an ID front's marker carries, and nothing from any other image", async () => {
        const marked = await uploaded('id_front', png(320, 200, { text: ocrMarker(DEMO_ID_PERSON) }));
        expect(marked.ocr).toEqual(DEMO_ID_PERSON);
        const plain = await uploaded('id_front', png(320, 200));
        expect(plain.ocr).toEqual({ first_name: null, last_name: null, id_number: null, date_of_birth: null, gender: null });
        const partly = await uploaded(
            'id_front',
            png(320, 200, { text: ocrMarker({ first_name: 'Sizwe', date_of_birth: '1990-02-30', gender: 'robot' }) }),
        );
        expect(partly.ocr).toMatchObject({ first_name: 'Sizwe', date_of_birth: null, gender: null });
        const photo = await upload(
            'id_front',
            pngPart(jpeg(640, 400, 'kyc-ocr:first_name=Lwazi;id_number=9001014800089'), 'id.jpg', 'image/jpeg'),
        );
        expect(photo.body.ocr).toMatchObject({ first_name: 'Lwazi', id_number: '9001014800089', last_name: null });
        // OCR reads ID fronts only.
        expect((await uploaded('selfie', png(480, 640, { text: ocrMarker(DEMO_ID_PERSON) }))).ocr).toBeNull();
    });

    it('passes a live capture or selfie big enough to hold a face, and refuses a thumbnail saying why', async () => {
        expect((await uploaded('liveness', png(480, 640))).liveness).toEqual({ passed: true, score: 1 });
        expect((await uploaded('selfie', png(240, 320))).liveness).toEqual({ passed: true, score: 0.5 });
        // Refused at capture, while the customer is there: the picture cannot hold a face to check.
        const thumbnail = await upload('liveness', pngPart(png(64, 64)));
        expect([thumbnail.status, thumbnail.error.key, thumbnail.error.field]).toEqual([
            400,
            'errors.liveness_too_small',
            'file',
        ]);
        expect(thumbnail.error.message).toContain('64 × 64');
        const selfie = await upload('selfie', pngPart(png(320, 239)));
        expect([selfie.status, selfie.error.key]).toEqual([400, 'errors.liveness_too_small']);
        expect((await uploaded('id_back', png(480, 640))).liveness).toBeNull();
    });
});

describe('checking an ID number', () => {
    const check = (id_number: string, msisdn = freshMsisdn(), id_type: 'national_id' | 'passport' = 'national_id') =>
        server.call(idValidationCheck, { body: { id_type, id_number, msisdn }, token: token.agent });

    it('answers the birth date and gender a valid South African ID number carries', async () => {
        const woman = await check('9001014800089');
        expect(woman.body).toEqual({
            id_type: 'national_id',
            id_number: '9001014800089',
            date_of_birth: '1990-01-01',
            gender: 'female',
        });
        const man = await check(saId('2001-12-31', true));
        expect(man.body).toMatchObject({ date_of_birth: '2001-12-31', gender: 'male' });
    });

    it('refuses a wrong check digit, a date that is none, and a wrong length, naming the ID number', async () => {
        for (const bad of ['9001014800088', '9013014800083', '9002304800082', '900101480008']) {
            const answer = await check(bad);
            expect([answer.status, answer.error.field], bad).toEqual([400, 'id_number']);
        }
        expect((await check('9001014800088')).error.key).toBe('errors.id_number_invalid');
    });

    it('takes a passport as letters and digits, with nothing to pre-fill', async () => {
        expect((await check('ab123456', undefined, 'passport')).body).toEqual({
            id_type: 'passport',
            id_number: 'AB123456',
            date_of_birth: null,
            gender: null,
        });
        expect((await check('AB1', undefined, 'passport')).status).toBe(400);
    });

    it("is 409 when the number is another customer's, and fine for that customer's own phone number", async () => {
        const { person } = await submitted();
        const taken = await check(person.id_number);
        expect([taken.status, taken.error.key]).toEqual([409, 'errors.id_number_taken']);
        expect((await check(person.id_number, person.msisdn)).status).toBe(200);
    });
});

describe('the identity register stand-in', () => {
    const verify = (person: Partial<Person> & { id_number: string }) =>
        server.call(identityValidation, {
            body: {
                id_type: 'national_id',
                first_name: 'Ayanda',
                last_name: 'Nkosi',
                date_of_birth: `19${person.id_number.slice(0, 2)}-${person.id_number.slice(2, 4)}-${person.id_number.slice(4, 6)}`,
                ...person,
            },
            token: token.agent,
        });

    it('verifies a valid ID number whose date is the birth date, and records the check under a random reference', async () => {
        const answer = await verify({ id_number: saId('1988-08-08') });
        expect(answer.body).toMatchObject({ verified: true, mismatch: null });
        expect(answer.body.reference).toMatch(/^idv_[0-9a-f]{24}$/);
        const [row] = await server.db.select().from(identityChecks).where(eq(identityChecks.reference, answer.body.reference));
        expect(row).toMatchObject({ verified: true, firstName: 'Ayanda', dateOfBirth: '1988-08-08' });
        const again = await verify({ id_number: row?.idNumber ?? '' });
        expect(again.body.reference).not.toBe(answer.body.reference);
    });

    it('answers the documented failures', async () => {
        expect((await verify({ id_number: saId('1988-08-08'), date_of_birth: '1988-08-09' })).body.mismatch).toBe(
            'date_of_birth_mismatch',
        );
        expect((await verify({ id_number: REGISTER_NOT_FOUND })).body).toMatchObject({ verified: false, mismatch: 'not_found' });
        expect((await verify({ id_number: REGISTER_DECEASED })).body).toMatchObject({ verified: false, mismatch: 'deceased' });
        expect((await verify({ id_number: '9001014800088' })).body.mismatch).toBe('not_found');
        const { person } = await submitted();
        const other = await verify({
            id_number: person.id_number,
            first_name: 'Somebody',
            last_name: 'Else',
            date_of_birth: person.date_of_birth,
        });
        expect(other.body.mismatch).toBe('name_mismatch');
        const same = await verify({ ...person, first_name: person.first_name.toUpperCase() });
        expect(same.body.verified).toBe(true);
    });
});

describe('submitting KYC details', () => {
    it('registers a new customer at the agent’s shop with a starting limit, pending, with the documents', async () => {
        const { person, answer } = await submitted();
        expect(answer.customer).toMatchObject({
            msisdn: person.msisdn,
            first_name: person.first_name,
            id_number: person.id_number,
            date_of_birth: person.date_of_birth,
            customer_type: 'normal',
            credit_limit: STARTING_LIMIT,
            kyc_status: 'pending',
            channel: 'shop',
            store: { id: storeIds['Soweto Central'] },
            registered_by: { name: 'Bongani Khumalo' },
            address: { town: 'Soweto', suburb: 'Orlando West' },
        });
        expect(answer.kyc).toMatchObject({
            status: 'pending',
            customer: { id: answer.customer.id, msisdn: person.msisdn },
            ocr: { first_name: person.first_name, last_name: null },
            confirmed: { first_name: person.first_name, last_name: person.last_name, gender: 'female' },
            identity: { verified: true },
            liveness: { passed: true, score: 1 },
            channel: 'shop',
            store: { id: storeIds['Soweto Central'], name: 'Soweto Central' },
            submitted_by: { name: 'Bongani Khumalo' },
            decided_by: null,
        });
        expect(answer.kyc.images.map(image => image.kind).sort()).toEqual(['id_back', 'id_front', 'liveness', 'selfie']);
        const images = await server.db.select().from(kycImages).where(eq(kycImages.customerId, answer.customer.id));
        expect(images).toHaveLength(4);
    });

    it('registers a business with its details, its limit by turnover, for the shop a shopless caller names', async () => {
        const person = newPerson();
        const missing = await submit(await detailsBody(person, 'maker', { customer_type: 'business' }), 'maker');
        expect([missing.status, missing.error.field]).toEqual([400, 'business']);
        const business = {
            business_name: 'Nomsa Trading',
            employee_count: 12,
            industry_vertical: 'retail',
            turnover_band: 'above_5m',
            address: { town: 'Johannesburg', street: '1 Main Road' },
        };
        const normalWithBusiness = await submit(await detailsBody(newPerson(), 'maker', { business }), 'maker');
        expect([normalWithBusiness.status, normalWithBusiness.error.field]).toEqual([400, 'business']);
        const made = await submit(
            await detailsBody(person, 'maker', {
                customer_type: 'business',
                channel: 'digital_assisted',
                business,
                store_id: storeIds['Soweto Central'],
            }),
            'maker',
        );
        expect(made.status).toBe(201);
        expect(made.body.customer).toMatchObject({
            customer_type: 'business',
            credit_limit: BUSINESS_STARTING_LIMITS.above_5m,
            channel: 'digital_assisted',
            store: { id: storeIds['Soweto Central'] },
            business: { business_name: 'Nomsa Trading', employee_count: 12, address: { town: 'Johannesburg' } },
        });
    });

    it('needs the three documents (and the live capture when digitally assisted), each the caller’s own of that kind', async () => {
        const person = newPerson();
        const body = await detailsBody(person);
        const images = body.images;
        const refused = async (changed: Record<string, unknown>, as = 'agent') => {
            const answer = await submit({ ...body, ...changed }, as);
            expect([answer.status, answer.error.key, answer.error.field]).toEqual([400, 'errors.kyc_files_required', 'images']);
        };
        await refused({ images: { ...images, selfie: undefined } });
        await refused({ images: {} });
        await refused({ channel: 'digital_assisted', images: { ...images, liveness: undefined } });
        await refused({ images: { ...images, id_front: images.id_back } });
        await refused({ images: { ...images, id_back: images.id_back, selfie: images.id_back } });
        const strangers = await documents(person, 'maker');
        await refused({ images: { ...images, id_back: strangers.id_back } });
        await refused({ images: { ...images, selfie: '00000000-0000-4000-8000-000000000000' } });
        expect(await server.db.select().from(customers).where(eq(customers.msisdn, person.msisdn))).toHaveLength(0);
        expect((await submit(body)).status).toBe(201);
        // Documents now belong to that customer: nobody's next submission can name them.
        const next = await detailsBody(newPerson());
        await refused({ ...next, images: { ...next.images, id_front: images.id_front } });
    });

    it('needs a passed identity check by the caller, for this person, from the last hour', async () => {
        const person = newPerson();
        const body = await detailsBody(person);
        const refused = async (identity_reference: string, changed: Record<string, unknown> = {}) => {
            const answer = await submit({ ...body, ...changed, identity_reference });
            expect([answer.status, answer.error.key, answer.error.field]).toEqual([
                409,
                'errors.identity_not_verified',
                'identity_reference',
            ]);
        };
        await refused('idv_nonexistent');
        await refused((await checkIdentity(person, 'maker')).reference);
        await refused((await checkIdentity({ ...person, date_of_birth: '1991-04-18' })).reference);
        await refused(body.identity_reference, { first_name: 'Different' });
        await refused((await checkIdentity(newPerson())).reference);
        const fresh = await checkIdentity(person);
        server.clock.advance(61 * 60 * 1000);
        await refused(fresh.reference);
        expect((await submit({ ...body, identity_reference: (await checkIdentity(person)).reference })).status).toBe(201);
    });

    it('replaces a pending submission, keeping it as rejected, and leaves one pending', async () => {
        const { person, id: first, customerId } = await submitted();
        const again = await submit(await detailsBody(person));
        expect(again.status).toBe(201);
        expect(again.body.customer.id).toBe(customerId);
        const rows = await server.db.select().from(kycSubmissions).where(eq(kycSubmissions.customerId, customerId));
        expect(rows.map(row => [row.id, row.status, row.reason, row.decidedByAdminId]).sort()).toEqual(
            [
                [first, 'rejected', REPLACED_REASON, null],
                [again.body.kyc.id, 'pending', null, null],
            ].sort(),
        );
    });

    it("updates a customer the caller sees, or one whose ID number matches; anyone else's number is 404", async () => {
        const seen = await makeCustomer(server.db, { store: 'Soweto Central' });
        await server.db
            .update(customers)
            .set({ idNumber: saId('1985-05-05'), kycStatus: 'rejected' })
            .where(eq(customers.id, seen.id));
        // The register knows the customer's name (server/domain/kyc/identity.ts): the update keeps it.
        const person: Person = {
            first_name: 'Test',
            last_name: seen.lastName,
            date_of_birth: '1985-05-05',
            id_number: (await server.db.select().from(customers).where(eq(customers.id, seen.id)))[0]?.idNumber ?? '',
            msisdn: seen.msisdn,
        };
        const updated = await submit(
            await detailsBody(person, 'agent', { address: { town: 'Pretoria' }, email: 'test@example.com' }),
        );
        expect(updated.status).toBe(201);
        expect(updated.body.customer).toMatchObject({
            id: seen.id,
            date_of_birth: '1985-05-05',
            email: 'test@example.com',
            address: { town: 'Pretoria', suburb: null },
            kyc_status: 'pending',
            credit_limit: 5000,
        });

        // A customer of another shop: the agent proves presence with the customer's ID number.
        const elsewhere = await makeCustomer(server.db, { store: null });
        const theirs = saId('1979-09-09');
        await server.db.update(customers).set({ idNumber: theirs }).where(eq(customers.id, elsewhere.id));
        const stranger = { ...newPerson(), msisdn: elsewhere.msisdn };
        const hidden = await submit(await detailsBody(stranger));
        expect([hidden.status, hidden.error.key]).toEqual([404, 'errors.customer_not_found']);
        const present = await submit(
            await detailsBody({
                ...stranger,
                id_number: theirs,
                date_of_birth: '1979-09-09',
                first_name: 'Test',
                last_name: elsewhere.lastName,
            }),
        );
        expect(present.status).toBe(201);
        expect(present.body.customer.id).toBe(elsewhere.id);
        expect(present.body.customer.store).toBeNull();
        expect(present.body.kyc.store?.id).toBe(storeIds['Soweto Central']);
    });

    it('keeps a verified customer verified, a customer’s type, and an ID number to its owner', async () => {
        const verified = await makeCustomer(server.db, { store: 'Soweto Central' });
        const id = saId('1970-07-07');
        await server.db.update(customers).set({ idNumber: id, lastName: 'Verified' }).where(eq(customers.id, verified.id));
        const person = {
            first_name: 'Test',
            last_name: 'Verified',
            date_of_birth: '1970-07-07',
            id_number: id,
            msisdn: verified.msisdn,
        };
        const kept = await submit(await detailsBody(person));
        expect(kept.body.customer.kyc_status).toBe('verified');

        const business = await submit(
            await detailsBody(person, 'agent', {
                customer_type: 'business',
                business: {
                    business_name: 'Verified Ltd',
                    employee_count: 2,
                    industry_vertical: 'services',
                    turnover_band: 'under_100k',
                    address: { town: 'Soweto' },
                },
            }),
        );
        expect([business.status, business.error.key]).toEqual([409, 'errors.customer_type_differs']);

        const taken = await submit(await detailsBody({ ...person, msisdn: freshMsisdn() }));
        expect([taken.status, taken.error.key, taken.error.field]).toEqual([409, 'errors.id_number_taken', 'id_number']);
    });

    it('registers a customer once and leaves one pending submission when the same one is sent several times at once', async () => {
        const person = newPerson();
        const body = await detailsBody(person);
        const outcome = await race(server, kycDetails, 4, { body, token: token.agent });
        // Each either registered, replaced the one before it (a repeat after it committed), or met it mid-way (400/409).
        expect(outcome.winners.length).toBeGreaterThanOrEqual(1);
        expect(outcome.losers.every(loser => loser.status === 400 || loser.status === 409)).toBe(true);
        const registered = await server.db.select().from(customers).where(eq(customers.msisdn, person.msisdn));
        expect(registered).toHaveLength(1);
        expect(new Set(outcome.winners.map(winner => winner.body.customer.id))).toEqual(new Set([registered[0]?.id]));
        const pending = await server.db
            .select()
            .from(kycSubmissions)
            .where(and(eq(kycSubmissions.customerId, registered[0]?.id ?? 0), eq(kycSubmissions.status, 'pending')));
        expect(pending).toHaveLength(1);
    });

    it("refuses the caller's own phone number and a shop that is not theirs", async () => {
        const own = await submit(await detailsBody({ ...newPerson(), msisdn: '27820000005' }));
        expect([own.status, own.error.key]).toEqual([409, 'errors.own_customer']);
        const otherShop = Object.entries(storeIds).find(([name]) => name !== 'Soweto Central')?.[1];
        const shop = await submit(await detailsBody(newPerson(), 'agent', { store_id: otherShop }));
        expect([shop.status, shop.error.key]).toEqual([403, 'errors.store_not_allowed']);
    });
});

describe('the verification queue', () => {
    const queue = (as: string, body: Record<string, unknown> = {}) =>
        server.call(pendingKycVerifications, { body: { page_size: 100, ...body }, token: token[as] ?? as });

    it("shows staff without a shop every submission, shop staff their shop's, oldest first, with search and paging", async () => {
        const mine = await submitted('agent');
        const headOffice = await submitted('maker');
        const all = await queue('checker');
        const ids = all.body.data.map(row => row.id);
        expect(ids).toEqual(expect.arrayContaining([mine.id, headOffice.id]));
        expect(ids.indexOf(mine.id)).toBeLessThan(ids.indexOf(headOffice.id));
        expect(all.body.data.every(row => row.status === 'pending')).toBe(true);

        const soweto = await userIn('Approvers', 'Soweto Central');
        const shopIds = (await queue(soweto)).body.data.map(row => row.id);
        expect(shopIds).toContain(mine.id);
        expect(shopIds).not.toContain(headOffice.id);
        const otherShop = Object.keys(storeIds).find(name => name !== 'Soweto Central') ?? '';
        expect((await queue(await userIn('Approvers', otherShop))).body.data.map(row => row.id)).not.toContain(mine.id);

        for (const q of [mine.person.last_name.toUpperCase(), mine.person.msisdn.slice(-7), mine.person.id_number]) {
            const found = await queue('checker', { q });
            expect(
                found.body.data.map(row => row.id),
                q,
            ).toEqual([mine.id]);
            expect(found.body.total_items).toBe(1);
        }
        const first = await queue('checker', { page_size: 1 });
        expect(first.body.data).toHaveLength(1);
        expect(first.body.total_items).toBe(all.body.total_items);
        const past = await queue('checker', { page_size: 1, page_number: 10_000 });
        expect([past.body.data.length, past.body.total_items]).toEqual([0, all.body.total_items]);
    });

    it('answers one submission by its id whatever its status, and none out of reach', async () => {
        const { id } = await submitted();
        await server.call(approveKycVerification, { body: { id, decision: 'approve' }, token: token.checker });
        const one = await queue('checker', { id });
        expect(one.body.data.map(row => [row.id, row.status])).toEqual([[id, 'approved']]);
        expect(one.body.total_items).toBe(1);
        const otherShop = Object.keys(storeIds).find(name => name !== 'Soweto Central') ?? '';
        const far = await queue(await userIn('Approvers', otherShop), { id });
        expect([far.body.data.length, far.body.total_items]).toEqual([0, 0]);
    });

    it('lists decided submissions by status, newest decision first', async () => {
        const a = await submitted();
        const b = await submitted();
        await server.call(approveKycVerification, { body: { id: a.id, decision: 'approve' }, token: token.checker });
        server.clock.advance(1000);
        await server.call(approveKycVerification, { body: { id: b.id, decision: 'approve' }, token: token.checker });
        const approved = (await queue('checker', { status: 'approved' })).body.data.map(row => row.id);
        expect(approved.indexOf(b.id)).toBeLessThan(approved.indexOf(a.id));
        expect(approved.indexOf(b.id)).toBe(0);
    });

    /** Every page of the queue at a small size, in order: each row once, as many as the total. */
    const walk = async (body: Record<string, unknown>) => {
        const rows: KycSubmission[] = [];
        for (let page_number = 1; ; page_number++) {
            const page = await queue('checker', { ...body, page_size: 3, page_number });
            expect(page.status).toBe(200);
            rows.push(...page.body.data);
            if (page.body.data.length < 3) {
                expect(rows).toHaveLength(page.body.total_items);
                break;
            }
        }
        expect(new Set(rows.map(row => row.id)).size).toBe(rows.length);
        return rows;
    };
    /** Is each row after the one before by `key` in `order`, ties by id the same way (nulls as PostgreSQL puts them)? */
    const sortedBy = (rows: KycSubmission[], key: (row: KycSubmission) => string | null, order: 'asc' | 'desc') =>
        rows.every((row, index) => {
            const before = rows[index - 1];
            if (!before) return true;
            const [x, y] = order === 'asc' ? [key(before), key(row)] : [key(row), key(before)];
            const [low, high] = order === 'asc' ? [before.id, row.id] : [row.id, before.id];
            if (x === y) return low < high;
            // Ascending puts nulls last, descending first: either way a null is the "largest".
            if (x === null) return false;
            if (y === null) return true;
            return Date.parse(x) < Date.parse(y);
        });

    it('sorts by when submitted or decided, either way, ties by id, across pages without overlap', async () => {
        const made = [await submitted(), await submitted(), await submitted()];
        for (const one of made) {
            server.clock.advance(1000);
            await server.call(approveKycVerification, { body: { id: one.id, decision: 'approve' }, token: token.checker });
        }
        // Decided in the order submitted, so each sort puts the three in a known order.
        const ids = made.map(one => one.id);
        const mine = (rows: KycSubmission[]) => rows.map(row => row.id).filter(id => ids.includes(id));
        const submittedAt = (row: KycSubmission) => row.created_at;
        const decidedAt = (row: KycSubmission) => row.decided_at;

        for (const order of ['asc', 'desc'] as const) {
            const byDecision = await walk({ status: 'approved', sort: 'decided_at', order });
            expect(sortedBy(byDecision, decidedAt, order), order).toBe(true);
            expect(mine(byDecision)).toEqual(order === 'asc' ? ids : [...ids].reverse());
            const bySubmission = await walk({ status: 'approved', sort: 'created_at', order });
            expect(sortedBy(bySubmission, submittedAt, order), order).toBe(true);
            expect(mine(bySubmission)).toEqual(order === 'asc' ? ids : [...ids].reverse());
        }
        // Without a sort each status keeps its own order: pending oldest first, decided newest decided first.
        expect(sortedBy(await walk({}), submittedAt, 'asc')).toBe(true);
        expect(sortedBy(await walk({ status: 'approved' }), decidedAt, 'desc')).toBe(true);
        // The order alone turns the status's own sort around.
        expect(sortedBy(await walk({ order: 'desc' }), submittedAt, 'desc')).toBe(true);
    });

    it('refuses a sort or an order it does not know, naming the field', async () => {
        for (const [body, field] of [
            [{ sort: 'customer' }, 'sort'],
            [{ sort: 'id' }, 'sort'],
            [{ order: 'up' }, 'order'],
        ] as const) {
            const answer = await queue('checker', body);
            expect(answer.status, JSON.stringify(body)).toBe(400);
            expect(answer.error.field).toBe(field);
        }
    });

    it('reads the decided queue along its index, either way', async () => {
        // The page query's shape (server/domain/kyc/submissions.ts): one status, the column, then id.
        // The test's table is small enough to read whole, so the other ways are ruled out to see the index's use.
        const plans = await server.db.transaction(async tx => {
            await tx.execute(sql`SET LOCAL enable_seqscan = off`);
            await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
            const plan = async (order: 'ASC' | 'DESC') =>
                rowsOf<{ 'QUERY PLAN': string }>(
                    await tx.execute(
                        sql`EXPLAIN SELECT id FROM kyc_submissions WHERE status = 'approved' ORDER BY decided_at ${sql.raw(order)}, id ${sql.raw(order)} LIMIT 25`,
                    ),
                )
                    .map(row => row['QUERY PLAN'])
                    .join('\n');
            return [await plan('ASC'), await plan('DESC')];
        });
        for (const plan of plans) {
            expect(plan).toContain('kyc_submissions_decided_idx');
            expect(plan).not.toContain('Sort');
        }
    });
});

describe('deciding a submission', () => {
    const decide = (id: number, as: string, reason?: string) =>
        server.call(approveKycVerification, {
            body: reason === undefined ? { id, decision: 'approve' } : { id, decision: 'reject', reason },
            token: token[as] ?? as,
        });
    const kycOf = async (customerId: number) =>
        (await server.db.select({ kyc: customers.kycStatus }).from(customers).where(eq(customers.id, customerId)))[0]?.kyc;

    it('approves: the customer is verified, the decider named, and a second decision is 409', async () => {
        const { id, customerId } = await submitted();
        const approved = await decide(id, 'checker');
        expect(approved.status).toBe(200);
        expect(approved.body).toMatchObject({ status: 'approved', decided_by: { name: 'Lerato Dlamini' }, reason: null });
        expect(await kycOf(customerId)).toBe('verified');
        const again = await decide(id, 'admin', 'Changed my mind');
        expect([again.status, again.error.key]).toEqual([409, 'errors.request_decided']);
        const events = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.entity, 'kyc_submissions'), eq(auditEvents.entityId, String(id))));
        expect(events.map(event => event.action)).toContain('kyc_submissions.approve');
    });

    it('approves with corrections: the fields and the customer take them, each audited before and after', async () => {
        // The agent typed the gender the ID number does not carry; the checker corrects it to the ID's.
        const person = newPerson();
        const gender = Number(person.id_number.slice(6, 10)) >= 5000 ? 'male' : 'female';
        const was = gender === 'female' ? 'male' : 'female';
        const sent = await submit(await detailsBody(person, 'agent', { gender: was }));
        expect(sent.status).toBe(201);
        const [id, customerId] = [sent.body.kyc.id, sent.body.customer.id];
        expect(sent.body.kyc.confirmed.gender).toBe(was);
        const corrections = { first_name: 'Nomvula', last_name: person.last_name, gender } as const;
        const approved = await server.call(approveKycVerification, {
            body: { id, decision: 'approve', corrections },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        expect(approved.body.confirmed).toMatchObject({ first_name: 'Nomvula', last_name: person.last_name, gender });
        expect(approved.body.customer.name).toBe(`Nomvula ${person.last_name}`);
        const [customer] = await server.db.select().from(customers).where(eq(customers.id, customerId));
        expect([customer?.firstName, customer?.gender, customer?.kycStatus]).toEqual(['Nomvula', gender, 'verified']);
        // One event per field changed (the last name was sent unchanged: no correction), with its before and after.
        const events = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'kyc_submissions.correct'), eq(auditEvents.entityId, String(id))));
        expect(events.map(event => [event.before, event.after])).toEqual(
            expect.arrayContaining([
                [
                    { field: 'first_name', value: person.first_name },
                    { field: 'first_name', value: 'Nomvula', customer_id: customerId },
                ],
                [
                    { field: 'gender', value: was },
                    { field: 'gender', value: gender, customer_id: customerId },
                ],
            ]),
        );
        expect(events).toHaveLength(2);
        // The ID number is not a correction: the identity check was made against it.
        const { id: other } = await submitted();
        const refused = await server.callUnchecked(approveKycVerification, {
            body: { id: other, decision: 'approve', corrections: { id_number: '8001015009087' } },
            token: token.checker,
        });
        expect(refused.status).toBe(400);
        expect((await server.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, other)))[0]?.status).toBe('pending');
    });

    it('refuses a correction that contradicts the identity check: a gender the ID number does not carry', async () => {
        const { id, person } = await submitted('agent', {});
        const truth = Number(person.id_number.slice(6, 10)) >= 5000 ? 'male' : 'female';
        const contrary = truth === 'female' ? 'male' : 'female';
        const refused = await server.call(approveKycVerification, {
            body: { id, decision: 'approve', corrections: { gender: contrary } },
            token: token.checker,
        });
        expect([refused.status, refused.error.key, refused.error.field]).toEqual([
            400,
            'errors.correction_contradicts_id',
            'corrections.gender',
        ]);
        // Nothing was decided or changed: the checker may still approve it as it stands.
        const [row] = await server.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id));
        expect(row?.status).toBe('pending');
        const approved = await server.call(approveKycVerification, {
            body: { id, decision: 'approve', corrections: { first_name: 'Thandeka' } },
            token: token.checker,
        });
        expect(approved.body.confirmed.first_name).toBe('Thandeka');
    });

    it('rejects with a reason: the customer is rejected', async () => {
        const { id, customerId } = await submitted();
        const short = await decide(id, 'checker', 'no');
        expect([short.status, short.error.field]).toEqual([400, 'reason']);
        const rejected = await decide(id, 'checker', 'The selfie does not match the ID photo');
        expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'The selfie does not match the ID photo' });
        expect(await kycOf(customerId)).toBe('rejected');
    });

    it('sends back with a note: returned, the customer unchanged, audited, the agent told; the next submission reopens it', async () => {
        const { id, customerId, person } = await submitted();
        const sendBack = (note: unknown, as = 'checker') =>
            server.callUnchecked(approveKycVerification, { body: { id, decision: 'return', note }, token: token[as] ?? as });
        for (const note of [undefined, 'ok']) {
            const refused = await sendBack(note);
            expect([refused.status, refused.error.field]).toEqual([400, 'note']);
        }
        const note = 'The ID back is blurred: take it again in daylight';
        const returned = await sendBack(note);
        expect(returned.status).toBe(200);
        expect(returned.body).toMatchObject({ id, status: 'returned', reason: note, decided_by: { name: 'Lerato Dlamini' } });
        expect(await kycOf(customerId)).toBe('pending');
        expect((await sendBack('Twice over')).status).toBe(409);
        const [event] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'kyc_submissions.return'), eq(auditEvents.entityId, String(id))));
        expect([event?.before, event?.after]).toEqual([
            { status: 'pending' },
            expect.objectContaining({ status: 'returned', note }),
        ]);
        // The agent who submitted it reads the note on their phone.
        const [agent] = await server.db
            .select({ msisdn: admins.msisdn })
            .from(admins)
            .innerJoin(kycSubmissions, eq(kycSubmissions.submittedByAdminId, admins.id))
            .where(eq(kycSubmissions.id, id));
        const messages = await server.db
            .select()
            .from(smsOutbox)
            .where(eq(smsOutbox.msisdn, agent?.msisdn ?? ''));
        expect(messages.map(message => message.text)).toContainEqual(expect.stringContaining(`#${id} for ${person.msisdn}`));
        expect(messages.map(message => message.text)).toContainEqual(expect.stringContaining(note));
        // The checker's queue finds it under `returned`.
        const queue = await server.call(pendingKycVerifications, { body: { status: 'returned' }, token: token.checker });
        expect(queue.body.data.map(row => row.id)).toContain(id);
        // Corrected and submitted again: the same submission is pending again, the note kept in the audit.
        const again = await submit(await detailsBody(person, 'agent', { gender: 'male' }));
        expect(again.status).toBe(201);
        expect(again.body.kyc).toMatchObject({ id, status: 'pending', reason: null, decided_by: null });
        expect(again.body.kyc.confirmed.gender).toBe('male');
        const [reopened] = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'kyc_submissions.resubmit'), eq(auditEvents.entityId, String(id))));
        expect(reopened?.before).toEqual({ status: 'returned', note });
        expect((await decide(id, 'checker')).body.status).toBe('approved');
    });

    it('is never the submitter’s to send back', async () => {
        const { id } = await submitted('admin');
        const own = await server.call(approveKycVerification, {
            body: { id, decision: 'return', note: 'Please check the selfie' },
            token: token.admin,
        });
        expect([own.status, own.error.key]).toEqual([403, 'errors.own_request']);
        expect((await server.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, id)))[0]?.status).toBe('pending');
    });

    it('is never the submitter’s to decide', async () => {
        const { id, customerId } = await submitted('admin');
        const own = await decide(id, 'admin');
        expect([own.status, own.error.key]).toEqual([403, 'errors.own_request']);
        expect(await kycOf(customerId)).toBe('pending');
    });

    it('is out of reach for a checker of another shop (404), and needs APPROVE_CUSTOMER_OCR', async () => {
        const { id } = await submitted();
        const otherShop = Object.keys(storeIds).find(name => name !== 'Soweto Central') ?? '';
        const far = await decide(id, await userIn('Approvers', otherShop));
        expect([far.status, far.error.key]).toEqual([404, 'errors.request_not_found']);
        const maker = await decide(id, 'maker');
        expect([maker.status, maker.error.key]).toEqual([403, 'errors.forbidden']);
        expect((await decide(999_999, 'checker')).status).toBe(404);
    });

    it('of many checkers pressing at once, exactly one decides', async () => {
        const { id } = await submitted();
        const outcome = await race(server, approveKycVerification, 6, index => ({
            body: index % 2 === 0 ? { id, decision: 'approve' } : { id, decision: 'reject', reason: 'Blurred photo' },
            token: index % 3 === 0 ? token.admin : token.checker,
        }));
        expect(outcome.statuses).toEqual({ 200: 1, 409: 5 });
    });
});

describe('seeing an image', () => {
    const view = (id: string, as: string) => server.call(kycImageContent, { params: { id }, token: token[as] ?? as });

    it('shows the uploader their own upload, and a checker the documents of a submission in reach', async () => {
        const bytes = png(240, 320);
        const mine = await uploaded('selfie', bytes);
        const own = await view(mine.id, 'agent');
        expect(own.body).toEqual({
            id: mine.id,
            kind: 'selfie',
            content_type: 'image/png',
            data_url: `data:image/png;base64,${bytes.toString('base64')}`,
        });
        // Not yet part of a submission: a checker does not see it.
        expect((await view(mine.id, 'checker')).status).toBe(404);

        const { answer } = await submitted();
        const front = answer.kyc.images.find(image => image.kind === 'id_front')?.id ?? '';
        expect((await view(front, 'checker')).status).toBe(200);
        expect((await view(front, await userIn('Approvers', 'Soweto Central'))).status).toBe(200);
    });

    it('refuses a stranger: another agent, a checker of another shop, an unknown id, each as 404', async () => {
        const { answer } = await submitted();
        const front = answer.kyc.images.find(image => image.kind === 'id_front')?.id ?? '';
        const agent = await view(front, 'fieldagent');
        expect([agent.status, agent.error.key]).toEqual([404, 'errors.not_found']);
        const otherShop = Object.keys(storeIds).find(name => name !== 'Soweto Central') ?? '';
        expect((await view(front, await userIn('Approvers', otherShop))).status).toBe(404);
        expect((await view('00000000-0000-4000-8000-000000000000', 'checker')).status).toBe(404);
        expect((await view('not-a-uuid', 'checker')).status).toBe(400);
        expect((await view(front, 'analyst')).status).toBe(403);
    });
});
