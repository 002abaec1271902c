/**
 * Bad input, generated: for every call that takes input (the contract's and the development
 * stand-ins'), fast-check makes inputs from the call's own schemas, mostly spoiled on purpose
 * (zodArbitraries.ts), and sends them as the most privileged caller (admin), or signed out to a
 * public call, each from an address of its own so per-source throttles do not answer for the
 * validation. Whatever the input:
 *
 * - no answer is a 5xx, and every answer has the contract's shape (an error is an `apiError`
 *   whose `code` is the status; a success parses with the call's response schema);
 * - a refusal is one of the 4xx a client can act on, and a 400 names the field at fault in
 *   `field`, a field of the input or a path into it (`a.b`), as do its `errors`;
 * - a refused request writes nothing (see REFUSALS_MAY_WRITE for the exceptions, and why).
 *
 * Bodies nested up to 100,000 deep and objects of 100,000 keys go to every call with a body as well
 * (the largest to a sample of calls, to keep the run short): each is a 400 naming the body, written
 * nothing, whatever the call.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> [FUZZ_PATH=<path>]
 * npx vitest run --project server tests/server/fuzz.test.ts. FUZZ_RUNS raises the count (200 a call).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myRoles } from '../../contract/auth';
import type { CallDefinition } from '../../contract/define';
import { apiError } from '../../contract/errors';
import { rowsOf, startTestServer, type TestServer } from './harness';
import {
    callEntries,
    isDevCall,
    isWireObject,
    queryKeys,
    sendRaw,
    signInAs,
    toJsonText,
    type RawAnswer,
    type RawRequest,
    type Wire,
} from './contractCases';
import { jsonShapeProblem, MAX_JSON_DEPTH, MAX_JSON_VALUES } from '../../server/json';
import {
    applyMutation,
    declaredKeys,
    fieldNamesIn,
    KNOWN_KINDS,
    kindsIn,
    mutation,
    nestedLists,
    nestedObjects,
    validArbitrary,
    wideObject,
} from './zodArbitraries';

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PATH = process.env.FUZZ_PATH;

let server: TestServer;
let adminToken = '';

beforeAll(async () => {
    server = await startTestServer();
    adminToken = await signInAs(server, 'admin');
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Nothing written on a refusal

/**
 * What a refused request may still write, per table: null when anything, else a condition the
 * rows that must not change satisfy. Each is a refusal doing its job:
 * - sign_in_attempts: a password sign-in is counted before its password is checked, so parallel
 *   guesses are throttled too (server/domain/auth/throttle.ts);
 * - rate_events: a registration takes its per-source slot before the checks that may refuse it;
 * - audit_events of refused sign-ins (wrong password or code, throttled, no SMS left) and of
 *   refused password changes and re-authentications (wrong current password, throttled): a failed
 *   attempt is exactly what the audit is for;
 * - sms_outbox notices: a registration with a known phone number tells the number's owner by SMS
 *   (answered as a success today, allowed in case it is ever refused after the notice).
 * A wrong code for a real pending sign-in also counts a guess in `otps`; generated auth_ids never
 * name one, so `otps` stays checked.
 */
const REFUSALS_MAY_WRITE: Record<string, string | null> = {
    sign_in_attempts: null,
    rate_events: null,
    audit_events: `action NOT IN ('sessions.sign_in_failed', 'sessions.sign_in_throttled', 'otps.reject', 'otps.refuse', 'admins.change_password_failed', 'admins.change_password_throttled', 'admins.reauthenticate_failed', 'admins.reauthenticate_throttled')`,
    sms_outbox: `purpose <> 'notice'`,
};

let tables: string[] = [];

const readTables = async () =>
    rowsOf(
        await server.db.execute(
            sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
        ),
    ).map(row => String(row.table_name));

