/**
 * multipart/form-data for the server tests: how the portal sends an `upload: true` call
 * (src/lib/portalApi.ts `uploadCall`): each body field as a text part, then the one file part
 * named `file`. The harness (harness.ts) and the fuzzing (contractCases.ts `sendRaw`) use it.
 */
import { randomBytes } from 'node:crypto';
import { png } from '../e2e/fixtures/kycImages';

export interface FilePart {
    /** The part's name: `file` unless a test sends a wrong one. */
    field?: string;
    name: string;
    type: string;
    bytes: Buffer;
}

/** What an upload sends when a test names no file: a small PNG. */
export const DEFAULT_UPLOAD: FilePart = { name: 'photo.png', type: 'image/png', bytes: png(16, 16) };

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** A multipart body and its content type: `fields` as text parts (non-strings as JSON), then `files`. */
export const multipartBody = (
    fields: Readonly<Record<string, unknown>>,
    files: readonly FilePart[],
): { payload: Buffer; contentType: string } => {
    const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(fields)) {
        if (value === undefined) continue;
        parts.push(
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text(value)}\r\n`, 'utf8'),
        );
    }
    for (const file of files) {
        parts.push(
            Buffer.from(
                `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
                'utf8',
            ),
            file.bytes,
            Buffer.from('\r\n'),
        );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
};
