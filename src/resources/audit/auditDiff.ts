/**
 * What an audit event changed, field by field, from its `before` and `after` (contract/audit.ts
 * `auditEvent`): the fields whose value differs, each with its old and new value. A record created
 * has no `before`, one removed no `after`; a value that is not a record is one unnamed field.
 */
export interface FieldChange {
    field: string;
    before: unknown;
    after: unknown;
    kind: 'added' | 'removed' | 'changed';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

const present = (value: unknown) => value !== undefined && value !== null;

export const changesOf = (before: unknown, after: unknown): FieldChange[] => {
    if (!isRecord(before) && !isRecord(after)) {
        if (same(before, after)) return [];
        return [{ field: '', before, after, kind: !present(before) ? 'added' : !present(after) ? 'removed' : 'changed' }];
    }
    const old = isRecord(before) ? before : {};
    const now = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(old), ...Object.keys(now)])];
    return fields
        .filter(field => !same(old[field], now[field]))
        .map(field => ({
            field,
            before: old[field],
            after: now[field],
            kind: !(field in old) ? 'added' : !(field in now) ? 'removed' : 'changed',
        }));
};

/** A value as a person reads it: text as is, nothing as a dash, anything else as compact JSON. */
export const shownValue = (value: unknown): string => {
    if (value === undefined || value === null || value === '') return '—';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
};
