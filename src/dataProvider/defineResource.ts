/**
 * What a client resource is made of: the contract calls that serve it. Each resource folder
 * declares its own (`src/resources/<domain>/calls.ts`); the data provider runs them and the
 * permissions map reads their `access`, so a screen's gate moves with its call. Declarations hold
 * calls and role codes only, never screens: the sign-in page loads them too.
 */
import type { FilterPayload, Identifier, RaRecord, SortPayload } from 'react-admin';
import type { z } from 'zod';
import type { Access, CallDefinition, CallInput, CallResponse } from '../../contract/define';
import { callApi } from '../lib/portalApi';

/** Feathers' list answer. */
interface FeathersPage {
    total: number;
    limit: number;
    skip: number;
    data: RaRecord[];
    /** The total is an estimate (contract/define.ts `page`). */
    estimated?: true;
    /** The key of the page's last row, for a list that pages by key (contract/cursor.ts). */
    next?: string;
}

/** A Feathers list: `$limit`, `$skip`, `$sort`, `ids` (`paging` in contract/define.ts) and field filters in the query. */
export type ListCall = CallDefinition & { query: z.ZodType<unknown, { ids?: string }>; response: z.ZodType<FeathersPage> };
/** A call on one record, by `:id` in its path. */
export type RecordCall = CallDefinition & { params: z.ZodType<unknown, { id: Identifier }>; response: z.ZodType<RaRecord> };
/** A call that adds a record from a form. */
export type CreateCall = CallDefinition & { body: z.ZodType; response: z.ZodType<RaRecord> };
/** A call that changes a record by `:id` in its path, with a partial body: only the fields that changed. */
export type UpdateCall = CallDefinition & {
    params: z.ZodType<unknown, { id: Identifier }>;
    body: z.ZodType;
    response: z.ZodType<RaRecord>;
};

/** A small list fetched whole (every group, every shop), filtered here rather than on the server. */
export interface WholeList {
    access: Access;
    fetch: (signal: AbortSignal | undefined) => Promise<RaRecord[]>;
}

/** What react-admin asks of a list, as every list kind reads it. */
export interface ListQuery {
    page: number;
    perPage: number;
    sort?: SortPayload;
    filter: FilterPayload;
    /** The previous page's cursor, when the data provider holds it (contract/cursor.ts `after`). */
    after?: string;
}

/**
 * A page of a list: with the `total` of the whole list, or without one (a call that answers only
 * a page) with `hasNextPage` saying whether another follows. The data provider turns the last page
 * of such a call into the list's total, and the others into react-admin's partial pagination.
 */
export interface ListPage {
    data: RaRecord[];
    total?: number;
    hasNextPage?: boolean;
    /** Where the page after this one starts, for a list that pages by key (contract/cursor.ts `next`). */
    next?: string;
}

/**
 * A list served by a call that does not page the Feathers way (`$limit`/`$skip` and a
 * `{ total, data }` answer): the kinds below say how react-admin's page, sort and filter become
 * the call's input, and where the rows and the total are in its answer.
 */
export interface ListSource {
    kind: 'page-number' | 'page-number-text' | 'probe' | 'custom';
    access: Access;
    /** The largest page the call answers: an export walks the list at this size. */
    largestPage: number;
    fetch: (query: ListQuery, signal: AbortSignal | undefined) => Promise<ListPage>;
}

/** One record found some other way than `GET …/:id` (a call that takes the id in its body, say); null when there is none. */
export interface OneSource {
    access: Access;
    fetch: (id: Identifier, signal: AbortSignal | undefined) => Promise<RaRecord | null>;
}

/** The part of a call's input a list fills: its body when it has one, else its query string. */
export type ListInput<C extends CallDefinition> =
    CallInput<C> extends { body: infer B } ? B : CallInput<C> extends { query: infer Q } ? Q : never;

/** The fields of a call's answer that hold its rows. */
export type RowsField<C extends CallDefinition> = {
    [K in keyof CallResponse<C>]: CallResponse<C>[K] extends readonly unknown[] ? K : never;
}[keyof CallResponse<C>];

/**
 * react-admin's sort as `{ sort, order }` for a call that sorts by one of `fields`, else by `fallback`.
 * The columns are inferred from `fields` alone: inferred from the fallback too, inside a `request`
 * whose answer the call's input types, they widened to `string` and the call's enum refused them.
 */
