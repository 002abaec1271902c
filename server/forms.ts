/**
 * Reading a request's body: JSON for every call, and for `upload: true` calls a multipart form
 * whose text fields are the body and whose one `file` part reaches the handler (`readForm`).
 */
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../contract/kyc';
import { HttpError, invalidInput } from './http-error';
import { textErrorAt } from './validation';

/** The one file an `upload: true` call received: its bytes and what the client declared it to be. */
export interface UploadedFile {
    bytes: Buffer;
    /** The declared file name and content type: the client's word, never to be trusted for what the bytes are. */
    name: string;
    type: string;
}

/**
 * An upload call's checks on the text fields sent before the file part, run as that part begins:
 * a refusal here reads none of the file.
 */
export type BeforeFile = (fields: Readonly<Record<string, unknown>>) => Promise<void>;

/** Whether the body was declared JSON (`application/json`, `application/x+json`…): only those are read as JSON. */
export const sentAsJson = (request: FastifyRequest): boolean =>
    /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(request.headers['content-type'] ?? '');

/** A request that carries a body at all. */
export const hasPayload = (request: FastifyRequest): boolean => {
    const length = request.headers['content-length'];
    return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
};

// Uploads: `upload: true` calls take multipart/form-data, every other call JSON only.

/**
 * A form's text fields and part headers are small: a request this much larger than the largest
 * file is refused by its Content-Length before a byte of it is read.
 */
const FORM_SLACK_BYTES = 64 * 1024;

/** Busboy's limits: one file of at most MAX_UPLOAD_BYTES (spec §9), a few short text fields. */
export const UPLOAD_LIMITS = {
    fileSize: MAX_UPLOAD_BYTES,
    // Two, so that a second file is seen and refused as such (400 on `file`) rather than as a limit.
    files: 2,
    fields: 20,
    fieldSize: 2048,
    fieldNameSize: 100,
    parts: 22,
    headerPairs: 20,
};

const tooLarge = () =>
    new HttpError(413, 'errors.payload_too_large', `The file is larger than ${MAX_UPLOAD_BYTES / (1024 * 1024)} MB`, 'file');

/** A form's refusal under its own key (invalidInput would answer `errors.invalid_input`). */
const invalidFormInput = (
    field: string,
    key: 'errors.too_many_fields' | 'errors.field_too_long' | 'errors.file_name_required',
    message: string,
) => new HttpError(400, key, message, field, { errors: [{ field, message, key }] });

/** More text fields or parts than a form may hold: named as such, not as a file too large. */
const tooManyFields = () =>
    invalidFormInput(
        'body',
        'errors.too_many_fields',
        `The form holds more than ${UPLOAD_LIMITS.fields} text fields or ${UPLOAD_LIMITS.parts} parts`,
    );

const formField = (
    field: string,
    message: string,
    key: 'errors.field_invalid' | 'errors.field_required' = 'errors.field_invalid',
) => invalidInput([{ field, message, key }]);

/**
 * Reads an upload's form as it streams in: its text fields (for the call's `body` schema) and the
 * one part named `file`, whose bytes are counted as they come and refused (413) the moment they
 * pass MAX_UPLOAD_BYTES, so no more than that is ever held. `body` names the form itself when it
 * cannot be read at all (malformed, cut short, a field named like an Object property).
 */
export const readForm = async (
    request: FastifyRequest,
    beforeFile: BeforeFile | undefined,
): Promise<{ fields: Record<string, unknown>; file: UploadedFile | null }> => {
    if (!request.isMultipart()) {
        throw new HttpError(415, 'errors.unsupported_media_type', 'Send this call as multipart/form-data with a `file` part');
    }
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + FORM_SLACK_BYTES) throw tooLarge();
    const fields: Record<string, unknown> = {};
    let file: UploadedFile | null = null;
    /** The call's own refusal (`beforeFile`): answered as it is, not as a form that cannot be read. */
    let refusal: unknown;
    try {
        for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
            const name = part.fieldname;
            // A part without a name is named by the form itself: every 400 names a field.
            if (!name) {
                if (part.type === 'file') part.file.resume();
                throw formField('body', 'every part of the form needs a name');
            }
            // Busboy takes a part without a filename for a text field, whatever it holds.
            if (name === 'file' && part.type === 'field') {
                throw invalidFormInput('file', 'errors.file_name_required', 'file must be sent as a file, with a filename');
            }
            if (Object.hasOwn(fields, name) || (name === 'file' && file !== null)) {
                if (part.type === 'file') part.file.resume();
                throw formField(name, `${name} is given more than once`);
            }
            if (part.type === 'field') {
                if (part.fieldnameTruncated || part.valueTruncated) {
                    const limit = part.fieldnameTruncated ? UPLOAD_LIMITS.fieldNameSize : UPLOAD_LIMITS.fieldSize;
                    throw invalidFormInput(
                        name,
                        'errors.field_too_long',
                        `${name}${part.fieldnameTruncated ? "'s name" : ''} is longer than ${limit} bytes`,
                    );
                }
                fields[name] = part.value;
                continue;
            }
            if (name !== 'file') {
                part.file.resume();
                throw formField(name, `the only file part is named "file", not "${name}"`);
            }
            if (beforeFile) {
                try {
                    // The fields reach the call's own check as they would reach its schema: with the
                    // forbidden text refused first, whatever the call checks.
                    const textError = textErrorAt('body', fields);
                    if (textError) throw invalidInput([textError]);
                    await beforeFile(fields);
                } catch (error) {
                    part.file.resume();
                    refusal = error;
                    throw error;
                }
            }
            const chunks: Buffer[] = [];
            let size = 0;
            for await (const chunk of part.file as AsyncIterable<Buffer>) {
                size += chunk.length;
                if (part.file.truncated || size > MAX_UPLOAD_BYTES) throw tooLarge();
                chunks.push(chunk);
            }
            if (part.file.truncated) throw tooLarge();
            file = { bytes: Buffer.concat(chunks, size), name: part.filename, type: part.mimetype };
        }
    } catch (error) {
        if (error instanceof HttpError || (refusal !== undefined && error === refusal)) throw error;
        const code = (error as { code?: unknown }).code;
        // Busboy's limits: the file's size, and the number of parts, fields or files.
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') throw tooManyFields();
        const message = error instanceof Error ? error.message : String(error);
        throw formField('body', `the form could not be read: ${message}`);
    }
    return { fields, file };
};
