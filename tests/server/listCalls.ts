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
import { luhnValid } from '../../server/domain/kyc/identity';
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
    /** A page asked for by the previous page's cursor (`after`, server/keyset.ts): listPlans.test.ts holds it to a page. */
    keyset?: boolean;
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

/** Real records the written inputs name, read from the seeded database. */
export interface Known {
    storeId: number;
    region: string;
    agentId: number;
    sku: string;
    idNumber: string;
    from: string;
    to: string;
}

/**
 * The calls whose input a rule beyond its schema shapes (a scope that needs its shop, a real SKU,
 * a valid ID number): the input written for them replaces the derived base, and `more` adds the
 * screens' inputs that change two fields at once (a scope and what it names, a year of figures).
 */
export const WRITTEN: Partial<Record<ListCallName, (known: Known) => { base?: UncheckedCallOptions; more?: Variant[] }>> = {
    findFieldAgentCustomer: known => ({
        more: [
            { label: 'find=shop', input: { query: { find: 'shop' }, body: { username: 'customer1', store_id: known.storeId } } },
        ],
    }),
    imeiValidationCheck: known => ({ base: { body: { imei: '356938035643809', sku: known.sku, store_id: known.storeId } } }),
    idValidationCheck: known => ({
        base: { body: { id_type: 'national_id', id_number: known.idNumber, msisdn: '27720000001' } },
    }),
    previewPhonePrices: known => ({
        base: { body: { prices: [{ sku: known.sku, cash_price: 500_000, deposit: 50_000, instalment_amount: 20_000 }] } },
    }),
    ...Object.fromEntries(
        (['biAnalysis', 'shopAnalysis', 'shopOwnersAnalysis', 'unbrandedAnalysis', 'agentAnalysis'] as const).map(name => [
            name,
            (known: Known) => {
                const year = { from: known.from, to: known.to };
                return {
                    more: [
                        { label: 'a year', input: { query: { ...year, scope: 'all' } } },
                        { label: 'a year, one shop', input: { query: { ...year, scope: 'shop', shop_id: known.storeId } } },
                        { label: 'a year, one region', input: { query: { ...year, scope: 'region', region: known.region } } },
                        { label: 'a year, one agent', input: { query: { ...year, scope: 'agent', agent_id: known.agentId } } },
                    ],
                };
            },
        ]),
    ),
};

/** A South African ID number whose check digit holds (born 1 January 1980). */
const validIdNumber = () => {
    const stem = '800101500908';
    const digit = [...'0123456789'].find(candidate => luhnValid(stem + candidate)) ?? '0';
    return stem + digit;
};

/** Runs a statement on the database, as PGlite's `query` does. */
type Query = <Row>(text: string) => Promise<{ rows: Row[] }>;

/** The records WRITTEN's inputs name, read from a seeded database. */
export const knownRecords = async (query: Query): Promise<Known> => {
    const [facts] = (
        await query<{ store_id: number; region: string; agent_id: number; sku: string; today: string; year_ago: string }>(`
            SELECT (SELECT id FROM stores ORDER BY id LIMIT 1) AS store_id,
                   (SELECT region FROM stores ORDER BY id LIMIT 1) AS region,
                   (SELECT id FROM admins WHERE username = 'agent') AS agent_id,
                   (SELECT sku FROM phone_models ORDER BY sku LIMIT 1) AS sku,
                   to_char(current_date, 'YYYY-MM-DD') AS today,
                   to_char(current_date - 364, 'YYYY-MM-DD') AS year_ago`)
    ).rows;
    if (!facts) throw new Error('The seeded database holds no store');
    return {
        storeId: facts.store_id,
        region: facts.region,
        agentId: facts.agent_id,
        sku: facts.sku,
        idNumber: validIdNumber(),
        from: facts.year_ago,
        to: facts.today,
    };
};

/** A call's inputs: its written ones (WRITTEN) and those derived from its schemas (variantsOf). */
export const inputsOf = async (name: ListCallName, call: CallDefinition, send: Send, known: Known): Promise<Variant[]> => {
    const written = WRITTEN[name]?.(known);
    const derived = await variantsOf(call, send);
    return [
        ...(written?.base ? [{ label: 'written', input: written.base }] : []),
        ...(derived ?? []).filter(variant => !(written?.base && variant.label === 'base')),
        ...(written?.more ?? []),
    ];
};
