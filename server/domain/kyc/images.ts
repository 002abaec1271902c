/**
 * What the server makes of an uploaded KYC image (contract/kyc.ts `uploadImage`) once
 * contract/imageFormat.ts has found it a well-formed image of a sane size: the two stand-ins for
 * services the portal will call in production, both deterministic so tests and demonstrations know
 * what they answer.
 *
 * OCR (the front of an ID): the stand-in reads no pixels. It reads a text marker the image may
 * carry in its metadata, a PNG `tEXt` chunk whose keyword is `kyc-ocr` or a JPEG comment starting
 * `kyc-ocr:`, holding `first_name=…;last_name=…;id_number=…;date_of_birth=YYYY-MM-DD;gender=…`.
 * Each value that is well formed is answered, every other field is null; an image without the
 * marker (any real photograph) answers all nulls, as an unreadable ID would. The demo ID front for
 * the end-to-end tests carries one (tests/e2e/fixtures/kycImages.ts).
 *
 * Liveness (a liveness capture or a selfie): the stand-in finds no faces. A picture under
 * LIVENESS_MIN_SIDE pixels on its shorter side never reaches it (the upload refuses it, too small
 * to hold a face); it passes every other, the score being that side over 480, at most 1.
 */
import type { OcrFields } from '../../../contract/kyc';
import { GENDERS } from '../../../contract/customers';
import { LIVENESS_MIN_SIDE, readImage, type ImageType } from '../../../contract/imageFormat';

export type { ImageType };
export { LIVENESS_MIN_SIDE, readImage };

interface Dimensions {
    width: number;
    height: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The most of a marker the OCR stand-in reads: a real marker is under 200 bytes. A longer tEXt
 * chunk or comment is skipped unread, so a 5 MB one costs no 5 MB string and no split of it.
 */
export const OCR_MARKER_MAX_BYTES = 1024;

interface Segment {
    type: string;
    data: Uint8Array;
}

/**
 * A PNG's chunks up to IEND. Only called on an image readImage (contract/imageFormat.ts) found
 * well formed, so every chunk is whole.
 */
const pngChunks = (bytes: Uint8Array): Segment[] => {
    const data = view(bytes);
    const chunks: Segment[] = [];
    for (let at = 8; at + 12 <= bytes.length;) {
        const length = data.getUint32(at);
        const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
        chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length) });
        if (type === 'IEND') break;
        at += 12 + length;
    }
    return chunks;
};

interface JpegSegment {
    marker: number;
    data: Uint8Array;
}

/** A well-formed JPEG's segments up to the first start of scan. */
const jpegSegments = (bytes: Uint8Array): JpegSegment[] => {
    const data = view(bytes);
    const segments: JpegSegment[] = [];
    let at = 2;
    while (at + 4 <= bytes.length) {
        if (bytes[at] !== 0xff) break;
        const marker = bytes[at + 1] ?? 0;
        if (marker === 0xff) {
            at += 1; // fill byte
            continue;
        }
        const length = data.getUint16(at + 2);
        if (length < 2 || at + 2 + length > bytes.length) break;
        segments.push({ marker, data: bytes.subarray(at + 4, at + 2 + length) });
        if (marker === 0xda) break; // start of scan
        at += 2 + length;
    }
    return segments;
};

// ---------------------------------------------------------------------------------------------
// OCR stand-in

export const OCR_MARKER = 'kyc-ocr';

const NO_OCR: OcrFields = { first_name: null, last_name: null, id_number: null, date_of_birth: null, gender: null };

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The marker's text, from a PNG tEXt chunk or a JPEG comment; null when the image has none within the bound. */
const markerText = (bytes: Uint8Array, type: ImageType): string | null => {
    if (type === 'image/png') {
        for (const chunk of pngChunks(bytes)) {
            if (chunk.type !== 'tEXt' || chunk.data.length > OCR_MARKER_MAX_BYTES) continue;
            const text = latin1(chunk.data);
            const separator = text.indexOf('\0');
            if (separator > 0 && text.slice(0, separator) === OCR_MARKER) return text.slice(separator + 1);
        }
        return null;
    }
    if (type === 'image/jpeg') {
        for (const segment of jpegSegments(bytes)) {
            if (segment.marker !== 0xfe || segment.data.length > OCR_MARKER_MAX_BYTES) continue;
            const text = latin1(segment.data);
            if (text.startsWith(`${OCR_MARKER}:`)) return text.slice(OCR_MARKER.length + 1);
        }
    }
    return null;
};

const NAME = /^[\p{L}][\p{L}' .-]{0,59}$/u;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

const realDate = (text: string) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** What the OCR stand-in reads from the front of an ID (see the header). */
export const readIdFront = (bytes: Uint8Array, type: ImageType): OcrFields => {
    const text = markerText(bytes, type);
    if (text === null) return NO_OCR;
    const values = new Map(
        text.split(';').map(pair => {
            const [key = '', ...rest] = pair.split('=');
            return [key.trim(), rest.join('=').trim()] as const;
        }),
    );
    const value = (key: string, valid: (text: string) => boolean) => {
        const found = values.get(key);
        return found !== undefined && valid(found) ? found : null;
    };
    const gender = values.get('gender');
    return {
        first_name: value('first_name', text => NAME.test(text)),
        last_name: value('last_name', text => NAME.test(text)),
        id_number: value('id_number', text => /^[A-Z0-9]{6,20}$/.test(text)),
        date_of_birth: value('date_of_birth', realDate),
        gender: GENDERS.find(known => known === gender) ?? null,
    };
};

// ---------------------------------------------------------------------------------------------
// Liveness stand-in

const LIVENESS_FULL_SIDE = 480;

/**
 * What the liveness stand-in answers for a capture of this size (see the header). The upload refuses
 * a capture under LIVENESS_MIN_SIDE before asking (contract/imageFormat.ts): the stand-in's "failed"
 * is what a real service answers for a picture big enough that holds no live face.
 */
export const livenessOf = (size: Dimensions): { passed: boolean; score: number } => {
    const side = Math.min(size.width, size.height);
    return {
        passed: side >= LIVENESS_MIN_SIDE,
        score: Math.round(Math.min(1, side / LIVENESS_FULL_SIDE) * 100) / 100,
    };
};
