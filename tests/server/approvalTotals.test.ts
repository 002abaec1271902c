/**
 * Every approvals queue's count is the number of rows its filter finds (the v2
 * list said "1-25 of 25" over one row). The four paged queues answer `total_items`: it must equal
 * the rows of one page big enough for all of them, and every smaller page must carry the same
 * count. The v2 list answers rows alone: its pages, walked one past the page as the portal asks,
 * must add up to the same rows as one big page, each once.
 *
 * The rows: the seed's requests, plus decided requests of every loan kind on the demo loans (in
 * two shops) and agent registrations pending, approved and rejected.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    listServiceTransactions,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    pendingMakerCheckerRequests,
    pendingTransferLoans,
    type QueueFilter,
} from '../../contract/approvals';
import { registrationOptions } from '../../contract/registration';
import { admins, approvalRequests, loans } from '../../server/db/schema';
import { EXACT_COUNT_UP_TO } from '../../server/lists';
import { businessDay } from '../../server/time';
import { signInAs } from './contractCases';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
const token: Record<string, string> = {};
const storeIds: number[] = [];

beforeAll(async () => {
    server = await startTestServer();
    for (const username of ['maker', 'checker']) token[username] = await signInAs(server, username);
    storeIds.push(...(await server.call(registrationOptions, {})).body.stores.map(store => store.id));
    const db = server.db;
    const [maker] = await db.select().from(admins).where(eq(admins.username, 'maker'));
    const [checker] = await db.select().from(admins).where(eq(admins.username, 'checker'));
    if (!maker || !checker) throw new Error('No maker or checker');
    const demoLoans = await db
        .select()
        .from(loans)
        .where(inArray(loans.loanReference, ['LPP-000001', 'LPP-000002', 'LPP-000003', 'LPP-000004', 'LPP-000005']));
    const decided = (index: number) => ({
        status: index % 2 === 0 ? ('approved' as const) : ('rejected' as const),
        checkerAdminId: checker.id,
        decisionNote: 'Checked',
        decidedAt: server.clock.now(),
    });
    let index = 0;
    for (const loan of demoLoans) {
        for (const kind of ['deregistration', 'imei_change', 'loan_transfer'] as const) {
            index += 1;
            await db.insert(approvalRequests).values({
                kind,
                ...decided(index),
                loanId: loan.id,
                customerId: loan.customerId,
                storeId: loan.storeId,
                change: {},
                reason: `Decided request ${index}`,
                makerAdminId: maker.id,
            });
        }
    }
    // Agent registrations: the other demo accounts, as if each had registered (one pending each at most).
    const agents = await db
        .select()
        .from(admins)
        .where(inArray(admins.username, ['agent', 'fieldagent', 'shopowner', 'secure', 'analyst']));
    for (const [position, agent] of agents.entries()) {
        await db.insert(approvalRequests).values({
            kind: 'agent_registration',
            ...(position < 3 ? decided(position) : {}),
            subjectAdminId: agent.id,
            storeId: agent.storeId,
            change: { username: agent.username, store_name: '' },
            reason: 'Agent self-registration',
            makerAdminId: agent.id,
        });
    }
}, 120_000);
afterAll(() => server?.close());

const today = () => businessDay(server.clock.now());

/** The filters each queue is read with: every status, each shop, searches, days and the maker's own. */
const filters = (): QueueFilter[] => {
    const statuses = ['pending', 'approved', 'rejected'] as const;
    return statuses.flatMap(status => [
        { status },
        ...storeIds.map(store_id => ({ status, store_id })),
        { status, q: 'LPP' },
        { status, q: 'a' },
        { status, q: 'nothing matches this' },
        { status, from: today(), to: today() },
        { status, to: '2020-01-01' },
        { status, mine: true },
    ]);
};

const PAGED = {
    deregistrations: pendingLoanRemovalRequests,
    imei_changes: pendingImeiRequests,
    mc_requests: pendingMakerCheckerRequests,
} as const;

