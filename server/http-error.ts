/**
 * Error answers: what a handler throws to answer with an error, and the one shape every error
 * answer has (contract/errors.ts).
 */
import type { FastifyReply } from 'fastify';
import type { ApiError, ErrorKey } from '../contract/errors';

/** Feathers' error names, which the original backend answered with. */
const ERROR_NAMES: Record<number, string> = {
    400: 'BadRequest',
    401: 'NotAuthenticated',
    403: 'Forbidden',
    404: 'NotFound',
    405: 'MethodNotAllowed',
    408: 'Timeout',
    409: 'Conflict',
    413: 'PayloadTooLarge',
    415: 'UnsupportedMediaType',
    422: 'Unprocessable',
    429: 'TooManyRequests',
    500: 'GeneralError',
    503: 'Unavailable',
};

export interface FieldError {
    field: string;
    message: string;
    key: string;
}

/** What a handler throws to answer with an error; anything else thrown becomes a 500. */
export class HttpError extends Error {
    override name = 'HttpError';
    constructor(
        readonly status: number,
        readonly key: ErrorKey,
        message: string,
        readonly field?: string,
        readonly details: { errors?: FieldError[]; retryAfter?: number } = {},
    ) {
        super(message);
    }
}

export const errorBody = (
    status: number,
    key: string,
    message: string,
    extra: { field?: string; errors?: FieldError[]; retryAfter?: number } = {},
): ApiError => ({
    code: status,
    name: ERROR_NAMES[status] ?? (status >= 500 ? 'GeneralError' : 'BadRequest'),
    message,
    key,
    ...(extra.field !== undefined ? { field: extra.field } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(extra.retryAfter !== undefined ? { retry_after: extra.retryAfter } : {}),
});

export const sendHttpError = (reply: FastifyReply, error: HttpError): FastifyReply => {
    if (error.details.retryAfter !== undefined) reply.header('Retry-After', String(error.details.retryAfter));
    return reply.code(error.status).send(
        errorBody(error.status, error.key, error.message, {
            field: error.field,
            errors: error.details.errors,
            retryAfter: error.details.retryAfter,
        }),
    );
};

export const invalidInput = (errors: FieldError[]): HttpError => {
    const first = errors[0] ?? { field: '', message: 'Invalid input', key: 'errors.invalid_input' };
    // The answer's key says what is wrong with the first field when there is a message for it.
    const key: ErrorKey =
        first.key === 'errors.field_required' || first.key === 'errors.invalid_characters' ? first.key : 'errors.invalid_input';
    const message = !first.field || first.message.startsWith(first.field) ? first.message : `${first.field}: ${first.message}`;
    return new HttpError(400, key, message, first.field, { errors });
};
