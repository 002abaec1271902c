/**
 * The maker-checker engine (contract/approvals/, server/domain/approvals/): who may decide (not
 * the maker, only with the kind's approving role), at most one decision however many checkers
 * press at once, approval checked again against the data as it now stands, what each kind does
 * when approved, agent registrations, the queues' reach and filters, and the badges.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    approvalCounts,
    decideImeiChange,
    decideLoanRemoval,
    decideLoanTransfer,
    decideMakerChecker,
    decideServiceTransaction,
    getApprovalRequest,
    listServiceTransactions,
    type LoanApprovalKind,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    pendingMakerCheckerRequests,
    pendingTransferLoans,
    type QueueFilter,
    requestImeiChange,
    requestLoanDeactivation,
    requestLoanTransfer,
    requestsClosedByApproval,
    transferOwnerLookup,
} from '../../contract/approvals';
import { login } from '../../contract/auth';
import { customerLoans } from '../../contract/customers';
import { listAdminGroups } from '../../contract/security';
import { createAdmin, resetAdminPassword, setAdminStatus, updateAdmin } from '../../contract/users';
import { register, registrationOptions } from '../../contract/registration';
import {
    adminGroups,
    admins,
    approvalRequests,
    auditEvents,
    deviceLocks,
    inventoryItems,
    loans,
    smsOutbox,
} from '../../server/db/schema';
import { DEMO_NEW_IMEI, DEMO_REGISTRATION } from '../../server/seed/approvals';
import { SIMULATED_DELAY_MS } from '../../server/domain/devices/lockProviders';
import { race } from './concurrency';
import { signInAs } from './contractCases';
import { freshImei, makeCustomer, makeLoan, nextSerial } from './customerFixtures';
import { userWithRoles as makeUser } from './users';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};
const storeIds: Record<string, number> = {};

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['admin', 'maker', 'checker', 'agent']) token[username] = await signInAs(server, username);
    for (const store of (await server.call(registrationOptions, {})).body.stores) storeIds[store.name] = store.id;
}, 60_000);
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Helpers

const deregister = async (loanReference: string, as = 'maker') => {
    const made = await server.call(requestLoanDeactivation, {
        body: { loan_reference: loanReference, reason: 'Phone returned' },
        token: token[as],
    });
    if (made.status !== 201) throw new Error(`Could not request: ${made.status} ${JSON.stringify(made.error)}`);
    const request = made.body.pending_requests.find(row => row.kind === 'deregistration');
    if (!request) throw new Error('No pending deregistration in the answer');
    return request.id;
};

const requestRow = async (id: number) => {
    const [row] = await server.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    if (!row) throw new Error(`No request ${id}`);
    return row;
};

const loanRow = async (id: number) => {
    const [row] = await server.db.select().from(loans).where(eq(loans.id, id));
    if (!row) throw new Error(`No loan ${id}`);
    return row;
};

/** A new portal user in a new group holding exactly `roles`, attached to `store` if named (users.ts). */
const userWithRoles = async (roles: readonly string[], store?: string) =>
    makeUser(server, token.admin, {
        roles,
        label: 'Approvals',
        msisdnPrefix: '27849',
        storeId: store ? storeIds[store] : undefined,
    });

/** A new user in the seeded Approvers group (a checker), attached to `store`. */
const checkerOf = async (store: string) => {
    const serial = nextSerial();
    const groups = await server.call(listAdminGroups, { query: { $limit: 1000 }, token: token.admin });
    const username = `shop.checker.${serial}`;
    const created = await server.call(createAdmin, {
        body: {
            username,
            first_name: 'Shop',
            last_name: `Checker ${serial}`,
            msisdn: `27848${serial}`,
            group_id: groups.body.data.find(group => group.name === 'Approvers')?.id ?? 0,
            store_id: storeIds[store],
            password: 'a-long-password-1',
        },
        token: token.admin,
    });
    expect(created.status).toBe(201);
    return server.signIn(username, 'a-long-password-1');
};

const registerAgent = async (store = 'Soweto Central') => {
    const serial = nextSerial();
    const body = {
        username: `self.agent.${serial}`,
        first_name: 'Self',
        last_name: `Registered ${serial}`,
        msisdn: `27847${serial}`,
        store_id: storeIds[store] ?? 0,
        password: 'a-long-password-1',
    };
    const registered = await server.call(register, {
        body,
        remoteAddress: `10.99.${serial.slice(-4, -2)}.${Number(serial.slice(-2))}`,
    });
    expect(registered.status).toBe(201);
    const [agent] = await server.db.select().from(admins).where(eq(admins.username, body.username));
    const [request] = await server.db
        .select()
        .from(approvalRequests)
        .where(eq(approvalRequests.subjectAdminId, agent?.id ?? 0));
    if (!agent || !request) throw new Error('The registration left no agent or no request');
    return { ...body, agentId: agent.id, requestId: request.id };
};

