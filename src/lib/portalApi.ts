/**
 * The one HTTP client of the portal (spec §7): base /portal_api, the bearer token, access-token
 * and Coords headers on every call, a timeout (uploads excepted), and a 401 from anything but
 * /authentication signing the user out everywhere. `callApi` makes a call of the contract with
 * typed input and output; `uploadCall` sends an upload call's file as multipart with progress.
 */
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { HttpError } from 'ra-core';
import {
    fillPath,
    IDEMPOTENCY_KEY_HEADER,
    IDEMPOTENCY_KEY_HOURS,
    roleAllows,
    type CallDefinition,
    type CallInput,
    type CallResponse,
} from '../../contract/define';
import { settings } from '../config';
import { isApiError } from './apiErrors';
import { isOnline } from './online';
import { session } from './session';

// The API is on the portal's own origin, so the browser sends its cookies with every call (the
// sign-in's device cookie, HttpOnly: server/domain/auth/devices.ts) without `withCredentials`.
const http = axios.create({
    baseURL: settings.apiBase,
    timeout: settings.httpTimeoutMs,
    headers: { Accept: 'application/json' },
});

http.interceptors.request.use(config => {
    const token = config.headers.get('access-token') ?? session.user()?.token;
    if (typeof token === 'string') {
        config.headers.set('Authorization', `Bearer ${token}`);
        config.headers.set('access-token', token);
    }
    const coords = session.coords();
    if (coords) config.headers.set('Coords', coords);
    return config;
});

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => undefined;
/** The app registers what a global sign-out does (it needs react-admin's router and notifier). */
export const setUnauthorizedListener = (listener: UnauthorizedListener) => {
    onUnauthorized = listener;
};

/**
 * Every failure becomes react-admin's HttpError whose message is a translation key (the server's
 * `key`, or ours for network trouble) and whose body keeps the server's answer (field at fault…).
 */
const toHttpError = (error: unknown): HttpError => {
    if (error instanceof HttpError) return error;
    if (error instanceof AxiosError) {
        if (error.response) {
            const body: unknown = error.response.data;
            if (isApiError(body)) return new HttpError(body.key, error.response.status, body);
            return new HttpError('errors.server', error.response.status, body);
        }
        if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) {
            return new HttpError('errors.timeout', 0, null);
        }
        return new HttpError('errors.network', 0, null);
    }
    return new HttpError('errors.server', 0, null);
};

http.interceptors.response.use(undefined, (error: unknown) => {
    const httpError = toHttpError(error);
    const url = error instanceof AxiosError ? (error.config?.url ?? '') : '';
    // A wrong password at sign-in is a 401 too, and must not sign anybody out.
    if (httpError.status === 401 && url !== '/authentication') onUnauthorized();
    return Promise.reject(httpError);
});

/**
 * Offline, nothing is sent. A read says only that (`errors.offline`); a write of a signed-in user
 * says too that it was not kept to send later (`errors.offline_not_kept`): the forms the contract
 * marks `idempotency: 'queue'` keep theirs through lib/offlineQueue.ts instead of coming here
 * offline (a sale's KYC photos are kept by lib/photoStore.ts and sent by lib/kycQueue.ts), so any
 * write that does come here needs the server's answer at the time. A photo taken outside a sale
 * (the liveness page) says it was not kept (`errors.offline_upload_not_kept`).
 */
const offlineError = (call: CallDefinition): HttpError => {
    const reads = call.method === 'GET' || call.readOnly === true;
    if (reads || call.access === 'public') return new HttpError('errors.offline', 0, null);
    return new HttpError(call.upload ? 'errors.offline_upload_not_kept' : 'errors.offline_not_kept', 0, null);
};

const refuseBeforeSending = (call: CallDefinition) => {
    if (!isOnline()) throw offlineError(call);
    const roles = session.roles();
    if (session.user() && roles && !roleAllows(call.access, true, new Set(roles.codes))) {
        throw new HttpError('errors.forbidden', 403, null);
    }
};

/** A new key for one submission: a UUID (`crypto.randomUUID` needs a secure context; the fallback does not). */
export const newIdempotencyKey = (): string => {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, byte => byte.toString(16).padStart(2, '0')).join('');
};

/**
 * The submissions whose last attempt got no answer (a dropped connection, a timeout), by what they
 * sent and who sent it: sending the same again is a retry of that submission and carries its key,
 * so the server answers it with the first attempt's answer if that one did arrive, instead of
 * doing the work twice. An answer of any kind ends the submission: the next press, even of the
 * same values, is a new one with a new key. Kept no longer than the server keeps a key.
 */
