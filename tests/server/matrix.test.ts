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
 * A call added to the contract without a row in ROWS does not compile; one added with a cast
 * fails the runtime twin of that check below.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_VIEW_ROLES, CUSTOMER_VIEWS } from '../../contract/customers';
import { customers } from '../../server/db/schema';
import { login, myRoles } from '../../contract/auth';
import type { Access, CallDefinition, CallInput } from '../../contract/define';
import { ROLE_CODES } from '../../contract/roles';
import { listPhoneModels } from '../../contract/inventory';
import { OTP, OTP_SMS_PER_HOUR } from '../../server/domain/auth/otp';
import { addGroupRole, createAdminGroup, listAdminGroups, listAdminRoles } from '../../contract/security';
import { createAdmin, listAdmins } from '../../contract/users';
import { register, registrationOptions } from '../../contract/registration';
import {
    type ApprovalKind,
    listServiceTransactions,
    requestImeiChange,
    requestLoanDeactivation,
    requestLoanTransfer,
} from '../../contract/approvals';
import { PASSWORD, startTestServer, type CallOptions, type CallResult, type TestServer } from './harness';
import { freshImei, makeCustomer, makeLoan, makeVivoCode, VIVO_TEST_CODE } from './customerFixtures';
import { makeSale, plantQuote, plantSaleCode, SALE_SKU, SALE_TEST_CODE, stockItem } from './originationFixtures';
import { offlineUnlockPin } from '../../contract/devices';
import { DEMO_CUSTOMERS } from '../../server/seed/customers';
import { identityValidation, kycDetails, uploadImage, type KycImageKind } from '../../contract/kyc';
import { luhnValid } from '../../server/domain/kyc/identity';
import { png } from '../e2e/fixtures/kycImages';
import { DEMO_USERNAMES, callEntries, everyCall, signInAs, type CallName } from './contractCases';
import { reconcileDeposits, requestTpiReversal } from '../../contract/money';
import { makeClaim, makeSuspense } from './moneyFixtures';

let server: TestServer;

const SIGNED_OUT = 'signed-out';
/** Everyone the matrix calls as: no one, then every demo account. */
const CALLERS = [SIGNED_OUT, ...DEMO_USERNAMES];

/** Each demo account's token (signed in once) and the role codes the server says it holds. */
const tokens = new Map<string, string>();
const rolesOf = new Map<string, ReadonlySet<string>>();

/** Ids the rows need, read through the API as admin. */
const ids = { portalStaff: 0, analytics: 0, soweto: 0, role: new Map<string, number>() };

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
    ids.portalStaff = groups.data.find(group => group.name === 'Portal Staff')?.id ?? 0;
    ids.analytics = groups.data.find(group => group.name === 'Analytics')?.id ?? 0;
    const roles = await asAdmin(listAdminRoles, { query: { $limit: 1000 } });
    for (const role of roles.data) ids.role.set(role.code, role.id);
    const { stores } = await asAdmin(registrationOptions, {});
    ids.soweto = stores.find(store => store.name === 'Soweto Central')?.id ?? 0;
}, 120_000);
afterAll(() => server?.close());

/** Setup done as admin, outside what is being checked: it must succeed. */
const asAdmin = async <C extends CallDefinition>(call: C, options: CallOptions<C>): Promise<CallResult<C>['body']> => {
    const result = await server.call(call, { ...options, token: tokens.get('admin') });
    if (result.status >= 300) {
        throw new Error(`Setup ${call.method} ${call.path} failed: ${result.status} ${JSON.stringify(result.error)}`);
    }
    return result.body;
};

// ---------------------------------------------------------------------------------------------
// One valid input per call

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

/** Demo customers of the seed (README, "Demo customers"), by what they show. */
const DEMO = {
    active: '27710000001',
    noLoan: '27710000005',
    fieldAgents: '27710000006',
    digitalAssisted: '27710000007',
    lockedImei: DEMO_CUSTOMERS.find(customer => customer.msisdn === '27710000002')?.loan?.imei ?? '',
};

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
/** The demo sales agent (`agent`, of Soweto Central). */
const demoAgentId = () => adminIdOf('agent');
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

