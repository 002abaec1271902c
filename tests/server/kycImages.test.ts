/**
 * KYC images that cannot stall the server (server/domain/kyc/imageStore.ts, contract/imageFormat.ts):
 * the bytes in a file store with the row naming the file, only well-formed images of a sane size
 * (crafted headers refused naming the file), a face picture too small for the liveness check refused
 * at capture, the per-uploader hourly quota and when it resets, the sweep of images no submission
 * named, and the OCR stand-in reading a bounded marker.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { kycImageContent, uploadImage, type KycImageKind } from '../../contract/kyc';
import { IMAGE_MAX_SIDE } from '../../contract/imageFormat';
import { auditEvents, kycImages } from '../../server/db/schema';
import { OCR_MARKER_MAX_BYTES, readIdFront } from '../../server/domain/kyc/images';
import {
    imageStoreOf,
    KYC_UPLOAD_BYTES_PER_HOUR,
    KYC_UPLOADS_PER_HOUR,
    sweepUnattachedImages,
    UNATTACHED_IMAGE_TTL_MS,
} from '../../server/domain/kyc/imageStore';
import { DEMO_ID_PERSON, ocrMarker, png } from '../e2e/fixtures/kycImages';
import { signInAs } from './contractCases';
import { makeCustomer } from './customerFixtures';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['agent', 'fieldagent', 'maker']) token[username] = await signInAs(server, username);
}, 60_000);
afterAll(() => server?.close());
// Each test starts with a fresh hour of uploads, the quota's own test aside.
afterEach(() => server.db.execute(sql`UPDATE kyc_images SET created_at = created_at - interval '1 hour'`));

const upload = (kind: KycImageKind, bytes: Buffer, as = 'agent', type = 'image/png') =>
    server.call(uploadImage, { body: { kind }, files: [{ name: 'photo', type, bytes }], token: token[as] });

const imageCount = async () => (await server.db.select({ value: count() }).from(kycImages))[0]?.value ?? 0;

const crc32 = (bytes: Buffer): number => {
    let crc = 0xffffffff;
    for (const byte of bytes) {
        crc ^= byte;
        for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    }
    return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([head, typed, crc]);
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const ihdr = (width: number, height: number) => {
    const data = Buffer.alloc(13);
    data.writeUInt32BE(width, 0);
    data.writeUInt32BE(height, 4);
    data.set([8, 2, 0, 0, 0], 8);
    return chunk('IHDR', data);
};

/** A PNG whose structure is whole but whose pixels are not real: the walk never decodes them. */
const craftedPng = (width: number, height: number) =>
    Buffer.concat([
        SIGNATURE,
        ihdr(width, height),
        chunk('IDAT', Buffer.from([0x78, 0x9c, 3, 0, 0, 0, 0, 1])),
        chunk('IEND', Buffer.alloc(0)),
    ]);

const segment = (marker: number, data: Buffer) => {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(data.length + 2);
    return Buffer.concat([Buffer.from([0xff, marker]), length, data]);
};

const jpeg = (width: number, height: number, { scan = Buffer.from([0x12, 0xff, 0x00, 0x34]), end = true } = {}) => {
    const frame = Buffer.alloc(15);
    frame.writeUInt8(8, 0);
    frame.writeUInt16BE(height, 1);
    frame.writeUInt16BE(width, 3);
    frame.set([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 5);
    return Buffer.concat([
        Buffer.from([0xff, 0xd8]),
        segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
        segment(0xc0, frame),
        segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])),
        scan,
        ...(end ? [Buffer.from([0xff, 0xd9])] : []),
    ]);
};

