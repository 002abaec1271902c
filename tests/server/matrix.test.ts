/**
 * The authorization matrix: every call of the contract (and the development stand-ins) made by
 * every demo account and by a caller who is not signed in, with an input the call accepts. What
 * each caller must get follows from the call's `access` and the roles the server says the caller's
 * group holds (GET /authentication/roles), never from a copy of the seed's lists:
 *
 * - not signed in: 401 `errors.not_signed_in`, unless the call is public;
 * - signed in without the role: 403 `errors.forbidden`;
 * - allowed: anything but 401 and `errors.forbidden` (a business rule may still refuse with 403,
 *   e.g. `errors.own_group`), and never a 5xx.
 *
 * A call's input is derived from its own schemas (derivedInputs.ts: lists, lookups, ids that name
 * nothing) unless it has a row in ROWS: a row is written only where the call needs a fixture (a
 * record the caller must reach, a code it must know, a fresh name), and where a business rule
 * would refuse a derived input before the call had proved it lets the caller in. A derived input
 * an allowed caller is refused with 400 fails its test: the call needs a row. A call that is
 * neither derivable nor in ROWS, and a row for a call not in the contract, fail the check below.
 *
 * The mount decides 401 and 403 before it reads or validates the input (server/http.ts), so no
 * input, derived or written, can stand in the way of the role check.
 */
import { writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_VIEW_ROLES, CUSTOMER_VIEWS } from '../../contract/customers';
import { customers } from '../../server/db/schema';
import { login, myRoles } from '../../contract/auth';
import type { Access, CallDefinition, CallInput } from '../../contract/define';
import { ROLE_CODES } from '../../contract/roles';
import { listPhoneModels } from '../../contract/inventory';
import { OTP, OTP_SMS_PER_HOUR } from '../../server/domain/auth/otp';
import { createAdminGroup, listAdminGroups, listAdminRoles } from '../../contract/security';
import { createAdmin, listAdmins } from '../../contract/users';
import { register, registrationOptions } from '../../contract/registration';
import { PASSWORD, startTestServer, type CallOptions, type CallResult, type TestServer } from './harness';
import { freshImei, makeCustomer } from './customerFixtures';
import { plantQuote, SALE_SKU, stockItem } from './originationFixtures';
import { identityValidation, uploadImage, type KycImageKind } from '../../contract/kyc';
import { luhnValid } from '../../server/domain/kyc/identity';
import { png } from '../e2e/fixtures/kycImages';
import { DEMO_USERNAMES, callEntries, everyCall, signInAs, type CallName } from './contractCases';
import { derivedInput } from './derivedInputs';

let server: TestServer;

const SIGNED_OUT = 'signed-out';
/** Everyone the matrix calls as: no one, then every demo account. */
const CALLERS = [SIGNED_OUT, ...DEMO_USERNAMES];

/** Each demo account's token (signed in once) and the role codes the server says it holds. */
const tokens = new Map<string, string>();
const rolesOf = new Map<string, ReadonlySet<string>>();

/** Ids the rows need, read through the API as admin. */
const ids = { analytics: 0, soweto: 0, role: new Map<string, number>() };

beforeAll(async () => {
    server = await startTestServer();
    // One at a time: `secure` reads its code from the outbox, and scrypt gains nothing in parallel on two cores.
    for (const username of DEMO_USERNAMES) {
        const token = await signInAs(server, username);
        tokens.set(username, token);
        const { status, body } = await server.call(myRoles, { token });
        if (status !== 200) throw new Error(`Could not read the roles of ${username}: ${status}`);
        rolesOf.set(username, new Set(body.data.map(row => row.admin_role.code)));
    }
    const groups = await asAdmin(listAdminGroups, { query: { $limit: 1000 } });
    ids.analytics = groups.data.find(group => group.name === 'Analytics')?.id ?? 0;
    const roles = await asAdmin(listAdminRoles, { query: { $limit: 1000 } });
    for (const role of roles.data) ids.role.set(role.code, role.id);
    const { stores } = await asAdmin(registrationOptions, {});
    ids.soweto = stores.find(store => store.name === 'Soweto Central')?.id ?? 0;
}, 120_000);
afterAll(async () => {
    await server?.close();
    // MATRIX_TABLE=<file>: every answer, one `call caller status key` line each, to compare two runs.
    const table = process.env.MATRIX_TABLE;
    if (table) {
        const lines = [...answers].flatMap(([name, list]) =>
            list.map(each => `${name}\t${each.caller}\t${each.status}\t${each.key}`),
        );
        await writeFile(table, `${lines.sort().join('\n')}\n`);
    }
});

