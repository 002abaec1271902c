/**
 * Inputs generated from the contract's zod schemas, for fuzz.test.ts: values a schema accepts
 * (loosely: checks are followed where it is cheap, so most are valid and some are not), and
 * mutations that make them bad in the ways clients and attackers do: wrong types, missing and
 * unknown fields, huge strings, control characters, lone surrogates, direction overrides,
 * numbers beyond 2³¹ and 2⁵³, numbers in disguise, SQL and script payloads, lists where one
 * value is expected, and values nested thousands deep or thousands wide.
 *
 * The schemas are read through zod 4's definitions (`schema._zod.def`), so a call added to the
 * contract is fuzzed without a line here, unless it uses a kind of schema this file does not know
 * (fuzz.test.ts checks that).
 */
import fc from 'fast-check';
import type { z } from 'zod';
import { isWireObject, WireValue, type Wire } from './contractCases';

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypes['_zod']['def'];

export const defOf = (schema: Schema): Def => (schema as z.core.$ZodTypes)._zod.def;

/** The kinds of schema `validArbitrary` knows how to fill. */
export const KNOWN_KINDS: ReadonlySet<string> = new Set([
    'object',
    'string',
    'number',
    'boolean',
    'null',
    'enum',
    'literal',
    'union',
    'optional',
    'nullable',
    'default',
    'pipe',
    'transform',
    'array',
    'record',
]);

/** The schemas directly inside one (an object's fields, a union's branches, a wrapper's inner one). */
const childrenOf = (schema: Schema): Schema[] => {
    const def = defOf(schema);
    switch (def.type) {
        case 'object':
            return Object.values(def.shape);
        case 'union':
            return [...def.options];
        case 'optional':
        case 'nullable':
        case 'default':
            return [def.innerType];
        case 'pipe':
            return [def.in, def.out];
        case 'array':
            return [def.element];
        case 'record':
            return [def.keyType, def.valueType];
        default:
            return [];
    }
};

/** Every kind of schema used in and under this one. */
export const kindsIn = (schema: Schema | undefined): Set<string> => {
    const kinds = new Set<string>();
    const visit = (node: Schema) => {
        kinds.add(defOf(node).type);
        childrenOf(node).forEach(visit);
    };
    if (schema) visit(schema);
    return kinds;
};

/** The field names a schema declares at its top: an object's keys, or those of every branch of a union. */
export const declaredKeys = (schema: Schema | undefined): string[] => {
    if (!schema) return [];
    const def = defOf(schema);
    if (def.type === 'object') return Object.keys(def.shape);
    if (def.type === 'union') return [...new Set(def.options.flatMap(option => declaredKeys(option)))];
    if (def.type === 'pipe') return declaredKeys(def.in);
    if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return declaredKeys(def.innerType);
    return [];
};

/** A field an object may leave out: zod marks optional and defaulted schemas on `optin`. */
export const mayBeLeftOut = (schema: Schema) => (schema as z.core.$ZodTypes)._zod.optin !== undefined;

type CheckDef = z.core.$ZodChecks['_zod']['def'];
export const checksOf = (def: { checks?: readonly z.core.$ZodCheck[] }): CheckDef[] =>
    (def.checks ?? []).map(check => (check as z.core.$ZodChecks)._zod.def);

export type StringDef = Extract<Def, { type: 'string' }>;

/** A string schema's length bounds and the patterns it must match (a format's, then its regexes). */
export const stringRules = (def: StringDef): { minLength: number; maxLength: number; patterns: RegExp[] } => {
    let minLength = 0;
    let maxLength = Infinity;
    // A string format (z.email()) carries its pattern on the definition.
    const formatPattern: unknown = 'pattern' in def ? def.pattern : undefined;
    const patterns: RegExp[] = formatPattern instanceof RegExp ? [formatPattern] : [];
    for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = Math.max(minLength, check.minimum);
        if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum);
        if (check.check === 'length_equals') [minLength, maxLength] = [check.length, check.length];
        if (check.check === 'string_format' && check.pattern) patterns.push(check.pattern);
    }
    return { minLength, maxLength, patterns };
};

const stringArbitrary = (def: StringDef): fc.Arbitrary<Wire> => {
    const { minLength, maxLength, patterns } = stringRules(def);
    const pattern = patterns[0];
    if (pattern) {
        // The first pattern decides; a length limit beside it is kept by cutting (loosely: the cut may break the pattern).
        return fc.stringMatching(pattern).map(text => (text.length > maxLength ? text.slice(0, maxLength) : text));
    }
    const bounds = { minLength, maxLength: Math.min(maxLength, minLength + 40) };
    return fc.oneof(fc.string({ ...bounds, unit: 'grapheme-ascii' }), fc.string({ ...bounds, unit: 'grapheme' }));
};

