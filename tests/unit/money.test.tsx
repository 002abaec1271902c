/**
 * The money screens against contract-checked msw fixtures: Find transaction
 * sending its filters and sort and showing what it finds, empty and failed; the suspense queue's
 * assignment (the loans suggested and searched, a confirmation with the balance before and after,
 * the call's body, a refusal shown with the choice kept) and its note to set a payment aside; a
 * backend without suspense ids; the insurance claims (records, a failure with a Retry that works,
 * a reversal requested and refused); the reversal queue's approve and deny, each asked first, deny
 * needing a note, one's own request without buttons, and no buttons without the approving role.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract';
import {
    correctSuspense,
    decideTpiReversal,
    failedTpiClaims,
    queueSuspense,
    requestedTpiReversals,
    requestTpiReversal,
    searchTransactions,
    successfulTpiClaims,
    suspenseTransactions,
    wrongAccountTransactions,
    type LoanCandidate,
    type MoneyTransaction,
    type SuspenseItem,
    type TpiClaim,
    type TpiReversal,
} from '../../contract/money';
import { dataProvider } from '../../src/dataProvider';
import { buildLoanCandidate, buildMoneyTransaction, buildSuspenseItem, buildTpiClaim, buildTpiReversal } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { expectFilterMenuNamed } from './support/filterMenu';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const payment = (id: number, more: Partial<MoneyTransaction> = {}): MoneyTransaction =>
    buildMoneyTransaction({
        id,
        reference: `MP${id}QX`,
        msisdn: `2771000000${id}`,
        loan_reference: `LPP-00010${id}`,
        customer_name: 'Thandi Mokoena',
        customer_public_id: `9b2f6a1e-0000-4000-8000-00000000000${id}`,
        amount: 100 * id,
        account: `LPP-00010${id}`,
        ...more,
    });

const inSuspense = (id: number, more: Partial<SuspenseItem> = {}): SuspenseItem =>
    buildSuspenseItem({
        id,
        reference: `MP${id}QX`,
        msisdn: `2771000000${id}`,
        amount: 100 * id,
        suspense_reason: 'unknown_account',
        ...more,
    });

const candidate = (reference: string, name: string, more: Partial<LoanCandidate> = {}): LoanCandidate =>
    buildLoanCandidate({
        loan_reference: reference,
        customer_name: name,
        msisdn: '27710000099',
        balance: 3000,
        instalment: 250,
        ...more,
    });

const claim = (id: number, more: Partial<TpiClaim> = {}): TpiClaim =>
    buildTpiClaim({
        id,
        loan_reference: `LPP-00020${id}`,
        msisdn: `2772000000${id}`,
        customer_name: `Customer ${id}`,
        customer_public_id: `7c1d2e3f-0000-4000-8000-00000000000${id}`,
        insurer_reference: `INS-${id}`,
        amount: 1000 + id,
        ...more,
    });

const reversal = (id: number, more: Partial<TpiReversal> = {}): TpiReversal =>
    buildTpiReversal({
        id,
        claim: claim(id),
        reason: `The insurer clawed claim ${id} back`,
        requested_by: { id: 4, name: 'Naledi Maker' },
        ...more,
    });

type Body = Record<string, unknown>;
const bodyOf = async (request: Request) => (await request.clone().json()) as Body;
const refused = (status: number, key: string) => errorAnswer(status, { code: status, name: 'Refused', message: 'Refused', key });

let transactions: MoneyTransaction[] = [];
let suspense: SuspenseItem[] = [];
let claims: TpiClaim[] = [];
let reversals: TpiReversal[] = [];
let ownReversals: number[] = [];
const sent: Record<string, Body[]> = {};
const record = (name: string, body: Body) => (sent[name] ??= []).push(body);
/** The next answers of a call, by its name, before the fixtures answer: a refusal or a failure. */
let refusals: Record<string, ReturnType<typeof refused>[]> = {};
const refusalFor = (name: string) => refusals[name]?.shift();