/** Setup done as admin, outside what is being checked: it must succeed. */
const asAdmin = async <C extends CallDefinition>(call: C, options: CallOptions<C>): Promise<CallResult<C>['body']> => {
    const result = await server.call(call, { ...options, token: tokens.get('admin') });
    if (result.status >= 300) {
        throw new Error(`Setup ${call.method} ${call.path} failed: ${result.status} ${JSON.stringify(result.error)}`);
    }
    return result.body;
};

// ---------------------------------------------------------------------------------------------
// The rows: inputs written by hand, for the calls that need a fixture

interface RowContext {
    caller: string;
    /** Unique per row built, for names, usernames and phone numbers that must not repeat. */
    serial: number;
    /** A source address of this row's own, so per-source throttles never count other rows. */
    remoteAddress: string;
}

/** A request the call accepts from a caller it allows. */
type RowInput<C extends CallDefinition> = CallInput<C> & { remoteAddress?: string; files?: CallOptions['files'] };

interface Row<C extends CallDefinition> {
    input(context: RowContext): RowInput<C> | Promise<RowInput<C>>;
    /** The call ends the caller's session: it runs after every other call. */
    endsSession?: true;
}

/** A new group no demo account belongs to, so changing its roles breaks no other row. */
const freshGroup = async (context: RowContext) =>
    (await asAdmin(createAdminGroup, { body: { name: `Matrix scratch ${context.caller} ${context.serial}` } })).id;

/** A demo customer of the seed (README, "Demo customers") with an active loan, whom every customer view shows. */
const DEMO_ACTIVE = '27710000001';

const uniqueUsername = (context: RowContext) => `matrix.${context.caller}.${context.serial}`;
const uniqueMsisdn = (context: RowContext) => `27849${String(context.serial).padStart(6, '0')}`;

/** A new portal user for a row that changes one: in the Analytics group, or as `options` say. */
const freshUser = async (context: RowContext, options: { group?: string; storeId?: number } = {}) => {
    const groups = options.group ? (await asAdmin(listAdminGroups, { query: { $limit: 1000 } })).data : [];
    const created = await asAdmin(createAdmin, {
        body: {
            username: uniqueUsername(context),
            first_name: 'Matrix',
            last_name: 'Subject',
            msisdn: uniqueMsisdn(context),
            group_id: groups.find(group => group.name === options.group)?.id ?? ids.analytics,
            store_id: options.storeId,
            password: 'a-long-password-1',
        },
    });
    return created.id;
};
/** A new sales agent of Soweto Central, whose first name is Matrix. */
const freshAgent = (context: RowContext) => freshUser(context, { group: 'Sales Agent', storeId: ids.soweto });
const adminIdOf = async (username: string) =>
    (await asAdmin(listAdmins, { query: { q: username, $limit: 50 } })).data.find(row => row.username === username)?.id ?? 0;
const storeIdOf = async (name: string) =>
    (await asAdmin(registrationOptions, {})).stores.find(store => store.name === name)?.id ?? 0;
const firstSku = async () => (await asAdmin(listPhoneModels, { body: {} })).models[0]?.sku ?? '';

/**
 * A second-factor sign-in waiting for its code, for resendOtp's rows. A phone gets 5 codes an hour
 * and a sign-in 5 sends, the first included: each sign-in of a fresh account serves the next 4 rows,
 * so no row meets those limits and few rows pay for a password hash.
 */
