/**
 * The approvals queues against contract-checked msw fixtures: rows spelling out
 * the change, a decision asked first and made once, a rejection that needs its reason, a bulk
 * decision reporting each outcome, one's own requests without buttons, the menu's badges capped
 * at 99+, and an export that pages through the whole filtered list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
    approvalCounts,
    decideImeiChange,
    decideLoanRemoval,
    decideServiceTransaction,
    getApprovalRequest,
    listServiceTransactions,
    pendingImeiRequests,
    pendingLoanRemovalRequests,
    requestsClosedByApproval,
    type ApprovalRequest,
} from '../../contract/approvals';
import { registrationOptions } from '../../contract/registration';
import { canAccessWith } from '../../src/authProvider/permissions';
import { dataProvider, largestPageOf } from '../../src/dataProvider';
import { collectPages } from '../../src/lists/ExportAllButton';
import { createI18nProvider } from '../../src/i18n';
import sw from '../../src/i18n/sw';
import { buildApprovalRequest } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { expectFilterMenuNamed } from './support/filterMenu';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const imeiChange = (id: number, subject: string, more: Partial<ApprovalRequest> = {}): ApprovalRequest =>
    buildApprovalRequest({
        id,
        subject,
        loan_reference: `LPP-00000${id}`,
        msisdn: `2771000000${id}`,
        reason: 'The screen broke; the shop swapped the phone',
        change: { old_imei: `35467811000001${id}`, new_imei: `35693803564380${id}` },
        maker: { id: 2, name: 'Sipho Ndlovu' },
        ...more,
    });

const COUNTS = { deregistration: 0, imei_change: 3, loan_transfer: 0, agent_registration: 0, price_change: 0, mine: 0 };
let rows: ApprovalRequest[] = [];
let counts = COUNTS;
const listed: Record<string, unknown>[] = [];
const decided: Record<string, unknown>[] = [];
let countCalls = 0;
/** How each decision answers, by request id (default: decided as asked). */
let refusals: Record<number, 'errors.request_decided' | 'errors.imei_in_use' | 'errors.own_request'> = {};

const server = contractServer(
    answer(pendingImeiRequests, async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        listed.push(body);
        const shown = body.mine
            ? rows.filter(row => row.maker.id === 9)
            : rows.filter(row => row.status === (body.status ?? 'pending'));
        return { pending_requests: shown, total_items: shown.length };
    }),
    answer(decideImeiChange, async ({ request }) => {
        const body = (await request.clone().json()) as { request_id: number; decision: 'approve' | 'reject'; note?: string };
        decided.push(body);
        const refusal = refusals[body.request_id];
        if (refusal) {
            const status = refusal === 'errors.own_request' ? 403 : 409;
            return errorAnswer(status, { code: status, name: 'Refused', message: 'Refused', key: refusal });
        }
        const row = rows.find(one => one.id === body.request_id)!;
        const now: ApprovalRequest = {
            ...row,
            status: body.decision === 'approve' ? 'approved' : 'rejected',
            checker: { id: 3, name: 'Lerato Dlamini' },
            decision_note: body.note ?? null,
            decided_at: '2026-11-22T09:00:00.000Z',
        };
        rows = rows.map(one => (one.id === now.id ? now : one));
        return { request: now };
    }),
    answer(approvalCounts, () => {
        countCalls++;
        return counts;
    }),
    answer(getApprovalRequest, ({ params }) => {
        const row = rows.find(one => one.id === Number(params.id));
        return row ?? errorAnswer(404, { code: 404, name: 'NotFound', message: 'Not found', key: 'errors.request_not_found' });
    }),
    answer(registrationOptions, { stores: [{ id: 1, name: 'Soweto Central', town: 'Johannesburg' }] }),
);

beforeEach(() => {
    rows = [imeiChange(7, 'Zanele Dube'), imeiChange(8, 'Themba Nkosi'), imeiChange(9, 'Mandla Zulu')];
    counts = COUNTS;
    listed.length = 0;
    decided.length = 0;
    countCalls = 0;
    refusals = {};
});