const numberArbitrary = (def: Extract<Def, { type: 'number' }>): fc.Arbitrary<Wire> => {
    let min = -Number.MAX_VALUE;
    let max = Number.MAX_VALUE;
    let whole = false;
    for (const check of checksOf(def)) {
        if (check.check === 'greater_than') min = Math.max(min, Number(check.value) + (check.inclusive ? 0 : Number.EPSILON));
        if (check.check === 'less_than') max = Math.min(max, Number(check.value) - (check.inclusive ? 0 : Number.EPSILON));
        if (check.check === 'number_format') whole = check.format.includes('int');
    }
    if (!whole) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    const low = Math.max(Math.ceil(min), Number.MIN_SAFE_INTEGER);
    const high = Math.min(Math.floor(max), Number.MAX_SAFE_INTEGER);
    if (low >= -(2 ** 31) && high <= 2 ** 31 - 1) return fc.integer({ min: low, max: high });
    return fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
};

const jsonScalars = (values: readonly unknown[]): Wire[] =>
    values.filter(
        (value): value is string | number | boolean | null =>
            value === null || ['string', 'number', 'boolean'].includes(typeof value),
    );

/** Values the schema accepts as input, loosely (see the header). */
export const validArbitrary = (schema: Schema): fc.Arbitrary<Wire> => {
    const def = defOf(schema);
    switch (def.type) {
        case 'object': {
            const shape = Object.entries(def.shape);
            return fc.record(Object.fromEntries(shape.map(([key, field]) => [key, validArbitrary(field)])), {
                requiredKeys: shape.filter(([, field]) => !mayBeLeftOut(field)).map(([key]) => key),
            });
        }
        case 'string':
            return stringArbitrary(def);
        case 'number':
            return numberArbitrary(def);
        case 'boolean':
            return fc.boolean();
        case 'null':
            return fc.constant(null);
        case 'enum':
            return fc.constantFrom(...jsonScalars(Object.values(def.entries)));
        case 'literal':
            return fc.constantFrom(...jsonScalars(def.values));
        case 'union':
            return fc.oneof(...def.options.map(option => validArbitrary(option)));
        case 'optional':
        case 'default':
            // Whether the field is there at all is the object's choice (requiredKeys above).
            return validArbitrary(def.innerType);
        case 'nullable':
            return fc.option(validArbitrary(def.innerType), { nil: null, freq: 5 });
        case 'pipe':
            // What goes in is the input; what comes out is often an input too (`idText`: digits in,
            // a bounded number out, and numbers are accepted as they are), so a little of both.
            return defOf(def.out).type === 'transform'
                ? validArbitrary(def.in)
                : fc.oneof({ arbitrary: validArbitrary(def.in), weight: 3 }, { arbitrary: validArbitrary(def.out), weight: 1 });
        case 'array':
            return fc.array(validArbitrary(def.element), { maxLength: 5 });
        case 'record':
            // Keys are text on the wire (JSON's object keys).
            return fc.dictionary(validArbitrary(def.keyType).map(String), validArbitrary(def.valueType), { maxKeys: 3 });
        default:
            // A kind this file does not know (fuzz.test.ts fails on it): any JSON at all.
            return fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Wire>;
    }
};

// ---------------------------------------------------------------------------------------------
// Bad values

const FORBIDDEN_OR_ODD_TEXT = [
    'a\u0000b',
    '\u0000',
    '\u0001',
    '\u0007',
    '\u001b[31mred',
    '\u007f',
    '\u0085',
    '\u009f',
    '\ud800',
    'a\udfff',
    '\udc00\ud800',
    '\u202e',
    'admin\u202egnp.exe',
    '\u2066x\u2069',
    // Allowed, and easily mistaken for the above.
    '\t',
    '\n',
    'line\r\nbreak',
    '\u200f',
    '\ufeff',
    '\uffff',
    '😀',
    'Ñandú 東京 مرحبا',
    '',
    ' ',
    '   padded   ',
];

const INJECTION_TEXT = [
    "' OR 1=1 --",
    "admin'--",
    "'; DROP TABLE admins; --",
    '" OR ""="',
    '1; SELECT pg_sleep(10)',
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '${7*7}',
    '{{7*7}}',
    '../../etc/passwd',
    '%00',
    '%',
    '_',
    '\\',
    '%_\\',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '__proto__',
];