const server = contractServer(
    answer(searchTransactions, async ({ request }) => {
        const body = await bodyOf(request);
        record('search', body);
        const failure = refusalFor('search');
        if (failure) return failure;
        const shown = transactions.filter(row => !body.reference || row.reference.startsWith(String(body.reference)));
        return { data: shown, total_items: shown.length };
    }),
    answer(suspenseTransactions, async ({ request }) => {
        const body = await bodyOf(request);
        record('suspense', body);
        const shown = suspense.filter(row =>
            body.status ? row.suspense_status === body.status : row.suspense_status !== 'corrected',
        );
        return { data: shown, total_items: shown.length };
    }),
    answer(wrongAccountTransactions, async ({ request }) => {
        const body = (await bodyOf(request)) as { transaction_id: number; q?: string };
        record('candidates', body);
        const transaction = suspense.find(row => row.id === body.transaction_id)!;
        const candidates = body.q
            ? [candidate('LPP-000103', 'Sipho Ndlovu', { match: 'search', msisdn: '27710000055' })]
            : [
                  candidate('LPP-000101', 'Thandi Mokoena'),
                  candidate('LPP-000102', 'Thandi Mokoena', { match: 'msisdn', status: 'completed', assignable: false }),
              ];
        return { transaction, candidates };
    }),
    answer(correctSuspense, async ({ request }) => {
        const body = (await bodyOf(request)) as { transaction_id: number; loan_reference: string };
        record('correct', body);
        const failure = refusalFor('correct');
        if (failure) return failure;
        const item = suspense.find(row => row.id === body.transaction_id)!;
        const now: SuspenseItem = {
            ...item,
            suspense_status: 'corrected',
            loan_reference: body.loan_reference,
            corrected_by: { id: 3, name: 'Test User' },
            corrected_at: '2026-11-22T10:00:00.000Z',
        };
        suspense = suspense.map(row => (row.id === now.id ? now : row));
        return {
            transaction: now,
            loan: { loan_reference: body.loan_reference, balance_before: 3000, balance: 3000 - item.amount },
        };
    }),
    answer(queueSuspense, async ({ request }) => {
        const body = (await bodyOf(request)) as { transaction_id: number; note: string };
        record('queue', body);
        const item = suspense.find(row => row.id === body.transaction_id)!;
        const now: SuspenseItem = {
            ...item,
            suspense_status: 'queued',
            queue_note: body.note,
            queued_by: { id: 3, name: 'Test User' },
            queued_at: '2026-11-22T10:00:00.000Z',
        };
        suspense = suspense.map(row => (row.id === now.id ? now : row));
        return { transaction: now };
    }),
    answer(successfulTpiClaims, async ({ request }) => {
        record('successful', await bodyOf(request));
        const shown = claims.filter(row => row.status === 'successful');
        return { records: shown, total_items: shown.length };
    }),
    answer(failedTpiClaims, async ({ request }) => {
        record('failed', await bodyOf(request));
        const failure = refusalFor('failed');
        if (failure) return failure;
        const shown = claims.filter(row => row.status === 'failed');
        return { records: shown, total_items: shown.length };
    }),
    answer(requestTpiReversal, async ({ request }) => {
        const body = (await bodyOf(request)) as { claim_id: number; reason: string };
        record('request', body);
        const failure = refusalFor('request');
        if (failure) return failure;
        const asked = reversal(50, { claim: claims.find(row => row.id === body.claim_id)!, reason: body.reason });
        claims = claims.map(row => (row.id === body.claim_id ? { ...row, pending_reversal_id: 50 } : row));
        return { reversal: asked };
    }),
    answer(requestedTpiReversals, async ({ request }) => {
        const body = (await bodyOf(request)) as { status?: string; mine?: boolean };
        record('reversals', body);
        const shown = reversals
            .filter(row => row.status === (body.status ?? 'pending'))
            .filter(row => !body.mine || ownReversals.includes(row.id));
        return { records: shown, total_items: shown.length };
    }),
    answer(decideTpiReversal, async ({ request }) => {
        const body = (await bodyOf(request)) as { reversal_id: number; decision: 'approve' | 'deny'; note?: string };
        record('decide', body);
        const failure = refusalFor('decide');
        if (failure) return failure;
        const row = reversals.find(one => one.id === body.reversal_id)!;
        const now: TpiReversal = {
            ...row,
            status: body.decision === 'approve' ? 'approved' : 'denied',
            decided_by: { id: 3, name: 'Test User' },
            decision_note: body.note ?? null,
            decided_at: '2026-11-22T11:00:00.000Z',
        };
        reversals = reversals.map(one => (one.id === now.id ? now : one));
        return { reversal: now };
    }),
);