const unanswered = new Map<string, { key: string; at: number }>();
const KEY_LIFETIME_MS = IDEMPOTENCY_KEY_HOURS * 3_600_000;

const submissionOf = (call: CallDefinition, input: unknown, file?: Blob): string =>
    JSON.stringify([
        session.user()?.username ?? '',
        call.method,
        call.path,
        input,
        file ? [file.size, file.type, file instanceof File ? [file.name, file.lastModified] : null] : null,
    ]);

/**
 * A failure that says nothing of whether the submission was done: no answer came (status 0), or
 * the server is still doing the first attempt of its key (409 `errors.idempotency_key_in_progress`).
 * Its next attempt is a retry, with the same key.
 */
export const isUndecided = (error: unknown): boolean =>
    error instanceof HttpError && (error.status === 0 || error.message === 'errors.idempotency_key_in_progress');

/**
 * Runs one attempt of a call, with its `Idempotency-Key` when the contract gives the call one:
 * `key` when the caller holds the submission's key (the offline queue), else the key of this
 * submission's unanswered attempt, else a new one.
 */
const attempt = async <T>(
    call: CallDefinition,
    submission: () => string,
    key: string | undefined,
    send: (headers: Record<string, string>) => Promise<T>,
): Promise<T> => {
    if (!call.idempotency) return send({});
    const id = submission();
    const open = unanswered.get(id);
    const chosen = key ?? (open && Date.now() - open.at < KEY_LIFETIME_MS ? open.key : newIdempotencyKey());
    try {
        const answer = await send({ [IDEMPOTENCY_KEY_HEADER]: chosen });
        unanswered.delete(id);
        return answer;
    } catch (error) {
        if (isUndecided(error)) unanswered.set(id, { key: chosen, at: open?.at ?? Date.now() });
        else unanswered.delete(id);
        throw error;
    }
};

export const callApi = async <C extends CallDefinition>(
    call: C,
    input: CallInput<C>,
    /**
     * `token`: call as this session rather than the stored one (sign-out revokes after clearing it).
     * `idempotencyKey`: the submission's key, for a caller that keeps it itself (the offline queue).
     */
    options: { signal?: AbortSignal; token?: string; idempotencyKey?: string } = {},
): Promise<CallResponse<C>> => {
    // The server refuses a call the user's roles do not allow; asking it anyway only costs a round
    // trip (react-admin's list controller, for one, queries before it redirects to access denied).
    // Offline, nothing is sent: the caller says so at once and keeps what was typed, rather than
    // waiting on a request the browser cannot make.
    refuseBeforeSending(call);
    const { params, query, body } = input as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
    const headers: Record<string, string> = options.token ? { 'access-token': options.token } : {};
    return attempt(
        call,
        () => submissionOf(call, input),
        options.idempotencyKey,
        async key => {
            const config: AxiosRequestConfig = {
                method: call.method,
                url: fillPath(call.path, params),
                params: query,
                data: body,
                signal: options.signal,
                headers: { ...headers, ...key },
            };
            if (call.upload) config.timeout = 0;
            const response = await http.request<CallResponse<C>>(config);
            return response.data;
        },
    );
};

/**
 * Makes an `upload: true` call: multipart/form-data with the body's fields as text parts and the
 * file as the one part named `file` (last, so the server has read the fields when the bytes come),
 * no timeout, and the fraction sent so far reported as it goes. The server checks the size again
 * (413) and the content (415); the caller checks the size first so nothing too large is sent.
 */
export const uploadCall = async <C extends CallDefinition & { upload: true }>(
    call: C,
    input: CallInput<C>,
    file: Blob,
    /** `idempotencyKey`: the submission's key, for a caller that keeps it itself (the offline queue's KYC photos). */
    options: { fileName?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<CallResponse<C>> => {
    refuseBeforeSending(call);
    const { params, body } = input as { params?: Record<string, unknown>; body?: Record<string, unknown> };
    const form = new FormData();
    for (const [name, value] of Object.entries(body ?? {})) {
        if (value !== undefined && value !== null) form.append(name, String(value));
    }
    form.append('file', file, options.fileName ?? (file instanceof File ? file.name : 'upload'));
    const { onProgress } = options;
    return attempt(
        call,
        () => submissionOf(call, input, file),
        options.idempotencyKey,
        async key => {
            const response = await http.request<CallResponse<C>>({
                method: call.method,
                url: fillPath(call.path, params),
                data: form,
                headers: key,
                timeout: 0,
                signal: options.signal,
                onUploadProgress: onProgress
                    ? event => onProgress(Math.min(1, event.total ? event.loaded / event.total : (event.progress ?? 0)))
                    : undefined,
            });
            return response.data;
        },
    );
};