let pending: { authId: string; resendsLeft: number } | undefined;
const pendingSignIn = async (context: RowContext): Promise<string> => {
    if (!pending || pending.resendsLeft === 0) {
        const username = uniqueUsername(context);
        const password = 'a-long-password-1';
        await asAdmin(createAdmin, {
            body: {
                username,
                first_name: 'Matrix',
                last_name: 'Second Factor',
                msisdn: uniqueMsisdn(context),
                group_id: ids.analytics,
                password,
                otp_enabled: true,
            },
        });
        const started = await server.call(login, { body: { username, password }, remoteAddress: context.remoteAddress });
        if (!('otp_required' in started.body)) throw new Error(`No second factor for ${username}: ${started.status}`);
        pending = { authId: started.body.auth_id, resendsLeft: Math.min(OTP_SMS_PER_HOUR, OTP.maxSends) - 1 };
    }
    pending.resendsLeft -= 1;
    return pending.authId;
};

/**
 * A KYC submission's body for a new person, with documents uploaded and identity checked as
 * `username` (a submission names only its maker's own uploads and checks).
 */
const kycDetailsOf = async (username: string, context: RowContext) => {
    const token = tokens.get(username);
    const image = async (kind: KycImageKind) =>
        (
            await server.call(uploadImage, {
                body: { kind },
                files: [{ name: 'k.png', type: 'image/png', bytes: png(480, 640) }],
                token,
            })
        ).body?.id ?? '00000000-0000-4000-8000-000000000000';
    const body12 = `800101${String(context.serial % 5000).padStart(4, '0')}08`;
    const person = {
        first_name: 'Matrix',
        last_name: 'Kyc',
        id_type: 'national_id' as const,
        id_number: body12 + ([...'0123456789'].find(digit => luhnValid(body12 + digit)) ?? '0'),
        date_of_birth: `19${body12.slice(0, 2)}-${body12.slice(2, 4)}-${body12.slice(4, 6)}`,
    };
    const checked = await server.call(identityValidation, { body: person, token });
    return {
        ...person,
        msisdn: uniqueMsisdn(context),
        customer_type: 'normal' as const,
        channel: 'shop' as const,
        address: { town: 'Soweto' },
        images: { id_front: await image('id_front'), id_back: await image('id_back'), selfie: await image('selfie') },
        identity_reference: checked.body?.reference ?? 'none',
    };
};

/** A one-payment statement of the row's own (its reference and payer unique to the row). */
const statementFile = (context: RowContext) => ({
    name: 'statement.csv',
    type: 'text/csv',
    bytes: Buffer.from(`date,amount,reference,msisdn\n2026-03-02,10,MATRIX-${context.serial},${uniqueMsisdn(context)}\n`),
});

/**
 * The calls whose input cannot be derived, each with why: a fixture the call must find (a pending
 * sign-in, a fresh group, a stock phone, the caller's own quote), a name or number that must be
 * new, a file, or a business rule that would refuse a derived input first (400 for a store or SKU
 * that does not exist, 403 for a view or scope the caller's roles do not open). Every other call's
 * input is derived from its schemas (see the header).
 */
/** An export's columns and reader (contract/exports.ts). */
const exportBody = {
    columns: [{ title: 'Id', field: 'id' }],
    locale: 'en' as const,
    time_zone: 'Africa/Johannesburg',
    file_name: 'export',
};

