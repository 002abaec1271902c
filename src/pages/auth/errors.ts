import { HttpError } from 'react-admin';
import type { ApiError } from '../../../contract/errors';

/** The server's answer inside an HttpError, when there is one. */
export const apiErrorOf = (error: unknown): ApiError | undefined => {
    if (!(error instanceof HttpError)) return undefined;
    const body: unknown = error.body;
    return typeof body === 'object' && body !== null && 'key' in body ? (body as ApiError) : undefined;
};

/** The translation key to show for any failure. */
export const errorKeyOf = (error: unknown): string =>
    apiErrorOf(error)?.key ?? (error instanceof HttpError ? error.message : 'errors.generic');

/**
 * Field errors for a react-admin form from a 400/409 answer: `{ username: 'errors.username_taken' }`.
 * Empty when the answer names no field.
 */
export const fieldErrorsOf = (error: unknown, fields: readonly string[]): Record<string, string> => {
    const answer = apiErrorOf(error);
    if (!answer) return {};
    const errors: Record<string, string> = {};
    for (const item of answer.errors ?? []) {
        if (fields.includes(item.field) && !errors[item.field]) errors[item.field] = item.key;
    }
    if (answer.field && fields.includes(answer.field) && !errors[answer.field]) errors[answer.field] = answer.key;
    return errors;
};