/** Numbers in disguise, and numbers just past a limit. */
const NUMBER_TEXT = [
    'NaN',
    'Infinity',
    '-Infinity',
    '1e3',
    '1E3',
    '0x10',
    '0b11',
    '0o7',
    ' 2',
    '2 ',
    '+2',
    '-1',
    '-0',
    '0',
    '2.0',
    '2.5',
    '٣',
    '２',
    '00000000001',
    '2147483647',
    '2147483648',
    '4294967296',
    '9007199254740993',
    '99999999999',
    '1'.repeat(400),
];

const NUMBERS = [
    -1,
    0,
    -0,
    0.5,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
    Number.EPSILON,
];

/** JSON numbers JavaScript cannot write: beyond a double, or spelled unusually. */
const RAW_NUMBERS = [
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '1E3',
    '-0.0',
    '1.0',
    '0e0',
    '2147483648',
    '9007199254740993',
];

/** Path and query text that is not valid percent-encoding, or decodes to something a path should not hold. */
const RAW_URL_TEXT = ['%zz', '%', '%E0', '%ED%A0%80', '%C0%AF', '%FF', '%00', '%2e%2e', '..', '%2F', '%0d%0aX-Injected:%201'];

const HUGE = [
    WireValue.repeat('x', 100_000),
    WireValue.repeat('é', 50_000),
    WireValue.repeat('9', 100_000),
    WireValue.repeat('\u0000', 1000),
    WireValue.repeat('😀', 30_000),
    // Beyond the server's 1 MB body limit.
    WireValue.repeat('a ', 600_000),
];

const SHAPES: Wire[] = [[], [1], ['a', 'b'], [null], [[1]], {}, { a: 1 }, { $ne: null }, { $gt: '' }, [{ id: 1 }]];

/** 40 objects deep. */
const DEEP: Wire = Array.from({ length: 40 }).reduce<Wire>(inner => ({ a: inner }), 1);

/**
 * Lists nested `depth` deep, written as text: a value this deep could not be built, or written,
 * by a recursive walk (the server refuses anything deeper than 32 before parsing, server/json.ts).
 */
export const nestedLists = (depth: number): WireValue => WireValue.json(`${'['.repeat(depth)}${']'.repeat(depth)}`);

/** Objects nested `depth` deep (`{"a":{"a":…1…}}`), as text. */
export const nestedObjects = (depth: number): WireValue => WireValue.json(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** An object of `keys` short keys, as text: 100,000 of them fit in the 1 MB body limit. */
export const wideObject = (keys: number): WireValue =>
    WireValue.json(`{${Array.from({ length: keys }, (_, n) => `"${n.toString(36)}":1`).join(',')}}`);

/** Too deep or too wide, at sizes cheap enough for every generated case (fuzz.test.ts sends the largest on its own). */
const nestedOrWide: fc.Arbitrary<Wire> = fc.oneof(
    fc.integer({ min: 30, max: 2000 }).map(nestedLists),
    fc.integer({ min: 30, max: 2000 }).map(nestedObjects),
    fc.integer({ min: 1000, max: 12_000 }).map(wideObject),
);

/** A value no field should take (or should take only after a careful look). */
const badValue: fc.Arbitrary<Wire> = fc.oneof(
    fc.constantFrom<Wire>(...FORBIDDEN_OR_ODD_TEXT, ...INJECTION_TEXT, ...NUMBER_TEXT),
    fc.constantFrom<Wire>(...NUMBERS),
    fc.constantFrom(...RAW_NUMBERS.map(text => WireValue.json(text))),
    fc.constantFrom(...RAW_URL_TEXT.map(text => WireValue.url(text))),
    fc.constantFrom(...HUGE),
    fc.constantFrom<Wire>(...SHAPES, DEEP, true, false, null),
    nestedOrWide,
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer(),
    fc.double(),
    fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Wire>,
);

/** Names of fields no call declares, or that look like one, or that mean something to JavaScript or a query builder. */
const badKey: fc.Arbitrary<string> = fc.oneof(
    fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'hasOwnProperty',
        '$where',
        '$ne',
        'id[$ne]',
        'a.b',
        '',
        ' ',
        'NAME',
        'Username',
        'password ',
        'is_admin',
        'password_hash',
        'group_id',
        'role_id',
        'status',
        'otp_enabled',
        '\u0000',
        'a\u0000',
        '\ud800',
        '\u202eid',
        'k'.repeat(2000),
    ),
    fc.string({ unit: 'binary', maxLength: 12 }),
);