const outboxOf = (msisdn: string) => server.db.select().from(smsOutbox).where(eq(smsOutbox.msisdn, msisdn)).orderBy(smsOutbox.id);

// ---------------------------------------------------------------------------------------------

describe('the demo requests', () => {
    it('wait in every queue on first start: one of each loan kind by maker, and an agent registration', async () => {
        const removals = await server.call(pendingLoanRemovalRequests, { body: { q: 'LPP-000010' }, token: token.checker });
        expect(removals.body.pending_requests).toEqual([
            expect.objectContaining({
                id: 1,
                kind: 'deregistration',
                loan_reference: 'LPP-000010',
                msisdn: '27710000010',
                subject: 'Thabo Sithole',
                maker: { id: expect.any(Number), name: 'Sipho Ndlovu' },
                store: { id: storeIds['Soweto Central'], name: 'Soweto Central' },
            }),
        ]);
        const imei = await server.call(pendingImeiRequests, { body: { q: 'LPP-000011' }, token: token.checker });
        expect(imei.body.pending_requests[0]).toMatchObject({ id: 2, change: { new_imei: DEMO_NEW_IMEI } });
        const transfers = await server.call(pendingTransferLoans, { body: { q: 'LPP-000012' }, token: token.checker });
        expect(transfers.body.data[0]).toMatchObject({
            id: 3,
            change: { from_msisdn: '27710000012', to_msisdn: '27710000013', to_name: 'Busisiwe Ngcobo' },
        });
        const registrations = await server.call(listServiceTransactions, {
            query: { q: DEMO_REGISTRATION.username },
            token: token.checker,
        });
        expect(registrations.body).toEqual([
            expect.objectContaining({
                id: 4,
                kind: 'agent_registration',
                loan_reference: null,
                msisdn: DEMO_REGISTRATION.msisdn,
                subject: 'Musa Shabalala',
                change: { username: DEMO_REGISTRATION.username, store_name: 'Soweto Central' },
            }),
        ]);
    });

    it("show in the customer's loans as pending requests", async () => {
        const { body } = await server.call(customerLoans, { body: { msisdn: '27710000011' }, token: token.maker });
        expect(body.pending_requests.map(row => [row.kind, row.loan_reference])).toEqual([['imei_change', 'LPP-000011']]);
    });
});

describe('who decides', () => {
    it('refuses the maker deciding their own request: 403 errors.own_request, still pending', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference, 'admin');
        const own = await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'approve' },
            token: token.admin,
        });
        expect([own.status, own.error.key]).toEqual([403, 'errors.own_request']);
        expect((await requestRow(id)).status).toBe('pending');
        expect((await loanRow(made.loan.id)).status).toBe('active');
    });

    it("refuses someone without the kind's approving role, even through the all-kinds call", async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const maker = await server.call(decideLoanRemoval, { body: { request_id: id, decision: 'approve' }, token: token.maker });
        expect([maker.status, maker.error.key]).toEqual([403, 'errors.forbidden']);
        // APPROVE_MAKER_CHECKER_REQUESTS opens the v1 call, but a deregistration needs APPROVE_DEREGISTRATION too.
        const generalist = await userWithRoles(['APPROVE_MAKER_CHECKER_REQUESTS', 'APPROVE_IMEI_CHANGE']);
        const refused = await server.call(decideMakerChecker, {
            body: { request_id: id, decision: 'approve' },
            token: generalist.token,
        });
        expect([refused.status, refused.error.key]).toEqual([403, 'errors.forbidden']);
        expect((await requestRow(id)).status).toBe('pending');
    });

    it('answers 404 for an unknown request and for one of another kind than the call decides', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        for (const [call, requestId] of [
            [decideLoanRemoval, 999_999],
            [decideImeiChange, id],
            [decideServiceTransaction, id],
        ] as const) {
            const answer = await server.call(call, {
                body: { request_id: requestId, decision: 'approve' },
                token: token.checker,
            });
            expect([answer.status, answer.error.key]).toEqual([404, 'errors.request_not_found']);
        }
    });

    it('needs a note to reject (400 on note), and a decided request cannot be decided again', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const bare = await server.call(decideLoanRemoval, { body: { request_id: id, decision: 'reject' }, token: token.checker });
        expect([bare.status, bare.error.errors?.[0]?.field]).toEqual([400, 'note']);
        const rejected = await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'reject', note: 'The phone was not returned' },
            token: token.checker,
        });
        expect(rejected.status).toBe(200);
        expect(rejected.body.request).toMatchObject({
            status: 'rejected',
            checker: { name: 'Lerato Dlamini' },
            decision_note: 'The phone was not returned',
            decided_at: server.clock.now().toISOString(),
        });
        expect((await loanRow(made.loan.id)).status).toBe('active');
        const again = await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect([again.status, again.error.key]).toEqual([409, 'errors.request_decided']);
        expect((await loanRow(made.loan.id)).status).toBe('active');
    });
});

