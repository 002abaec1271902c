/**
 * Conformance of a portal_api backend (ours or anyone's) to the contract: each read-only call
 * (GET, or a POST the contract marks `readOnly`) is made with an input derived from its own
 * schemas (tests/server/derivedInputs.ts: required fields only, ids that name nothing), and its
 * answer judged against the published document (document.ts):
 *
 * - `refused`: an error status the document gives the call, with the error shape;
 * - `answered`: a success in the shape of the call's response;
 * - `outside`: a status the document does not give the call, or a body outside its schema, with
 *   the path of the first mismatch;
 * - `skipped`: a call whose input cannot be derived (a file, a record that must exist).
 *
 * Write calls run only when asked (`writes`): against a live backend they change its data.
 */
import { calls } from '../../contract';
import { callAddress, type CallDefinition } from '../../contract/define';
import { derivedInput } from '../server/derivedInputs';
import { outsideDocument } from './document';

export type Verdict = 'answered' | 'refused' | 'outside' | 'skipped';

export interface CallReport {
    call: string;
    method: string;
    path: string;
    verdict: Verdict;
    status?: number;
    /** Why: the mismatch for `outside`, the error key for `refused`, the reason for `skipped`. */
    detail?: string;
}

export interface ConformanceOptions {
    /** The backend's origin, e.g. `https://api.example.com` (the calls are under `/portal_api`). */
    base: string;
    /** A session token of the account to call as (its roles decide which calls answer). */
    token?: string;
    /** Also make the calls that change data. */
    writes?: boolean;
    /** How requests are sent (a test may stand a broken backend in). */
    fetch?: typeof fetch;
}

export const isReadOnly = (call: CallDefinition) => call.method === 'GET' || call.readOnly === true;

const requestOf = (call: CallDefinition, base: string, token: string | undefined) => {
    const input = derivedInput(call);
    if (!input) return undefined;
    const url = `${base.replace(/\/$/, '')}${callAddress(call, input.params, input.query)}`;
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    return {
        url,
        init: { method: call.method, headers, body: input.body === undefined ? undefined : JSON.stringify(input.body) },
    };
};

/** Runs the calls one after another (a live backend's throttles see one client) and reports each. */
export const runConformance = async (options: ConformanceOptions): Promise<CallReport[]> => {
    const send = options.fetch ?? fetch;
    const reports: CallReport[] = [];
    for (const [name, definition] of Object.entries(calls)) {
        const call = definition as CallDefinition;
        const where = { call: name, method: call.method, path: call.path };
        if (!options.writes && !isReadOnly(call)) continue;
        const request = requestOf(call, options.base, options.token);
        if (!request) {
            reports.push({ ...where, verdict: 'skipped', detail: 'its input cannot be derived from its schemas' });
            continue;
        }
        const response = await send(request.url, request.init);
        const text = await response.text();
        let body: unknown;
        try {
            body = text ? JSON.parse(text) : undefined;
        } catch {
            reports.push({ ...where, verdict: 'outside', status: response.status, detail: 'the body is not JSON' });
            continue;
        }
        const outside = outsideDocument(call, response.status, body);
        if (outside) reports.push({ ...where, verdict: 'outside', status: response.status, detail: outside });
        else if (response.ok) reports.push({ ...where, verdict: 'answered', status: response.status });
        else {
            const key = (body as { key?: string } | undefined)?.key;
            reports.push({ ...where, verdict: 'refused', status: response.status, ...(key && { detail: key }) });
        }
    }
    return reports;
};