const ROWS = {
    // Sign-in: a right password and a live pending sign-in (a wrong one is a 401, which an allowed caller must never get).
    login: {
        // A right password (a wrong one is a 401, which an allowed caller must never get).
        input: context => ({ body: { username: 'analyst', password: PASSWORD }, remoteAddress: context.remoteAddress }),
    },
    resendOtp: { input: async context => ({ body: { auth_id: await pendingSignIn(context) } }) },
    // The development operator answers one provider; the call ends the caller's session.
    startOperatorSignIn: { input: () => ({ body: { provider: 'mno' } }) },
    logout: { input: () => ({}), endsSession: true },
    // Each caller's own password, once: the other sessions it ends are the login row's, never a token in use.
    changeOwnPassword: { input: () => ({ body: { current_password: PASSWORD, new_password: `${PASSWORD}-changed` } }) },
    // Administration: a group and a user of their own, with names not yet taken.
    addGroupRole: {
        input: async context => ({ body: { group_id: await freshGroup(context), role_id: ids.role.get('VIEW_USERS') ?? 0 } }),
    },
    createAdmin: {
        input: context => ({
            body: {
                username: uniqueUsername(context),
                first_name: 'Matrix',
                last_name: 'User',
                msisdn: uniqueMsisdn(context),
                email: `${uniqueUsername(context)}@portal.example`,
                group_id: ids.analytics,
                password: 'a-long-password-1',
            },
        }),
    },
    // Registration: a store that exists, and a photo.
    register: {
        input: context => ({
            body: {
                username: uniqueUsername(context),
                first_name: 'Matrix',
                last_name: 'Agent',
                msisdn: uniqueMsisdn(context),
                store_id: ids.soweto,
                password: 'a-long-password-1',
            },
            // Registration allows 5 an hour per source: each row comes from its own.
            remoteAddress: context.remoteAddress,
        }),
    },
    // The photo step of a fresh registration (its token), and the photo of a fresh registration's request.
    registerLiveness: {
        input: async context => {
            const registered = await server.call(register, {
                body: {
                    username: uniqueUsername(context),
                    first_name: 'Matrix',
                    last_name: 'Live',
                    msisdn: uniqueMsisdn(context),
                    store_id: ids.soweto,
                    password: 'a-long-password-1',
                },
                remoteAddress: context.remoteAddress,
            });
            return {
                body: { registration_token: registered.body.registration_token },
                files: [{ name: 'live.png', type: 'image/png', bytes: png(480, 640) }],
                remoteAddress: context.remoteAddress,
            };
        },
    },
    // The view the caller's roles open (another is refused with errors.forbidden, whatever the id).
    customerByPublicId: {
        input: async context => {
            const roles = rolesOf.get(context.caller) ?? new Set();
            const view = CUSTOMER_VIEWS.find(each => roles.has(CUSTOMER_VIEW_ROLES[each])) ?? 'staff';
            const [row] = await server.db
                .select({ id: customers.publicId })
                .from(customers)
                .where(eq(customers.msisdn, DEMO_ACTIVE));
            return { params: { public_id: row?.id ?? '' }, query: { view } };
        },
    },
    // A fresh customer per row: a customer is awarded data once in 30 days.
    awardCustomerData: {
        input: async () => ({
            body: { msisdn: (await makeCustomer(server.db)).msisdn, bundle_mb: 500, reason: 'Paid every instalment early' },
        }),
    },
    // Loan origination: a phone in stock at a store that exists, and a quote of the caller's own.
    imeiValidationCheck: {
        input: async () => ({ body: { imei: await stockItem(server.db), sku: SALE_SKU, store_id: ids.soweto } }),
    },
    loanQuote: {
        input: async () => ({
            body: {
                msisdn: (await makeCustomer(server.db)).msisdn,
                sku: SALE_SKU,
                imei: await stockItem(server.db),
                store_id: ids.soweto,
                channel: 'shop',
            },
        }),
    },
    // On a quote of the caller's own (as loan_quote issues it), for a fresh customer and phone.
    createLoan: {
        input: async context => {
            const customer = await makeCustomer(server.db);
            const imei = await stockItem(server.db);
            const adminId = await adminIdOf(context.caller === SIGNED_OUT ? 'admin' : context.caller);
            const quoteId = await plantQuote(server.db, {
                adminId,
                customerId: customer.id,
                imei,
                storeId: ids.soweto,
                now: server.clock.now(),
            });
            return {
                body: { msisdn: customer.msisdn, sku: SALE_SKU, imei, store_id: ids.soweto, channel: 'shop', quote_id: quoteId },
            };
        },
    },
    // Stores, agents and inventory: a new store name, an agent to move, a SKU of the catalogue.
    createStore: {
        input: context => ({
            body: {
                name: `Matrix store ${context.caller} ${context.serial}`,
                region: 'Gauteng',
                town: 'Johannesburg',
                latitude: -26.2,
                longitude: 28.04,
            },
        }),
    },
    transferAgent: {
        input: async context => ({
            body: {
                agent_id: String(await freshAgent(context)),
                agent_firstname: 'Matrix',
                agent_store_id: String(await storeIdOf('Durban Marine Parade')),
            },
        }),
    },
    addInventoryItem: { input: async () => ({ body: { sku: await firstSku(), imei: freshImei(), store_id: ids.soweto } }) },
    previewPhonePrices: {
        input: async () => ({
            body: { prices: [{ sku: await firstSku(), cash_price: 999, deposit: 99, instalment_amount: 49 }] },
        }),
    },
    updatePhonePrices: {
        input: async () => ({
            body: { prices: [{ sku: await firstSku(), cash_price: 1999, deposit: 199, instalment_amount: 99 }] },
        }),
    },
    // KYC: an image, an id number of the right form, the caller's own uploads and check.
    uploadImage: { input: () => ({ body: { kind: 'id_back' } }) },
    idValidationCheck: {
        input: context => ({
            body: {
                id_type: 'passport',
                id_number: `MX${String(context.serial).padStart(6, '0')}`,
                msisdn: uniqueMsisdn(context),
            },
        }),
    },
    // Made with the caller's own uploads and check; a caller without ADD_LOAN is refused before they matter.
    kycDetails: { input: async context => ({ body: await kycDetailsOf(context.caller, context) }) },
    // Money: a statement file of the row's own.
    reconcileDeposits: { input: context => ({ body: { channel: 'mpesa' as const }, files: [statementFile(context)] }) },
    // Analytics: a scope every analytics role may list (a region is refused to a shop-attached caller, 403).
    biScopeOptions: { input: () => ({ params: { scope: 'shop' as const }, query: { q: 'soweto' } }) },
    // Exports: a time zone that exists (the schema's pattern alone lets through names Intl does not know).
    exportInventory: { input: () => ({ body: { filter: {}, ...exportBody } }) },
    exportAdmins: { input: () => ({ body: { filter: {}, ...exportBody } }) },
    exportAudit: { input: () => ({ body: { filter: {}, ...exportBody } }) },
} satisfies { [Name in CallName]?: Row<(typeof everyCall)[Name]> };

