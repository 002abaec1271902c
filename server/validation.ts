/**
 * Checking a call's input against the contract: every string free of forbidden characters first,
 * then each part (params, query, body) through its schema, each fault named by its field.
 */
import type { z } from 'zod';
import { forbiddenTextAt } from '../contract/define';
import type { FieldError } from './http-error';

/**
 * How far the input itself follows `path`: the number of steps taken before the end or a value
 * that is not an object or list, and the value reached there (undefined where nothing was sent).
 */
const follow = (input: unknown, path: readonly PropertyKey[]): { steps: number; value: unknown } => {
    let current = input;
    for (const [index, part] of path.entries()) {
        if (current === null || typeof current !== 'object') return { steps: index, value: current };
        current = (current as Record<PropertyKey, unknown>)[part];
    }
    return { steps: path.length, value: current };
};

/**
 * Zod issues → one entry per failing field. A union (the sign-in body) reports the branch that
 * came closest, so a half-filled password sign-in names the missing password.
 */
const fieldErrors = (issues: readonly z.core.$ZodIssue[], input: unknown, prefix: PropertyKey[] = []): FieldError[] =>
    issues.flatMap(issue => {
        const path = [...prefix, ...issue.path];
        if (issue.code === 'invalid_union' && issue.errors.length > 0) {
            const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
            return fieldErrors(closest, input, path);
        }
        // A path that runs into a value sent as text (`ids=0`, which the schema turned into a list
        // before judging its items) points at what the client sent: that value is invalid, not missing.
        const sent = follow(input, path);
        if (sent.steps > 0 && sent.steps < path.length && sent.value !== undefined) {
            const named = path.slice(0, sent.steps).map(String).join('.');
            return [{ field: named, message: `${named}: ${issue.message}`, key: 'errors.field_invalid' }];
        }
        const field = path.map(String).join('.');
        if (sent.steps < path.length || sent.value === undefined) {
            return [{ field, message: `${field || 'input'} is required`, key: 'errors.field_required' }];
        }
        return [{ field, message: issue.message, key: 'errors.field_invalid' }];
    });

/**
 * `part` names the whole input (`body`, `query`, `params`) when the fault is the input itself, say
 * a JSON body that is a number or a list rather than an object: the answer still names a field.
 */
export const validate = (part: string, schema: z.ZodType | undefined, input: unknown, errors: FieldError[]): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(input);
    if (result.success) return result.data;
    errors.push(
        ...fieldErrors(result.error.issues, input).map(error =>
            error.field ? error : { ...error, field: part, message: `${part}: ${error.message}` },
        ),
    );
    return undefined;
};

/**
 * Control characters, unpaired surrogates and direction overrides are refused in every string of
 * every call (contract/define.ts), before any schema sees them: a call added later cannot forget it.
 */
export const textErrorAt = (part: string, input: unknown): FieldError | null => {
    const path = forbiddenTextAt(input);
    if (!path) return null;
    // The input itself (a JSON string body) is named by its part.
    const field = path.length > 0 ? path.map(String).join('.') : part;
    return { field, message: `${field} holds characters that are not allowed`, key: 'errors.invalid_characters' };
};