/** A request waiting for a checker, made by `maker` on a fresh loan (or a fresh agent's registration). */
const pendingRequest = async (kind: ApprovalKind, context: RowContext): Promise<number> => {
    if (kind === 'agent_registration') {
        const username = uniqueUsername(context);
        const body = {
            username,
            first_name: 'Matrix',
            last_name: 'Registrant',
            msisdn: uniqueMsisdn(context),
            store_id: ids.soweto,
            password: 'a-long-password-1',
        };
        await server.call(register, { body, remoteAddress: context.remoteAddress });
        const waiting = await asAdmin(listServiceTransactions, { query: { q: username, $limit: 5 } });
        return waiting[0]?.id ?? 0;
    }
    const loanReference = (await makeLoan(server.db)).loanReference;
    const token = tokens.get('maker');
    const raised =
        kind === 'deregistration'
            ? await server.call(requestLoanDeactivation, { body: { loan_reference: loanReference, reason: 'Returned' }, token })
            : kind === 'imei_change'
              ? await server.call(requestImeiChange, {
                    body: { loan_reference: loanReference, new_imei: freshImei(), reason: 'Replacement' },
                    token,
                })
              : await server.call(requestLoanTransfer, {
                    body: {
                        loan_reference: loanReference,
                        new_msisdn: (await makeCustomer(server.db)).msisdn,
                        reason: 'Sold to a relative',
                    },
                    token,
                });
    if (raised.status !== 201) throw new Error(`Setup ${kind} request failed: ${raised.status} ${JSON.stringify(raised.error)}`);
    return raised.body.pending_requests.find(request => request.kind === kind)?.id ?? 0;
};
/** A sale the row's caller made (admin's for a caller the call refuses first): only its seller or shop acts on it. */
const saleOf = async (context: RowContext, status: 'draft' | 'awaiting_deposit' = 'draft') =>
    makeSale(server.db, { agentId: await adminIdOf(context.caller === SIGNED_OUT ? 'admin' : context.caller), status });
