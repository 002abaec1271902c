/** Reading the server's error answers (contract/errors.ts) wherever the portal meets one. */
import { HttpError } from 'ra-core';
import type { ApiError } from '../../contract/errors';

export const isApiError = (body: unknown): body is ApiError =>
    typeof body === 'object' && body !== null && 'key' in body && 'message' in body;

/** The server's answer inside an HttpError, when there is one. */
export const apiErrorOf = (error: unknown): ApiError | undefined =>
    error instanceof HttpError && isApiError(error.body) ? error.body : undefined;

/** The translation key to show for any failure. */
export const errorKeyOf = (error: unknown): string =>
    apiErrorOf(error)?.key ?? (error instanceof HttpError ? error.message : 'errors.generic');

/**
 * Field errors for a react-admin form from a 400/409 answer: `{ username: 'errors.username_taken' }`,
 * the first error of each field, only for `fields` when given. Empty when the answer names no field.
 */
export const fieldErrorsOf = (error: unknown, fields?: readonly string[]): Record<string, string> => {
    const answer = apiErrorOf(error);
    if (!answer) return {};
    const errors: Record<string, string> = {};
    const named = [...(answer.errors ?? []), ...(answer.field !== undefined ? [{ field: answer.field, key: answer.key }] : [])];
    for (const { field, key } of named) {
        if (field && (!fields || fields.includes(field))) errors[field] ??= key;
    }
    return errors;
};
