/**
 * One place that says what a portal_api call is: its method and path, who may make it, and the
 * shapes of what goes in and comes out. The server mounts its routes from these definitions (so
 * validation and the role check cannot be forgotten) and the client derives its types from them.
 */
import { z } from 'zod';
import type { RoleCode } from './roles';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: anyone, any signed-in user, the holders of one role code, or the holders
 * of any of several role codes.
 */
export type Access = 'public' | 'signed-in' | RoleCode | readonly RoleCode[];

export interface CallDefinition {
    /** A sentence for readers and for the server's route listing. */
    summary: string;
    method: Method;
    /** Path under /portal_api, Fastify style: `/prerequisites/admin-group-roles/:id`. */
    path: string;
    access: Access;
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    response: z.ZodType;
    /** Calls that take a file or are otherwise long run without the client's timeout. */
    upload?: boolean;
}

export const defineCall = <const C extends CallDefinition>(call: C): C => call;

type InputOf<T> = T extends z.ZodType ? z.input<T> : undefined;
type OutputOf<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a client passes: only the parts the call declares. */
export type CallInput<C extends CallDefinition> = (C['params'] extends z.ZodType
    ? { params: InputOf<C['params']> }
    : { params?: undefined }) &
    (C['query'] extends z.ZodType ? { query: InputOf<C['query']> } : { query?: undefined }) &
    (C['body'] extends z.ZodType ? { body: InputOf<C['body']> } : { body?: undefined });

/** What the server's handler receives, already validated. */
export interface HandlerInput<C extends CallDefinition> {
    params: OutputOf<C['params']>;
    query: OutputOf<C['query']>;
    body: OutputOf<C['body']>;
}

export type CallResponse<C extends CallDefinition> = z.output<C['response']>;
/** What a handler may return: the response before the schema fills defaults and strips extras. */
export type HandlerResult<C extends CallDefinition> = z.input<C['response']>;

/** `/a/:id/b` + `{ id: 3 }` → `/a/3/b` */
export const fillPath = (path: string, params: Record<string, unknown> | undefined): string =>
    path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
        const value = params?.[name];
        if (value === undefined || value === null) {
            throw new Error(`Missing path parameter "${name}" for ${path}`);
        }
        return encodeURIComponent(String(value));
    });

export const roleAllows = (access: Access, signedIn: boolean, roles: ReadonlySet<string>): boolean => {
    if (access === 'public') return true;
    if (!signedIn) return false;
    if (access === 'signed-in') return true;
    if (typeof access === 'string') return roles.has(access);
    return access.some(code => roles.has(code));
};

/** Feathers-style list answer: `{ total, limit, skip, data }`. */
export const page = <T extends z.ZodType>(item: T) =>
    z.object({
        total: z.number().int(),
        limit: z.number().int(),
        skip: z.number().int(),
        data: z.array(item),
    });

/** Feathers-style paging and sorting: `$limit` (at most 1000), `$skip`, `$sort=field` or `-field`. */
export const paging = {
    $limit: z.coerce.number().int().min(0).max(1000).default(10),
    $skip: z.coerce.number().int().min(0).default(0),
    $sort: z.string().regex(/^-?[a-z_]+$/).optional(),
};

export const id = z.coerce.number().int().positive();