type AnyRow = { input(context: RowContext): CallOptions | Promise<CallOptions>; endsSession?: true };
/** A row seen without its call's types, to run it; none for a call whose input is derived. */
const rowOf = (name: CallName): AnyRow | undefined => (ROWS as Partial<Record<string, AnyRow>>)[name];

/** The input of each call without a row, made once from its schemas; undefined where none could be made. */
const DERIVED = new Map(
    callEntries()
        .filter(([name]) => !rowOf(name))
        .map(([name, call]) => [name, derivedInput(call)] as const),
);

// ---------------------------------------------------------------------------------------------
// What each caller must get

type Expectation = 'allowed' | 'not signed in' | 'forbidden';

/** Written out here rather than taken from contract/define.ts, so a fault there cannot hide itself. */
const expectationFor = (access: Access, roles: ReadonlySet<string> | undefined): Expectation => {
    if (access === 'public') return 'allowed';
    if (roles === undefined) return 'not signed in';
    if (access === 'signed-in') return 'allowed';
    const needed: readonly string[] = typeof access === 'string' ? [access] : access;
    return needed.some(code => roles.has(code)) ? 'allowed' : 'forbidden';
};

const accessText = (access: Access) => (typeof access === 'string' ? access : `any of ${access.join(', ')}`);

let serial = 0;

/** Every answer of the matrix, for the check that each row is a request the call accepts. */
const answers = new Map<CallName, { caller: string; expectation: Expectation; status: number; key: string }[]>();

const runRow = async (name: CallName, call: CallDefinition, caller: string) => {
    serial += 1;
    const context: RowContext = { caller, serial, remoteAddress: `10.77.${serial >> 8}.${serial & 255}` };
    const row = rowOf(name);
    const token = caller === SIGNED_OUT ? null : tokens.get(caller);
    if (!row) {
        const derived = DERIVED.get(name);
        if (!derived) throw new Error(`${name}: no input could be derived from its schemas; add a row to ROWS`);
        const result = await server.callUnchecked(call, { ...derived, token, remoteAddress: context.remoteAddress });
        return { status: result.status, error: result.error };
    }
    const { remoteAddress, ...input } = await row.input(context);
    const result = await server.call(call, { ...input, token, ...(remoteAddress ? { remoteAddress } : {}) });
    return { status: result.status, error: result.error };
};

