/**
 * What makes a KYC image acceptable, judged from its bytes alone, one rule for the server (which
 * refuses, server/domain/kyc/images.ts) and the portal (which checks a capture before sending it,
 * while the customer is still there): its type by its content, its structure walked end to end
 * without decoding a pixel, and its size in pixels within bounds.
 *
 * - PNG: the signature, IHDR first (13 bytes: width, height, a valid bit depth for its colour
 *   type), every chunk whole with its CRC right (but IDAT's, below), at least one IDAT, IEND last
 *   and nothing after it.
 * - JPEG: SOI, then segments each whole, a start-of-frame (SOF) with its size and components before
 *   the first start-of-scan (SOS), entropy-coded data up to the next marker, and EOI last.
 * - WebP: RIFF whose declared length is the file's, `WEBP`, a first chunk (VP8, VP8L or VP8X) that
 *   fits the file and declares the size.
 *
 * The walk is one pass over the bytes with no copies, so a 5 MB file costs a few milliseconds on the
 * server's one thread, and a header declaring 4294967295 × 4294967295 is refused for what it says.
 */

import type { IMAGE_TYPES } from './kyc';

export type ImageType = (typeof IMAGE_TYPES)[number];

/** Each side of an image, in pixels: no document or face photo is smaller or larger. */
export const IMAGE_MIN_SIDE = 16;
export const IMAGE_MAX_SIDE = 10_000;

/**
 * The shorter side, in pixels, of a selfie or liveness capture big enough to hold a face: the
 * liveness check (server/domain/kyc/images.ts) needs it, so a smaller one is refused at capture.
 */
export const LIVENESS_MIN_SIDE = 240;

export type ImageReading =
    | { ok: true; type: ImageType; width: number; height: number }
    /** `type`: not a JPEG, PNG or WebP at all; `structure`: one whose bytes break its format; `size`: pixels out of bounds. */
    | { ok: false; problem: 'type' | 'structure' | 'size'; detail: string };

/** The type the bytes begin as, whatever the name or declared type says; null when none of the three. */
export const sniffImageType = (bytes: Uint8Array): ImageType | null => {
    const starts = (...values: number[]) => values.every((value, index) => bytes[index] === value);
    if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
    if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
    if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
    return null;
};

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});

/** CRC-32 (ISO 3309) of bytes[from, to), as PNG chunks carry it. */
const crc32 = (bytes: Uint8Array, from: number, to: number): number => {
    let crc = 0xffffffff;
    for (let index = from; index < to; index += 1) crc = (CRC_TABLE[(crc ^ (bytes[index] ?? 0)) & 0xff] ?? 0) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
};

type Structure = { width: number; height: number } | string;

/** PNG colour type → the bit depths it allows. */
const PNG_DEPTHS: Record<number, readonly number[]> = {
    0: [1, 2, 4, 8, 16],
    2: [8, 16],
    3: [1, 2, 4, 8],
    4: [8, 16],
    6: [8, 16],
};

const walkPng = (bytes: Uint8Array): Structure => {
    const data = view(bytes);
    let at = 8;
    let size: { width: number; height: number } | null = null;
    let idat = false;
    while (at < bytes.length) {
        if (at + 12 > bytes.length) return 'a chunk is cut short';
        const length = data.getUint32(at);
        const type = ascii(bytes, at + 4, at + 8);
        const end = at + 12 + length;
        if (length > 0x7fffffff || end > bytes.length) return `the ${type} chunk runs past the end of the file`;
        // Every chunk's CRC but the picture data's: IDAT is nearly all of a photo's bytes, which no
        // one here decodes, and its CRC cost the server's thread 40–100 ms per 5 MB.
        if (type !== 'IDAT' && crc32(bytes, at + 4, at + 8 + length) !== data.getUint32(at + 8 + length)) {
            return `the ${type} chunk's CRC is wrong`;
        }
        if (size === null) {
            if (type !== 'IHDR' || length !== 13) return 'the first chunk is not a 13-byte IHDR';
            const depth = bytes[at + 16] ?? 0;
            const colour = bytes[at + 17] ?? 0;
            if (!PNG_DEPTHS[colour]?.includes(depth)) return `bit depth ${depth} is not valid for colour type ${colour}`;
            size = { width: data.getUint32(at + 8), height: data.getUint32(at + 12) };
        } else if (type === 'IHDR') {
            return 'IHDR appears twice';
        } else if (type === 'IDAT') {
            idat = true;
        } else if (type === 'IEND') {
            if (!idat) return 'no IDAT chunk before IEND';
            return end === bytes.length ? size : 'bytes follow IEND';
        }
        at = end;
    }
    return size ? 'no IEND chunk' : 'no IHDR chunk';
};