/** Each table's row count and a digest of its rows (so an update shows too), minus what a refusal may write. */
const fullFingerprint = async (): Promise<string> => {
    const parts = tables
        .filter(table => REFUSALS_MAY_WRITE[table] !== null)
        .map(table => {
            const where = REFUSALS_MAY_WRITE[table] ? ` WHERE ${REFUSALS_MAY_WRITE[table]}` : '';
            const name = `"${table.replaceAll('"', '""')}"`;
            return `SELECT '${table}' AS t, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM ${name} x${where}`;
        });
    const rows = rowsOf(await server.db.execute(sql.raw(parts.join(' UNION ALL '))));
    return rows.map(row => `${String(row.t)}:${String(row.n)}:${String(row.h)}`).join('\n');
};

/**
 * The next transaction id: it moves only when some transaction writes (reads and advisory locks
 * take none), so while it stands still the digests cannot have changed and need not be read again.
 */
const nextTransactionId = async (): Promise<string> =>
    String(rowsOf(await server.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS x`))[0]?.x);

/** The database's state as the last fingerprint saw it. */
let state = { xid: '', digest: '' };
const fingerprint = async (): Promise<string> => {
    const xid = await nextTransactionId();
    if (xid !== state.xid || state.digest === '') state = { xid, digest: await fullFingerprint() };
    return state.digest;
};

const changedTables = (before: string, after: string) => {
    const old = new Set(before.split('\n'));
    return after
        .split('\n')
        .filter(line => !old.has(line))
        .map(line => line.split(':')[0]);
};

// ---------------------------------------------------------------------------------------------
// One generated case

type Part = 'params' | 'query' | 'body';

const partsOf = (call: CallDefinition): Part[] => (['params', 'query', 'body'] as const).filter(part => call[part] !== undefined);

interface Case {
    input: Partial<Record<Part, Wire | undefined>>;
}

/** A valid-ish input, then no change (about 1 in 5) or up to three bad ones. */
const caseArbitrary = (call: CallDefinition): fc.Arbitrary<Case> => {
    const parts = partsOf(call);
    const valid = fc.record(
        Object.fromEntries(parts.map(part => [part, validArbitrary(call[part] as NonNullable<CallDefinition[Part]>)])),
    );
    const changes = fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 4, arbitrary: fc.array(mutation, { minLength: 1, maxLength: 3 }) },
    );
    return fc.tuple(valid, changes).map(([input, mutations]) => {
        const result: Partial<Record<Part, Wire | undefined>> = { ...input };
        for (const change of mutations) {
            const part = parts[change.part % parts.length] as Part;
            result[part] = applyMutation(result[part], change, declaredKeys(call[part]), part === 'body');
        }
        return { input: result };
    });
};

let sourceSerial = 0;
/** A fresh source address per request; the development stand-ins answer loopback addresses only. */
const nextSource = (loopback: boolean) => {
    sourceSerial += 1;
    // Loopback for the stand-ins and the operator sign-in (which offers the stand-in page only to this machine).
    return `${loopback ? 127 : 10}.${(sourceSerial >> 16) & 255}.${(sourceSerial >> 8) & 255}.${sourceSerial & 255}`;
};

/** The refusals a client can act on: bad input, sign in, not allowed, not there, conflict, too large, too long, not JSON, slow down. */
const REFUSALS = new Set([400, 401, 403, 404, 409, 413, 414, 415, 429]);

/**
 * The fields the answer may name: those the call declares and those the request carried, `body`
 * itself when the body is not an object (a number, a list, a string: no field of it is at fault),
 * and for an upload call its `file` and `body`, the form itself (server/http.ts `readForm`: a form
 * that cannot be read, or holds a field named like an Object property, which the multipart parser
 * refuses without saying which). An upload's fields travel as a form, their names in UTF-8: a name
 * holding an unpaired surrogate arrives with U+FFFD in its place, and is named so.
 */
const asFormName = (name: string): string => Buffer.from(name, 'utf8').toString('utf8');

const fieldsOf = (call: CallDefinition, request: RawRequest): Set<string> =>
    new Set([
        ...(call.body !== undefined && !isWireObject(request.body) ? ['body'] : []),
        // Nesting too deep or too many values anywhere in it: the body as a whole is at fault (server/json.ts).
        ...(call.body !== undefined && request.body !== undefined && jsonShapeProblem(toJsonText(request.body)) ? ['body'] : []),
        ...(call.upload ? ['file', 'body'] : []),
        ...declaredKeys(call.params),
        ...declaredKeys(call.query),
        ...declaredKeys(call.body),
        ...fieldNamesIn(request.params),
        ...queryKeys(request.query ?? {}),
        ...(isWireObject(request.body) || Array.isArray(request.body)
            ? fieldNamesIn(request.body).map(name => (call.upload ? asFormName(name) : name))
            : []),
    ]);

/**
 * A field the input has or the schema declares, or a path into one (`$limit.1` for a repeated
 * query key, whose own name may hold dots). Empty only when the request itself carried a field
 * named '' (a forbidden character in it is named exactly so).
 */
const namesAField = (field: unknown, known: Set<string>): boolean =>
    typeof field === 'string' && (known.has(field) || [...known].some(name => name !== '' && field.startsWith(`${name}.`)));

/** What is wrong with an answer, or null. */
const problemWith = (
    call: CallDefinition,
    request: RawRequest,
    answer: RawAnswer,
    before: string,
    after: string,
): string | null => {
    const { status, json } = answer;
    if (status >= 500) return `answered ${status}`;
    if (status < 300) {
        const parsed = call.response.safeParse(json);
        return parsed.success ? null : `answered ${status} with a body the response schema refuses: ${parsed.error.message}`;
    }
    if (!REFUSALS.has(status)) return `answered ${status}, not a refusal the portal knows`;
    const error = apiError.safeParse(json);
    if (!error.success || error.data.code !== status)
        return `answered ${status} with a body that is not the contract's error shape`;
    if (status === 400) {
        const known = fieldsOf(call, request);
        if (!namesAField(error.data.field, known))
            return `answered 400 without naming a field of the input (field: ${JSON.stringify(error.data.field)})`;
        const unnamed = (error.data.errors ?? []).filter(entry => !namesAField(entry.field, known));
        if (unnamed.length > 0) return `answered 400 with errors[] entries that name no field: ${JSON.stringify(unnamed)}`;
    }
    const changed = changedTables(before, after);
    if (changed.length > 0) return `refused with ${status} ${error.data.key} but wrote to ${changed.join(', ')}`;
    return null;
};

const shortText = (text: string, length = 400) =>
    text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

const fuzzable = callEntries().filter(([, call]) => partsOf(call).length > 0);

describe('the generator', () => {
    it('knows every kind of schema the contract uses for input', () => {
        const unknown = fuzzable.flatMap(([name, call]) =>
            partsOf(call).flatMap(part =>
                [...kindsIn(call[part])].filter(kind => !KNOWN_KINDS.has(kind)).map(kind => `${name}.${part}: ${kind}`),
            ),
        );
        expect(unknown).toEqual([]);
    });

    it('checks every table a refusal may write to, by a name that exists', async () => {
        tables = await readTables();
        expect(tables.length).toBeGreaterThan(0);
        expect(Object.keys(REFUSALS_MAY_WRITE).filter(table => !tables.includes(table))).toEqual([]);
    });
});

describe(`bad input, ${RUNS} generated cases a call`, () => {
    for (const [name, call] of fuzzable) {
        it(`${name} (${call.method} ${call.path}) refuses bad input with a 4xx in the error shape, names the field, writes nothing`, async () => {
            if (tables.length === 0) tables = await readTables();
            // A case may end the admin's session one day (a call that disables users, say): sign in again.
            if ((await server.call(myRoles, { token: adminToken })).status !== 200) adminToken = await signInAs(server, 'admin');
            const token = call.access === 'public' ? null : adminToken;
            let last = await fingerprint();
            let cases = 0;
            await fc.assert(
                // Each shrink step is a request: a bounded number keeps a failing run short, still small enough to read.
                fc.asyncProperty(fc.limitShrink(caseArbitrary(call), 40), async ({ input }) => {
                    cases += 1;
                    const request: RawRequest = {
                        ...(isWireObject(input.params) ? { params: input.params } : {}),
                        ...(isWireObject(input.query) ? { query: input.query } : {}),
                        ...(input.body !== undefined ? { body: input.body } : {}),
                        token,
                        remoteAddress: nextSource(isDevCall(name) || name === 'startOperatorSignIn'),
                    };
                    const before = last;
                    const answer = await sendRaw(server, call, request);
                    const after = await fingerprint();
                    last = after;
                    const problem = problemWith(call, request, answer, before, after);
                    if (problem) {
                        const sent = request.body === undefined ? '' : ` body ${shortText(toJsonText(request.body))}`;
                        throw new Error(
                            `${call.method} ${shortText(answer.url, 300)}${sent} ${problem}\n    answer: ${answer.status} ${shortText(answer.text)}`,
                        );
                    }
                }),
                { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), ...(PATH ? { path: PATH } : {}) },
            );
            expect(cases).toBeGreaterThanOrEqual(RUNS);
        }, 120_000);
    }
});

