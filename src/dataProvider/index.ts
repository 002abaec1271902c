/**
 * react-admin's DataProvider over the contract: each resource's calls are declared in its folder
 * (`src/resources/<domain>/calls.ts`, see defineResource.ts) and run here. A resource or method
 * that is not declared fails loudly rather than guessing an endpoint.
 */
import type {
    CreateParams,
    CreateResult,
    DataProvider,
    DeleteManyParams,
    DeleteManyResult,
    DeleteParams,
    DeleteResult,
    GetListParams,
    GetListResult,
    GetManyParams,
    GetManyReferenceParams,
    GetManyReferenceResult,
    GetManyResult,
    GetOneParams,
    GetOneResult,
    Identifier,
    RaRecord,
    UpdateParams,
    UpdateResult,
} from 'react-admin';
import { HttpError } from 'react-admin';
import type { CallInput } from '../../contract/define';
import { apiErrorOf, fieldErrorsOf } from '../lib/apiErrors';
import { callApi } from '../lib/portalApi';
import { session } from '../lib/session';
import { DECLARED_RESOURCES } from './declarations';
import {
    isFeathers,
    type CreateCall,
    type ListCall,
    type ListPage,
    type ListSource,
    type PagedResource,
    type RecordCall,
    type ResourceDeclaration,
    type UpdateCall,
    type WholeList,
} from './defineResource';
import type { WriteTable } from './defineWrite';
import { WRITES, type WriteMethods } from './writes';

/** The most ids one list call takes (`ids` in contract/define.ts). */
const IDS_PER_CALL = 100;

/** Feathers paging and sorting from react-admin's list parameters. */
const feathersQuery = ({ pagination, sort, filter }: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) => {
    const query: Record<string, unknown> = {};
    if (pagination) {
        query.$limit = pagination.perPage;
        query.$skip = (pagination.page - 1) * pagination.perPage;
    }
    if (sort?.field && sort.field !== 'id') query.$sort = `${sort.order === 'DESC' ? '-' : ''}${sort.field}`;
    for (const [name, value] of Object.entries(filter ?? {})) {
        if (value !== undefined && value !== null && value !== '') query[name] = value;
    }
    return query;
};

/**
 * react-admin's form values, as the body a create call takes. They are loosely typed (react-admin
 * cannot know the form); the server checks them against the call's schema and answers 400 naming
 * the field, which `withFieldErrors` puts on its input.
 */
const bodyOf = (data: CreateParams['data']): CallInput<CreateCall>['body'] => data;

const sameValue = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * What an edit form changed: the fields of `data` whose value differs from `previousData`. A
 * PATCH sends only these, so a field nobody touched is never written back (nor audited) with a
 * value read earlier, and the record's read-only fields (`group_name`, `created_at`…) stay home.
 */
export const changedFields = (data: Record<string, unknown>, previousData: Record<string, unknown> | undefined) =>
    Object.fromEntries(
        Object.entries(data).filter(([field, value]) => field !== 'id' && !sameValue(value, previousData?.[field])),
    );

/**
 * react-admin marks form fields from `body.errors` as `{ field: message }`; the server answers
 * `errors: [{ field, key }]` and `field`. Rewritten here so a 400 or 409 lands on its input.
 */
const withFieldErrors = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
        return await work();
    } catch (error) {
        const fields = fieldErrorsOf(error);
        if (!(error instanceof HttpError) || Object.keys(fields).length === 0) throw error;
        throw new HttpError(error.message, error.status, { ...apiErrorOf(error), errors: fields });
    }
};

const undeclared = (resource: string, method: string): never => {
    throw new HttpError('errors.server', 0, { reason: `No ${method} for resource "${resource}"` });
};

const declarationOf = (resource: string, method: string): ResourceDeclaration =>
    DECLARED_RESOURCES[resource] ?? undeclared(resource, method);

type CallPart = 'list' | 'one' | 'create' | 'update' | 'remove';

const pagedOf = (resource: string, method: string): PagedResource => {
    const declaration = declarationOf(resource, method);
    return declaration.whole || !declaration.list ? undeclared(resource, method) : declaration;
};

/** The call serving `part` of a paged resource, or a loud failure. */
const callOf = <K extends CallPart>(resource: string, method: string, part: K): NonNullable<PagedResource[K]> =>
    pagedOf(resource, method)[part] ?? undeclared(resource, method);

/** The largest page a Feathers list answers (`paging.$limit` in contract/define.ts). */
const FEATHERS_LARGEST_PAGE = 1000;

/**
 * A page of a list as react-admin takes it. A list without a total says on its last page how many
 * its filter found (the rows before it and on it); on the others it says whether another page
 * follows (react-admin's partial pagination), never a made-up count.
 */
const listResult = (answer: ListPage, { page, perPage }: { page: number; perPage: number }): GetListResult => {
    if (answer.total !== undefined) return { data: answer.data, total: answer.total };
    if (!answer.hasNextPage) return { data: answer.data, total: (page - 1) * perPage + answer.data.length };
    return { data: answer.data, pageInfo: { hasNextPage: true, hasPreviousPage: page > 1 } };
};