beforeEach(() => {
    transactions = [
        payment(7),
        payment(8, {
            loan_reference: null,
            customer_name: null,
            account: 'LPP-999999',
            suspense_status: 'open',
            suspense_reason: 'unknown_account',
            channel: 'bank',
            kind: 'deposit',
        }),
    ];
    suspense = [inSuspense(7, { amount: 500 }), inSuspense(8, { suspense_reason: 'several_loans' })];
    claims = [
        claim(1),
        claim(2, { pending_reversal_id: 9 }),
        claim(3, { reversed_at: '2026-11-19T10:00:00.000Z' }),
        claim(4, { status: 'failed', reason: 'Policy lapsed before the claim' }),
    ];
    reversals = [reversal(1), reversal(2, { requested_by: { id: 9, name: 'Test User' } }), reversal(3)];
    ownReversals = [2];
    for (const name of Object.keys(sent)) delete sent[name];
    refusals = {};
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** What an element reads, its spaces (the no-break space of an amount among them) as one space. */
const textOf = (element: HTMLElement) => (element.textContent ?? '').replace(/\s+/g, ' ');

describe('Find transaction', () => {
    const FINDER = ['FIND_TRANSACTION'];

    it('shows the newest payments, sends the filters and the sort, and marks a phone number it would refuse', async () => {
        signedInAs(FINDER);
        const user = userEvent.setup();
        renderPortal('/dashboard/transactions/find');
        expect(await screen.findByText('MP7QX', {}, FIRST)).toBeTruthy();
        expect(screen.getByRole('heading', { name: 'Find transaction', level: 1 })).toBeTruthy();
        expect(sent.search?.[0]).toEqual({ sort: 'paid_at', order: 'desc', page_number: 1, page_size: 25 });
        expect(screen.getByText('2 payments')).toBeTruthy();
        const matched = rowOf('MP7QX');
        expect(within(matched).getByText('ZAR 700.00')).toBeTruthy();
        expect(within(matched).getByText('Matched')).toBeTruthy();
        expect(within(matched).getByText('LPP-000107')).toBeTruthy();
        const pending = rowOf('MP8QX');
        expect(within(pending).getByText('In suspense')).toBeTruthy();
        expect(within(pending).getByText('Unknown account')).toBeTruthy();
        expect(within(pending).getByText('Account given: LPP-999999')).toBeTruthy();
        expect(within(pending).getByText('Deposit')).toBeTruthy();
        expect(within(pending).getByText('Bank')).toBeTruthy();

        // A phone number the call would refuse is marked and not sent.
        await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '12ab');
        expect(await screen.findByText('A phone number of 9 to 15 digits, with or without +')).toBeTruthy();
        await user.clear(screen.getByRole('textbox', { name: 'Phone number' }));

        await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'MP7');
        await user.type(screen.getByRole('textbox', { name: 'Loan' }), 'lpp-000107');
        await user.click(screen.getByRole('combobox', { name: 'State' }));
        await user.click(await screen.findByRole('option', { name: 'Matched to a loan' }));
        await waitFor(() =>
            expect(sent.search?.at(-1)).toEqual({
                reference: 'MP7',
                loan_reference: 'LPP-000107',
                state: 'matched',
                sort: 'paid_at',
                order: 'desc',
                page_number: 1,
                page_size: 25,
            }),
        );
        await waitFor(() => expect(screen.queryByText('MP8QX')).toBeNull());
        expect(sent.search?.some(body => 'msisdn' in body)).toBe(false);

        await user.click(within(screen.getByRole('columnheader', { name: /Amount/ })).getByText('Amount'));
        await waitFor(() => expect(sent.search?.at(-1)).toMatchObject({ sort: 'amount', order: 'asc', reference: 'MP7' }));
    });

    it('says so when nothing matches, and offers a Retry that works when the search fails', async () => {
        signedInAs(FINDER);
        transactions = [];
        refusals = { search: [refused(503, 'errors.unavailable')] };
        const user = userEvent.setup();
        renderPortal('/dashboard/transactions/find');
        const alert = await screen.findByRole('alert', {}, FIRST);
        expect(alert.textContent).toContain('The service is unavailable');
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('No payment matches these filters.')).toBeTruthy();
        expect(screen.queryByRole('alert')).toBeNull();
    });

    it('exports the whole result of the filter in the address, page after page at 500 rows, past 1,000', async () => {
        signedInAs(FINDER);
        const many = Array.from({ length: 1100 }, (_, index) => payment(index + 1));
        server.use(
            answer(searchTransactions, async ({ request }) => {
                const body = (await bodyOf(request)) as { page_number: number; page_size: number };
                record('pages', body);
                const start = (body.page_number - 1) * body.page_size;
                return { data: many.slice(start, start + body.page_size), total_items: many.length };
            }),
        );
        const blobs: Blob[] = [];
        const createObjectURL = vi.fn((blob: Blob) => {
            blobs.push(blob);
            return 'blob:transactions';
        });
        vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            const user = userEvent.setup();
            renderPortal(`/dashboard/transactions/find?filter=${encodeURIComponent('{"state":"matched"}')}`);
            await screen.findByText('1100 payments', {}, FIRST);
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(blobs).toHaveLength(1));
            const lines = (await blobs[0]!.text()).split('\r\n');
            expect(lines).toHaveLength(1 + 1100);
            expect(lines[0]).toContain('Reference,Paid on,Amount');
            expect(
                sent.pages?.filter(body => body.page_size === 500).map(body => [body.page_number, body.state, body.sort]),
            ).toEqual([
                [1, 'matched', 'paid_at'],
                [2, 'matched', 'paid_at'],
                [3, 'matched', 'paid_at'],
            ]);
        } finally {
            click.mockRestore();
            vi.unstubAllGlobals();
        }
    });

    it('reads its filter, sort, page and page size from the address, as a reload or a copied address gives them', async () => {
        signedInAs(FINDER);
        const address = new URLSearchParams({
            filter: JSON.stringify({ msisdn: '0710000007', kind: 'instalment' }),
            sort: 'amount',
            order: 'ASC',
            page: '2',
            perPage: '10',
        });
        renderPortal(`/dashboard/transactions/find?${address.toString()}`);
        await waitFor(() => expect(sent.search?.length).toBeGreaterThan(0), FIRST);
        expect(sent.search?.[0]).toEqual({
            msisdn: '27710000007',
            kind: 'instalment',
            sort: 'amount',
            order: 'asc',
            page_number: 2,
            page_size: 10,
        });
        expect((await screen.findByRole<HTMLInputElement>('textbox', { name: 'Phone number' })).value).toBe('0710000007');
    });

    it("links a matched payment to its loan and its customer, in the customer's view, for those who may open it", async () => {
        signedInAs([...FINDER, 'FIND_CUSTOMER']);
        const view = renderPortal('/dashboard/transactions/find');
        await screen.findByText('MP7QX', {}, FIRST);
        const matched = rowOf('MP7QX');
        const address = '/dashboard/customers/view?customer=9b2f6a1e-0000-4000-8000-000000000007';
        const loan = await within(matched).findByRole('link', { name: "Open loan LPP-000107 in its customer's view" });
        expect(loan.getAttribute('href')).toBe(address);
        expect(within(matched).getByRole('link', { name: "Open Thandi Mokoena's customer view" }).getAttribute('href')).toBe(
            address,
        );
        // A real link: reached from the keyboard.
        loan.focus();
        expect(document.activeElement).toBe(loan);
        expect(within(rowOf('MP8QX')).queryAllByRole('link')).toHaveLength(0);
        view.unmount();

        signedInAs(FINDER);
        renderPortal('/dashboard/transactions/find');
        await screen.findByText('MP7QX', {}, FIRST);
        expect(within(rowOf('MP7QX')).getByText('LPP-000107')).toBeTruthy();
        expect(within(rowOf('MP7QX')).queryAllByRole('link')).toHaveLength(0);
    });

    it('saves a query under a name from the filter menu, and applies it again', async () => {
        signedInAs(FINDER);
        const user = userEvent.setup();
        renderPortal('/dashboard/transactions/find');
        await screen.findByText('MP7QX', {}, FIRST);
        const reference = screen.getByRole('textbox', { name: 'Reference' });
        await user.type(reference, 'MP7');
        await waitFor(() => expect(sent.search?.at(-1)).toMatchObject({ reference: 'MP7' }));
        await user.click(screen.getByRole('button', { name: 'Add filter' }));
        await user.click(await screen.findByRole('menuitem', { name: 'Save current query...' }));
        const dialog = await screen.findByRole('dialog', { name: 'Save current query as' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Query name' }), 'Thandi');
        await user.click(within(dialog).getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        await user.clear(reference);
        await waitFor(() => expect(sent.search?.at(-1)).not.toHaveProperty('reference'));
        await user.click(screen.getByRole('button', { name: 'Add filter' }));
        await user.click(await screen.findByRole('menuitem', { name: 'Thandi' }));
        await waitFor(() => expect(sent.search?.at(-1)).toMatchObject({ reference: 'MP7' }));
        expect((screen.getByRole('textbox', { name: 'Reference' }) as HTMLInputElement).value).toBe('MP7');
    });

    it('is not open without FIND_TRANSACTION', async () => {
        signedInAs(['VIEW_SUSPENSE_TRANSACTIONS']);
        renderPortal('/dashboard/transactions/find');
        expect(await screen.findByText('Access denied', {}, FIRST)).toBeTruthy();
        expect(sent.search).toBeUndefined();
    });
});

describe('Suspense transactions', () => {
    const FINANCE = ['VIEW_SUSPENSE_TRANSACTIONS', 'CORRECT_SUSPENSE_TRANSACTIONS'];

    it('names every filter of its "Add filter" menu, as Find transaction does', async () => {
        signedInAs([...FINANCE, 'FIND_TRANSACTION']);
        const suspense = renderPortal('/dashboard/suspense-transactions');
        expect(await screen.findByText('MP7QX', {}, FIRST)).toBeTruthy();
        expect(await expectFilterMenuNamed(userEvent.setup())).toHaveLength(3);
        suspense.unmount();
        renderPortal('/dashboard/transactions/find');
        expect(await screen.findByText('MP7QX', {}, FIRST)).toBeTruthy();
        expect(await expectFilterMenuNamed(userEvent.setup())).toHaveLength(4);
    });

    it('lists what waits oldest first, and assigns a payment to a loan chosen, confirmed with its balance before and after', async () => {
        signedInAs(FINANCE);
        const user = userEvent.setup();
        renderPortal('/dashboard/suspense-transactions');
        expect(await screen.findByText('MP7QX', {}, FIRST)).toBeTruthy();
        expect(sent.suspense?.[0]).toEqual({ sort: 'paid_at', order: 'asc', page_number: 1, page_size: 25 });
        expect(within(rowOf('MP8QX')).getByText('Several loans for this number')).toBeTruthy();

        await user.click(await within(rowOf('MP7QX')).findByRole('button', { name: 'Assign to loan: payment MP7QX' }));
        const dialog = await screen.findByRole('dialog', { name: 'Assign payment MP7QX to a loan' });
        expect(sent.candidates?.[0]).toEqual({ transaction_id: 7 });
        const suggested = await within(dialog).findByRole('radio', { name: /LPP-000101/ });
        expect(within(dialog).getAllByText('Balance ZAR 3,000.00 · instalment ZAR 250.00')).toHaveLength(2);
        expect(within(dialog).getByText('Account given', { selector: '.MuiChip-label' })).toBeTruthy();
        // A loan that cannot take it is shown, with why, and cannot be chosen.
        expect(within(dialog).getByRole('radio', { name: /LPP-000102/ })).toHaveProperty('disabled', true);
        expect(within(dialog).getByText(/Cannot take this payment/)).toBeTruthy();
        expect(suggested).toHaveProperty('disabled', false);
        expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

        // The search asks the server again.
        await user.type(within(dialog).getByRole('textbox', { name: 'Find a loan' }), 'Sipho{Enter}');
        const found = await within(dialog).findByRole('radio', { name: /LPP-000103/ });
        expect(sent.candidates?.at(-1)).toEqual({ transaction_id: 7, q: 'Sipho' });
        await user.click(found);
        await user.click(within(dialog).getByRole('button', { name: 'Next' }));

        expect(
            within(dialog).getByText(
                'Assign MP7QX (ZAR 500.00) to loan LPP-000103 of Sipho Ndlovu? It is recorded on the loan as an instalment, once.',
            ),
        ).toBeTruthy();
        expect(within(dialog).getByText('Balance: ZAR 3,000.00 → ZAR 2,500.00')).toBeTruthy();
        // Cancel has the focus: Enter straight away assigns nothing.
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
        expect(sent.correct).toBeUndefined();

        // Refused: said in the dialog, translated, and the choice stays.
        refusals = { correct: [refused(409, 'errors.amount_exceeds_balance')] };
        await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe("The payment is more than the loan's balance.");
        expect(within(dialog).getByText('Balance: ZAR 3,000.00 → ZAR 2,500.00')).toBeTruthy();
        await user.click(within(dialog).getByRole('button', { name: 'Back' }));
        expect(await within(dialog).findByRole('radio', { name: /LPP-000103/ })).toHaveProperty('checked', true);

        await user.click(within(dialog).getByRole('button', { name: 'Next' }));
        const lists = sent.suspense?.length ?? 0;
        await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
        expect(await screen.findByText('Payment MP7QX assigned to LPP-000103; its balance is now ZAR 2,500.00')).toBeTruthy();
        expect(sent.correct?.at(-1)).toEqual({ transaction_id: 7, loan_reference: 'LPP-000103' });
        expect(sent.correct).toHaveLength(2);
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(screen.queryByText('MP7QX')).toBeNull());
        expect(sent.suspense?.length).toBeGreaterThan(lists);
    });

    it('sets a payment aside with a note it requires', async () => {
        signedInAs(FINANCE);
        const user = userEvent.setup();
        renderPortal('/dashboard/suspense-transactions');
        await screen.findByText('MP8QX', {}, FIRST);
        await user.click(await within(rowOf('MP8QX')).findByRole('button', { name: 'Set aside: payment MP8QX' }));
        const dialog = await screen.findByRole('dialog', { name: 'Set payment MP8QX aside?' });
        const note = within(dialog).getByRole('textbox', { name: /Why/ });
        expect(note).toBe(document.activeElement);
        await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));
        expect(within(dialog).getByText('Say why, in at least 3 characters.')).toBeTruthy();
        expect(sent.queue).toBeUndefined();
        await user.type(note, 'Payer named two loans; asked the shop to call them');
        await user.click(within(dialog).getByRole('button', { name: 'Set aside' }));
        expect(await screen.findByText('Payment MP8QX set aside')).toBeTruthy();
        expect(sent.queue).toEqual([{ transaction_id: 8, note: 'Payer named two loans; asked the shop to call them' }]);
        const row = await waitFor(() => {
            const found = rowOf('MP8QX');
            expect(within(found).getByText('Set aside')).toBeTruthy();
            return found;
        });
        expect(within(row).getByText(/Payer named two loans/)).toBeTruthy();
    });

    it('sends the status chosen, and shows no actions without the role to correct', async () => {
        signedInAs(['VIEW_SUSPENSE_TRANSACTIONS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/suspense-transactions');
        await screen.findByText('MP7QX', {}, FIRST);
        expect(screen.queryByRole('button', { name: /Assign to loan/ })).toBeNull();
        expect(screen.queryByRole('button', { name: /Set aside/ })).toBeNull();
        await user.click(screen.getByRole('combobox', { name: 'Status' }));
        await user.click(await screen.findByRole('option', { name: 'Assigned' }));
        await waitFor(() => expect(sent.suspense?.at(-1)).toMatchObject({ status: 'corrected' }));
        expect(await screen.findByText('No payment waits in suspense.')).toBeTruthy();
    });

    describe('on a phone', () => {
        const original = window.matchMedia;
        beforeEach(() => {
            window.matchMedia = (query: string) =>
                ({
                    matches: query.includes('max-width'),
                    media: query,
                    onchange: null,
                    addEventListener: () => undefined,
                    removeEventListener: () => undefined,
                    addListener: () => undefined,
                    removeListener: () => undefined,
                    dispatchEvent: () => false,
                }) as MediaQueryList;
        });
        afterEach(() => {
            window.matchMedia = original;
        });

        it('shows a card per payment with its actions, and assigns in a full-screen dialog', async () => {
            signedInAs(FINANCE);
            const user = userEvent.setup();
            renderPortal('/dashboard/suspense-transactions');
            const card = (await screen.findByRole('heading', { name: /^MP7QX · ZAR\s500\.00$/ }, FIRST)).closest(
                'li',
            ) as HTMLElement;
            expect(screen.queryByRole('table')).toBeNull();
            expect(within(card).getByText('Unknown account')).toBeTruthy();
            await user.click(await within(card).findByRole('button', { name: 'Assign to loan: payment MP7QX' }));
            const dialog = await screen.findByRole('dialog', { name: 'Assign payment MP7QX to a loan' });
            expect(dialog.className).toContain('MuiDialog-paperFullScreen');
            await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
            await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
            // The focus is back on what opened the dialog.
            expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Assign to loan: payment MP7QX' }));
        });
    });

    it('numbers the items by their place in the whole list when a backend sends no id (spec §3)', async () => {
        signedInAs(['VIEW_SUSPENSE_TRANSACTIONS']);
        const { id: _first, ...one } = inSuspense(31);
        const { id: _second, ...two } = inSuspense(32);
        server.use(
            // Another backend, outside the contract: its items carry no id.
            http.post(`${API_BASE}${suspenseTransactions.path}`, () =>
                HttpResponse.json({ data: [one, { ...two, id: 77 }], total_items: 27 }),
            ),
        );
        const page = await dataProvider.getList('suspense-transactions', {
            pagination: { page: 2, perPage: 25 },
            sort: { field: 'paid_at', order: 'ASC' },
            filter: {},
        });
        expect(page.data.map(item => [item.reference, item.id])).toEqual([
            ['MP31QX', 26],
            ['MP32QX', 77],
        ]);
        expect(page.total).toBe(27);
    });

    it('puts the actions first, so they stay in view however narrow the table, and exports the queue', async () => {
        signedInAs(FINANCE);
        const blobs: Blob[] = [];
        vi.stubGlobal(
            'URL',
            Object.assign(URL, {
                createObjectURL: vi.fn((blob: Blob) => {
                    blobs.push(blob);
                    return 'blob:suspense';
                }),
                revokeObjectURL: vi.fn(),
            }),
        );
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            const user = userEvent.setup();
            renderPortal('/dashboard/suspense-transactions');
            await screen.findByText('MP7QX', {}, FIRST);
            const headers = screen.getAllByRole('columnheader').map(header => header.textContent);
            expect(headers[0]).toBe('Actions');
            expect(screen.getByRole('button', { name: 'Columns' })).toBeTruthy();
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(blobs).toHaveLength(1));
            const lines = (await blobs[0]!.text()).split('\r\n');
            expect(lines).toHaveLength(1 + 2);
            expect(lines[0]).toContain('Status,Why set aside,Set aside by');
            expect(sent.suspense?.at(-1)).toEqual({ sort: 'paid_at', order: 'asc', page_number: 1, page_size: 500 });
        } finally {
            click.mockRestore();
            vi.unstubAllGlobals();
        }
    });

    it('reads its filter and sort from the address', async () => {
        signedInAs(FINANCE);
        renderPortal(
            `/dashboard/suspense-transactions?filter=${encodeURIComponent('{"status":"queued","q":"MP"}')}&sort=amount&order=DESC`,
        );
        await waitFor(() => expect(sent.suspense?.length).toBeGreaterThan(0), FIRST);
        expect(sent.suspense?.[0]).toEqual({
            status: 'queued',
            q: 'MP',
            sort: 'amount',
            order: 'desc',
            page_number: 1,
            page_size: 25,
        });
        expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Set aside');
    });

    it('opens the assignment when its row is clicked', async () => {
        signedInAs(FINANCE);
        const user = userEvent.setup();
        renderPortal('/dashboard/suspense-transactions');
        await user.click(await screen.findByText('MP8QX', {}, FIRST));
        expect(await screen.findByRole('dialog', { name: 'Assign payment MP8QX to a loan' })).toBeTruthy();
    });
});

