/**
 * A call's answer written by fast-json-stringify from its contract's response schema, instead of
 * `JSON.stringify`: `mount` (http.ts) gives Fastify the JSON Schema built here as the route's
 * response schema for its success status, when the schema says exactly what the answer holds.
 *
 * fast-json-stringify writes what the schema names, in the schema's order, and coerces each value
 * to the type named: a schema that says less than the answer holds silently changes the answer.
 * So a call keeps `JSON.stringify` unless its zod response schema converts (zod's `toJSONSchema`,
 * the output side) into the plain shapes below, and nothing else:
 * - objects with named properties (zod has already stripped every other key; a record's values
 *   as `additionalProperties`), arrays, tuples, strings, numbers, integers, booleans, null;
 * - enums and constants;
 * - a schema or null (`.nullable()`), written as fast-json-stringify's `nullable`.
 * Refused, so the call stays on `JSON.stringify` (`jsonStringifyCalls` lists them): a union of
 * anything else (fast-json-stringify would pick a branch by validating at run time), `z.unknown()`
 * and other schemas without a type, transforms, dates, references and recursion.
 *
 * `check: true` (the server tests, tests/server/harness.ts) writes each answer both ways and fails
 * the request when the texts differ, so every answer the suite sees proves the two write the same
 * bytes.
 */
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import type { CallDefinition } from '../contract/define';

type JsonSchema = Record<string, unknown>;

const TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** Keywords that only constrain a value: fast-json-stringify has no use for them (`format` would coerce dates). */
const CONSTRAINTS = new Set([
    'format',
    'pattern',
    'minLength',
    'maxLength',
    'minimum',
    'maximum',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'minItems',
    'maxItems',
    'uniqueItems',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'description',
    'title',
    'examples',
    'contentEncoding',
    'contentMediaType',
    '$schema',
]);

class Unfaithful extends Error {}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema reduced to what fast-json-stringify reads; throws Unfaithful on anything outside the list above. */
const plain = (schema: unknown): JsonSchema => {
    if (!isObject(schema)) throw new Unfaithful('not a schema');
    // `.nullable()`: anyOf a schema and null.
    if (Array.isArray(schema.anyOf)) {
        const branches = schema.anyOf as unknown[];
        const others = branches.filter(
            branch => !(isObject(branch) && branch.type === 'null' && Object.keys(branch).length === 1),
        );
        if (branches.length !== 2 || others.length !== 1 || Object.keys(schema).length !== 1) {
            throw new Unfaithful('a union');
        }
        const inner = plain(others[0]);
        if (inner.nullable === true || inner.type === 'null') throw new Unfaithful('null twice');
        return { ...inner, nullable: true };
    }
    const result: JsonSchema = {};
    for (const [keyword, value] of Object.entries(schema)) {
        if (CONSTRAINTS.has(keyword)) continue;
        switch (keyword) {
            case 'type': {
                // `["string", "null"]`: a nullable primitive.
                const types = (Array.isArray(value) ? value : [value]) as unknown[];
                const named = types.filter(type => type !== 'null');
                const [type] = named;
                if (named.length !== 1 || typeof type !== 'string' || !TYPES.has(type) || types.length > 2) {
                    throw new Unfaithful(`type ${JSON.stringify(value)}`);
                }
                result.type = type;
                if (types.length === 2) result.nullable = true;
                break;
            }
            case 'properties':
                if (!isObject(value)) throw new Unfaithful('properties');
                result.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, plain(property)]));
                break;
            case 'required':
                result.required = value;
                break;
            case 'additionalProperties':
                // false: zod stripped every key it does not name. A schema: a record's values.
                if (value === false) result.additionalProperties = false;
                else result.additionalProperties = plain(value);
                break;
            case 'items':
                result.items = Array.isArray(value) ? value.map(plain) : plain(value);
                break;
            case 'additionalItems':
                if (value !== false) throw new Unfaithful('a rest of a tuple');
                result.additionalItems = false;
                break;
            case 'enum':
            case 'const':
                result[keyword] = value;
                break;
            case 'default':
                // The output side: zod has already put the default in.
                break;
            default:
                throw new Unfaithful(`keyword ${keyword}`);
        }
    }
    if (typeof result.type !== 'string') throw new Unfaithful('no type');
    if (result.type === 'object' && !('properties' in result) && !isObject(result.additionalProperties)) {
        throw new Unfaithful('an object of unnamed keys');
    }
    if (result.type === 'array' && !('items' in result)) throw new Unfaithful('an array of anything');
    return result;
};