const CHECKER = ['VIEW_IMEI_CHANGE_REQUESTS', 'APPROVE_IMEI_CHANGE'];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('an approvals queue', () => {
    it('lists the pending requests with the change each makes, and opens one to spell it out', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        expect(await screen.findByText('Zanele Dube', {}, FIRST)).toBeTruthy();
        expect(listed[0]).toEqual({ status: 'pending', sort: 'created_at', order: 'desc', page_number: 1, page_size: 25 });
        expect(screen.getByRole('heading', { name: 'IMEI change requests', level: 1 })).toBeTruthy();
        expect(screen.getByText('3 requests')).toBeTruthy();
        const zanele = rowOf('Zanele Dube');
        expect(within(zanele).getByText('354678110000017 → 356938035643807')).toBeTruthy();
        expect(within(zanele).getByText('Sipho Ndlovu')).toBeTruthy();

        await user.click(within(zanele).getByRole('button', { name: 'Details of request 7' }));
        const detail = await screen.findByText('Old IMEI');
        const panel = detail.closest('dl') as HTMLElement;
        expect(within(panel).getByText('354678110000017')).toBeTruthy();
        expect(within(panel).getByText('356938035643807')).toBeTruthy();
        expect(within(panel).getByText('LPP-000007')).toBeTruthy();
        expect(within(panel).getByText('The screen broke; the shop swapped the phone')).toBeTruthy();
    });

    it('names every filter of its "Add filter" menu from the catalog, in English and Swahili', async () => {
        signedInAs([...CHECKER, 'VIEW_USERS']);
        const english = renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        // The shop's and the maker's said "Store id" and "Maker id", in English whatever the language.
        expect(await expectFilterMenuNamed(userEvent.setup())).toEqual([
            'Requested from',
            'Requested until',
            'Shop',
            'Requested by',
        ]);
        english.unmount();
        renderPortal('/dashboard/imei_changes', createI18nProvider('sw', sw));
        await screen.findByText('Zanele Dube', {}, FIRST);
        expect(await expectFilterMenuNamed(userEvent.setup(), sw)).toHaveLength(4);
    });

    it('asks before approving, approves once, and refreshes the queue and the counts', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        await user.click(await within(rowOf('Zanele Dube')).findByRole('button', { name: 'Approve request 7' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 7?' });
        expect(dialog.textContent).toContain('354678110000017 → 356938035643807');
        expect(decided).toEqual([]);
        // Cancel has the focus: Enter straight away would change nothing.
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
        const lists = listed.length;
        const countsAsked = countCalls;
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect(await screen.findByText('Request 7 approved')).toBeTruthy();
        expect(decided).toEqual([{ request_id: 7, decision: 'approve' }]);
        await waitFor(() => expect(screen.queryByText('Zanele Dube')).toBeNull());
        expect(listed.length).toBeGreaterThan(lists);
        expect(countCalls).toBeGreaterThan(countsAsked);
        expect(decided).toHaveLength(1);
    });

    it('needs a reason to reject, and sends it as the note', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Themba Nkosi', {}, FIRST);
        await user.click(await within(rowOf('Themba Nkosi')).findByRole('button', { name: 'Reject request 8' }));
        const dialog = await screen.findByRole('dialog', { name: 'Reject request 8?' });
        const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
        expect(reason).toBe(document.activeElement);
        await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
        expect(within(dialog).getByText('Say why you reject it, in at least 3 characters.')).toBeTruthy();
        await user.type(reason, 'ok');
        await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
        expect(decided).toEqual([]);
        await user.type(reason, ' — the new IMEI is not the shop’s phone');
        await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
        expect(await screen.findByText('Request 8 rejected')).toBeTruthy();
        expect(decided).toEqual([{ request_id: 8, decision: 'reject', note: 'ok — the new IMEI is not the shop’s phone' }]);
    });

    it('shows a refusal in the dialog and the request as it now stands', async () => {
        signedInAs(CHECKER);
        refusals = { 9: 'errors.request_decided' };
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Mandla Zulu', {}, FIRST);
        await user.click(await within(rowOf('Mandla Zulu')).findByRole('button', { name: 'Approve request 9' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 9?' });
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe('This request has already been decided.');
    });

    it('decides many at once, one call each, and reports every outcome', async () => {
        signedInAs(CHECKER);
        refusals = { 8: 'errors.request_decided', 9: 'errors.imei_in_use' };
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(await screen.findByRole('button', { name: 'Approve selected' }));
        const ask = await screen.findByRole('dialog', { name: 'Approve 3 requests?' });
        await user.click(within(ask).getByRole('button', { name: 'Approve' }));
        const report = await screen.findByRole('dialog', { name: 'Approving 3 requests' });
        await within(report).findByText('Done. Decided now: 1. Already decided: 1. Refused: 1.');
        expect(decided.map(body => body.request_id).sort()).toEqual([7, 8, 9]);
        const results = within(report).getByRole('table', { name: 'Result of each request' });
        const line = (name: string) => within(results).getByText(name).closest('tr') as HTMLElement;
        expect(line('Zanele Dube').textContent).toContain('Approved');
        expect(line('Themba Nkosi').textContent).toContain('Already decided');
        expect(line('Mandla Zulu').textContent).toContain('Refused');
        expect(line('Mandla Zulu').textContent).toContain('This IMEI belongs to another open loan.');
        await user.click(within(report).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("offers no decision on one's own request, and says why", async () => {
        signedInAs(CHECKER);
        counts = { ...COUNTS, mine: 1 };
        rows = [imeiChange(7, 'Zanele Dube'), imeiChange(8, 'Themba Nkosi', { maker: { id: 9, name: 'Test User' } })];
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Themba Nkosi', {}, FIRST);
        const own = rowOf('Themba Nkosi');
        await within(own).findByText('You made this request: another person must decide it.');
        expect(within(own).queryByRole('button', { name: /Approve/ })).toBeNull();
        expect(within(own).queryByRole('button', { name: /Reject/ })).toBeNull();
        expect(within(rowOf('Zanele Dube')).getByRole('button', { name: 'Approve request 7' })).toBeTruthy();

        // "My requests": only the caller's own, asked with `mine`.
        await user.click(screen.getByRole('tab', { name: 'My requests' }));
        await waitFor(() => expect(screen.queryByText('Zanele Dube')).toBeNull());
        expect(listed.at(-1)).toMatchObject({ mine: true, status: 'pending' });
        expect(screen.getByText('You made this request: another person must decide it.')).toBeTruthy();
    });

    it('shows no decision buttons to whoever may only look', async () => {
        signedInAs(['VIEW_IMEI_CHANGE_REQUESTS']);
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
        expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
    });

    it('says so when the queue is empty, and offers a retry when it cannot be read', async () => {
        signedInAs(CHECKER);
        rows = [];
        const { unmount } = renderPortal('/dashboard/imei_changes');
        expect(await screen.findByText('There are no records to display', {}, FIRST)).toBeTruthy();
        unmount();
        server.use(
            answer(
                pendingImeiRequests,
                errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' }),
            ),
        );
        renderPortal('/dashboard/imei_changes');
        expect(await screen.findByText('Could not load data, reload page!', {}, FIRST)).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });

    it('pages the agent registrations (v2) one row past the page to know whether another follows', async () => {
        signedInAs(['VIEW_MAKER_CHECKER_REQUESTS']);
        const queries: Record<string, string>[] = [];
        const agent = (id: number): ApprovalRequest =>
            buildApprovalRequest({
                id,
                kind: 'agent_registration',
                subject: `Agent ${id}`,
                change: { username: `agent${id}`, store_name: 'Soweto Central' },
                maker: { id: 100 + id, name: `Registered ${id}` },
            });
        server.use(
            answer(listServiceTransactions, ({ request }) => {
                const query = Object.fromEntries(new URL(request.url).searchParams);
                queries.push(query);
                const skip = Number(query.$skip);
                return Array.from({ length: Math.min(Number(query.$limit), 30 - skip) }, (_, index) => agent(skip + index + 1));
            }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/mc_requests_v2');
        expect(await screen.findByText('Agent 1', {}, FIRST)).toBeTruthy();
        expect(queries[0]).toMatchObject({ $limit: '26', $skip: '0', status: 'pending', order: 'desc' });
        expect(screen.queryByText('Agent 26')).toBeNull();
        expect(screen.getByText('Activate agent1 at Soweto Central')).toBeTruthy();
        // No total while another page follows; the last page gives it.
        expect(screen.getByText('1-25 of more than 25')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Go to next page' }));
        expect(await screen.findByText('Agent 26', {}, FIRST)).toBeTruthy();
        expect(queries.at(-1)).toMatchObject({ $limit: '26', $skip: '25' });
        expect(screen.getByRole('button', { name: 'Go to next page' })).toHaveProperty('disabled', true);
        expect(screen.getByText('26-30 of 30')).toBeTruthy();
        expect(screen.getByText('30 requests')).toBeTruthy();
    });
});

describe('a queue in the address', () => {
    it('opens at the filter, sort, page and page size a copied address names', async () => {
        signedInAs(CHECKER);
        const filter = encodeURIComponent(JSON.stringify({ status: 'approved', q: 'Zanele' }));
        renderPortal(`/dashboard/imei_changes?filter=${filter}&order=ASC&page=2&perPage=10&sort=id`);
        await waitFor(() => expect(listed.length).toBeGreaterThan(0), FIRST);
        expect(listed[0]).toEqual({
            status: 'approved',
            q: 'Zanele',
            sort: 'id',
            order: 'asc',
            page_number: 2,
            page_size: 10,
        });
        expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveProperty('textContent', 'Approved');
    });

    it("leads from a row to the request's own page, where a checker approves it, and back to the queue", async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/imei_changes');
        await screen.findByText('Zanele Dube', {}, FIRST);
        await user.click(within(rowOf('Zanele Dube')).getByRole('link', { name: '#7' }));
        expect(await screen.findByRole('heading', { name: 'Request 7', level: 2 })).toBeTruthy();
        expect(screen.getByText('Old IMEI')).toBeTruthy();
        expect(screen.queryByText('Themba Nkosi')).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Approve request 7' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 7?' });
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect(await screen.findByText('Request 7 approved')).toBeTruthy();
        expect(decided).toEqual([{ request_id: 7, decision: 'approve' }]);
        // The page reads the request again: decided, it offers no decision.
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve request 7' })).toBeNull());
        await user.click(await screen.findByRole('link', { name: 'Back to IMEI change requests' }));
        expect(await screen.findByText('Themba Nkosi')).toBeTruthy();
    });

    it('says a request out of reach (or of another queue) was not found, on its page', async () => {
        signedInAs(CHECKER);
        renderPortal('/dashboard/imei_changes/404/show');
        expect(await screen.findByText('This request was not found, or it is not one you may see.', {}, FIRST)).toBeTruthy();
    });

    it('counts one agent registration (v2) as one, not as a page of 25', async () => {
        signedInAs(['VIEW_MAKER_CHECKER_REQUESTS']);
        server.use(
            answer(listServiceTransactions, [
                buildApprovalRequest({
                    id: 41,
                    kind: 'agent_registration',
                    subject: 'Agent 41',
                    change: { username: 'agent41', store_name: 'Soweto Central' },
                }),
            ]),
        );
        renderPortal('/dashboard/mc_requests_v2');
        expect(await screen.findByText('Agent 41', {}, FIRST)).toBeTruthy();
        expect(await screen.findByText('1-1 of 1')).toBeTruthy();
        expect(screen.getByText('1 request')).toBeTruthy();
        expect(screen.queryByText('1-25 of 25')).toBeNull();
    });
});

describe('catalogue price cuts (v2)', () => {
    // The demo's price cut, with the cash prices this test reads.
    const cut = buildApprovalRequest({
        id: 41,
        kind: 'price_change',
        change: {
            ...buildApprovalRequest({ kind: 'price_change' }).change,
            cash_price_before: '3299.00',
            cash_price_after: '2309.30',
        },
        maker: { id: 4, name: 'Thandi Mokoena' },
    });

    it('wait in the v2 queue with the cut spelt out, and a checker holding the approving role approves one', async () => {
        signedInAs(['VIEW_MAKER_CHECKER_REQUESTS', 'APPROVE_MAKER_CHECKER_REQUESTS', 'APPROVE_PRICE_CHANGE']);
        const sent: unknown[] = [];
        server.use(
            answer(listServiceTransactions, () => [cut]),
            answer(decideServiceTransaction, async ({ request }) => {
                sent.push(await request.clone().json());
                return { request: { ...cut, status: 'approved' as const, checker: { id: 3, name: 'Lerato Dlamini' } } };
            }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/mc_requests_v2');
        expect(await screen.findByText(/cash price 3299\.00 → 2309\.30/, {}, FIRST)).toBeTruthy();
        expect(screen.getByText('Price cut')).toBeTruthy();
        // One row is one row: "1-25 of 25" was said over it.
        expect(screen.getByText('1-1 of 1')).toBeTruthy();
        expect(screen.getByText('1 request')).toBeTruthy();
        await user.click(await screen.findByRole('button', { name: 'Approve request 41' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 41?' });
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect(await screen.findByText('Request 41 approved')).toBeTruthy();
        expect(sent).toEqual([{ request_id: 41, decision: 'approve' }]);
    });
});

describe('the v2 queue when its filter finds nothing', () => {
    it('says there are none, without a count of rows that are not there', async () => {
        signedInAs(['VIEW_MAKER_CHECKER_REQUESTS', 'APPROVE_MAKER_CHECKER_REQUESTS']);
        server.use(answer(listServiceTransactions, () => []));
        renderPortal('/dashboard/mc_requests_v2');
        expect(await screen.findByText('There are no records to display', {}, FIRST)).toBeTruthy();
        expect(screen.queryByText(/\d+-\d+ of/)).toBeNull();
    });
});

describe('who may decide', () => {
    it("takes each queue's gates from its calls, and in the phone queue (v1) also the kind's own approving role", () => {
        const may = (roles: string[], resource: string, action: string) => canAccessWith(new Set(roles), { resource, action });
        expect(may(['VIEW_IMEI_CHANGE_REQUESTS'], 'imei_changes', 'list')).toBe(true);
        expect(may(['VIEW_IMEI_CHANGE_REQUESTS'], 'imei_changes', 'approve')).toBe(false);
        expect(may(['APPROVE_IMEI_CHANGE'], 'imei_changes', 'approve')).toBe(true);
        // v1 decides any loan request through one call, but each kind still needs its own role.
        expect(may(['APPROVE_MAKER_CHECKER_REQUESTS'], 'mc_requests', 'approve')).toBe(true);
        expect(may(['APPROVE_MAKER_CHECKER_REQUESTS'], 'mc_requests', 'approve_imei_change')).toBe(false);
        expect(may(['APPROVE_MAKER_CHECKER_REQUESTS', 'APPROVE_IMEI_CHANGE'], 'mc_requests', 'approve_imei_change')).toBe(true);
        // v2 decides registrations and price cuts through one call; each kind needs its own role too.
        const v2 = ['APPROVE_MAKER_CHECKER_REQUESTS'];
        expect(may(v2, 'mc_requests_v2', 'approve_agent_registration')).toBe(false);
        expect(may([...v2, 'APPROVE_AGENT_REGISTRATION'], 'mc_requests_v2', 'approve_agent_registration')).toBe(true);
        expect(may([...v2, 'APPROVE_AGENT_REGISTRATION'], 'mc_requests_v2', 'approve_price_change')).toBe(false);
        expect(may([...v2, 'APPROVE_PRICE_CHANGE'], 'mc_requests_v2', 'approve_price_change')).toBe(true);
    });
});

describe('the menu badges', () => {
    it('count what waits in each queue, 99+ past 99, the group summing them while closed', async () => {
        signedInAs(['VIEW_IMEI_CHANGE_REQUESTS', 'VIEW_DEREGISTRATIONS']);
        counts = { ...COUNTS, deregistration: 4, imei_change: 150 };
        server.use(answer(pendingLoanRemovalRequests, { pending_requests: [], total_items: 0 }));
        const user = userEvent.setup();
        renderPortal('/dashboard/deregistrations');
        const menu = await screen.findByRole('navigation', { name: 'Main menu' }, FIRST);
        // The count is the entry's description; its name stays its label.
        const deregistrations = await within(menu).findByRole('menuitem', {
            name: 'Deregistration requests',
            description: '4 pending',
        });
        expect(deregistrations.querySelector('.MuiBadge-badge')?.textContent).toBe('4');
        const group = within(menu).getByRole('menuitem', { name: 'Approvals', description: 'more than 99 pending' });
        expect(group.querySelector('.MuiBadge-badge')?.textContent).toBe('99+');
        await user.click(group);
        const imei = await within(menu).findByRole('menuitem', {
            name: 'IMEI change requests',
            description: 'more than 99 pending',
        });
        expect(imei.querySelector('.MuiBadge-badge')?.textContent).toBe('99+');
        // Open, the group no longer sums: its entries say it.
        expect(within(menu).getByRole('menuitem', { name: 'Approvals' }).querySelector('.MuiBadge-invisible')).not.toBeNull();
    });
});

describe('the export of a queue', () => {
    it('walks the whole filtered list at 500 rows a page, past any 1,000-row cap', async () => {
        signedInAs(CHECKER);
        const many = Array.from({ length: 1200 }, (_, index) => imeiChange(index + 1, `Customer ${index + 1}`));
        const pages: Record<string, unknown>[] = [];
        server.use(
            answer(pendingImeiRequests, async ({ request }) => {
                const body = (await request.clone().json()) as { page_number: number; page_size: number };
                pages.push(body);
                const start = (body.page_number - 1) * body.page_size;
                return { pending_requests: many.slice(start, start + body.page_size), total_items: many.length };
            }),
        );
        // What the export button does: every page of the current filter, at the resource's largest page.
        const seen: number[] = [];
        const perPage = largestPageOf('imei_changes');
        const all = await collectPages(
            page =>
                dataProvider.getList('imei_changes', {
                    pagination: { page, perPage },
                    sort: { field: 'created_at', order: 'DESC' },
                    filter: { status: 'approved', q: 'Customer' },
                }),
            perPage,
            count => seen.push(count),
        );
        expect(all).toHaveLength(1200);
        expect(pages).toEqual(
            [1, 2, 3].map(page_number =>
                expect.objectContaining({ page_number, page_size: 500, status: 'approved', q: 'Customer' }),
            ),
        );
        expect(seen).toEqual([500, 1000, 1200]);
    });
});

describe('approving a deregistration', () => {
    const onLoan = { subject: 'Ayanda Khumalo', loan_reference: 'LPP-000030' };
    const deregistration = buildApprovalRequest({ ...onLoan, id: 30, kind: 'deregistration' });
    const transfer = buildApprovalRequest({ ...onLoan, id: 31, kind: 'loan_transfer', maker: { id: 5, name: 'Thandi Mokoena' } });
    const change = buildApprovalRequest({ ...onLoan, id: 32, maker: { id: 2, name: 'Sipho Ndlovu' } });

    it('names every other request on the loan that approving closes, and why, before the checker confirms', async () => {
        signedInAs(['VIEW_DEREGISTRATIONS', 'APPROVE_DEREGISTRATION']);
        const asked: unknown[] = [];
        const sent: unknown[] = [];
        server.use(
            answer(pendingLoanRemovalRequests, { pending_requests: [deregistration], total_items: 1 }),
            answer(requestsClosedByApproval, async ({ request }) => {
                asked.push(await request.clone().json());
                return { requests: [transfer, change], hidden: 0 };
            }),
            answer(decideLoanRemoval, async ({ request }) => {
                sent.push(await request.clone().json());
                return { request: { ...deregistration, status: 'approved' as const } };
            }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/deregistrations');
        await screen.findByText('Ayanda Khumalo', {}, FIRST);
        await user.click(await within(rowOf('Ayanda Khumalo')).findByRole('button', { name: 'Approve request 30' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 30?' });
        expect(await within(dialog).findByText('#31 Ownership transfer, asked by Thandi Mokoena')).toBeTruthy();
        expect(within(dialog).getByText('#32 IMEI change, asked by Sipho Ndlovu')).toBeTruthy();
        expect(dialog.textContent).toContain('Approving also closes the 2 other requests waiting on loan LPP-000030');
        expect(dialog.textContent).toContain('deregistered by request #30');
        expect(asked).toEqual([{ request_id: 30 }]);
        const approve = within(dialog).getByRole('button', { name: 'Approve' });
        await waitFor(() => expect((approve as HTMLButtonElement).disabled).toBe(false));
        await user.click(approve);
        await waitFor(() => expect(sent).toEqual([{ request_id: 30, decision: 'approve' }]));
    });

    it('names them for each deregistration approved in bulk too', async () => {
        signedInAs(['VIEW_DEREGISTRATIONS', 'APPROVE_DEREGISTRATION']);
        const other: ApprovalRequest = {
            ...deregistration,
            id: 33,
            subject: 'Bheki Cele',
            loan_reference: 'LPP-000033',
        };
        server.use(
            answer(pendingLoanRemovalRequests, { pending_requests: [deregistration, other], total_items: 2 }),
            answer(requestsClosedByApproval, async ({ request }) => {
                const { request_id } = (await request.clone().json()) as { request_id: number };
                return { requests: request_id === 30 ? [transfer] : [], hidden: 0 };
            }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/deregistrations');
        await screen.findByText('Ayanda Khumalo', {}, FIRST);
        await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
        await user.click(await screen.findByRole('button', { name: 'Approve selected' }));
        const ask = await screen.findByRole('dialog', { name: 'Approve 2 requests?' });
        expect(await within(ask).findByText('#31 Ownership transfer, asked by Thandi Mokoena')).toBeTruthy();
        expect(ask.textContent).toContain('Approving also closes the other request waiting on loan LPP-000030');
        expect(ask.textContent).not.toContain('LPP-000033');
    });

    it('counts the requests it closes that the checker may not see, without naming them', async () => {
        signedInAs(['VIEW_DEREGISTRATIONS', 'APPROVE_DEREGISTRATION']);
        server.use(
            answer(pendingLoanRemovalRequests, { pending_requests: [deregistration], total_items: 1 }),
            answer(requestsClosedByApproval, { requests: [transfer], hidden: 2 }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/deregistrations');
        await screen.findByText('Ayanda Khumalo', {}, FIRST);
        await user.click(await within(rowOf('Ayanda Khumalo')).findByRole('button', { name: 'Approve request 30' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve request 30?' });
        expect(await within(dialog).findByText('And 2 other requests you cannot see.')).toBeTruthy();
        expect(dialog.textContent).toContain('Approving also closes the 3 other requests waiting on loan LPP-000030');
        expect(within(dialog).getByText('#31 Ownership transfer, asked by Thandi Mokoena')).toBeTruthy();
    });

    it('says nothing more when it closes nothing, and does not ask when rejecting', async () => {
        signedInAs(['VIEW_DEREGISTRATIONS', 'APPROVE_DEREGISTRATION']);
        const asked: unknown[] = [];
        server.use(
            answer(pendingLoanRemovalRequests, { pending_requests: [deregistration], total_items: 1 }),
            answer(requestsClosedByApproval, async ({ request }) => {
                asked.push(await request.clone().json());
                return { requests: [], hidden: 0 };
            }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/deregistrations');
        await screen.findByText('Ayanda Khumalo', {}, FIRST);
        await user.click(await within(rowOf('Ayanda Khumalo')).findByRole('button', { name: 'Reject request 30' }));
        const rejecting = await screen.findByRole('dialog', { name: 'Reject request 30?' });
        expect(rejecting.textContent).not.toContain('also closes');
        await user.click(within(rejecting).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(asked).toEqual([]);
        await user.click(within(rowOf('Ayanda Khumalo')).getByRole('button', { name: 'Approve request 30' }));
        const approving = await screen.findByRole('dialog', { name: 'Approve request 30?' });
        await waitFor(() => expect(asked).toEqual([{ request_id: 30 }]));
        await waitFor(() =>
            expect((within(approving).getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false),
        );
        expect(approving.textContent).not.toContain('also closes');
    });
});