describe('deciding at the same instant', () => {
    it('applies one of 50 parallel approvals; the other 49 get 409 errors.request_decided', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const outcome = await race(server, decideLoanRemoval, 50, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(outcome.statuses).toEqual({ 200: 1, 409: 49 });
        for (const loser of outcome.losers) expect(loser.error.key).toBe('errors.request_decided');
        expect((await loanRow(made.loan.id)).status).toBe('deactivated');
        const decisions = await server.db
            .select()
            .from(auditEvents)
            .where(and(eq(auditEvents.action, 'approval_requests.deregistration.approve'), eq(auditEvents.entityId, String(id))));
        expect(decisions).toHaveLength(1);
        expect(decisions[0]).toMatchObject({
            roleUsed: 'APPROVE_DEREGISTRATION',
            before: { status: 'pending' },
            after: { status: 'approved', loan_status: 'deactivated', device_state: 'completing' },
        });
    });
});

describe('one request by its id', () => {
    it("is read by a holder of its kind's view role (or the maker-checker role) in reach; any other is 404, as one that does not exist", async () => {
        const made = await makeLoan(server.db);
        const change = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: freshImei(), reason: 'Screen broken' },
            token: token.maker,
        });
        const changeId = change.body.pending_requests.find(row => row.kind === 'imei_change')?.id ?? 0;
        const id = await deregister(made.loanReference);
        const read = (request: number, as: string) =>
            server.call(getApprovalRequest, { params: { id: String(request) }, token: as });

        const viewer = await userWithRoles(['VIEW_DEREGISTRATIONS']);
        const mine = await read(id, viewer.token);
        expect(mine.status).toBe(200);
        expect(mine.body).toMatchObject({
            id,
            kind: 'deregistration',
            status: 'pending',
            loan_reference: made.loanReference,
            store: { name: 'Soweto Central' },
        });
        for (const other of [changeId, 2_000_000_000]) {
            const refused = await read(other, viewer.token);
            expect([refused.status, refused.error.key]).toEqual([404, 'errors.request_not_found']);
        }
        // The phone maker-checker queues (v1 and v2) list every kind: their role reads each.
        const phoneChecker = await userWithRoles(['VIEW_MAKER_CHECKER_REQUESTS']);
        expect((await read(changeId, phoneChecker.token)).body).toMatchObject({ id: changeId, kind: 'imei_change' });
        // Another shop's user reads none of this shop's requests.
        const elsewhere = await userWithRoles(['VIEW_DEREGISTRATIONS'], 'Pretoria Sunnyside');
        expect((await read(id, elsewhere.token)).status).toBe(404);
    });
});

