/**
 * What the server makes of an uploaded KYC image (contract/kyc.ts `uploadImage`): its type by its
 * first bytes, its size in pixels from its header, and the two stand-ins for services the portal
 * will call in production, both deterministic so tests and demonstrations know what they answer.
 *
 * OCR (the front of an ID): the stand-in reads no pixels. It reads a text marker the image may
 * carry in its metadata, a PNG `tEXt` chunk whose keyword is `kyc-ocr` or a JPEG comment starting
 * `kyc-ocr:`, holding `first_name=…;last_name=…;id_number=…;date_of_birth=YYYY-MM-DD;gender=…`.
 * Each value that is well formed is answered, every other field is null; an image without the
 * marker (any real photograph) answers all nulls, as an unreadable ID would. The demo ID front for
 * the end-to-end tests carries one (tests/e2e/fixtures/kycImages.ts).
 *
 * Liveness (a liveness capture or a selfie): the stand-in finds no faces. It passes an image whose
 * header declares a picture of at least LIVENESS_MIN_SIDE pixels on its shorter side (big enough to
 * hold a face); the score is that side over 480, at most 1.
 */
import type { IMAGE_TYPES, OcrFields } from '../../../contract/kyc';
import { GENDERS } from '../../../contract/customers';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** The type the bytes are, whatever the name or declared type says; null when none of the three. */
export const sniffImageType = (bytes: Uint8Array): ImageType | null => {
    const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
    if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
    if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
    const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
    if (bytes.length >= 16 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
    return null;
};

interface Dimensions {
    width: number;
    height: number;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

interface PngChunk {
    type: string;
    data: Uint8Array;
}

/** A PNG's chunks, as far as they are whole. */
const pngChunks = (bytes: Uint8Array): PngChunk[] => {
    const data = view(bytes);
    const chunks: PngChunk[] = [];
    let at = 8;
    while (at + 12 <= bytes.length && chunks.length < 1000) {
        const length = data.getUint32(at);
        const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
        if (at + 12 + length > bytes.length) break;
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

/** A JPEG's segments up to the start of the picture data. */
const jpegSegments = (bytes: Uint8Array): JpegSegment[] => {
    const data = view(bytes);
    const segments: JpegSegment[] = [];
    let at = 2;
    while (at + 4 <= bytes.length && segments.length < 1000) {
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

/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame header that gives the size. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** The picture's size as its header declares it, or null when the header cannot be read. */
export const dimensionsOf = (bytes: Uint8Array, type: ImageType): Dimensions | null => {
    if (type === 'image/png') {
        const header = pngChunks(bytes)[0];
        if (header?.type !== 'IHDR' || header.data.length < 8) return null;
        return { width: view(header.data).getUint32(0), height: view(header.data).getUint32(4) };
    }
    if (type === 'image/jpeg') {
        const frame = jpegSegments(bytes).find(segment => isStartOfFrame(segment.marker));
        if (!frame || frame.data.length < 5) return null;
        return { height: view(frame.data).getUint16(1), width: view(frame.data).getUint16(3) };
    }
    if (bytes.length < 30) return null;
    const data = view(bytes);
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === 'VP8 ') return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
        const bits = data.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
        const read24 = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8) | ((bytes[at + 2] ?? 0) << 16);
        return { width: read24(24) + 1, height: read24(27) + 1 };
    }
    return null;
};

// ---------------------------------------------------------------------------------------------
// OCR stand-in

export const OCR_MARKER = 'kyc-ocr';

const NO_OCR: OcrFields = { first_name: null, last_name: null, id_number: null, date_of_birth: null, gender: null };

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The marker's text, from a PNG tEXt chunk or a JPEG comment; null when the image has none. */
const markerText = (bytes: Uint8Array, type: ImageType): string | null => {
    if (type === 'image/png') {
        for (const chunk of pngChunks(bytes)) {
            if (chunk.type !== 'tEXt') continue;
            const text = latin1(chunk.data);
            const separator = text.indexOf('\0');
            if (separator > 0 && text.slice(0, separator) === OCR_MARKER) return text.slice(separator + 1);
        }
        return null;
    }
    if (type === 'image/jpeg') {
        for (const segment of jpegSegments(bytes)) {
            const text = segment.marker === 0xfe ? latin1(segment.data) : '';
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

/** The shorter side, in pixels, of a picture the stand-in accepts as holding a face. */
export const LIVENESS_MIN_SIDE = 240;
const LIVENESS_FULL_SIDE = 480;

/** What the liveness stand-in answers for a capture (see the header). */
export const livenessOf = (bytes: Uint8Array, type: ImageType): { passed: boolean; score: number } => {
    const size = dimensionsOf(bytes, type);
    const side = size ? Math.min(size.width, size.height) : 0;
    return {
        passed: side >= LIVENESS_MIN_SIDE,
        score: Math.round(Math.min(1, side / LIVENESS_FULL_SIDE) * 100) / 100,
    };
};
