/**
 * An input made from a call's own zod schemas, for the authorization matrix (matrix.test.ts): the
 * calls that need no existing record (lists, lookups, calls whose ids may point at nothing) need
 * no hand-written row there. The input is deterministic, and plain where the schema lets it be:
 *
 * - only the fields an object requires (an optional or defaulted one is left out);
 * - a whole number at its largest (an id of 2³¹−1 names nothing; a limit at its largest is
 *   still a limit), else 1 within its bounds;
 * - the first value of an enum, a literal or a union;
 * - a string of a pattern from fast-check with a fixed seed, any other string `matrix` cut or
 *   padded to its bounds.
 *
 * Each part is then parsed with its schema and searched for characters the server refuses: a
 * part that fails falls back to samples of the fuzzer's generator (zodArbitraries.ts) with the
 * same seed, and a call none of whose samples pass answers undefined, so it needs a row. An upload
 * needs a file, so it always needs a row.
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { forbiddenTextAt, type CallDefinition } from '../../contract/define';
import type { UncheckedCallOptions } from './harness';
import { checksOf, defOf, mayBeLeftOut, stringRules, validArbitrary, type StringDef } from './zodArbitraries';

type Schema = z.core.$ZodType;

/** The seed of every sample taken here: a derived input is the same on every run. */
const SEED = 22;
const SAMPLES = 300;

const valid = (schema: Schema, value: unknown): boolean =>
    (schema as z.ZodType).safeParse(value).success && forbiddenTextAt(value) === null;

const plainString = (schema: Schema, def: StringDef): unknown => {
    const { minLength, maxLength, patterns } = stringRules(def);
    const [pattern] = patterns;
    if (pattern) {
        return fc.sample(fc.stringMatching(pattern), { seed: SEED, numRuns: SAMPLES }).find(text => valid(schema, text));
    }
    return 'matrix'.padEnd(Math.max(minLength, 1), 'x').slice(0, Math.max(maxLength, 1));
};

const plainNumber = (def: Extract<z.core.$ZodTypes['_zod']['def'], { type: 'number' }>): number => {
    let min = -Infinity;
    let max = Infinity;
    for (const check of checksOf(def)) {
        if (check.check === 'greater_than') min = Math.max(min, Number(check.value) + (check.inclusive ? 0 : 1));
        if (check.check === 'less_than') max = Math.min(max, Number(check.value) - (check.inclusive ? 0 : 1));
    }
    if (Number.isFinite(max) && Math.abs(max) < Number.MAX_SAFE_INTEGER) return Math.floor(max);
    return Math.max(1, Number.isFinite(min) ? Math.ceil(min) : 1);
};

/** The plainest value the schema may accept (see the header); undefined where there is none to make. */
const plainValue = (schema: Schema): unknown => {
    const def = defOf(schema);
    switch (def.type) {
        case 'object':
            return Object.fromEntries(
                Object.entries(def.shape)
                    .filter(([, field]) => !mayBeLeftOut(field))
                    .map(([key, field]) => [key, plainValue(field)]),
            );
        case 'string':
            return plainString(schema, def);
        case 'number':
            return plainNumber(def);
        case 'boolean':
            return true;
        case 'null':
            return null;
        case 'enum':
            return Object.values(def.entries)[0];
        case 'literal':
            return def.values[0];
        case 'union':
            return def.options.map(option => plainValue(option)).find(value => valid(schema, value));
        case 'optional':
        case 'default':
        case 'nullable':
            return plainValue(def.innerType);
        case 'pipe': {
            // What comes out is often an input too (`idText` takes digits or a number); else what goes in.
            const out = defOf(def.out).type === 'transform' ? undefined : plainValue(def.out);
            return out !== undefined && valid(schema, out) ? out : plainValue(def.in);
        }
        case 'array': {
            const least = checksOf(def).find(check => check.check === 'min_length');
            const count = least?.check === 'min_length' ? least.minimum : 0;
            return Array.from({ length: count }, () => plainValue(def.element));
        }
        default:
            return undefined;
    }
};

/** A value the schema accepts, as plain as it allows, or undefined when none was found. */
export const derivedValue = (schema: Schema): unknown => {
    const plain = plainValue(schema);
    if (valid(schema, plain)) return plain;
    return fc.sample(validArbitrary(schema), { seed: SEED, numRuns: SAMPLES }).find(value => valid(schema, value));
};

/** The input derived for a call (see the header), or undefined when the call needs a hand-written row. */
export const derivedInput = (call: CallDefinition): UncheckedCallOptions | undefined => {
    if (call.upload) return undefined;
    const input: UncheckedCallOptions = {};
    for (const part of ['params', 'query', 'body'] as const) {
        const schema = call[part];
        if (!schema) continue;
        const value = derivedValue(schema);
        if (value === undefined) return undefined;
        if (part === 'body') input.body = value;
        else input[part] = value as Record<string, unknown>;
    }
    return input;
};