/**
 * Keyset pages (contract/cursor.ts): a list that pages by key answers `next`, the key of its page's
 * last row. It is kept here by the list and page it ended (resource, filter, sort, perPage, page),
 * and sent as `after` when the page after it is asked for (page N + 1 after page N: the usual
 * paging), so the server reads from the key on instead of skipping every row before the page; a
 * jump to a page whose predecessor was not read pages by offset. The page number still travels
 * (the URL keeps it, and the server names the page by it). The most recent CURSORS_KEPT are kept.
 */
const cursors = new Map<string, string>();
const CURSORS_KEPT = 100;

const listKey = (resource: string, params: Pick<GetListParams, 'filter' | 'sort' | 'pagination'>, page: number) =>
    JSON.stringify([
        resource,
        Object.entries(withoutEmpty(params.filter ?? {})).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        params.sort?.field ?? null,
        params.sort?.order ?? null,
        params.pagination?.perPage ?? null,
        page,
    ]);

/** The cursor of the page before the one asked for, when it was the last page read of that list. */
const cursorBefore = (resource: string, params: GetListParams): string | undefined => {
    const page = params.pagination?.page ?? 1;
    return page > 1 ? cursors.get(listKey(resource, params, page - 1)) : undefined;
};

/** Keeps (or forgets) the cursor a page answered. */
const keepCursor = (resource: string, params: GetListParams, next: string | undefined) => {
    const key = listKey(resource, params, params.pagination?.page ?? 1);
    cursors.delete(key);
    if (next === undefined) return;
    cursors.set(key, next);
    if (cursors.size > CURSORS_KEPT) cursors.delete(cursors.keys().next().value as string);
};

// A cursor holds a row's sort values (a name, an IMEI): forgotten with the session.
session.onClear(() => cursors.clear());

const withoutEmpty = (filter: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''));

/** A page as react-admin takes it, and the key its last row ends at (contract/cursor.ts `next`) when the list pages by key. */
interface KeyedPage {
    page: GetListResult;
    next: string | undefined;
}

/** Fetches a page, sending `after` (a cursor) when one is given. */
type PageFetch = (after: string | undefined) => Promise<KeyedPage>;

/**
 * One page of a list, by `fetch`. A list screen's page (`list` given) sends the cursor kept for the
 * page before it, when that was the last page read of the list, and keeps the cursor its answer
 * ends at for the page after it; any other read (a reference list, records by id) sends and keeps none.
 */
const keyedPage = async (fetch: PageFetch, list?: { resource: string; params: GetListParams }): Promise<GetListResult> => {
    if (!list) return (await fetch(undefined)).page;
    const { page, next } = await fetch(cursorBefore(list.resource, list.params));
    keepCursor(list.resource, list.params, next);
    return page;
};

/**
 * A Feathers page. A total the server only estimated (`estimated`: a large list counted so far,
 * server/lists.ts `largePageOf`) is not shown as a count: the page says whether another follows
 * (react-admin's partial pagination).
 */
const feathersPage = async (
    call: ListCall,
    query: Record<string, unknown>,
    signal: AbortSignal | undefined,
): Promise<KeyedPage> => {
    const { data, total, skip, estimated, next } = await callApi(call, { query }, { signal });
    if (!estimated) return { page: { data, total }, next };
    return { page: { data, pageInfo: { hasNextPage: skip + data.length < total, hasPreviousPage: skip > 0 } }, next };
};

/** How a page of a resource's list is fetched, from react-admin's list parameters: by its Feathers call or its source. */
const pageFetch =
    (list: ListCall | ListSource, params: GetListParams): PageFetch =>
    async after => {
        const cursor = after === undefined ? {} : { after };
        if (isFeathers(list)) return feathersPage(list, { ...feathersQuery(params), ...cursor }, params.signal);
        const query = {
            page: params.pagination?.page ?? 1,
            perPage: params.pagination?.perPage ?? list.largestPage,
            sort: params.sort,
            filter: withoutEmpty(params.filter ?? {}),
            ...cursor,
        };
        const answer = await list.fetch(query, params.signal);
        return { page: listResult(answer, query), next: answer.next };
    };

const removeOne = (call: RecordCall, id: Identifier) => callApi(call, { params: { id } });

const sameId = (ids: readonly Identifier[]) => {
    const wanted = new Set(ids.map(String));
    return (record: RaRecord) => wanted.has(String(record.id));
};

/** The records of a whole list with these ids. */
const pickFrom = async (whole: WholeList, ids: readonly Identifier[], signal: AbortSignal | undefined) =>
    (await whole.fetch(signal)).filter(sameId(ids));