/** A draft sale of the caller's with codes waiting that the row knows (SALE_TEST_CODE); answers its reference. */
const saleWithCodes = async (context: RowContext, kinds: readonly ('customer' | 'agent')[]) => {
    const sale = await saleOf(context);
    const agentId = sale.loan.agentAdminId ?? undefined;
    for (const kind of kinds) await plantSaleCode(server.db, sale.loan.id, kind, { adminId: agentId, now: server.clock.now() });
    return sale.loanReference;
};
const approve = async (kind: ApprovalKind, context: RowContext) => ({
    body: { request_id: await pendingRequest(kind, context), decision: 'approve' as const },
});
/** A reversal of a fresh paid claim, asked for by `maker`, waiting for a checker. */
const pendingReversal = async (): Promise<number> => {
    const { claim } = await makeClaim(server.db);
    const asked = await server.call(requestTpiReversal, {
        body: { claim_id: claim.id, reason: 'Asked by the matrix' },
        token: tokens.get('maker'),
    });
    if (asked.status !== 201) throw new Error(`Setup reversal request failed: ${asked.status} ${JSON.stringify(asked.error)}`);
    return asked.body.reversal.id;
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
/** A pending KYC submission made by the demo agent (so every checker may decide it). */
const kycSubmission = async (context: RowContext) => {
    const made = await server.call(kycDetails, { body: await kycDetailsOf('agent', context), token: tokens.get('agent') });
    if (made.status !== 201) throw new Error(`Setup KYC submission failed: ${made.status} ${JSON.stringify(made.error)}`);
    return made.body.kyc;
};

/** A one-payment statement of the row's own (its reference and payer unique to the row). */
const statementFile = (context: RowContext) => ({
    name: 'statement.csv',
    type: 'text/csv',
    bytes: Buffer.from(`date,amount,reference,msisdn\n2026-03-02,10,MATRIX-${context.serial},${uniqueMsisdn(context)}\n`),
});

/** A quarter of the demo's sales history, for the analytics rows. */
const ANALYTICS_PERIOD = { from: '2026-01-01', to: '2026-03-31', scope: 'all' as const };

const ROWS = {
    login: {
        // A right password (a wrong one is a 401, which an allowed caller must never get).
        input: context => ({ body: { username: 'analyst', password: PASSWORD }, remoteAddress: context.remoteAddress }),
    },
    resendOtp: { input: async context => ({ body: { auth_id: await pendingSignIn(context) } }) },
    startOperatorSignIn: { input: () => ({ body: { provider: 'mno' } }) },
    logout: { input: () => ({}), endsSession: true },
    // Each caller's own password, once: the other sessions it ends are the login row's, never a token in use.
    changeOwnPassword: { input: () => ({ body: { current_password: PASSWORD, new_password: `${PASSWORD}-changed` } }) },
    myRoles: { input: () => ({}) },
    health: { input: () => ({}) },
    systemCheck: { input: () => ({}) },
    listAdminGroups: { input: () => ({ query: { $limit: 5, $sort: 'name', q: 'a' } }) },
    getAdminGroup: { input: () => ({ params: { id: ids.portalStaff } }) },
    createAdminGroup: {
        input: context => ({
            body: { name: `Matrix ${context.caller} ${context.serial}`, description: 'Made by the access matrix' },
        }),
    },
    listAdminRoles: { input: () => ({ query: { q: 'VIEW', $limit: 100 } }) },
    listGroupRoles: { input: () => ({ query: { group_id: ids.portalStaff } }) },
    addGroupRole: {
        input: async context => ({ body: { group_id: await freshGroup(context), role_id: ids.role.get('VIEW_USERS') ?? 0 } }),
    },
    removeGroupRole: {
        input: async context => {
            const groupId = await freshGroup(context);
            const added = await asAdmin(addGroupRole, { body: { group_id: groupId, role_id: ids.role.get('VIEW_USERS') ?? 0 } });
            return { params: { id: added.id } };
        },
    },
    listAdmins: { input: () => ({ query: { status: 'active', $sort: '-created_at' } }) },
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
    registrationOptions: { input: () => ({}) },
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
    registrationCapture: {
        input: async context => ({ params: { id: String(await pendingRequest('agent_registration', context)) } }),
    },
    // Customers, loans and devices: the seeded demo customers for reads, a fresh loan per row for writes.
    findCustomer: { input: () => ({ body: { username: DEMO.active } }) },
    findFieldAgentCustomer: { input: () => ({ query: { find: 'fieldagent' }, body: { username: DEMO.fieldAgents } }) },
    // The view the caller's roles open (another is refused with errors.forbidden, whatever the id).
    customerByPublicId: {
        input: async context => {
            const roles = rolesOf.get(context.caller) ?? new Set();
            const view = CUSTOMER_VIEWS.find(each => roles.has(CUSTOMER_VIEW_ROLES[each])) ?? 'staff';
            const [row] = await server.db
                .select({ id: customers.publicId })
                .from(customers)
                .where(eq(customers.msisdn, DEMO.active));
            return { params: { public_id: row?.id ?? '' }, query: { view } };
        },
    },
    customerLimits: { input: () => ({ body: { msisdn: DEMO.active } }) },
    customerMessages: { input: () => ({ body: { msisdn: DEMO.active } }) },
    rateCall: { input: () => ({ body: { msisdn: DEMO.active, rating: 4, comment: 'Helpful call' } }) },
    customerCallRatings: { input: () => ({ body: { msisdn: DEMO.active } }) },
    customerDataAwards: { input: () => ({ body: { msisdn: DEMO.active } }) },
    // A fresh customer per row: a customer is awarded data once in 30 days.
    awardCustomerData: {
        input: async () => ({
            body: { msisdn: (await makeCustomer(server.db)).msisdn, bundle_mb: 500, reason: 'Paid every instalment early' },
        }),
    },
    convertCustomer: {
        input: async () => {
            const customer = await makeCustomer(server.db);
            return {
                body: {
                    msisdn: customer.msisdn,
                    customer_type: 'business',
                    business: {
                        business_name: 'Matrix Traders',
                        employee_count: 4,
                        industry_vertical: 'retail',
                        turnover_band: 'under_100k',
                        address: { town: 'Johannesburg' },
                    },
                },
            };
        },
    },
    digitalAssistedIdentification: { input: () => ({ body: { username: DEMO.digitalAssisted } }) },
    qualifiedDevices: { input: () => ({ body: { msisdn: DEMO.noLoan } }) },
    fieldAgentRequest: { input: () => ({ body: { action: 'fetch' } }) },
    customerLoans: { input: () => ({ body: { msisdn: DEMO.active } }) },
    depositTransactions: { input: () => ({ body: { msisdn: DEMO.active } }) },
    loanStatements: { input: () => ({ body: { loan_reference: 'LPP-000001' } }) },
    checkInsurance: { input: () => ({ body: { loan_reference: 'LPP-000001' } }) },
    requestLoanDeactivation: {
        input: async () => ({
            body: { loan_reference: (await makeLoan(server.db)).loanReference, reason: 'Customer returned the phone' },
        }),
    },
    requestImeiChange: {
        input: async () => ({
            body: {
                loan_reference: (await makeLoan(server.db)).loanReference,
                new_imei: freshImei(),
                reason: 'Replacement under warranty',
            },
        }),
    },
    requestLoanTransfer: {
        input: async () => ({
            body: {
                loan_reference: (await makeLoan(server.db)).loanReference,
                new_msisdn: DEMO.noLoan,
                reason: 'Sold to a relative',
            },
        }),
    },
    transferOwnerLookup: {
        input: async () => ({ body: { loan_reference: (await makeLoan(server.db)).loanReference, new_msisdn: DEMO.noLoan } }),
    },
    loanCancellationOptions: { input: () => ({ body: { loan_reference: 'LPP-000006' } }) },
    cancelLoan: {
        input: async () => ({
            body: {
                loan_reference: (await makeLoan(server.db, { status: 'awaiting_deposit' })).loanReference,
                reason: 'needs_more_time',
            },
        }),
    },
    deviceLockType: { input: () => ({ body: { msisdn: DEMO.active } }) },
    deviceLockCommand: {
        input: async () => ({
            body: { loan_reference: (await makeLoan(server.db)).loanReference, command: 'lock', reason: 'Arrears' },
        }),
    },
    offlineUnlockPin: {
        input: async () => {
            const made = await makeLoan(server.db, { device: 'locked' });
            return { body: { loan_reference: made.loanReference, challenge: made.challenge } };
        },
    },
    confirmLockActivation: {
        input: async () => ({ body: { loan_reference: (await makeLoan(server.db, { status: 'awaiting_lock' })).loanReference } }),
    },
    sendVivoAuthCode: {
        input: async () => ({
            body: {
                loan_reference: (await makeLoan(server.db, { status: 'awaiting_lock', lockSolution: 'vivo' })).loanReference,
            },
        }),
    },
    verifyVivoAuthCode: {
        input: async () => {
            const made = await makeLoan(server.db, { status: 'awaiting_lock', lockSolution: 'vivo' });
            await makeVivoCode(server.db, made.loan.id, new Date(server.clock.now().getTime() + 60_000));
            return { body: { loan_reference: made.loanReference, code: VIVO_TEST_CODE } };
        },
    },
    releaseDevice: {
        input: async () => ({ body: { loan_reference: (await makeLoan(server.db, { balance: 0 })).loanReference } }),
    },
    // Loan origination: a fresh customer, phone or sale per row, the sale the caller's own.
    customerLoginCheck: { input: () => ({ body: { msisdn: DEMO.noLoan } }) },
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
    loanProgress: { input: async context => ({ body: { loan_reference: (await saleOf(context)).loanReference } }) },
    generateCustomerOtp: { input: async context => ({ body: { loan_reference: (await saleOf(context)).loanReference } }) },
    generateAgentOtp: { input: async context => ({ body: { loan_reference: (await saleOf(context)).loanReference } }) },
    customerOtp: {
        input: async context => ({ body: { loan_reference: await saleWithCodes(context, ['customer']), otp: SALE_TEST_CODE } }),
    },
    agentOtp: {
        input: async context => ({ body: { loan_reference: await saleWithCodes(context, ['agent']), otp: SALE_TEST_CODE } }),
    },
    verifyOtpV2: {
        input: async context => ({
            body: {
                loan_reference: await saleWithCodes(context, ['customer', 'agent']),
                customer_otp: SALE_TEST_CODE,
                agent_otp: SALE_TEST_CODE,
            },
        }),
    },
    digitalAssistedVerifyOtp: {
        input: async context => ({
            body: { loan_reference: await saleWithCodes(context, ['customer']), customer_otp: SALE_TEST_CODE },
        }),
    },
    loanDeposit: {
        input: async context => ({
            body: { loan_reference: (await saleOf(context, 'awaiting_deposit')).loanReference, channel: 'mpesa' },
        }),
    },
    confirmInitialDeposit: {
        input: async context => {
            const sale = await saleOf(context, 'awaiting_deposit');
            return {
                body: {
                    loan_reference: sale.loanReference,
                    reference: `MATRIX-${context.serial}`,
                    amount: sale.loan.deposit,
                    channel: 'cash',
                },
            };
        },
    },
    digitalAssistedConfirmDeposit: {
        input: async context => ({
            body: {
                loan_reference: (await saleOf(context, 'awaiting_deposit')).loanReference,
                reference: `MATRIX-MM-${context.serial}`,
            },
        }),
    },
    // Stores, shops, agents and inventory: Soweto Central for reads, a fresh store, agent or device per write.
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
    listStores: { input: () => ({ body: { q: 'soweto' } }) },
    storeAgents: { input: () => ({ body: { store_id: ids.soweto } }) },
    updateAgentLocation: { input: async () => ({ body: { agent_id: await demoAgentId(), latitude: -26.25, longitude: 27.85 } }) },
    assignRegionLead: { input: () => ({ body: { store_id: ids.soweto, admin_id: null } }) },
    listShops: { input: () => ({ body: { page_number: '1', page_size: 'all' } }) },
    listShopAgents: { input: () => ({ body: { shop_id: String(ids.soweto), page_number: '1', page_size: '50' } }) },
    transferAgent: {
        input: async context => ({
            body: {
                agent_id: String(await freshAgent(context)),
                agent_firstname: 'Matrix',
                agent_store_id: String(await storeIdOf('Durban Marine Parade')),
            },
        }),
    },
    listAgents: { input: () => ({ body: { tier: 'none', page_number: '1', page_size: '50' } }) },
    assignAgentTier: { input: async () => ({ body: { agent_id: await demoAgentId(), tier: 'silver' } }) },
    listInventory: { input: () => ({ body: { store_id: ids.soweto } }) },
    listPhoneModels: { input: () => ({ body: {} }) },
    addInventoryItem: { input: async () => ({ body: { sku: await firstSku(), imei: freshImei(), store_id: ids.soweto } }) },
    addInventoryItems: {
        input: async () => ({ body: { items: [{ row: 1, sku: await firstSku(), imei: freshImei(), store_id: ids.soweto }] } }),
    },
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
    // Place search: the development gazetteer answers, as the harness has DEV_TOOLS on and no key.
    placesStatus: { input: () => ({}) },
    searchPlaces: { input: () => ({ body: { q: 'soweto' } }) },
    // Administration: a fresh group or user per row for writes.
    updateAdminGroup: {
        input: async context => ({ params: { id: await freshGroup(context) }, body: { description: 'Described by the matrix' } }),
    },
    getAdmin: { input: async () => ({ params: { id: await adminIdOf('maker') } }) },
    updateAdmin: { input: async context => ({ params: { id: await freshUser(context) }, body: { last_name: 'Edited' } }) },
    setAdminStatus: { input: async context => ({ params: { id: await freshUser(context) }, body: { status: 'disabled' } }) },
    endAdminSessions: { input: async context => ({ params: { id: await freshUser(context) } }) },
    releaseAdminThrottle: { input: async context => ({ params: { id: await freshUser(context) } }) },
    resetAdminPassword: { input: async context => ({ params: { id: await freshUser(context) } }) },
    listAuditEvents: { input: () => ({ query: { $limit: 5, entity: 'admins' } }) },
    // Approvals: the seeded requests for the queues, a fresh request made by maker per decision.
    pendingLoanRemovalRequests: { input: () => ({ body: {} }) },
    decideLoanRemoval: { input: context => approve('deregistration', context) },
    pendingImeiRequests: { input: () => ({ body: { status: 'pending', order: 'asc' } }) },
    decideImeiChange: { input: context => approve('imei_change', context) },
    pendingTransferLoans: { input: () => ({ body: { q: 'LPP' } }) },
    decideLoanTransfer: { input: context => approve('loan_transfer', context) },
    pendingMakerCheckerRequests: { input: () => ({ body: { kind: 'deregistration', page_size: 10 } }) },
    decideMakerChecker: { input: context => approve('deregistration', context) },
    listServiceTransactions: { input: () => ({ query: { $limit: 10 } }) },
    decideServiceTransaction: { input: context => approve('agent_registration', context) },
    requestsClosedByApproval: { input: () => ({ body: { request_id: 1 } }) },
    getApprovalRequest: { input: () => ({ params: { id: 1 } }) },
    approvalCounts: { input: () => ({}) },
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
    identityValidation: {
        input: () => ({
            body: {
                id_type: 'national_id',
                id_number: '9001014800089',
                first_name: 'Thandi',
                last_name: 'Mokoena',
                date_of_birth: '1990-01-01',
            },
        }),
    },
    // Made with the caller's own uploads and check; a caller without ADD_LOAN is refused before they matter.
    kycDetails: { input: async context => ({ body: await kycDetailsOf(context.caller, context) }) },
    pendingKycVerifications: { input: () => ({ body: {} }) },
    kycImageContent: { input: async context => ({ params: { id: (await kycSubmission(context)).images[0]?.id ?? '' } }) },
    approveKycVerification: {
        input: async context => ({ body: { id: (await kycSubmission(context)).id, decision: 'approve' as const } }),
    },
    // Money: a fresh payment, loan or claim per write (moneyFixtures.ts), the demo's for the lists.
    searchTransactions: { input: () => ({ body: { reference: 'TX-LPP', page_size: 5 } }) },
    suspenseTransactions: { input: () => ({ body: { q: 'MP-' } }) },
    // Lending: the collections queue, the seed's loans in arrears.
    listCollections: { input: () => ({ body: { bucket: '60+' as const, page_size: 5 } }) },
    lockPolicies: { input: () => ({}) },
    updateLockPolicy: { input: () => ({ params: { id: 'zte' }, body: { lock_after_days: 3, reminders: true } }) },
    wrongAccountTransactions: {
        input: async () => ({ body: { transaction_id: (await makeSuspense(server.db)).id, q: 'LPP' } }),
    },
    queueSuspense: {
        input: async () => ({ body: { transaction_id: (await makeSuspense(server.db)).id, note: 'Set aside by the matrix' } }),
    },
    correctSuspense: {
        input: async () => ({
            body: {
                transaction_id: (await makeSuspense(server.db)).id,
                loan_reference: (await makeLoan(server.db)).loanReference,
            },
        }),
    },
    reconcileDeposits: { input: context => ({ body: { channel: 'mpesa' as const }, files: [statementFile(context)] }) },
    reconciliationUploads: { input: () => ({ body: { page_size: 5 } }) },
    reconciliationRows: {
        input: async context => {
            const { upload } = await asAdmin(reconcileDeposits, { body: {}, files: [statementFile(context)] });
            return { body: { upload_id: upload.id, outcome: 'suspense' as const } };
        },
    },
    successfulTpiClaims: { input: () => ({ body: {} }) },
    failedTpiClaims: { input: () => ({ body: { q: 'LPP' } }) },
    requestedTpiReversals: { input: () => ({ body: { status: 'pending' } }) },
    requestTpiReversal: {
        input: async () => ({ body: { claim_id: (await makeClaim(server.db)).claim.id, reason: 'Asked by the matrix' } }),
    },
    decideTpiReversal: { input: async () => ({ body: { reversal_id: await pendingReversal(), decision: 'approve' as const } }) },
    // Analytics: reads only; the business as a whole, which a shop-attached caller is refused on the scope.
    biAuth: { input: () => ({}) },
    biScopeOptions: { input: () => ({ params: { scope: 'shop' as const }, query: { q: 'soweto' } }) },
    biAnalysis: { input: () => ({ query: ANALYTICS_PERIOD }) },
    shopAnalysis: { input: () => ({ query: { ...ANALYTICS_PERIOD, limit: 5 } }) },
    shopOwnersAnalysis: { input: () => ({ query: ANALYTICS_PERIOD }) },
    unbrandedAnalysis: { input: () => ({ query: ANALYTICS_PERIOD }) },
    agentAnalysis: { input: () => ({ query: { ...ANALYTICS_PERIOD, limit: 20 } }) },
    biDashboard: { input: () => ({}) },
    // The stand-ins answer this machine only: the harness's default address is loopback.
    devOutbox: { input: () => ({ query: { msisdn: '27820000008', $limit: 1 } }) },
    devPhoneScreen: { input: () => ({ query: { imei: DEMO.lockedImei } }) },
    devPhoneOfflineUnlock: {
        input: async () => {
            const made = await makeLoan(server.db, { device: 'locked' });
            const { pin } = await asAdmin(offlineUnlockPin, {
                body: { loan_reference: made.loanReference, challenge: made.challenge },
            });
            return { body: { imei: made.imei, pin } };
        },
    },
} satisfies { [Name in CallName]: Row<(typeof everyCall)[Name]> };

type AnyRow = { input(context: RowContext): CallOptions | Promise<CallOptions>; endsSession?: true };
/** A row seen without its call's types, to run it; none for a call slipped into the contract with a cast. */
const rowOf = (name: CallName): AnyRow | undefined => (ROWS as Partial<Record<string, AnyRow>>)[name];

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
const answers = new Map<CallName, { caller: string; expectation: Expectation; status: number }[]>();

const runRow = async (name: CallName, call: CallDefinition, caller: string) => {
    serial += 1;
    const context: RowContext = { caller, serial, remoteAddress: `10.77.${serial >> 8}.${serial & 255}` };
    const row = rowOf(name);
    if (!row) throw new Error(`${name} has no row in ROWS: add one with an input the call accepts`);
    const { remoteAddress, ...input } = await row.input(context);
    const token = caller === SIGNED_OUT ? null : tokens.get(caller);
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

    it('has a row in the matrix for every call, even one added with a cast', () => {
        const missing = Object.keys(everyCall).filter(name => !Object.hasOwn(ROWS, name));
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
                answers.set(name, [...(answers.get(name) ?? []), { caller, expectation, status }]);
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
                }
            });
        }

        it('has a row the call accepts: some allowed caller gets a 2xx', context => {
            const recorded = answers.get(name) ?? [];
            // Run with a filter (-t) that left out some callers: too little to judge the row by.
            if (recorded.length < CALLERS.length) return context.skip();
            const allowed = recorded.filter(answer => answer.expectation === 'allowed');
            expect(allowed.length, `${name}: no demo account may call it, so the matrix proves nothing`).toBeGreaterThan(0);
            expect(
                allowed.filter(answer => answer.status < 300),
                JSON.stringify(allowed),
            ).not.toEqual([]);
        });
    });
}