// ---------------------------------------------------------------------------------------------
// Mutations

type Path = readonly (string | number)[];

/** One change to a generated input. `part` and `at` pick, modulo what there is, which input and where. */
type Mutation =
    | { kind: 'replace'; part: number; at: number; value: Wire }
    | { kind: 'remove'; part: number; at: number }
    | { kind: 'add'; part: number; at: number; key: string; value: Wire }
    /** The whole input: a body that is a list, a number, a string, null, or none at all. */
    | { kind: 'whole'; part: number; value: Wire | undefined };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), part: fc.nat(), at: fc.nat(), value: badValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), part: fc.nat(), at: fc.nat() }) },
    {
        weight: 2,
        arbitrary: fc.record({ kind: fc.constant('add' as const), part: fc.nat(), at: fc.nat(), key: badKey, value: badValue }),
    },
    {
        weight: 1,
        arbitrary: fc.record({
            kind: fc.constant('whole' as const),
            part: fc.nat(),
            value: fc.option(badValue, { nil: undefined, freq: 4 }),
        }),
    },
);

/** Every path to a value inside this one (object keys and list indexes), not deeper than `depth`. */
const pathsIn = (value: Wire | undefined, depth = 3, prefix: Path = []): Path[] => {
    if (depth === 0 || value === undefined) return [];
    const entries: [string | number, Wire][] = Array.isArray(value)
        ? (value as readonly Wire[]).map((item, index) => [index, item])
        : isWireObject(value)
          ? Object.entries(value)
          : [];
    return entries.flatMap(([key, item]) => [[...prefix, key], ...pathsIn(item, depth - 1, [...prefix, key])]);
};

const isContainer = (value: Wire | undefined) => Array.isArray(value) || isWireObject(value);

const updateAt = (value: Wire | undefined, path: Path, change: (old: Wire | undefined) => Wire | undefined): Wire | undefined => {
    const [head, ...rest] = path;
    if (head === undefined) return change(value);
    if (Array.isArray(value)) {
        const copy = [...(value as readonly Wire[])];
        const next = updateAt(copy[Number(head)], rest, change);
        if (next === undefined) copy.splice(Number(head), 1);
        else copy[Number(head)] = next;
        return copy;
    }
    // Built with entries, not spread, so a `__proto__` key stays an own key.
    const entries = Object.entries(isWireObject(value) ? value : {}).filter(([key]) => key !== String(head));
    const next = updateAt(isWireObject(value) ? value[String(head)] : undefined, rest, change);
    return Object.fromEntries(next === undefined ? entries : [...entries, [String(head), next]]);
};

/** Applies one mutation to one input (`declared`: the fields its schema names, so absent optional ones are hit too). */
export const applyMutation = (
    input: Wire | undefined,
    change: Mutation,
    declared: readonly string[],
    canBeWhole: boolean,
): Wire | undefined => {
    switch (change.kind) {
        case 'replace': {
            const present = pathsIn(input);
            const candidates: Path[] = [
                ...declared.filter(key => !present.some(path => path.length === 1 && path[0] === key)).map(key => [key]),
                ...present,
            ];
            const path = candidates[change.at % Math.max(candidates.length, 1)];
            return path ? updateAt(input, path, () => change.value) : input;
        }
        case 'remove': {
            const present = pathsIn(input);
            const path = present[change.at % Math.max(present.length, 1)];
            return path ? updateAt(input, path, () => undefined) : input;
        }
        case 'add': {
            const containers = [[], ...pathsIn(input)].filter(path =>
                isWireObject(path.length === 0 ? input : valueAt(input, path)),
            );
            const path = containers[change.at % Math.max(containers.length, 1)] ?? [];
            return updateAt(input, [...path, change.key], () => change.value);
        }
        case 'whole':
            // Paths and query strings are always objects to the server: "whole" empties them.
            return canBeWhole ? change.value : {};
    }
};

const valueAt = (value: Wire | undefined, path: Path): Wire | undefined => {
    let current = value;
    for (const key of path) {
        if (!isContainer(current)) return undefined;
        current = Array.isArray(current)
            ? (current as readonly Wire[])[Number(key)]
            : isWireObject(current)
              ? current[String(key)]
              : undefined;
    }
    return current;
};

/** Every path in an input, written as an error's `field` names it (`a.b`, `items.0`). */
export const fieldNamesIn = (value: Wire | undefined): string[] => pathsIn(value, 4).map(path => path.map(String).join('.'));
