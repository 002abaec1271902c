/**
 * msw handlers built from the contract: the method and path come from the call, every answer
 * goes through the call's response schema (or, for an error answer, through `apiError`) and every
 * request through its query and body schemas, so a fixture or a request that drifts from the
 * contract fails its test, naming the call and the field.
 */
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { z } from 'zod';
import { API_BASE } from '../../../contract';
import type { CallDefinition, HandlerResult } from '../../../contract/define';
import { apiError, type ApiError } from '../../../contract/errors';

/** An error answer of the portal_api: its status and body. */
export class ErrorAnswer {
    constructor(
        readonly status: number,
        readonly body: ApiError,
    ) {}
}

export const errorAnswer = (status: number, body: ApiError) => new ErrorAnswer(status, body);

type ResolverInfo = Parameters<HttpResponseResolver<PathParams, DefaultBodyType>>[0];

/** What a handler answers: a fixture of the call's response, or an error answer. */
type Answer<C extends CallDefinition> = HandlerResult<C> | ErrorAnswer;
type AnswerOf<C extends CallDefinition> = (info: ResolverInfo) => Answer<C> | Promise<Answer<C>>;

const VERBS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } satisfies Record<
    CallDefinition['method'],
    unknown
>;

/** Thrown when a fixture does not match the contract. */
export class ContractDrift extends Error {
    override name = 'ContractDrift';
}

const checked = (schema: z.ZodType, value: unknown, what: string): unknown => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map(issue => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new ContractDrift(`${what} does not match the contract: ${problems}`);
};

const isAnswerOf = <C extends CallDefinition>(answering: Answer<C> | AnswerOf<C>): answering is AnswerOf<C> =>
    typeof answering === 'function';

const json = (body: unknown, status: number) =>
    new HttpResponse(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const respond = <C extends CallDefinition>(call: C, answer: Answer<C>, status: number) => {
    const name = `${call.method} ${call.path}`;
    if (answer instanceof ErrorAnswer) {
        if (answer.status < 400) throw new ContractDrift(`Error answer for ${name} with status ${answer.status}`);
        return json(checked(apiError, answer.body, `Error answer for ${name}`), answer.status);
    }
    return json(checked(call.response, answer, `Fixture for ${name}`), status);
};

/**
 * What the portal sends must be what the call takes, as the server would insist (400). An upload
 * call is a multipart form (server/http.ts): its text fields are the body, and one part is the file.
 */
const checkRequest = async (call: CallDefinition, request: Request) => {
    const name = `${call.method} ${call.path}`;
    if (call.query) checked(call.query, Object.fromEntries(new URL(request.url).searchParams), `The query of ${name}`);
    if (call.upload) {
        const form = await request.clone().formData();
        const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
        if (call.body) checked(call.body, fields, `The form fields of ${name}`);
        if (form.getAll('file').length !== 1 || typeof form.get('file') === 'string') {
            throw new ContractDrift(`${name} must send exactly one file part named "file"`);
        }
        return;
    }
    if (call.body) checked(call.body, await request.clone().json(), `The body of ${name}`);
};

/**
 * The handler of one call. `answering` is a fixture, an error answer, or a function of the request
 * giving either. A fixture given as it is is checked at once; one given by a function, when the
 * request comes (and `contractServer` fails the test with it).
 */
export const answer = <C extends CallDefinition>(
    call: C,
    answering: Answer<C> | AnswerOf<C>,
    // The call's own success status (contract/define.ts), as the server answers.
    { status = call.status ?? 200 } = {},
): RequestHandler => {
    const answerOf: AnswerOf<C> = isAnswerOf(answering) ? answering : () => answering;
    if (!isAnswerOf(answering)) respond(call, answering, status);
    return VERBS[call.method](`${API_BASE}${call.path}`, async info => {
        await checkRequest(call, info.request);
        return respond(call, await answerOf(info), status);
    });
};

/**
 * An msw server for one test file: listening before its tests, reset after each, closed at the
 * end; an unhandled request is an error. A drifting fixture found while answering (msw turns it
 * into a 500) fails the test that made the request, with the drift's message.
 */
export const contractServer = (...handlers: RequestHandler[]) => {
    const server = setupServer(...handlers);
    const failures: Error[] = [];
    server.events.on('unhandledException', ({ error }) => failures.push(error));
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    afterEach(() => {
        server.resetHandlers();
        const [failure] = failures.splice(0);
        if (failure) throw failure;
    });
    afterAll(() => server.close());
    return server;
};
