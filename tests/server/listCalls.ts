/**
 * Every list call and lookup in the contract, and the inputs a screen sends it: what the list
 * plans test (listPlans.test.ts) explains and the lists bench (bench/lists.ts) times. Found from
 * the contract's call table, so a call added later is covered without being named here:
 *
 * - a list call or lookup is a GET call, or a POST the contract marks `readOnly` (a search or a
 *   list whose filters travel in a body);
 * - its base input is the one derived from its schemas (derivedInputs.ts: only what is required,
 *   ids that name nothing), at a page of PAGE_SIZE where it pages (`$limit`, `page_size`);
 * - then one field at a time, the others as in the base: every value of an enum (a status, a
 *   `sort` — with each `order` when the call has one), every column of a Feathers `$sort` both
 *   ways (the allow-list of server/lists.ts `orderBy`, read from the server's own 400 for a column
 *   it does not sort by), a deep page (`$skip`, `page_number`), and any other optional field at a
 *   plain value its schema accepts (a search text, an id, a day).
 *
 * A call none of whose inputs can be derived (an upload, a rule the schema alone cannot meet) is
 * answered `undefined`: the callers fail naming it, so it gets an input written for it.
 */
import { z } from 'zod';
import { calls } from '../../contract';
import { callAddress, type CallDefinition } from '../../contract/define';
import { derivedInput, derivedValue } from './derivedInputs';
import type { UncheckedCallOptions } from './harness';
import { defOf, mayBeLeftOut } from './zodArbitraries';

/** The page size every variant asks for: the screens' usual page. */
export const PAGE_SIZE = 50;
/** A deep page: the 201st page of 50, about 10,000 rows in. */
export const DEEP_SKIP = 10_000;

export type ListCallName = keyof typeof calls;

/** A list call or lookup (see the header): GET, or a POST marked `readOnly`. */
export const isListCall = (call: CallDefinition): boolean => call.method === 'GET' || call.readOnly === true;

export const listCallEntries = (): [ListCallName, CallDefinition][] =>
    (Object.entries(calls) as [ListCallName, CallDefinition][]).filter(([, call]) => isListCall(call));

export interface Variant {
    /** `base`, or the one field changed and its value: `status=pending`, `$sort=-name`. */
    label: string;
    input: UncheckedCallOptions;
}

/** Sends a call's input and answers its status and parsed body, whatever it is. */
export type Send = (call: CallDefinition, input: UncheckedCallOptions) => Promise<{ status: number; body: unknown }>;

/** The request an input makes: method, address and JSON body, for app.inject or fetch. */
export const requestOf = (call: CallDefinition, input: UncheckedCallOptions) => ({
    method: call.method,
    url: callAddress(call, input.params, input.query),
    payload: input.body === undefined ? undefined : JSON.stringify(input.body),
});

type Schema = z.core.$ZodType;

/** The object schema inside optional/default/pipe wrappers, or undefined when the part is not an object. */
const objectShape = (schema: Schema | undefined): Record<string, Schema> | undefined => {
    if (!schema) return undefined;
    const def = defOf(schema);
    if (def.type === 'object') return def.shape as Record<string, Schema>;
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return objectShape(def.innerType);
    if (def.type === 'pipe') return objectShape(def.in);
    return undefined;
};

/** Every value of an enum, however wrapped (optional, default); undefined when the field is not one. */
const enumValues = (schema: Schema): string[] | undefined => {
    const def = defOf(schema);
    if (def.type === 'enum') return Object.values(def.entries).map(String);
    if (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') return enumValues(def.innerType);
    return undefined;
};

const accepts = (schema: Schema, value: unknown) => (schema as z.ZodType).safeParse(value).success;

/** `value`, or its digits as text when the schema takes numbers written as text only (`page_number: '20'`). */
const asAccepted = (schema: Schema, value: number): unknown =>
    accepts(schema, value) ? value : accepts(schema, String(value)) ? String(value) : undefined;

/** The columns a Feathers `$sort` takes, from the server's refusal of one it does not (server/lists.ts `orderBy`). */
const feathersSorts = async (send: Send, call: CallDefinition, part: 'query' | 'body', base: UncheckedCallOptions) => {
    const probe = { ...base, [part]: { ...(base[part] as object), $sort: 'no_such_column' } };
    const answer = await send(call, probe);
    const text = JSON.stringify(answer.body);
    const listed = /must be one of ([a-z_, ]+) \(prefix/.exec(text)?.[1];
    if (answer.status !== 400 || !listed) return [];
    return listed.split(', ');
};

/** The inputs of one call (see the header), or undefined when none can be derived. */
export const variantsOf = async (call: CallDefinition, send: Send): Promise<Variant[] | undefined> => {
    const derived = derivedInput(call);
    if (!derived) return undefined;
    const part = call.query ? 'query' : call.body ? 'body' : undefined;
    const shape = part ? objectShape(call[part]) : undefined;
    if (!part || !shape) return [{ label: 'base', input: derived }];

    const baseFields: Record<string, unknown> = { ...(derived[part] as Record<string, unknown>) };
    for (const size of ['$limit', 'page_size', 'limit'] as const) {
        const field = shape[size];
        if (field) {
            const value = asAccepted(field, PAGE_SIZE);
            if (value !== undefined) baseFields[size] = value;
        }
    }
    const base: UncheckedCallOptions = { ...derived, [part]: baseFields };
    const variants: Variant[] = [{ label: 'base', input: base }];
    const add = (label: string, fields: Record<string, unknown>) =>
        variants.push({ label, input: { ...base, [part]: { ...baseFields, ...fields } } });

    for (const [name, field] of Object.entries(shape)) {
        if (name === '$limit' || name === 'page_size' || name === 'limit' || name === 'order') continue;
        if (name === '$sort') {
            for (const column of await feathersSorts(send, call, part, base)) {
                add(`$sort=${column}`, { $sort: column });
                add(`$sort=-${column}`, { $sort: `-${column}` });
            }
            continue;
        }
        if (name === '$skip') {
            add(`$skip=${DEEP_SKIP}`, { $skip: DEEP_SKIP });
            continue;
        }
        if (name === 'page_number') {
            const value = asAccepted(field, DEEP_SKIP / PAGE_SIZE + 1);
            if (value !== undefined) add(`page_number=${String(value)}`, { page_number: value });
            continue;
        }
        const values = enumValues(field);
        if (values) {
            const orders = name === 'sort' && shape.order ? (enumValues(shape.order) ?? []) : [];
            for (const value of values) {
                if (orders.length === 0) add(`${name}=${value}`, { [name]: value });
                for (const order of orders) add(`${name}=${value} order=${order}`, { [name]: value, order });
            }
            continue;
        }
        if (!mayBeLeftOut(field)) continue;
        const value = derivedValue(field);
        if (value !== undefined) add(`${name}=${JSON.stringify(value)}`, { [name]: value });
    }
    return variants;
};