describe('what approving does', () => {
    it('names the closed requests only of the kinds the caller may view, counting the rest, and hides other kinds whole', async () => {
        const made = await makeLoan(server.db);
        const transfer = await server.call(requestLoanTransfer, {
            body: { loan_reference: made.loanReference, new_msisdn: (await makeCustomer(server.db)).msisdn, reason: 'Sold on' },
            token: token.maker,
        });
        const transferId = transfer.body.pending_requests.find(row => row.kind === 'loan_transfer')?.id ?? 0;
        const change = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: freshImei(), reason: 'Screen broken' },
            token: token.maker,
        });
        const changeId = change.body.pending_requests.find(row => row.kind === 'imei_change')?.id ?? 0;
        const id = await deregister(made.loanReference);
        const viewer = await userWithRoles(['VIEW_DEREGISTRATIONS']);
        const named = await server.call(requestsClosedByApproval, { body: { request_id: id }, token: viewer.token });
        expect(named.status).toBe(200);
        expect(named.body).toEqual({ requests: [], hidden: 2 });
        // Asking about a request of a kind one may not view reads it no more than an id that does not exist.
        for (const other of [transferId, changeId]) {
            const refused = await server.call(requestsClosedByApproval, { body: { request_id: other }, token: viewer.token });
            expect([refused.status, refused.error.key]).toEqual([404, 'errors.request_not_found']);
        }
        const checker = await server.call(requestsClosedByApproval, { body: { request_id: id }, token: token.checker });
        expect(checker.body.hidden).toBe(0);
        expect(checker.body.requests.map(row => row.id)).toEqual([transferId, changeId]);
    });

    it("deregistration: the loan is deactivated and the phone's lock released", async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const approved = await server.call(decideMakerChecker, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        expect(approved.body.request).toMatchObject({ status: 'approved', checker: { name: 'Lerato Dlamini' } });
        expect((await loanRow(made.loan.id)).status).toBe('deactivated');
        server.clock.advance(SIMULATED_DELAY_MS.samsung + SIMULATED_DELAY_MS.trustonic + 60_000);
        const { body } = await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.maker });
        expect(body.data[0]).toMatchObject({ status: 'deactivated', device: { state: 'released' } });
        expect(body.pending_requests).toEqual([]);
    });

    it("deregistration closes the loan's other pending requests: named before the approval, noted, audited and told after", async () => {
        const made = await makeLoan(server.db);
        const transfer = await server.call(requestLoanTransfer, {
            body: { loan_reference: made.loanReference, new_msisdn: (await makeCustomer(server.db)).msisdn, reason: 'Sold on' },
            token: token.maker,
        });
        expect(transfer.status).toBe(201);
        const transferId = transfer.body.pending_requests.find(row => row.kind === 'loan_transfer')?.id ?? 0;
        // A second maker, so each maker is told of their own request.
        const other = await userWithRoles(['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS', 'REQUEST_IMEI_CHANGE']);
        const change = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: freshImei(), reason: 'Screen broken' },
            token: other.token,
        });
        expect(change.status).toBe(201);
        const changeId = change.body.pending_requests.find(row => row.kind === 'imei_change')?.id ?? 0;
        const id = await deregister(made.loanReference);

        // Before deciding, the checker is told which requests approving closes (and a transfer closes none).
        const named = await server.call(requestsClosedByApproval, { body: { request_id: id }, token: token.checker });
        expect(named.status).toBe(200);
        expect(named.body.requests.map(row => [row.id, row.kind, row.status])).toEqual([
            [transferId, 'loan_transfer', 'pending'],
            [changeId, 'imei_change', 'pending'],
        ]);
        const none = await server.call(requestsClosedByApproval, { body: { request_id: transferId }, token: token.checker });
        expect(none.body.requests).toEqual([]);

        const approved = await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        for (const other of [transferId, changeId]) {
            expect(await requestRow(other)).toMatchObject({
                status: 'rejected',
                decisionNote: `Closed: the loan was deregistered by request #${id}`,
            });
        }
        const closed = await server.db
            .select()
            .from(auditEvents)
            .where(
                and(
                    eq(auditEvents.action, 'approval_requests.loan_transfer.close'),
                    eq(auditEvents.entityId, String(transferId)),
                ),
            );
        expect(closed).toHaveLength(1);
        expect(closed[0]?.after).toMatchObject({ status: 'rejected', reason: 'loan_deactivated', by_request: id });
        // Each maker finds the note under "My requests" (the rejected ones they made), and is sent it.
        const mine = await server.call(pendingMakerCheckerRequests, {
            body: { status: 'rejected', mine: true, q: made.loanReference },
            token: token.maker,
        });
        expect(mine.body.pending_requests.map(row => [row.id, row.decision_note])).toEqual([
            [transferId, `Closed: the loan was deregistered by request #${id}`],
        ]);
        for (const [adminId, closedId, words] of [
            [
                (await server.db.select().from(admins).where(eq(admins.username, 'maker')))[0]?.id,
                transferId,
                'transfer of ownership',
            ],
            [other.id, changeId, 'IMEI change'],
        ] as const) {
            const [admin] = await server.db
                .select()
                .from(admins)
                .where(eq(admins.id, adminId ?? 0));
            expect((await outboxOf(admin?.msisdn ?? '')).map(row => row.text)).toContain(
                `Your ${words} request #${closedId} for loan ${made.loanReference} was closed: the loan was deregistered by request #${id}.`,
            );
        }
        // Decided, the deregistration closes nothing more; its checker deciding the transfer now finds it decided.
        expect(
            (await server.call(requestsClosedByApproval, { body: { request_id: id }, token: token.checker })).body.requests,
        ).toEqual([]);
        const late = await server.call(decideLoanTransfer, {
            body: { request_id: transferId, decision: 'approve' },
            token: token.checker,
        });
        expect([late.status, late.error.key]).toEqual([409, 'errors.request_decided']);
    });

    it('a request that a waiting deregistration would close is refused when asked: 409 naming it', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const transfer = await server.call(requestLoanTransfer, {
            body: { loan_reference: made.loanReference, new_msisdn: (await makeCustomer(server.db)).msisdn, reason: 'Sold on' },
            token: token.maker,
        });
        expect([transfer.status, transfer.error.key, transfer.error.field]).toEqual([
            409,
            'errors.deregistration_pending',
            'loan_reference',
        ]);
        expect(transfer.error.message).toContain(`#${id}`);
        const change = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: freshImei(), reason: 'Screen broken' },
            token: token.maker,
        });
        expect([change.status, change.error.key]).toEqual([409, 'errors.deregistration_pending']);
        // Once the deregistration is rejected, the loan takes them again.
        await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'reject', note: 'Keep it' },
            token: token.checker,
        });
        const again = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: freshImei(), reason: 'Screen broken' },
            token: token.maker,
        });
        expect(again.status).toBe(201);
    });

    it('names nothing for a request out of reach: 404', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const other = Object.keys(storeIds).find(name => name !== 'Soweto Central') ?? '';
        const answer = await server.call(requestsClosedByApproval, { body: { request_id: id }, token: await checkerOf(other) });
        expect([answer.status, answer.error.key]).toEqual([404, 'errors.request_not_found']);
    });

    it('deregistration of a loan no longer active: 409 errors.loan_state, the request still pending', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        await server.db.update(loans).set({ status: 'completed' }).where(eq(loans.id, made.loan.id));
        const refused = await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect([refused.status, refused.error.key]).toEqual([409, 'errors.loan_state']);
        expect((await requestRow(id)).status).toBe('pending');
    });

    it('IMEI change: the loan moves to the new phone from stock and the provider is asked to exchange the lock', async () => {
        const made = await makeLoan(server.db);
        const newImei = freshImei();
        const [item] = await server.db
            .insert(inventoryItems)
            .values({ sku: 'OPPO-A18-128', imei: newImei, storeId: storeIds['Soweto Central'] ?? 0 })
            .returning();
        const raised = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: newImei, reason: 'Screen failed' },
            token: token.maker,
        });
        expect(raised.status).toBe(201);
        const id = raised.body.pending_requests[0]?.id ?? 0;
        const approved = await server.call(decideImeiChange, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        expect(approved.body.request.change).toEqual({ old_imei: made.imei, new_imei: newImei });
        const loan = await loanRow(made.loan.id);
        expect([loan.imei, loan.inventoryItemId]).toEqual([newImei, item?.id]);
        const [device] = await server.db.select().from(deviceLocks).where(eq(deviceLocks.loanId, made.loan.id));
        expect(device).toMatchObject({ imei: newImei, state: 'exchanging', requestedState: 'active' });
        const [stock] = await server.db.select().from(inventoryItems).where(eq(inventoryItems.imei, newImei));
        expect(stock?.status).toBe('sold');
    });

    it('IMEI change whose new IMEI went to another loan meanwhile: 409 errors.imei_in_use, still pending', async () => {
        const made = await makeLoan(server.db);
        const newImei = freshImei();
        const raised = await server.call(requestImeiChange, {
            body: { loan_reference: made.loanReference, new_imei: newImei, reason: 'Screen failed' },
            token: token.maker,
        });
        const id = raised.body.pending_requests[0]?.id ?? 0;
        await makeLoan(server.db, { imei: newImei });
        const refused = await server.call(decideImeiChange, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect([refused.status, refused.error.key, refused.error.field]).toEqual([409, 'errors.imei_in_use', 'new_imei']);
        expect((await requestRow(id)).status).toBe('pending');
        expect((await loanRow(made.loan.id)).imei).toBe(made.imei);
        // Rejecting it still works, with a reason.
        const rejected = await server.call(decideImeiChange, {
            body: { request_id: id, decision: 'reject', note: 'The IMEI is taken' },
            token: token.checker,
        });
        expect(rejected.body.request.status).toBe('rejected');
    });

    it('transfer: the loan belongs to the new customer, and shows among their loans', async () => {
        const made = await makeLoan(server.db);
        const owner = await makeCustomer(server.db);
        const raised = await server.call(requestLoanTransfer, {
            body: { loan_reference: made.loanReference, new_msisdn: owner.msisdn, reason: 'Sold to a relative' },
            token: token.maker,
        });
        expect(raised.body.pending_requests[0]?.change).toEqual({
            from_msisdn: made.msisdn,
            to_msisdn: owner.msisdn,
            to_name: `${owner.firstName} ${owner.lastName}`,
        });
        const id = raised.body.pending_requests[0]?.id ?? 0;
        const approved = await server.call(decideLoanTransfer, {
            body: { request_id: id, decision: 'approve' },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        expect((await loanRow(made.loan.id)).customerId).toBe(owner.id);
        const theirs = await server.call(customerLoans, { body: { msisdn: owner.msisdn }, token: token.maker });
        expect(theirs.body.data.map(loan => loan.loan_reference)).toEqual([made.loanReference]);
    });
});

describe("the transfer dialog's lookup", () => {
    it("answers the new owner's name before the request, and refuses as the request would", async () => {
        const made = await makeLoan(server.db);
        const owner = await makeCustomer(server.db);
        const lookup = (msisdn: string, as = token.maker) =>
            server.call(transferOwnerLookup, { body: { loan_reference: made.loanReference, new_msisdn: msisdn }, token: as });
        const found = await lookup(owner.msisdn);
        expect([found.status, found.body]).toEqual([
            200,
            { loan_reference: made.loanReference, msisdn: owner.msisdn, name: `${owner.firstName} ${owner.lastName}` },
        ]);
        const unknown = await lookup('27790000001');
        expect([unknown.status, unknown.error.key, unknown.error.field]).toEqual([
            404,
            'errors.customer_not_found',
            'new_msisdn',
        ]);
        const same = await lookup(made.msisdn);
        expect([same.status, same.error.key]).toEqual([409, 'errors.same_owner']);
        // A customer another shop registered is not named to a maker attached to this one.
        const elsewhere = await makeCustomer(server.db, { store: Object.keys(storeIds).find(name => name !== 'Soweto Central') });
        const shopMaker = await userWithRoles(
            ['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS', 'REQUEST_TRANSFER_LOAN_OWNERSHIP'],
            'Soweto Central',
        );
        expect((await lookup(elsewhere.msisdn, shopMaker.token)).status).toBe(404);
        // Nothing was written; once a deregistration waits, the transfer could not be asked, nor looked up.
        expect(
            (await server.call(customerLoans, { body: { msisdn: made.msisdn }, token: token.maker })).body.pending_requests,
        ).toEqual([]);
        await deregister(made.loanReference);
        const waiting = await lookup(owner.msisdn);
        expect([waiting.status, waiting.error.key]).toEqual([409, 'errors.deregistration_pending']);
    });
});

describe('agent registration', () => {
    it('waits for a checker; approved, the agent is told by SMS and can sign in', async () => {
        const agent = await registerAgent();
        const refusedBefore = await server.call(login, { body: { username: agent.username, password: agent.password } });
        expect(refusedBefore.error.key).toBe('errors.account_not_active');
        const queue = await server.call(listServiceTransactions, { query: { q: agent.username }, token: token.checker });
        expect(queue.body.map(row => row.id)).toEqual([agent.requestId]);
        expect(queue.body[0]?.maker.id).toBe(agent.agentId);

        const approved = await server.call(decideServiceTransaction, {
            body: { request_id: agent.requestId, decision: 'approve' },
            token: token.checker,
        });
        expect(approved.status).toBe(200);
        const [row] = await server.db.select().from(admins).where(eq(admins.id, agent.agentId));
        expect(row?.status).toBe('active');
        expect((await outboxOf(agent.msisdn)).map(sms => sms.text)).toEqual([
            `Your staff portal account "${agent.username}" is approved. You can now sign in.`,
        ]);
        expect(await server.signIn(agent.username, agent.password)).toEqual(expect.any(String));
    });

    it('rejected, the account is disabled, the agent told, and cannot sign in', async () => {
        const agent = await registerAgent();
        const rejected = await server.call(decideServiceTransaction, {
            body: { request_id: agent.requestId, decision: 'reject', note: 'Not known at this shop' },
            token: token.checker,
        });
        expect(rejected.status).toBe(200);
        const [row] = await server.db.select().from(admins).where(eq(admins.id, agent.agentId));
        expect(row?.status).toBe('disabled');
        expect((await outboxOf(agent.msisdn)).at(-1)?.text).toContain('was not approved');
        const refused = await server.call(login, { body: { username: agent.username, password: agent.password } });
        expect([refused.status, refused.error.key]).toEqual([403, 'errors.account_not_active']);
    });

    it('a pending registrant keeps the group, shop and number it registered with, and its password, until decided', async () => {
        const agent = await registerAgent();
        const [admin] = await server.db.select().from(adminGroups).where(eq(adminGroups.name, 'Approvers'));
        const params = { id: String(agent.agentId) };
        for (const [body, field] of [
            [{ group_id: admin?.id ?? 0 }, 'group_id'],
            [{ store_id: storeIds['Durban Marine Parade'] ?? 0 }, 'store_id'],
            [{ msisdn: `27846${nextSerial()}` }, 'msisdn'],
        ] as const) {
            const refused = await server.call(updateAdmin, { params, body, token: token.admin });
            expect([refused.status, refused.error.key, refused.error.field]).toEqual([409, 'errors.awaiting_approval', field]);
        }
        const reset = await server.call(resetAdminPassword, { params, token: token.admin });
        expect([reset.status, reset.error.key]).toEqual([409, 'errors.awaiting_approval']);
        // Its name may still be corrected.
        const named = await server.call(updateAdmin, { params, body: { first_name: 'Selma' }, token: token.admin });
        expect(named.status).toBe(200);
    });

    it('approving re-checks that the registrant is still a sales agent of the shop it registered for', async () => {
        const agent = await registerAgent();
        const [admin] = await server.db.select().from(adminGroups).where(eq(adminGroups.name, 'Approvers'));
        // However it got there, a registrant in another group is not what the checker approves.
        await server.db
            .update(admins)
            .set({ groupId: admin?.id ?? 0 })
            .where(eq(admins.id, agent.agentId));
        const approved = await server.call(decideServiceTransaction, {
            body: { request_id: agent.requestId, decision: 'approve' },
            token: token.checker,
        });
        expect([approved.status, approved.error.key]).toEqual([409, 'errors.conflict']);
        const [row] = await server.db.select().from(admins).where(eq(admins.id, agent.agentId));
        expect(row?.status).toBe('pending_approval');
    });

    it("a rejected registration is not re-enabled by one user admin: the checker's rejection stands", async () => {
        const agent = await registerAgent();
        await server.call(decideServiceTransaction, {
            body: { request_id: agent.requestId, decision: 'reject', note: 'Not known at this shop' },
            token: token.checker,
        });
        const enabled = await server.call(setAdminStatus, {
            params: { id: String(agent.agentId) },
            body: { status: 'active' },
            token: token.admin,
        });
        expect([enabled.status, enabled.error.key, enabled.error.field]).toEqual([409, 'errors.registration_rejected', 'status']);
        const [row] = await server.db.select().from(admins).where(eq(admins.id, agent.agentId));
        expect(row?.status).toBe('disabled');
    });

    it('is decided only by the registrations call, not the loan calls', async () => {
        const agent = await registerAgent();
        const wrong = await server.call(decideMakerChecker, {
            body: { request_id: agent.requestId, decision: 'approve' },
            token: token.checker,
        });
        expect([wrong.status, wrong.error.key]).toEqual([404, 'errors.request_not_found']);
    });
});

describe('reach', () => {
    it("a checker attached to a shop sees and decides only that shop's requests; others answer 404", async () => {
        const soweto = await makeLoan(server.db);
        const durban = await makeLoan(server.db, { store: 'Durban Marine Parade' });
        const sowetoId = await deregister(soweto.loanReference);
        const durbanId = await deregister(durban.loanReference);
        const durbanAgent = await registerAgent('Durban Marine Parade');
        const durbanChecker = await checkerOf('Durban Marine Parade');

        const queue = await server.call(pendingLoanRemovalRequests, { body: { page_size: 500 }, token: durbanChecker });
        const seen = queue.body.pending_requests.map(row => row.id);
        expect(seen).toContain(durbanId);
        expect(seen).not.toContain(sowetoId);
        expect(queue.body.pending_requests.every(row => row.store?.name === 'Durban Marine Parade')).toBe(true);
        const registrations = await server.call(listServiceTransactions, { query: { $limit: 1000 }, token: durbanChecker });
        expect(registrations.body.map(row => row.id)).toEqual([durbanAgent.requestId]);

        const outOfReach = await server.call(decideLoanRemoval, {
            body: { request_id: sowetoId, decision: 'approve' },
            token: durbanChecker,
        });
        expect([outOfReach.status, outOfReach.error.key]).toEqual([404, 'errors.request_not_found']);
        const inReach = await server.call(decideLoanRemoval, {
            body: { request_id: durbanId, decision: 'approve' },
            token: durbanChecker,
        });
        expect(inReach.status).toBe(200);

        // Everyone without a shop sees both shops.
        const all = await server.call(pendingMakerCheckerRequests, { body: { page_size: 500 }, token: token.checker });
        expect(all.body.pending_requests.map(row => row.id)).toContain(sowetoId);
    });
});

describe('the queues', () => {
    it('filter by status, maker, mine, shop, search and dates, sort, and page with total_items', async () => {
        const customer = await makeCustomer(server.db);
        const made = await makeLoan(server.db, { customerId: customer.id, msisdn: customer.msisdn });
        const id = await deregister(made.loanReference);
        const makerId = (await requestRow(id)).makerAdminId;
        const queue = (body: QueueFilter & { kind?: LoanApprovalKind }) =>
            server.call(pendingMakerCheckerRequests, { body, token: token.checker });

        const byReference = await queue({ q: made.loanReference.toLowerCase() });
        expect(byReference.body.pending_requests.map(row => row.id)).toEqual([id]);
        expect((await queue({ q: made.msisdn })).body.pending_requests.map(row => row.id)).toEqual([id]);
        const byName = await queue({ q: `test ${customer.lastName}`.toUpperCase() });
        expect(byName.body.pending_requests.map(row => [row.id, row.subject])).toEqual([[id, `Test ${customer.lastName}`]]);
        expect((await queue({ maker_id: makerId, kind: 'deregistration' })).body.pending_requests.map(row => row.id)).toContain(
            id,
        );
        expect((await queue({ store_id: storeIds['Durban Marine Parade'], q: made.loanReference })).body.total_items).toBe(0);

        const mine = await server.call(pendingMakerCheckerRequests, { body: { mine: true, page_size: 500 }, token: token.maker });
        expect(mine.body.pending_requests.map(row => row.id)).toContain(id);
        expect(mine.body.pending_requests.every(row => row.maker.id === makerId)).toBe(true);

        // Dates are days in Johannesburg: today holds it, tomorrow does not.
        const today = new Date(server.clock.now().getTime() + 2 * 60 * 60_000).toISOString().slice(0, 10);
        const tomorrow = new Date(Date.parse(today) + 24 * 60 * 60_000).toISOString().slice(0, 10);
        expect((await queue({ from: today, to: today, q: made.loanReference })).body.total_items).toBe(1);
        expect((await queue({ from: tomorrow, q: made.loanReference })).body.total_items).toBe(0);

        // Pages: the total counts every match, a page holds page_size, and the pages do not overlap.
        const first = await queue({ page_size: 2, page_number: 1, sort: 'id', order: 'asc' });
        const second = await queue({ page_size: 2, page_number: 2, sort: 'id', order: 'asc' });
        expect(first.body.pending_requests).toHaveLength(2);
        expect(first.body.total_items).toBeGreaterThan(3);
        expect(second.body.total_items).toBe(first.body.total_items);
        const ids = [...first.body.pending_requests, ...second.body.pending_requests].map(row => row.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(new Set(ids).size).toBe(ids.length);
        const past = await queue({ page_size: 2, page_number: 10_000 });
        expect([past.body.pending_requests.length, past.body.total_items]).toEqual([0, first.body.total_items]);

        // Decided requests are in their own status, newest decision first.
        await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'reject', note: 'No phone' },
            token: token.checker,
        });
        const rejected = await queue({ status: 'rejected', sort: 'decided_at', order: 'desc' });
        expect(rejected.body.pending_requests[0]?.id).toBe(id);
        expect((await queue({ q: made.loanReference })).body.total_items).toBe(0);
    });

    it('v2 pages by $limit and $skip and answers a bare list', async () => {
        await registerAgent();
        await registerAgent();
        const all = await server.call(listServiceTransactions, { query: { $limit: 1000, order: 'asc' }, token: token.checker });
        expect(all.body.length).toBeGreaterThanOrEqual(3);
        const page = await server.call(listServiceTransactions, {
            query: { $limit: 1, $skip: 1, order: 'asc' },
            token: token.checker,
        });
        expect(page.body.map(row => row.id)).toEqual([all.body[1]?.id]);
    });
});

