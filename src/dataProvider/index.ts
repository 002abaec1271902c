/**
 * react-admin's DataProvider over the contract: each resource names the calls that serve it.
 * A resource or method that is not listed fails loudly rather than guessing an endpoint.
 */
import type {
    CreateParams,
    DataProvider,
    DeleteParams,
    GetListParams,
    GetManyParams,
    GetManyReferenceParams,
    GetOneParams,
    Identifier,
    RaRecord,
} from 'react-admin';
import { HttpError } from 'react-admin';
import {
    addGroupRole,
    createAdmin,
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listAdmins,
    listGroupRoles,
    registrationOptions,
    removeGroupRole,
} from '../../contract/security';
import { LIST_LIMIT } from '../config';
import { apiErrorOf, fieldErrorsOf } from '../lib/apiErrors';
import { callApi } from '../lib/portalApi';

type Page = { data: RaRecord[]; total: number };
type Signal = { signal?: AbortSignal };

interface ResourceCalls {
    getList?: (params: GetListParams, signal: Signal) => Promise<Page>;
    getOne?: (id: Identifier, signal: Signal) => Promise<RaRecord>;
    create?: (data: unknown) => Promise<RaRecord>;
    delete?: (id: Identifier) => Promise<RaRecord>;
}

/** Feathers paging and sorting from react-admin's list parameters. */
export const feathersQuery = ({ pagination, sort, filter }: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) => {
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

const pageOf = ({ data, total }: { data: RaRecord[]; total: number }): Page => ({ data, total });

/** A small list (groups, roles, shops): fetched whole, then filtered by id where react-admin asks for some. */
const wholeList = (fetch: (signal: Signal) => Promise<RaRecord[]>): ResourceCalls => ({
    getList: async (_params, signal) => {
        const data = await fetch(signal);
        return { data, total: data.length };
    },
});

const resources: Record<string, ResourceCalls> = {
    users: {
        getList: async (params, { signal }) => pageOf(await callApi(listAdmins, { query: feathersQuery(params) }, { signal })),
        create: async data => callApi(createAdmin, { body: data as never }),
    },
    security: {
        getList: async (params, { signal }) => pageOf(await callApi(listAdminGroups, { query: feathersQuery(params) }, { signal })),
        getOne: async (id, { signal }) => callApi(getAdminGroup, { params: { id: Number(id) } }, { signal }),
        create: async data => callApi(createAdminGroup, { body: data as never }),
    },
    'group-roles': {
        getList: async (params, { signal }) => pageOf(await callApi(listGroupRoles, { query: feathersQuery(params) }, { signal })),
        create: async data => callApi(addGroupRole, { body: data as never }),
        delete: async id => callApi(removeGroupRole, { params: { id: Number(id) } }),
    },
    roles: {
        getList: async (params, { signal }) => pageOf(await callApi(listAdminRoles, { query: feathersQuery(params) }, { signal })),
    },
    /** Every group, for pickers and filters. */
    groups: wholeList(async ({ signal }) => (await callApi(listAdminGroups, { query: { $limit: LIST_LIMIT } }, { signal })).data),
    /** Every shop, for pickers. */
    'store-options': wholeList(async ({ signal }) => (await callApi(registrationOptions, {}, { signal })).stores),
};

const callsFor = <K extends keyof ResourceCalls>(resource: string, method: K): NonNullable<ResourceCalls[K]> => {
    const call = resources[resource]?.[method];
    if (!call) throw new HttpError('errors.server', 0, { reason: `No ${method} for resource "${resource}"` });
    return call;
};

/**
 * react-admin marks form fields from `body.errors` as `{ field: message }`; the server answers
 * `errors: [{ field, key }]` and `field`. Rewritten here so a 400 or 409 lands on its input.
 */
export const withFieldErrors = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
        return await work();
    } catch (error) {
        const fields = fieldErrorsOf(error);
        if (!(error instanceof HttpError) || Object.keys(fields).length === 0) throw error;
        throw new HttpError(error.message, error.status, { ...apiErrorOf(error), errors: fields });
    }
};

const sameId = (ids: readonly Identifier[]) => {
    const wanted = new Set(ids.map(String));
    return (record: RaRecord) => wanted.has(String(record.id));
};

export const dataProvider = {
    getList: async (resource: string, params: GetListParams) =>
        callsFor(resource, 'getList')(params, { signal: params.signal }),

    getOne: async (resource: string, params: GetOneParams) => {
        const getOne = resources[resource]?.getOne;
        if (getOne) return { data: await getOne(params.id, { signal: params.signal }) };
        const { data } = await callsFor(resource, 'getList')({ pagination: { page: 1, perPage: LIST_LIMIT } }, { signal: params.signal });
        const record = data.find(sameId([params.id]));
        if (!record) throw new HttpError('errors.not_found', 404, null);
        return { data: record };
    },

    getMany: async (resource: string, params: GetManyParams) => {
        const { data } = await callsFor(resource, 'getList')({ pagination: { page: 1, perPage: LIST_LIMIT } }, { signal: params.signal });
        return { data: data.filter(sameId(params.ids)) };
    },

    getManyReference: async (resource: string, params: GetManyReferenceParams) =>
        callsFor(resource, 'getList')({ ...params, filter: { ...params.filter, [params.target]: params.id } }, { signal: params.signal }),

    create: async (resource: string, params: CreateParams) =>
        withFieldErrors(async () => ({ data: await callsFor(resource, 'create')(params.data) })),

    delete: async (resource: string, params: DeleteParams) => ({ data: await callsFor(resource, 'delete')(params.id) }),

    update: async (resource: string) => {
        throw new HttpError('errors.server', 0, { reason: `No update for resource "${resource}"` });
    },
    updateMany: async (resource: string) => {
        throw new HttpError('errors.server', 0, { reason: `No updateMany for resource "${resource}"` });
    },
    deleteMany: async (resource: string, params: { ids: Identifier[] }) => {
        const remove = callsFor(resource, 'delete');
        const removed = await Promise.all(params.ids.map(id => remove(id)));
        return { data: removed.map(record => record.id) };
    },
} as DataProvider;

export type PortalDataProvider = typeof dataProvider;