/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC): the frame header that gives the size. */
export const isStartOfFrame = (marker: number): boolean =>
    marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** Markers that stand alone, without a length: TEM and the restart markers RST0–RST7. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

const walkJpeg = (bytes: Uint8Array): Structure => {
    const data = view(bytes);
    let at = 2;
    let size: { width: number; height: number } | null = null;
    while (at < bytes.length) {
        if (bytes[at] !== 0xff) return 'a segment does not start with a marker';
        const marker = bytes[at + 1];
        if (marker === undefined) return 'the file ends inside a marker';
        if (marker === 0xff) {
            at += 1; // a fill byte before the marker
            continue;
        }
        if (marker === 0xd9) {
            if (!size) return 'no frame header (SOF) before the end';
            return at + 2 === bytes.length ? size : 'bytes follow the end marker (EOI)';
        }
        if (marker === 0xd8 || marker === 0x00) return 'an unexpected marker inside the file';
        if (standalone(marker)) {
            at += 2;
            continue;
        }
        if (at + 4 > bytes.length) return 'a segment is cut short';
        const length = data.getUint16(at + 2);
        const end = at + 2 + length;
        if (length < 2 || end > bytes.length) return 'a segment runs past the end of the file';
        if (isStartOfFrame(marker)) {
            if (size) return 'two frame headers (SOF)';
            const components = bytes[at + 9] ?? 0;
            if (length < 8 + 3 * components || components < 1 || components > 4) return 'the frame header (SOF) is malformed';
            size = { height: data.getUint16(at + 5), width: data.getUint16(at + 7) };
        }
        at = end;
        if (marker === 0xda) {
            if (!size) return 'picture data (SOS) before the frame header (SOF)';
            // Entropy-coded data runs to the next marker: 0xFF followed by neither 0x00 (a stuffed
            // byte) nor a restart marker.
            for (;;) {
                const next = bytes.indexOf(0xff, at);
                if (next < 0 || next + 1 >= bytes.length) return 'no end marker (EOI)';
                const following = bytes[next + 1] ?? 0;
                if (following === 0x00 || (following >= 0xd0 && following <= 0xd7)) {
                    at = next + 2;
                    continue;
                }
                at = next;
                break;
            }
        }
    }
    return 'no end marker (EOI)';
};

const walkWebp = (bytes: Uint8Array): Structure => {
    if (bytes.length < 30) return 'too short to hold a WebP header';
    const data = view(bytes);
    if (data.getUint32(4, true) + 8 !== bytes.length) return "the RIFF length is not the file's";
    const chunk = ascii(bytes, 12, 16);
    if (20 + data.getUint32(16, true) > bytes.length) return `the ${chunk} chunk runs past the end of the file`;
    if (chunk === 'VP8 ') return { width: data.getUint16(26, true) & 0x3fff, height: data.getUint16(28, true) & 0x3fff };
    if (chunk === 'VP8L') {
        const bits = data.getUint32(21, true);
        return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X') {
        const read24 = (from: number) => (bytes[from] ?? 0) | ((bytes[from + 1] ?? 0) << 8) | ((bytes[from + 2] ?? 0) << 16);
        return { width: read24(24) + 1, height: read24(27) + 1 };
    }
    return 'the first chunk is not VP8, VP8L or VP8X';
};

/** Whether the bytes are a well-formed JPEG, PNG or WebP of a sane size, and its type and size when they are. */
export const readImage = (bytes: Uint8Array): ImageReading => {
    const type = sniffImageType(bytes);
    if (!type) return { ok: false, problem: 'type', detail: 'not a JPEG, PNG or WebP image' };
    const structure = type === 'image/png' ? walkPng(bytes) : type === 'image/jpeg' ? walkJpeg(bytes) : walkWebp(bytes);
    if (typeof structure === 'string') return { ok: false, problem: 'structure', detail: structure };
    const { width, height } = structure;
    const within = (side: number) => side >= IMAGE_MIN_SIDE && side <= IMAGE_MAX_SIDE;
    if (!within(width) || !within(height)) {
        return {
            ok: false,
            problem: 'size',
            detail: `${width} × ${height} pixels: each side must be ${IMAGE_MIN_SIDE} to ${IMAGE_MAX_SIDE}`,
        };
    }
    return { ok: true, type, width, height };
};