export const sortInput = <F extends string>(
    sort: SortPayload | undefined,
    fields: readonly F[],
    fallback: { field: NoInfer<F>; order: 'asc' | 'desc' },
): { sort: F; order: 'asc' | 'desc' } => {
    const field = fields.find(name => name === sort?.field);
    if (!field) return { sort: fallback.field, order: fallback.order };
    return { sort: field, order: sort?.order === 'ASC' ? 'asc' : 'desc' };
};

/**
 * `sortInput`, sent only when it differs from the call's default (`fallback`): a list whose first
 * page asks as before, with the fewest fields, unless a column the server sorts by is chosen.
 */
export const sortUnlessDefault = <F extends string>(
    sort: SortPayload | undefined,
    fields: readonly F[],
    fallback: { field: NoInfer<F>; order: 'asc' | 'desc' },
): { sort: F; order: 'asc' | 'desc' } | Record<string, never> => {
    const chosen = sortInput(sort, fields, fallback);
    return chosen.sort === fallback.field && chosen.order === fallback.order ? {} : chosen;
};

const inputOf = <C extends CallDefinition>(call: C, fields: Record<string, unknown>) =>
    (call.body ? { body: fields } : { query: fields }) as unknown as CallInput<C>;

const rowsIn = (answer: unknown, field: PropertyKey): RaRecord[] =>
    (answer as Record<PropertyKey, RaRecord[] | undefined>)[field] ?? [];

const totalIn = (answer: unknown): number | undefined => {
    const total = (answer as { total_items?: unknown }).total_items;
    return typeof total === 'number' ? total : undefined;
};

/** The count is only the server's estimate of a large list (contract/define.ts `estimatedTotal`). */
const estimatedIn = (answer: unknown): boolean => (answer as { estimated?: unknown }).estimated === true;

/**
 * A list paged by `page_number` and `page_size` (numbers, or with `text` their digits as strings,
 * as the shop calls take them), in the body of a POST or the query of a GET, answering its rows in
 * `rows` and the count in `total_items` when it has one (an `estimated` one is paged without showing
 * it: react-admin's partial pagination). `request` gives the call's filter and sort
 * fields from react-admin's, each in the call's own types (a half-typed value is left out).
 */
export const pagedList = <C extends CallDefinition>(
    call: C,
    options: {
        rows: RowsField<C>;
        largestPage: number;
        text?: boolean;
        request?: (query: ListQuery) => Omit<ListInput<C>, 'page_number' | 'page_size'>;
        /** A row as a react-admin record (one without an id takes its place in the list, say). */
        record?: (row: RaRecord, index: number, query: ListQuery) => RaRecord;
    },
): ListSource => ({
    kind: options.text ? 'page-number-text' : 'page-number',
    access: call.access,
    largestPage: options.largestPage,
    fetch: async (query, signal) => {
        const { page, perPage } = query;
        const paging = options.text
            ? { page_number: String(page), page_size: String(perPage) }
            : { page_number: page, page_size: perPage };
        const after = query.after === undefined ? {} : { after: query.after };
        const answer = await callApi(call, inputOf(call, { ...options.request?.(query), ...paging, ...after }), { signal });
        const rows = rowsIn(answer, options.rows);
        const counted = totalIn(answer);
        // An estimated count is not shown as one: it says only whether another page follows.
        const total = estimatedIn(answer) ? undefined : counted;
        const next = (answer as { next?: unknown }).next;
        return {
            ...(typeof next === 'string' ? { next } : {}),
            data: options.record ? rows.map((row, index) => options.record!(row, index, query)) : rows,
            total,
            hasNextPage:
                total !== undefined
                    ? undefined
                    : counted !== undefined
                      ? (page - 1) * perPage + rows.length < counted
                      : // Without a count, a full page may have another after it: said so, never taken as the last.
                        rows.length >= perPage,
        };
    },
});

/**
 * A list whose whole answer is the page, paged by `$limit` and `$skip` with no total: one row more
 * than the page is asked for, and its presence says that another page follows.
 */
