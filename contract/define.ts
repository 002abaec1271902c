/**
 * One place that says what a portal_api call is: its method and path, who may make it, and the
 * shapes of what goes in and comes out. The server mounts its routes from these definitions (so
 * validation and the role check cannot be forgotten) and the client derives its types from them.
 */
import { z } from 'zod';
import type { RoleCode } from './roles';
import { API_BASE } from './version';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make a call: anyone, any signed-in user, the holders of one role code, or the holders
 * of any of several role codes.
 */
export type Access = 'public' | 'signed-in' | RoleCode | readonly RoleCode[];

export interface CallDefinition {
    /** A sentence for readers and for the server's route listing. */
    summary: string;
    method: Method;
    /**
     * The status of a success: 201 for a call that creates something (a record, a request, a
     * code), 200 when absent. The server answers with it and the published document says it.
     */
    status?: 201;
    /**
     * A POST that changes nothing (a search or a list whose filters travel in a body): safe to
     * repeat and to run against a live backend (the conformance check's read-only calls). GET
     * calls change nothing by their method.
     */
    readOnly?: true;
    /**
     * Takes an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER): a repeat of the call by the same
     * caller with the same key, within IDEMPOTENCY_KEY_HOURS, is answered with the first answer
     * instead of being done again, so a retry after a dropped connection cannot do the work twice.
     * `'queue'`: besides, a form of this call submitted offline is kept (encrypted) and sent with
     * its key once the connection is back (a sale's KYC photos, identity check and details as one
     * chain, src/lib/kycQueue.ts). Money, approvals, price changes, device commands and the loan
     * itself are never `'queue'`: they need the server's answer at the time.
     */
    idempotency?: 'retry' | 'queue';
    /** Path under /portal_api, Fastify style: `/prerequisites/admin-group-roles/:id`. */
    path: string;
    access: Access;
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
    response: z.ZodType;
    /** Calls that take a file or are otherwise long run without the client's timeout. */
    upload?: boolean;
    /**
     * Open to a session whose password must be changed first (an administrator reset it): changing
     * it and signing out. Every other call answers such a session 403 `errors.password_change_required`.
     */
    beforePasswordChange?: true;
}

export const defineCall = <const C extends CallDefinition>(call: C): C => call;

/** The header a retry-safe call (`idempotency`) takes: one key per submission, chosen by the client. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer that is the kept first answer to its key, replayed for a repeat. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long the server keeps the first answer for a key. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A key: 16 to 128 letters, digits, `-` or `_` (a UUID fits). */
export const idempotencyKey = z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/, 'a key of 16 to 128 letters, digits, - or _ (a UUID fits)');

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

/**
 * Where a call is made, under the API's base: its path filled with `params` and the defined
 * values of `query` as the query string (`/portal_api/prerequisites/admins?q=sipho`).
 */
export const callAddress = (
    call: Pick<CallDefinition, 'path'>,
    params: Record<string, unknown> | undefined,
    query: Record<string, unknown> | undefined,
): string => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
        if (value !== undefined) search.set(key, String(value));
    }
    return API_BASE + fillPath(call.path, params) + (search.size > 0 ? `?${search.toString()}` : '');
};

export const roleAllows = (access: Access, signedIn: boolean, roles: ReadonlySet<string>): boolean => {
    if (access === 'public') return true;
    if (!signedIn) return false;
    if (access === 'signed-in') return true;
    if (typeof access === 'string') return roles.has(access);
    return access.some(code => roles.has(code));
};

/**
 * Feathers-style list answer: `{ total, limit, skip, data }`. A list of a large table counts its
 * matches only so far (server/lists.ts `largePageOf`): past that, `total` is an estimate and
 * `estimated` is true, and the portal pages it without claiming a count.
 */
export const page = <T extends z.ZodType>(item: T) =>
    z.object({
        total: z.number().int(),
        limit: z.number().int(),
        skip: z.number().int(),
        data: z.array(item),
        estimated: z.literal(true).optional(),
    });

/**
 * Beside a shop-style list's `total_items`: the total is the server's estimate of a large list
 * (server/lists.ts `largePageOf`, as `page`'s `estimated`), and the portal pages it without a count.
 */