type Converted = { schema: JsonSchema } | { refused: string };

const convert = (response: z.ZodType): Converted => {
    let converted: unknown;
    try {
        converted = z.toJSONSchema(response, {
            io: 'output',
            target: 'draft-07',
            unrepresentable: 'throw',
            cycles: 'throw',
            reused: 'inline',
            // Without the global registry's ids, nothing is moved out into `definitions`.
            metadata: z.registry<Record<string, unknown>>(),
        });
    } catch (error) {
        return { refused: error instanceof Error ? error.message : String(error) };
    }
    try {
        return { schema: plain(converted) };
    } catch (error) {
        if (error instanceof Unfaithful) return { refused: error.message };
        throw error;
    }
};

/** By response schema: the contract's calls are made once, and every app built mounts them. */
const conversions = new WeakMap<z.ZodType, Converted>();

/** The JSON Schema of a response, or why it cannot be said faithfully to fast-json-stringify. */
export const convertResponse = (response: z.ZodType): Converted => {
    let converted = conversions.get(response);
    if (!converted) conversions.set(response, (converted = convert(response)));
    return converted;
};

/**
 * The response schema fast-json-stringify writes this call's answer by, or null when the
 * contract's schema cannot be said faithfully in it (the call then keeps JSON.stringify).
 */
export const responseJsonSchema = (response: z.ZodType): JsonSchema | null => {
    const converted = convertResponse(response);
    return 'schema' in converted ? converted.schema : null;
};

/** The calls whose answers stay on JSON.stringify, as `METHOD path: why`. */
export const jsonStringifyCalls = (calls: Record<string, CallDefinition>): string[] =>
    Object.values(calls).flatMap(call => {
        const converted = convertResponse(call.response);
        return 'refused' in converted ? [`${call.method} ${call.path}: ${converted.refused}`] : [];
    });

export type Serialize = (data: unknown) => string;

/** Writes answers by `schema`; with `check`, each one also by JSON.stringify, and a difference throws. */
export const compileSerializer = (schema: JsonSchema, check: boolean, name: string): Serialize => {
    const serialize = fastJson(schema) as Serialize;
    if (!check) return serialize;
    return data => {
        const fast = serialize(data);
        const reference = JSON.stringify(data);
        if (fast !== reference) {
            throw new Error(`The answer of ${name} written from its schema differs from JSON.stringify:\n${fast}\n${reference}`);
        }
        return fast;
    };
};

const writers = new WeakMap<CallDefinition, Map<boolean, Serialize>>();

/**
 * How a call's answer (its response schema's output) is written: by fast-json-stringify where the
 * schema converts, else JSON.stringify. Converted and compiled on the call's first answer, once per
 * process: all 120-odd at start would cost every server (and every test file) about a second.
 */
export const answerWriter = (call: CallDefinition, check: boolean): Serialize => {
    const byCheck = writers.get(call) ?? new Map<boolean, Serialize>();
    writers.set(call, byCheck);
    let writer = byCheck.get(check);
    if (!writer) {
        let compiled: Serialize | null = null;
        writer = data => {
            if (!compiled) {
                const schema = responseJsonSchema(call.response);
                compiled = schema ? compileSerializer(schema, check, `${call.method} ${call.path}`) : JSON.stringify;
            }
            return compiled(data);
        };
        byCheck.set(check, writer);
    }
    return writer;
};