describe("each queue's count is the rows its filter finds", () => {
    for (const [name, call] of Object.entries(PAGED)) {
        it(`${name}: total_items equals the rows, on one page and on small pages`, async () => {
            let seen = 0;
            for (const filter of filters()) {
                const whole = await server.call(call, { body: { ...filter, page_size: 500 }, token: token.checker });
                expect(whole.status, JSON.stringify(filter)).toBe(200);
                const rows = whole.body.pending_requests.length;
                expect({ filter, total: whole.body.total_items }).toEqual({ filter, total: rows });
                const second = await server.call(call, {
                    body: { ...filter, page_size: 2, page_number: 2 },
                    token: token.checker,
                });
                expect({ filter, total: second.body.total_items, rows: second.body.pending_requests.length }).toEqual({
                    filter,
                    total: rows,
                    rows: Math.max(0, Math.min(2, rows - 2)),
                });
                seen += rows;
            }
            // The filters found something: the check is not over empty lists alone.
            expect(seen).toBeGreaterThan(0);
        });
    }

    it('transfer_loan_requests: total_items equals the rows, on one page and on small pages', async () => {
        let seen = 0;
        for (const filter of filters()) {
            const whole = await server.call(pendingTransferLoans, { body: { ...filter, page_size: 500 }, token: token.checker });
            expect(whole.status).toBe(200);
            expect({ filter, total: whole.body.total_items }).toEqual({ filter, total: whole.body.data.length });
            const first = await server.call(pendingTransferLoans, { body: { ...filter, page_size: 1 }, token: token.checker });
            expect({ filter, total: first.body.total_items }).toEqual({ filter, total: whole.body.data.length });
            seen += whole.body.data.length;
        }
        expect(seen).toBeGreaterThan(0);
    });

    it('mc_requests_v2: its pages, one past the page at a time, add up to the rows of one big page, each once', async () => {
        let seen = 0;
        for (const filter of filters()) {
            const { mine: _mine, ...query } = filter;
            const asked = {
                status: query.status,
                ...(query.store_id === undefined ? {} : { store_id: String(query.store_id) }),
                ...(query.q === undefined ? {} : { q: query.q }),
                ...(query.from === undefined ? {} : { from: query.from }),
                ...(query.to === undefined ? {} : { to: query.to }),
            };
            const whole = await server.call(listServiceTransactions, {
                query: { ...asked, $limit: '1000' },
                token: token.checker,
            });
            expect(whole.status, JSON.stringify(filter)).toBe(200);
            const ids: number[] = [];
            for (let skip = 0; ; skip += 2) {
                const page = await server.call(listServiceTransactions, {
                    query: { ...asked, $limit: '3', $skip: String(skip) },
                    token: token.checker,
                });
                ids.push(...page.body.slice(0, 2).map(row => row.id));
                if (page.body.length <= 2) break;
            }
            expect({ filter, ids }).toEqual({ filter, ids: whole.body.map(row => row.id) });
            seen += ids.length;
        }
        expect(seen).toBeGreaterThan(0);
    });
});

/*
 * Last in this file (its rows would swell the counts above): past what a queue counts
 * (server/lists.ts EXACT_COUNT_UP_TO), its total is the planner's estimate, answered with
 * `estimated: true`, on both ways a queue counts (approval_requests alone, and joined for a search);
 * a page at the end and a narrow filter stay exact.
 */
describe('a queue past what it counts', () => {
    const MANY = EXACT_COUNT_UP_TO + 50;
    let loanReference = '';

    beforeAll(async () => {
        const [maker] = await server.db.select().from(admins).where(eq(admins.username, 'maker'));
        const [loan] = await server.db.select().from(loans).where(eq(loans.loanReference, 'LPP-000001'));
        if (!maker || !loan) throw new Error('No maker or demo loan');
        loanReference = loan.loanReference;
        await server.db.execute(sql`INSERT INTO approval_requests
                (kind, status, loan_id, customer_id, store_id, change, reason, maker_admin_id, checker_admin_id, decided_at)
            SELECT 'deregistration', 'approved', ${loan.id}::int, ${loan.customerId}::int, ${loan.storeId}::int, '{}'::jsonb,
                   'Bulk ' || n, ${maker.id}::int, ${maker.id}::int, now()
            FROM generate_series(1, ${MANY}::int) AS n`);
        await server.db.execute(sql`ANALYZE approval_requests`);
    }, 120_000);

    const approved = async (body: Partial<QueueFilter>) => {
        const answer = await server.call(pendingLoanRemovalRequests, {
            body: { status: 'approved', ...body },
            token: token.checker,
        });
        expect(answer.status).toBe(200);
        return answer.body;
    };

    it('is an estimate, and says so, on the first page and with a search', async () => {
        for (const filter of [{}, { q: loanReference }]) {
            const page = await approved({ ...filter, page_size: 50 });
            expect({ filter, estimated: page.estimated, rows: page.pending_requests.length }).toEqual({
                filter,
                estimated: true,
                rows: 50,
            });
            expect(page.total_items).toBeGreaterThan(EXACT_COUNT_UP_TO);
        }
    });

    it('is exact on the last page, from the rows before it and on it', async () => {
        const [row] = await server.db
            .select({ value: count() })
            .from(approvalRequests)
            .where(and(eq(approvalRequests.kind, 'deregistration'), eq(approvalRequests.status, 'approved')));
        const all = row?.value ?? 0;
        const last = Math.ceil(all / 500);
        const page = await approved({ page_size: 500, page_number: last });
        expect({ total: page.total_items, estimated: page.estimated }).toEqual({ total: all, estimated: undefined });
        expect(page.pending_requests).toHaveLength(all - (last - 1) * 500);
    });

    it('is exact for a filter that finds fewer', async () => {
        const page = await approved({ page_size: 2, q: 'nothing matches this' });
        expect({ total: page.total_items, estimated: page.estimated }).toEqual({ total: 0, estimated: undefined });
        const decided = await approved({ page_size: 2, status: 'rejected' });
        expect(decided.estimated).toBeUndefined();
        expect(decided.total_items).toBeLessThan(EXACT_COUNT_UP_TO);
    });
});
