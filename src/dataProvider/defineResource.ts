/**
 * What a client resource is made of: the contract calls that serve it. Each resource folder
 * declares its own (`src/resources/<domain>/calls.ts`); the data provider runs them and the
 * permissions map reads their `access`, so a screen's gate moves with its call. Declarations hold
 * calls and role codes only, never screens: the sign-in page loads them too.
 */
import type { Identifier, RaRecord } from 'react-admin';
import type { z } from 'zod';
import type { Access, CallDefinition, CallInput, CallResponse } from '../../contract/define';
import { callApi } from '../lib/portalApi';

/** Feathers' list answer. */
interface FeathersPage {
    total: number;
    limit: number;
    skip: number;
    data: RaRecord[];
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

/** The plain react-admin actions whose gates come from a call's `access`. */
export type PlainAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

interface Shared {
    /** Custom actions (`edit` on security, `approve`…) and the role each needs; `canAccess` asks by these names. */
    actions?: Readonly<Record<string, Access>>;
}

export interface PagedResource extends Shared {
    list: ListCall;
    /** One record; without it, the record is found through `list` by its id. */
    one?: RecordCall;
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

export type ResourceDeclaration = PagedResource | WholeResource;

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
export const gatesOf = (declaration: ResourceDeclaration): Record<string, Access> => {
    if (declaration.whole) return { list: declaration.whole.access, ...declaration.actions };
    const { list, one, create, update, remove, narrower } = declaration;
    const gates: Record<string, Access> = { list: list.access, show: (one ?? list).access };
    if (create) gates.create = create.access;
    if (update) gates.edit = update.access;
    if (remove) gates.delete = remove.access;
    return { ...gates, ...narrower, ...declaration.actions };
};