export const estimatedTotal = z.literal(true).optional();

/** The largest id or count a call takes: PostgreSQL's `integer`, so no id can overflow a query. */
export const INT4_MAX = 2_147_483_647;

/** An id in a JSON body: a whole JSON number from 1 to 2³¹−1 (`"2"`, `[2]`, `2.5` are refused). */
export const id = z.number().int().min(1).max(INT4_MAX);

/**
 * A whole number written in a path or query string: plain decimal digits only, so `0x10`, `1e3`,
 * `+2`, ` 2` and `?id=1&id=2` are refused rather than read as some other number. The client may
 * pass a number; it is sent as its digits.
 */
const wholeNumberText = (min: number, max: number) =>
    z
        .union([
            z
                .string()
                .regex(/^[0-9]{1,10}$/, 'a whole number in digits')
                .transform(Number),
            z.number(),
        ])
        .pipe(z.number().int().min(min).max(max));

/** An id in a path or query string. */
export const idText = wholeNumberText(1, INT4_MAX);

/** `"3,5,8"` → [3, 5, 8]: named, so the published document can say what it does (contract/openapi/rules.ts). */
export const numbersOfList = (text: string): number[] => text.split(',').map(Number);

/** `ids=3,5,8`: at most 100 ids in a query string, for fetching exactly those records. */
const idListText = z
    .string()
    .regex(/^[0-9]{1,10}(,[0-9]{1,10}){0,99}$/, 'ids separated by commas (at most 100)')
    .transform(numbersOfList)
    .pipe(z.array(id));

/** Feathers-style paging and sorting: `$limit` (at most 1000), `$skip`, `$sort=field` or `-field`. */
export const paging = {
    $limit: wholeNumberText(0, 1000).default(10),
    $skip: wholeNumberText(0, INT4_MAX).default(0),
    $sort: z
        .string()
        .regex(/^-?[a-z_]+$/)
        .max(64)
        .optional(),
    ids: idListText.optional(),
};

/**
 * Characters no field may hold: C0 and C1 controls other than tab and line breaks, DEL, unpaired
 * surrogates (not text, and PostgreSQL refuses them) and the bidirectional overrides that make a
 * name read differently from what it is.
 */
const FORBIDDEN_TEXT =
    // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const hasForbiddenText = (text: string): boolean => FORBIDDEN_TEXT.test(text);

/** A value met on the walk, with the step that reached it: its path is rebuilt only when it is at fault. */
interface Visit {
    value: unknown;
    key: string | number | undefined;
    parent: Visit | undefined;
}

const pathTo = (visit: Visit, prefix: readonly (string | number)[]): (string | number)[] => {
    const steps: (string | number)[] = [];
    for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) steps.push(at.key);
    return [...prefix, ...steps.reverse()];
};

/**
 * The path of the first string anywhere in an input (keys included) that holds a forbidden
 * character, or null. Every call's input goes through this before its schema, so a call added
 * later gets the rule without asking for it. The walk keeps its own stack rather than recursing:
 * however deep an input nests, it cannot overflow the call stack, and its cost is one step a value.
 */
export const forbiddenTextAt = (input: unknown, path: readonly (string | number)[] = []): (string | number)[] | null => {
    const stack: Visit[] = [{ value: input, key: undefined, parent: undefined }];
    for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
        // An object's key is judged just before its value, as a recursive walk would judge it.
        if (typeof visit.key === 'string' && hasForbiddenText(visit.key)) return pathTo(visit, path);
        const { value } = visit;
        if (typeof value === 'string') {
            if (hasForbiddenText(value)) return pathTo(visit, path);
            continue;
        }
        if (value === null || typeof value !== 'object') continue;
        const isList = Array.isArray(value);
        const entries = Object.entries(value);
        // Pushed last to first, so the first is walked first.
        for (let index = entries.length - 1; index >= 0; index -= 1) {
            const [key, inner] = entries[index] as [string, unknown];
            stack.push({ value: inner, key: isList ? Number(key) : key, parent: visit });
        }
    }
    return null;
};
