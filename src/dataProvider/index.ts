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
import { DECLARED_RESOURCES } from './declarations';
import type {
    CreateCall,
    ListCall,
    PagedResource,
    RecordCall,
    ResourceDeclaration,
    UpdateCall,
    WholeList,
} from './defineResource';

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

/** The call serving `part` of a paged resource, or a loud failure. */
const callOf = <K extends CallPart>(resource: string, method: string, part: K): NonNullable<PagedResource[K]> => {
    const declaration = declarationOf(resource, method);
    return (declaration.whole ? undefined : declaration[part]) ?? undeclared(resource, method);
};

const pageOf = async (call: ListCall, query: Record<string, unknown>, signal: AbortSignal | undefined) => {
    const { data, total } = await callApi(call, { query }, { signal });
    return { data, total };
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
    const pages = await Promise.all(chunks.map(chunk => pageOf(call, { ids: chunk.join(','), $limit: chunk.length }, signal)));
    return pages.flatMap(page => page.data);
};

/*
 * Each method answers react-admin's result type with its default record type: a caller names the
 * record type it expects (`useGetList<Admin>`), which the contract's response schema describes.
 */
export const dataProvider = {
    getList: async (resource: string, params: GetListParams): Promise<GetListResult> => {
        const declaration = declarationOf(resource, 'getList');
        if (!declaration.whole) return pageOf(declaration.list, feathersQuery(params), params.signal);
        const data = await declaration.whole.fetch(params.signal);
        return { data, total: data.length };
    },

    getOne: async (resource: string, params: GetOneParams): Promise<GetOneResult> => {
        const declaration = declarationOf(resource, 'getOne');
        if (!declaration.whole && declaration.one) {
            return { data: await callApi(declaration.one, { params: { id: params.id } }, { signal: params.signal }) };
        }
        const [record] = declaration.whole
            ? await pickFrom(declaration.whole, [params.id], params.signal)
            : await fetchIds(declaration.list, [params.id], params.signal);
        if (!record) throw new HttpError('errors.not_found', 404, null);
        return { data: record };
    },

    getMany: async (resource: string, params: GetManyParams): Promise<GetManyResult> => {
        const declaration = declarationOf(resource, 'getMany');
        if (params.ids.length === 0) return { data: [] };
        const data = declaration.whole
            ? await pickFrom(declaration.whole, params.ids, params.signal)
            : await fetchIds(declaration.list, params.ids, params.signal);
        return { data };
    },

    getManyReference: async (resource: string, params: GetManyReferenceParams): Promise<GetManyReferenceResult> =>
        pageOf(
            callOf(resource, 'getManyReference', 'list'),
            feathersQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } }),
            params.signal,
        ),

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
} satisfies DataProvider;

export type PortalDataProvider = typeof dataProvider;
