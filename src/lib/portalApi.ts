/**
 * The one HTTP client of the portal (spec §7): base /portal_api, the bearer token, access-token
 * and Coords headers on every call, a timeout (uploads excepted), and a 401 from anything but
 * /authentication signing the user out everywhere. `callApi` makes a call of the contract with
 * typed input and output; `uploadCall` sends an upload call's file as multipart with progress.
 */
import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { HttpError } from 'ra-core';
import { fillPath, roleAllows, type CallDefinition, type CallInput, type CallResponse } from '../../contract/define';
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

const refuseBeforeSending = (call: CallDefinition) => {
    if (!isOnline()) throw new HttpError('errors.offline', 0, null);
    const roles = session.roles();
    if (session.user() && roles && !roleAllows(call.access, true, new Set(roles.codes))) {
        throw new HttpError('errors.forbidden', 403, null);
    }
};

export const callApi = async <C extends CallDefinition>(
    call: C,
    input: CallInput<C>,
    /** `token`: call as this session rather than the stored one (sign-out revokes after clearing it). */
    options: { signal?: AbortSignal; token?: string } = {},
): Promise<CallResponse<C>> => {
    // The server refuses a call the user's roles do not allow; asking it anyway only costs a round
    // trip (react-admin's list controller, for one, queries before it redirects to access denied).
    // Offline, nothing is sent: the caller says so at once and keeps what was typed, rather than
    // waiting on a request the browser cannot make.
    refuseBeforeSending(call);
    const { params, query, body } = input as { params?: Record<string, unknown>; query?: unknown; body?: unknown };
    const config: AxiosRequestConfig = {
        method: call.method,
        url: fillPath(call.path, params),
        params: query,
        data: body,
        signal: options.signal,
        headers: options.token ? { 'access-token': options.token } : undefined,
    };
    if (call.upload) config.timeout = 0;
    const response = await http.request<CallResponse<C>>(config);
    return response.data;
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
    options: { fileName?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<CallResponse<C>> => {
    refuseBeforeSending(call);
    const { params, body } = input as { params?: Record<string, unknown>; body?: Record<string, unknown> };
    const form = new FormData();
    for (const [name, value] of Object.entries(body ?? {})) {
        if (value !== undefined && value !== null) form.append(name, String(value));
    }
    form.append('file', file, options.fileName ?? (file instanceof File ? file.name : 'upload'));
    const { onProgress } = options;
    const response = await http.request<CallResponse<C>>({
        method: call.method,
        url: fillPath(call.path, params),
        data: form,
        timeout: 0,
        signal: options.signal,
        onUploadProgress: onProgress
            ? event => onProgress(Math.min(1, event.total ? event.loaded / event.total : (event.progress ?? 0)))
            : undefined,
    });
    return response.data;
};