describe('an image is judged by its structure, not its first bytes', () => {
    it('refuses a 45-byte PNG header declaring 4294967295 × 4294967295, even as a liveness capture, storing nothing', async () => {
        const header = Buffer.concat([SIGNATURE, ihdr(0xffffffff, 0xffffffff), Buffer.alloc(12)]);
        expect(header.length).toBe(45);
        const before = await imageCount();
        for (const kind of ['liveness', 'id_front'] as const) {
            const answer = await upload(kind, header);
            expect([answer.status, answer.error.key, answer.error.field]).toEqual([400, 'errors.image_malformed', 'file']);
        }
        // Whole, but absurd: refused for its size.
        const huge = await upload('liveness', craftedPng(0xffffffff, 0xffffffff));
        expect([huge.status, huge.error.key, huge.error.field]).toEqual([400, 'errors.image_dimensions', 'file']);
        expect(huge.error.message).toContain('4294967295 × 4294967295');
        expect(await imageCount()).toBe(before);
    });

    it('refuses a PNG with a wrong CRC, no IDAT, no IEND, bytes after IEND or a second IHDR', async () => {
        const good = craftedPng(320, 200);
        expect((await upload('id_back', good)).status).toBe(201);
        const broken = Buffer.from(good);
        broken.writeUInt8(broken.readUInt8(29) ^ 1, 29); // IHDR's CRC
        const noIdat = Buffer.concat([SIGNATURE, ihdr(320, 200), chunk('IEND', Buffer.alloc(0))]);
        const noEnd = good.subarray(0, good.length - 12);
        const trailing = Buffer.concat([good, Buffer.from('tail')]);
        const twice = Buffer.concat([SIGNATURE, ihdr(320, 200), ihdr(320, 200), good.subarray(8 + 25)]);
        const badDepth = Buffer.concat([
            SIGNATURE,
            chunk('IHDR', Buffer.from([0, 0, 1, 64, 0, 0, 0, 200, 7, 2, 0, 0, 0])),
            good.subarray(8 + 25),
        ]);
        for (const [name, bytes] of Object.entries({ broken, noIdat, noEnd, trailing, twice, badDepth })) {
            const answer = await upload('id_back', bytes);
            expect([answer.status, answer.error.key, answer.error.field], name).toEqual([400, 'errors.image_malformed', 'file']);
        }
    });

    it('takes a whole JPEG and refuses one without a frame, cut short, or with bytes after its end', async () => {
        const good = await upload('id_back', jpeg(640, 480), 'agent', 'image/jpeg');
        expect([good.status, good.body.content_type]).toEqual([201, 'image/jpeg']);
        const cases = {
            'no frame': Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
            'cut short': jpeg(640, 480, { end: false }),
            'after the end': Buffer.concat([jpeg(640, 480), Buffer.from('tail')]),
            'segment past the end': jpeg(640, 480).subarray(0, 30),
        };
        for (const [name, bytes] of Object.entries(cases)) {
            const answer = await upload('id_back', bytes, 'agent', 'image/jpeg');
            expect([answer.status, answer.error.key, answer.error.field], name).toEqual([400, 'errors.image_malformed', 'file']);
        }
        const flat = await upload('id_back', jpeg(0, 480), 'agent', 'image/jpeg');
        expect([flat.status, flat.error.key]).toEqual([400, 'errors.image_dimensions']);
        const wide = await upload('id_back', jpeg(IMAGE_MAX_SIDE + 1, 480), 'agent', 'image/jpeg');
        expect([wide.status, wide.error.key]).toEqual([400, 'errors.image_dimensions']);
    });

    it('refuses a selfie or capture too small for the liveness check, saying so', async () => {
        const small = await upload('selfie', jpeg(200, 320), 'agent', 'image/jpeg');
        expect([small.status, small.error.key, small.error.field]).toEqual([400, 'errors.liveness_too_small', 'file']);
        expect(small.error.message).toMatch(/200 × 320 pixels.*240/);
        // The same picture is a fine ID back: the bound is the face check's.
        expect((await upload('id_back', jpeg(200, 320), 'agent', 'image/jpeg')).status).toBe(201);
    });
});

describe('the image store', () => {
    it('keeps the bytes in a private file the row names, and serves them back', async () => {
        const bytes = png(320, 200);
        const answer = await upload('id_back', bytes);
        const [row] = await server.db.select().from(kycImages).where(eq(kycImages.id, answer.body.id));
        const store = imageStoreOf(server.app);
        const file = path.join(store.folder, row?.storedAs ?? '');
        expect(row?.content).toBeNull();
        expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
        expect((await store.get(row?.storedAs ?? '')).equals(bytes)).toBe(true);
        const back = await server.call(kycImageContent, { params: { id: answer.body.id }, token: token.agent });
        expect(back.body.data_url).toBe(`data:image/png;base64,${bytes.toString('base64')}`);
    });
});

describe('the hourly upload quota', () => {
    it(`takes ${KYC_UPLOADS_PER_HOUR} images an hour per uploader, then answers 429 saying when the next fits`, async () => {
        const start = server.clock.now().getTime();
        for (let index = 0; index < KYC_UPLOADS_PER_HOUR; index += 1) {
            expect((await upload('id_back', png(16, 16), 'fieldagent')).status).toBe(201);
            if (index === 0) server.clock.advance(10 * 60_000); // the first is 10 minutes older than the rest
        }
        const refused = await upload('id_back', png(16, 16), 'fieldagent');
        expect([refused.status, refused.error.key, refused.error.field]).toEqual([429, 'errors.kyc_upload_quota', 'file']);
        // The first upload leaves the hour 50 minutes from now: that is when the next fits.
        expect(refused.error.retry_after).toBe(50 * 60);
        expect(refused.headers['retry-after']).toBe(String(50 * 60));
        // Another uploader is not held up.
        expect((await upload('id_back', png(16, 16), 'maker')).status).toBe(201);
        server.clock.advance(50 * 60_000 - 1000);
        expect((await upload('id_back', png(16, 16), 'fieldagent')).status).toBe(429);
        server.clock.advance(1000);
        expect(server.clock.now().getTime() - start).toBe(3600_000);
        expect((await upload('id_back', png(16, 16), 'fieldagent')).status).toBe(201);
        expect((await upload('id_back', png(16, 16), 'fieldagent')).status).toBe(429);
    });

    it(`counts bytes too: ${KYC_UPLOAD_BYTES_PER_HOUR / 1024 / 1024} MB an hour, and uploads sent at once never pass it`, async () => {
        server.clock.advance(3600_000);
        const big = png(16, 16, { text: { pad: 'x'.repeat(5 * 1024 * 1024 - 200) } });
        const fits = Math.floor(KYC_UPLOAD_BYTES_PER_HOUR / big.length);
        const answers = await Promise.all(Array.from({ length: fits + 3 }, () => upload('id_back', big, 'maker')));
        const statuses = answers.map(answer => answer.status).sort();
        expect(statuses.filter(status => status === 201)).toHaveLength(fits);
        expect(statuses.filter(status => status === 429)).toHaveLength(3);
    }, 120_000);
});