/** Exactly these records, at most IDS_PER_CALL ids a call: `ids=3,5,8`. */
const fetchIds = async (call: ListCall, ids: readonly Identifier[], signal: AbortSignal | undefined): Promise<RaRecord[]> => {
    const unique = [...new Set(ids.map(String))];
    const chunks: string[][] = [];
    for (let start = 0; start < unique.length; start += IDS_PER_CALL) chunks.push(unique.slice(start, start + IDS_PER_CALL));
    const pages = await Promise.all(
        chunks.map(chunk => keyedPage(() => feathersPage(call, { ids: chunk.join(','), $limit: chunk.length }, signal))),
    );
    return pages.flatMap(page => page.data);
};

/** One record: by the resource's `one` call, else picked from its whole list or its Feathers list by id; null when none. */
const oneRecord = async (resource: string, id: Identifier, signal: AbortSignal | undefined): Promise<RaRecord | null> => {
    const declaration = declarationOf(resource, 'getOne');
    if (declaration.whole) return (await pickFrom(declaration.whole, [id], signal))[0] ?? null;
    const { one, list } = pagedOf(resource, 'getOne');
    if (one && 'fetch' in one) return one.fetch(id, signal);
    if (one) return callApi(one, { params: { id } }, { signal });
    return isFeathers(list) ? ((await fetchIds(list, [id], signal))[0] ?? null) : undeclared(resource, 'getOne');
};

/**
 * The largest page a resource's list call answers: an export walks the list at this size. A plain
 * function of the declarations, not a provider method: react-admin's `useDataProvider` wraps every
 * method to answer a promise, and a caller needs this number before its first call.
 */
export const largestPageOf = (resource: string): number => {
    const declaration = declarationOf(resource, 'largestPage');
    if (declaration.whole || !declaration.list) return Number.MAX_SAFE_INTEGER;
    return isFeathers(declaration.list) ? FEATHERS_LARGEST_PAGE : declaration.list.largestPage;
};

/*
 * Each method answers react-admin's result type with its default record type: a caller names the
 * record type it expects (`useGetList<Admin>`), which the contract's response schema describes.
 */
export const dataProvider = {
    getList: async (resource: string, params: GetListParams): Promise<GetListResult> => {
        const declaration = declarationOf(resource, 'getList');
        if (declaration.whole) {
            const data = await declaration.whole.fetch(params.signal);
            return { data, total: data.length };
        }
        return keyedPage(pageFetch(pagedOf(resource, 'getList').list, params), { resource, params });
    },

    getOne: async (resource: string, params: GetOneParams): Promise<GetOneResult> => {
        const record = await oneRecord(resource, params.id, params.signal);
        if (!record) throw new HttpError('errors.not_found', 404, null);
        return { data: record };
    },

    getMany: async (resource: string, params: GetManyParams): Promise<GetManyResult> => {
        const declaration = declarationOf(resource, 'getMany');
        if (params.ids.length === 0) return { data: [] };
        if (declaration.whole) return { data: await pickFrom(declaration.whole, params.ids, params.signal) };
        const { list } = pagedOf(resource, 'getMany');
        if (isFeathers(list)) return { data: await fetchIds(list, params.ids, params.signal) };
        const found = await Promise.all(params.ids.map(id => oneRecord(resource, id, params.signal)));
        return { data: found.filter((record): record is RaRecord => record !== null) };
    },

    getManyReference: async (resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult> => {
        const { list } = pagedOf(resource, 'getManyReference');
        return keyedPage(pageFetch(list, { ...params, filter: { ...params.filter, [params.target]: params.id } }));
    },

    create: async (resource: string, params: CreateParams): Promise<CreateResult> => {
        const call = callOf(resource, 'create', 'create');
        return withFieldErrors(async () => ({ data: await callApi(call, { body: bodyOf(params.data) }) }));
    },

    delete: async (resource: string, params: DeleteParams): Promise<DeleteResult> => ({
        data: await removeOne(callOf(resource, 'delete', 'remove'), params.id),
    }),

    deleteMany: async (resource: string, params: DeleteManyParams): Promise<DeleteManyResult> => {
        const call = callOf(resource, 'deleteMany', 'remove');
        const removed = await Promise.all(params.ids.map(id => removeOne(call, id)));
        return { data: removed.map(record => record.id) };
    },

    update: async (resource: string, params: UpdateParams): Promise<UpdateResult> => {
        const call = callOf(resource, 'update', 'update');
        const changes = changedFields(params.data, params.previousData);
        // Nothing changed: nothing to send (the server would refuse an empty change).
        if (Object.keys(changes).length === 0) return { data: { ...params.previousData, id: params.id } };
        const body: CallInput<UpdateCall>['body'] = changes;
        return withFieldErrors(async () => ({ data: await callApi(call, { params: { id: params.id }, body }) }));
    },
    updateMany: async (resource: string) => undeclared(resource, 'updateMany'),

    // The writes that are not a plain create, update or delete (approve, assign, upload…), each declared in its folder.
    ...(Object.fromEntries(Object.entries(WRITES as WriteTable).map(([name, write]) => [name, write.run])) as WriteMethods),
} satisfies DataProvider;

export type PortalDataProvider = typeof dataProvider;