export const probedList = <C extends CallDefinition>(
    call: C,
    options: { largestPage: number; request?: (query: ListQuery) => Omit<ListInput<C>, '$limit' | '$skip'> },
): ListSource => ({
    kind: 'probe',
    access: call.access,
    largestPage: options.largestPage - 1,
    fetch: async (query, signal) => {
        const { page, perPage } = query;
        const paging = { $limit: perPage + 1, $skip: (page - 1) * perPage };
        const answer = (await callApi(call, inputOf(call, { ...options.request?.(query), ...paging }), {
            signal,
        })) as unknown as RaRecord[];
        return { data: answer.slice(0, perPage), hasNextPage: answer.length > perPage };
    },
});

/** A list of any other shape: `fetch` says how, and `access` is its call's. */
export const customList = (source: Omit<ListSource, 'kind'>): ListSource => ({ kind: 'custom', ...source });

/** One record by a call that takes its id some other way: `input` builds the call's input, `pick` finds the record in its answer. */
export const oneBy = <C extends CallDefinition>(
    call: C,
    input: (id: Identifier) => CallInput<C>,
    pick: (answer: CallResponse<C>) => RaRecord | null | undefined,
): OneSource => ({
    access: call.access,
    fetch: async (id, signal) => pick(await callApi(call, input(id), { signal })) ?? null,
});

/** The plain react-admin actions whose gates come from a call's `access`. */
export type PlainAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

/**
 * A gate no single `Access` says: the phone queue's `approve_<kind>` wants both the decision
 * call's role and the kind's own approving role, each way into the add-loan wizard every role
 * of a sale made that way.
 */
export type RolesRule = (roles: ReadonlySet<string>) => boolean;

interface Shared {
    /** Custom actions (`edit` on security, `approve`…) and the role each needs; `canAccess` asks by these names. */
    actions?: Readonly<Record<string, Access | RolesRule>>;
}

export interface PagedResource extends Shared {
    /** A Feathers list call, or a list of another kind (`pagedList`, `probedList`, `customList`). */
    list: ListCall | ListSource;
    /** One record; without it, the record is found through a Feathers `list` by its id. */
    one?: RecordCall | OneSource;
    create?: CreateCall;
    /** Changes one record (`edit`): the data provider sends only the fields that changed. */
    update?: UpdateCall;
    remove?: RecordCall;
    /**
     * A screen shown to fewer people than its call serves: the groups list also fills the users'
     * group picker, yet only VIEW_SECURITY opens the security screen. Never wider than the call.
     */
    narrower?: Readonly<Partial<Record<PlainAction, Access>>>;
    whole?: undefined;
}

interface WholeResource extends Shared {
    whole: WholeList;
    list?: undefined;
}

/**
 * A page or screen of a folder that is not a list of records (finding a customer, the sale wizard,
 * the upload screen): only its gates, declared beside its calls so that no other folder (the
 * permissions map, the menu) needs to import the folder to know who may open it.
 */
interface GatedScreen {
    actions: Readonly<Record<string, Access | RolesRule>>;
    list?: undefined;
    whole?: undefined;
}

export type ResourceDeclaration = PagedResource | WholeResource | GatedScreen;

/** Is this list a Feathers call (paged by `$limit`/`$skip`, fetched by `ids`)? */
export const isFeathers = (list: ListCall | ListSource): list is ListCall => !('fetch' in list);

export const defineResource = <const D extends ResourceDeclaration>(declaration: D): D => declaration;

/** A whole list from a call of the contract: `rowsOf` picks the records out of its answer. */
export const wholeList = <C extends CallDefinition>(
    call: C,
    input: CallInput<C>,
    rowsOf: (answer: CallResponse<C>) => RaRecord[],
): WholeList => ({
    access: call.access,
    fetch: async signal => rowsOf(await callApi(call, input, { signal })),
});

/**
 * The gates of a declared resource's plain actions, from its calls' `access`: list from `list`,
 * show from `one` (or `list` when there is none), create from `create`, edit from `update`,
 * delete from `remove`;
 * then its custom actions as declared.
 */
export const gatesOf = (declaration: ResourceDeclaration): Record<string, Access | RolesRule> => {
    if (declaration.whole) return { list: declaration.whole.access, ...declaration.actions };
    if (!declaration.list) return { ...declaration.actions };
    const { list, one, create, update, remove, narrower } = declaration;
    const gates: Record<string, Access | RolesRule> = { list: list.access, show: (one ?? list).access };
    if (create) gates.create = create.access;
    if (update) gates.edit = update.access;
    if (remove) gates.delete = remove.access;
    return { ...gates, ...narrower, ...declaration.actions };
};