describe('the sweep of images no submission named', () => {
    it(`deletes unattached images ${UNATTACHED_IMAGE_TTL_MS / 3600_000} h after their upload, row and file, once however many sweep`, async () => {
        const store = imageStoreOf(server.app);
        const fileOf = async (id: string) => {
            const [row] = await server.db.select({ storedAs: kycImages.storedAs }).from(kycImages).where(eq(kycImages.id, id));
            return row?.storedAs ? path.join(store.folder, row.storedAs) : null;
        };
        // The earlier tests' uploads, all older than now, are swept first, as a day from now would.
        await sweepUnattachedImages(server.db, store, new Date(server.clock.now().getTime() + UNATTACHED_IMAGE_TTL_MS));
        const old = (await upload('id_back', png(320, 200))).body.id;
        const kept = (await upload('id_back', png(320, 200))).body.id;
        const customer = await makeCustomer(server.db);
        await server.db.update(kycImages).set({ customerId: customer.id }).where(eq(kycImages.id, kept));
        const oldFile = await fileOf(old);
        server.clock.advance(UNATTACHED_IMAGE_TTL_MS - 60_000);
        token.agent = await signInAs(server, 'agent'); // the session of a day ago has expired
        const young = (await upload('id_back', png(320, 200))).body.id;

        // A day less a minute: nothing is due.
        expect(await sweepUnattachedImages(server.db, store, server.clock.now())).toBe(0);
        server.clock.advance(60_000 + 1);
        const sweeps = await Promise.all([1, 2, 3].map(() => sweepUnattachedImages(server.db, store, server.clock.now())));
        expect(sweeps.reduce((sum, swept) => sum + swept, 0)).toBeGreaterThanOrEqual(1);
        const remaining = await server.db.select({ id: kycImages.id }).from(kycImages);
        const ids = remaining.map(row => row.id);
        expect(ids).not.toContain(old);
        expect(ids).toEqual(expect.arrayContaining([kept, young]));
        expect(oldFile && existsSync(oldFile)).toBe(false);
        expect(existsSync((await fileOf(kept)) ?? '')).toBe(true);
        // One event per sweep that deleted something, naming what it deleted; an empty sweep writes nothing.
        const events = await server.db
            .select({ after: auditEvents.after })
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'kyc_images.expire')));
        const deleted = events.flatMap(event => (event.after as { ids: string[] }).ids);
        expect(deleted.filter(id => id === old)).toHaveLength(1);
        expect(await sweepUnattachedImages(server.db, store, server.clock.now())).toBe(0);
        expect(
            (await server.db.select({ value: count() }).from(auditEvents).where(eq(auditEvents.action, 'kyc_images.expire')))[0]
                ?.value,
        ).toBe(events.length);
        // Gone for its uploader too.
        expect((await server.call(kycImageContent, { params: { id: old }, token: token.agent })).status).toBe(404);
    });
});

describe('the OCR stand-in', () => {
    it(`reads a marker of at most ${OCR_MARKER_MAX_BYTES} bytes and skips a longer one unread`, async () => {
        const within = await upload('id_front', png(320, 200, { text: ocrMarker(DEMO_ID_PERSON) }));
        expect(within.body.ocr).toEqual(DEMO_ID_PERSON);
        const padded = ocrMarker({ ...DEMO_ID_PERSON, padding: 'x'.repeat(OCR_MARKER_MAX_BYTES) });
        const over = await upload('id_front', png(320, 200, { text: padded }));
        expect(over.body.ocr).toEqual({ first_name: null, last_name: null, id_number: null, date_of_birth: null, gender: null });
        // 4 MB of marker (a million pairs to split) is skipped whole, not read and split.
        const huge = png(320, 200, { text: { 'kyc-ocr': `first_name=Ada;${'x=;'.repeat(1024 * 1024)}` } });
        expect(readIdFront(huge, 'image/png').first_name).toBeNull();
    });
});