// ---------------------------------------------------------------------------------------------
// Deep and wide bodies

const withBody = fuzzable.filter(([, call]) => call.body !== undefined);

/** Every call with a body gets these; they are refused before parsing, so they cost little. */
const SMALLER_SHAPES: [string, Wire][] = [
    [`lists ${MAX_JSON_DEPTH + 1} deep`, nestedLists(MAX_JSON_DEPTH + 1)],
    [`objects ${MAX_JSON_DEPTH + 1} deep`, nestedObjects(MAX_JSON_DEPTH + 1)],
    ['lists 5,000 deep', nestedLists(5000)],
    [`an object of ${MAX_JSON_VALUES + 1} keys`, wideObject(MAX_JSON_VALUES + 1)],
];

/** The largest (up to 600 kB each), to one call in eight and every public one: the refusal is the same for every call. */
const LARGEST_SHAPES: [string, Wire][] = [
    ['lists 100,000 deep', nestedLists(100_000)],
    ['objects 100,000 deep', nestedObjects(100_000)],
    ['an object of 100,000 keys', wideObject(100_000)],
];

describe('deep and wide bodies, to every call with a body', () => {
    for (const [index, [name, call]] of withBody.entries()) {
        const largest = index % 8 === 0 || call.access === 'public';
        it(`${name} (${call.method} ${call.path}) refuses ${largest ? 'bodies up to 100,000 deep or wide' : `bodies deeper than ${MAX_JSON_DEPTH} or wider than ${MAX_JSON_VALUES}`} with a 4xx naming the body, writes nothing`, async () => {
            if (tables.length === 0) tables = await readTables();
            if ((await server.call(myRoles, { token: adminToken })).status !== 200) adminToken = await signInAs(server, 'admin');
            const token = call.access === 'public' ? null : adminToken;
            // A body the call would take, with one of its fields nested far too deep.
            const [valid] = fc.sample(validArbitrary(call.body as NonNullable<CallDefinition['body']>), {
                numRuns: 1,
                seed: index,
            });
            const field = declaredKeys(call.body)[0];
            const inside: [string, Wire][] =
                isWireObject(valid) && field !== undefined
                    ? [[`${field} nested 1,000 deep`, { ...valid, [field]: nestedLists(1000) }]]
                    : [];
            const params = Object.fromEntries(declaredKeys(call.params).map(key => [key, '1']));
            for (const [what, body] of [...SMALLER_SHAPES, ...inside, ...(largest ? LARGEST_SHAPES : [])]) {
                const request: RawRequest = {
                    params,
                    body,
                    token,
                    remoteAddress: nextSource(isDevCall(name) || name === 'startOperatorSignIn'),
                };
                const before = await fingerprint();
                const answer = await sendRaw(server, call, request);
                const after = await fingerprint();
                expect(problemWith(call, request, answer, before, after), what).toBeNull();
                // An upload call takes a form: a JSON body is refused as such (415) or by its shape (400), and
                // an object body goes as a form whose fields are text, judged field by field.
                expect(call.upload ? [400, 415] : [400], `${what}: ${answer.text.slice(0, 200)}`).toContain(answer.status);
                if (answer.status === 400 && !call.upload) expect(apiError.parse(answer.json).field, what).toBe('body');
            }
        }, 60_000);
    }
});