describe('the contract', () => {
    it('says who may make every call: public, signed-in, or role codes of the catalog', () => {
        const known = new Set<string>(ROLE_CODES);
        const faults = callEntries().flatMap(([name, call]) => {
            const access: unknown = call.access;
            if (access === 'public' || access === 'signed-in') return [];
            if (typeof access === 'string') return known.has(access) ? [] : [`${name}: unknown role code ${access}`];
            if (Array.isArray(access)) {
                if (access.length === 0) return [`${name}: an empty list of role codes (nobody could call it)`];
                return access.filter(code => !known.has(String(code))).map(code => `${name}: unknown role code ${String(code)}`);
            }
            return [`${name}: access is ${JSON.stringify(access)}`];
        });
        expect(faults).toEqual([]);
    });

    it('has an input in the matrix for every call, a row or one derived from its schemas, and no row for a call it lacks', () => {
        const missing = callEntries()
            .map(([name]) => name)
            .filter(name => !rowOf(name) && DERIVED.get(name) === undefined);
        const stale = Object.keys(ROWS).filter(name => !Object.hasOwn(everyCall, name));
        expect({ missing, stale }).toEqual({ missing: [], stale: [] });
    });
});

// Calls that end the caller's session go last, so every other call still has a live token.
const endsSession = (name: CallName) => Number(rowOf(name)?.endsSession === true);
const ordered = callEntries().sort(([a], [b]) => endsSession(a) - endsSession(b));

for (const [name, call] of ordered) {
    describe(`${name} (${call.method} ${call.path}, ${accessText(call.access)})`, () => {
        for (const caller of CALLERS) {
            it(`as ${caller}: answers what the access and the caller's roles say`, async () => {
                const expectation = expectationFor(call.access, caller === SIGNED_OUT ? undefined : rolesOf.get(caller));
                const { status, error } = await runRow(name, call, caller);
                answers.set(name, [...(answers.get(name) ?? []), { caller, expectation, status, key: error?.key ?? '' }]);
                const answer = `${status} ${error?.key ?? ''}`;
                expect(status, `${name} as ${caller} (${expectation}) answered ${answer}: never a 5xx`).toBeLessThan(500);
                if (expectation === 'not signed in') {
                    expect([status, error?.key], `${name} as ${caller} must be refused as not signed in`).toEqual([
                        401,
                        'errors.not_signed_in',
                    ]);
                } else if (expectation === 'forbidden') {
                    expect([status, error?.key], `${name} as ${caller} lacks ${accessText(call.access)}`).toEqual([
                        403,
                        'errors.forbidden',
                    ]);
                } else {
                    expect(status, `${name} as ${caller} is allowed but answered ${answer}`).not.toBe(401);
                    expect(error?.key, `${name} as ${caller} is allowed but answered ${answer}`).not.toBe('errors.forbidden');
                    // A refusal of the input would stand where the call's own answer should: derived ones must be valid.
                    if (!rowOf(name)) {
                        expect(status, `${name} as ${caller}: its derived input was refused (${answer}); add a row`).not.toBe(
                            400,
                        );
                    }
                }
            });
        }

        const hasRow = rowOf(name) !== undefined;
        const judged = hasRow
            ? 'has a row the call accepts: some allowed caller gets a 2xx'
            : 'has a derived input the call accepts';
        it(judged, context => {
            const recorded = answers.get(name) ?? [];
            // Run with a filter (-t) that left out some callers: too little to judge the row by.
            if (recorded.length < CALLERS.length) return context.skip();
            const allowed = recorded.filter(answer => answer.expectation === 'allowed');
            expect(allowed.length, `${name}: no demo account may call it, so the matrix proves nothing`).toBeGreaterThan(0);
            if (hasRow) {
                expect(
                    allowed.filter(answer => answer.status < 300),
                    JSON.stringify(allowed),
                ).not.toEqual([]);
            } else {
                // A derived input may name nothing (a 404), but is never refused as input (a 400).
                expect(
                    allowed.filter(answer => answer.status === 400),
                    JSON.stringify(allowed),
                ).toEqual([]);
            }
        });
    });
}