describe('the badges', () => {
    it("count what waits in reach, 0 for queues the caller may not see, and the caller's own", async () => {
        const before = await server.call(approvalCounts, { token: token.checker });
        const made = await makeLoan(server.db, { store: 'Pretoria Sunnyside' });
        await deregister(made.loanReference);
        const after = await server.call(approvalCounts, { token: token.checker });
        expect(after.body.deregistration).toBe(before.body.deregistration + 1);
        expect(after.body.imei_change).toBe(before.body.imei_change);

        // The maker sees the same queues, and counts their own requests still waiting.
        const makerId = (await requestRow(1)).makerAdminId;
        const own = await server.db
            .select({ id: approvalRequests.id })
            .from(approvalRequests)
            .where(and(eq(approvalRequests.status, 'pending'), eq(approvalRequests.makerAdminId, makerId)));
        const mine = await server.call(approvalCounts, { token: token.maker });
        expect(mine.body.mine).toBe(own.length);
        expect(mine.body.deregistration).toBe(after.body.deregistration);

        // The demo agent may see no queue: every badge 0, and none of their own.
        const agent = await server.call(approvalCounts, { token: token.agent });
        expect(agent.body).toEqual({
            deregistration: 0,
            imei_change: 0,
            loan_transfer: 0,
            agent_registration: 0,
            price_change: 0,
            mine: 0,
        });

        // A checker of another shop does not count Pretoria's.
        const durbanToken = await checkerOf('Durban Marine Parade');
        const durban = await server.call(approvalCounts, { token: durbanToken });
        const durbanQueue = await server.call(pendingLoanRemovalRequests, { body: { page_size: 1 }, token: durbanToken });
        expect(durban.body.deregistration).toBe(durbanQueue.body.total_items);
        expect(durban.body.deregistration).toBeLessThan(after.body.deregistration);
    });
});

describe('one pending request per kind and entity', () => {
    it('refuses a second pending request of a kind on a loan (409), and allows another after a decision', async () => {
        const made = await makeLoan(server.db);
        const id = await deregister(made.loanReference);
        const second = await server.call(requestLoanDeactivation, {
            body: { loan_reference: made.loanReference, reason: 'Again' },
            token: token.maker,
        });
        expect([second.status, second.error.key]).toEqual([409, 'errors.request_pending']);
        await server.call(decideLoanRemoval, {
            body: { request_id: id, decision: 'reject', note: 'Not yet' },
            token: token.checker,
        });
        const after = await server.call(requestLoanDeactivation, {
            body: { loan_reference: made.loanReference, reason: 'Now returned' },
            token: token.maker,
        });
        expect(after.status).toBe(201);
    });

    it('is held by the database for agent registrations too', async () => {
        const agent = await registerAgent();
        await expect(
            server.db.insert(approvalRequests).values({
                kind: 'agent_registration',
                subjectAdminId: agent.agentId,
                change: {},
                reason: 'Twice',
                makerAdminId: agent.agentId,
            }),
        ).rejects.toThrow();
    });
});
