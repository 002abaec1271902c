/**
 * PNGs of one colour made in code: the demo's KYC documents (server/seed/kyc.ts) and the tests'
 * (tests/e2e/fixtures/kycImages.ts). `text` adds tEXt chunks, which is how a demo ID front
 * carries the OCR stand-in's marker (images.ts).
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});

const crc32 = (bytes: Uint8Array): number => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Uint8Array): Buffer => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
};

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A valid PNG of one colour (RGB), with `text` as tEXt chunks (keyword → text). */
export const png = (
    width: number,
    height: number,
    options: { rgb?: readonly [number, number, number]; text?: Readonly<Record<string, string>> } = {},
): Buffer => {
    const [r, g, b] = options.rgb ?? [200, 180, 160];
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
    const pixels = Buffer.concat(Array.from({ length: height }, () => row));
    const texts = Object.entries(options.text ?? {}).map(([keyword, text]) =>
        chunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1')),
    );
    return Buffer.concat([
        SIGNATURE,
        chunk('IHDR', header),
        ...texts,
        chunk('IDAT', deflateSync(pixels)),
        chunk('IEND', new Uint8Array()),
    ]);
};

/** The OCR stand-in's marker for these fields (images.ts), as `text` for `png`. */
export const ocrMarker = (fields: Readonly<Record<string, string>>): Record<string, string> => ({
    'kyc-ocr': Object.entries(fields)
        .map(([key, value]) => `${key}=${value}`)
        .join(';'),
});