describe('Third-party insurance claims', () => {
    it('lists the successful claims from their records, with a reversal pending or done marked', async () => {
        signedInAs(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE']);
        renderPortal('/dashboard/tpi/successful');
        expect(await screen.findByText('LPP-000201', {}, FIRST)).toBeTruthy();
        // Nothing filtered: the call's defaults, sent as `{}` (spec §7).
        expect(sent.successful?.[0]).toEqual({});
        expect(screen.getByRole('heading', { name: 'Successful', level: 1 })).toBeTruthy();
        expect(within(rowOf('LPP-000201')).getByText('ZAR 1,001.00')).toBeTruthy();
        expect(within(rowOf('LPP-000202')).getByText('Reversal pending')).toBeTruthy();
        expect(within(rowOf('LPP-000203')).getByText('Reversed')).toBeTruthy();
        expect(screen.queryByText('LPP-000204')).toBeNull();
        // Without the role to request one, no reversal is offered.
        expect(screen.queryByRole('button', { name: /Request reversal/ })).toBeNull();
    });

    it('shows a failure with a Retry that works, then the failed claims with why', async () => {
        signedInAs(['VIEW_FAILED_THIRD_PARTY_INSURANCE']);
        refusals = { failed: [refused(503, 'errors.unavailable')] };
        const user = userEvent.setup();
        renderPortal('/dashboard/tpi/failed');
        const alert = await screen.findByRole('alert', {}, FIRST);
        expect(screen.queryByRole('status')).toBeNull();
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('Policy lapsed before the claim')).toBeTruthy();
        expect(within(rowOf('LPP-000204')).getByText('Hollard')).toBeTruthy();
        expect(sent.failed).toHaveLength(2);
    });

    it('requests the reversal of a successful claim with a reason, and shows a refusal translated', async () => {
        signedInAs(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE', 'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE']);
        const user = userEvent.setup();
        renderPortal('/dashboard/tpi/successful');
        await screen.findByText('LPP-000201', {}, FIRST);
        const ask = await within(rowOf('LPP-000201')).findByRole('button', { name: 'Request reversal: claim INS-1' });
        // Only a claim that may still be reversed offers it.
        expect(within(rowOf('LPP-000202')).queryByRole('button', { name: /Request reversal/ })).toBeNull();
        expect(within(rowOf('LPP-000203')).queryByRole('button', { name: /Request reversal/ })).toBeNull();

        await user.click(ask);
        const dialog = await screen.findByRole('dialog', { name: 'Request the reversal of claim INS-1?' });
        expect(textOf(dialog)).toContain('ZAR 1,001.00 goes back on the balance of loan LPP-000201');
        const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
        await user.click(within(dialog).getByRole('button', { name: 'Request reversal' }));
        expect(within(dialog).getByText('Say why, in at least 3 characters.')).toBeTruthy();
        refusals = { request: [refused(409, 'errors.request_pending')] };
        await user.type(reason, 'Insurer reversed the payout');
        await user.click(within(dialog).getByRole('button', { name: 'Request reversal' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe(
            'A request of this kind is already waiting for approval for this loan.',
        );
        expect(reason).toHaveProperty('value', 'Insurer reversed the payout');

        await user.click(within(dialog).getByRole('button', { name: 'Request reversal' }));
        expect(await screen.findByText('Reversal of claim INS-1 requested')).toBeTruthy();
        expect(sent.request?.at(-1)).toEqual({ claim_id: 1, reason: 'Insurer reversed the payout' });
        await waitFor(() => expect(within(rowOf('LPP-000201')).getByText('Reversal pending')).toBeTruthy());
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });
});

describe('Third-party insurance claims on the data provider', () => {
    it('reads its filter, sort and page from the address, and sorts by amount on the server', async () => {
        signedInAs(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE']);
        const user = userEvent.setup();
        renderPortal(
            `/dashboard/tpi/successful?filter=${encodeURIComponent('{"q":"LPP","from":"2026-11-01"}')}&sort=created_at&order=ASC&page=2&perPage=1`,
        );
        expect(await screen.findByText('LPP-000201', {}, FIRST)).toBeTruthy();
        // A copied address or a reload asks for the same page of the same filter and sort.
        expect(sent.successful?.[0]).toEqual({
            q: 'LPP',
            from: '2026-11-01',
            sort: 'created_at',
            order: 'asc',
            page_number: 2,
            page_size: 1,
        });

        await user.click(within(screen.getByRole('columnheader', { name: /Amount/ })).getByText('Amount'));
        await waitFor(() => expect(sent.successful?.at(-1)).toMatchObject({ sort: 'amount', q: 'LPP' }));
    });

    it("leads a claim to its customer's view and to its reversal request", async () => {
        signedInAs(['VIEW_SUCCESSFUL_THIRD_PARTY_INSURANCE', 'REQUEST_REVERSAL_THIRD_PARTY_INSURANCE', 'FIND_CUSTOMER']);
        renderPortal('/dashboard/tpi/successful');
        await screen.findByText('LPP-000201', {}, FIRST);
        const loan = await within(rowOf('LPP-000201')).findByRole('link', {
            name: 'Loan LPP-000201 of Customer 1: open the customer',
        });
        expect(loan.getAttribute('href')).toBe('/dashboard/customers/view?customer=7c1d2e3f-0000-4000-8000-000000000001');
        const pending = await within(rowOf('LPP-000202')).findByRole('link', { name: 'See the reversal request' });
        expect(new URL(pending.getAttribute('href') ?? '', 'http://portal').searchParams.get('filter')).toBe('{"q":"INS-2"}');
        const reversed = await within(rowOf('LPP-000203')).findByRole('link', { name: 'See the reversal request' });
        expect(new URL(reversed.getAttribute('href') ?? '', 'http://portal').searchParams.get('filter')).toBe(
            '{"q":"INS-3","status":"approved"}',
        );
    });

    it('exports every claim of the filter, page after page at 500, past 1,000', async () => {
        signedInAs(['VIEW_FAILED_THIRD_PARTY_INSURANCE']);
        const many = Array.from({ length: 1100 }, (_, index) => claim(index + 1, { status: 'failed', reason: 'Lapsed' }));
        server.use(
            answer(failedTpiClaims, async ({ request }) => {
                const body = (await bodyOf(request)) as { page_number?: number; page_size?: number };
                record('pages', body);
                const size = body.page_size ?? 25;
                const start = ((body.page_number ?? 1) - 1) * size;
                return { records: many.slice(start, start + size), total_items: many.length };
            }),
        );
        const blobs: Blob[] = [];
        const createObjectURL = vi.fn((blob: Blob) => {
            blobs.push(blob);
            return 'blob:claims';
        });
        vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            const user = userEvent.setup();
            renderPortal(`/dashboard/tpi/failed?filter=${encodeURIComponent('{"q":"Customer"}')}`);
            await screen.findByText('1100 claims', {}, FIRST);
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(blobs).toHaveLength(1));
            const lines = (await blobs[0]!.text()).split('\r\n');
            expect(lines).toHaveLength(1101);
            expect(lines[0]).toContain('Insurer reference');
            expect(sent.pages?.slice(1)).toEqual([
                { q: 'Customer', page_size: 500 },
                { q: 'Customer', page_number: 2, page_size: 500 },
                { q: 'Customer', page_number: 3, page_size: 500 },
            ]);
        } finally {
            click.mockRestore();
            vi.unstubAllGlobals();
        }
    });
});

describe('The insurance reversal queue', () => {
    const CHECKER = ['REQUEST_REVERSAL_THIRD_PARTY_INSURANCE', 'APPROVE_REVERSAL_THIRD_PARTY_INSURANCE'];

    it('shows each request with its claim, reason and requester; approves once, asked first', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/tpi/reversal');
        expect(await screen.findByText('The insurer clawed claim 1 back', {}, FIRST)).toBeTruthy();
        expect(sent.reversals).toContainEqual({});
        const first = rowOf('The insurer clawed claim 1 back');
        expect(within(first).getByText('LPP-000201')).toBeTruthy();
        expect(within(first).getByText('INS-1')).toBeTruthy();
        expect(within(first).getByText('Naledi Maker')).toBeTruthy();
        expect(textOf(first)).toContain('ZAR 1,001.00');
        expect(textOf(first)).toContain('Customer 1');

        await user.click(await within(first).findByRole('button', { name: 'Approve reversal request 1' }));
        const dialog = await screen.findByRole('dialog', { name: 'Approve reversal request 1?' });
        expect(textOf(dialog)).toContain('ZAR 1,001.00 goes back on the balance of loan LPP-000201 (Customer 1)');
        expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBe(document.activeElement);
        expect(sent.decide).toBeUndefined();
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect(await screen.findByText('Reversal request 1 approved')).toBeTruthy();
        expect(sent.decide).toEqual([{ reversal_id: 1, decision: 'approve' }]);
        await waitFor(() => expect(screen.queryByText('The insurer clawed claim 1 back')).toBeNull());
    });

    it("leads a request's claim to its customer's view", async () => {
        signedInAs([...CHECKER, 'FIND_CUSTOMER']);
        renderPortal('/dashboard/tpi/reversal');
        await screen.findByText('The insurer clawed claim 3 back', {}, FIRST);
        const loan = await within(rowOf('The insurer clawed claim 3 back')).findByRole('link', {
            name: 'Loan LPP-000203 of Customer 3: open the customer',
        });
        expect(loan.getAttribute('href')).toBe('/dashboard/customers/view?customer=7c1d2e3f-0000-4000-8000-000000000003');
    });

    it('needs a note to deny, sends it, and shows a refusal in the dialog', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/tpi/reversal');
        await screen.findByText('The insurer clawed claim 3 back', {}, FIRST);
        await user.click(
            await within(rowOf('The insurer clawed claim 3 back')).findByRole('button', { name: 'Deny reversal request 3' }),
        );
        const dialog = await screen.findByRole('dialog', { name: 'Deny reversal request 3?' });
        const note = within(dialog).getByRole('textbox', { name: /Why/ });
        expect(note).toBe(document.activeElement);
        await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
        expect(within(dialog).getByText('Say why, in at least 3 characters.')).toBeTruthy();
        await user.type(note, 'ok');
        await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
        expect(sent.decide).toBeUndefined();

        refusals = { decide: [refused(409, 'errors.request_decided')] };
        await user.type(note, ' — the insurer confirmed the payout stands');
        await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe('This request has already been decided.');
        await user.click(within(dialog).getByRole('button', { name: 'Deny' }));
        expect(await screen.findByText('Reversal request 3 denied')).toBeTruthy();
        expect(sent.decide?.at(-1)).toEqual({
            reversal_id: 3,
            decision: 'deny',
            note: 'ok — the insurer confirmed the payout stands',
        });
    });

    it("offers no decision on one's own request, and says why", async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/tpi/reversal');
        await screen.findByText('The insurer clawed claim 2 back', {}, FIRST);
        const own = rowOf('The insurer clawed claim 2 back');
        await within(own).findByText('You made this request: another person must decide it.');
        expect(within(own).queryByRole('button', { name: /Approve|Deny/ })).toBeNull();
        expect(sent.reversals).toContainEqual({ mine: true, page_size: 500 });
        expect(
            await within(rowOf('The insurer clawed claim 1 back')).findByRole('button', { name: 'Approve reversal request 1' }),
        ).toBeTruthy();

        // "My requests": only the caller's own, asked with `mine`.
        await user.click(screen.getByRole('tab', { name: 'My requests' }));
        await waitFor(() => expect(screen.queryByText('The insurer clawed claim 1 back')).toBeNull());
        expect(sent.reversals?.at(-1)).toEqual({ mine: true });
        expect(screen.getByText('You made this request: another person must decide it.')).toBeTruthy();
    });

    it('shows no decision buttons without the approving role, and the decided ones by status', async () => {
        signedInAs(['REQUEST_REVERSAL_THIRD_PARTY_INSURANCE']);
        reversals = [
            reversal(1),
            reversal(4, {
                status: 'denied',
                decided_by: { id: 6, name: 'Lerato Checker' },
                decision_note: 'The payout stands',
                decided_at: '2026-11-21T12:00:00.000Z',
            }),
        ];
        const user = userEvent.setup();
        renderPortal('/dashboard/tpi/reversal');
        await screen.findByText('The insurer clawed claim 1 back', {}, FIRST);
        expect(screen.queryByRole('button', { name: /Approve|Deny/ })).toBeNull();
        // Nobody asks whose requests are whose when no decision could be offered.
        expect(sent.reversals?.some(body => body.mine === true)).toBe(false);

        await user.click(screen.getByRole('combobox', { name: 'Status' }));
        await user.click(await screen.findByRole('option', { name: 'Denied' }));
        const denied = await screen.findByText('The insurer clawed claim 4 back');
        expect(sent.reversals?.at(-1)).toMatchObject({ status: 'denied' });
        const row = denied.closest('tr') as HTMLElement;
        expect(within(row).getByText('Denied')).toBeTruthy();
        expect(within(row).getByText('Lerato Checker')).toBeTruthy();
        expect(within(row).getByText('The payout stands')).toBeTruthy();
        expect(screen.queryByRole('button', { name: /Approve|Deny/ })).toBeNull();
    });
});
