/**
 * The reconciliation screen (/dashboard/reconciliation) against contract-checked msw answers
 * (contract/money/reconciliation.ts): a statement over 5 MB refused before anything is sent; an
 * upload's progress, then its summary, chosen in the URL; the same file again said so; a 415 said
 * with the file kept for another try; an upload's rows filtered by outcome on the server, each
 * with what became of it; the history choosing an upload; phone cards; closed without the role.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../contract/kyc';
import {
    reconcileDeposits,
    reconciliationRows,
    reconciliationUploads,
    type ReconciliationRow,
    type ReconciliationUpload,
} from '../../contract/money';
import type * as PortalApi from '../../src/lib/portalApi';
import { Portal } from '../../src/Portal';
import { uploadAddress } from '../../src/resources/money/reconciliationAddress';
import { buildReconciliationRow, buildReconciliationUpload } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { englishI18n, signedInAs } from './support/portal';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

/**
 * msw reports an upload's progress only as it answers: to see the bar move before that, a test
 * may report fractions itself (`sending.before`) ahead of the real upload.
 */
const sending = vi.hoisted(() => ({ before: null as null | ((report: (fraction: number) => void) => Promise<void>) }));
vi.mock('../../src/lib/portalApi', async importOriginal => {
    const real = await importOriginal<typeof PortalApi>();
    const uploadCall: typeof real.uploadCall = async (call, input, file, options = {}) => {
        if (sending.before && options.onProgress) await sending.before(options.onProgress);
        return real.uploadCall(call, input, file, options);
    };
    return { ...real, uploadCall };
});

const UPLOADER = ['UPLOAD_RECONCILIATION_DOCUMENT'];
const FINANCE = ['UPLOAD_RECONCILIATION_DOCUMENT', 'VIEW_SUSPENSE_TRANSACTIONS'];

const uploadOf = (id: number, more: Partial<ReconciliationUpload> = {}): ReconciliationUpload =>
    buildReconciliationUpload({
        id,
        file_name: `statement-${id}.csv`,
        created_at: '2026-11-22T08:00:00.000Z',
        rows: 4,
        matched: 1,
        suspense: 1,
        duplicate: 1,
        rejected: 1,
        amount_recorded: 900,
        ...more,
    });

/** One row of each outcome; only a matched row is on a loan (and leads to its customer). */
const offLoan = { msisdn: '27821234567', amount: 450, loan_reference: null, customer_public_id: null };
const ROWS: ReconciliationRow[] = [
    buildReconciliationRow({
        line: 2,
        reference: 'FNB-1001',
        msisdn: '27821234567',
        amount: 450,
        loan_reference: 'LPP-100007',
        transaction_id: 71,
        customer_public_id: '5b0c6a52-9f1e-4c1a-8e57-2d4f3b9a7c10',
    }),
    buildReconciliationRow({
        ...offLoan,
        line: 3,
        outcome: 'suspense',
        reference: 'FNB-1002',
        msisdn: '27829999999',
        suspense_reason: 'unknown_account',
        transaction_id: 72,
    }),
    buildReconciliationRow({ ...offLoan, line: 4, outcome: 'duplicate', reference: 'FNB-0999', transaction_id: 40 }),
    buildReconciliationRow({
        ...offLoan,
        line: 5,
        outcome: 'rejected',
        reference: 'FNB-1003',
        amount: null,
        field: 'amount',
        problem: 'not_positive',
        transaction_id: null,
    }),
];

interface RowsBody {
    upload_id: number;
    outcome?: string;
    page_number?: number;
    page_size?: number;
}

let uploads: ReconciliationUpload[] = [];
/** The next upload's answer: an upload, or a refusal. */
let nextUpload: ReconciliationUpload | { status: number; key: string; field?: string } = uploadOf(21);
/** While set, the upload's answer waits for it (the server still processing). */
let processing: Promise<void> | null = null;
const sent: { channel: FormDataEntryValue | null; file: FormDataEntryValue | null }[] = [];
const rowsAsked: RowsBody[] = [];
const uploadsAsked: Record<string, unknown>[] = [];

contractServer(
    answer(reconcileDeposits, async ({ request }) => {
        const form = await request.clone().formData();
        sent.push({ channel: form.get('channel'), file: form.get('file') });
        if (processing) await processing;
        if ('status' in nextUpload) {
            const { status, key, field } = nextUpload;
            return errorAnswer(status, { code: status, name: 'Refused', message: 'Refused', key, field });
        }
        uploads = [nextUpload, ...uploads];
        return { upload: nextUpload };
    }),
    answer(reconciliationUploads, async ({ request }) => {
        uploadsAsked.push((await request.clone().json()) as Record<string, unknown>);
        return { data: uploads, total_items: uploads.length };
    }),
    answer(reconciliationRows, async ({ request }) => {
        const body = (await request.clone().json()) as RowsBody;
        rowsAsked.push(body);
        if (body.upload_id === 99) {
            return errorAnswer(404, {
                code: 404,
                name: 'NotFound',
                message: 'No upload',
                key: 'errors.not_found',
                field: 'upload_id',
            });
        }
        const upload = uploads.find(one => one.id === body.upload_id) ?? uploadOf(body.upload_id);
        const rows = ROWS.filter(row => !body.outcome || row.outcome === body.outcome);
        return { upload, data: rows, total_items: rows.length };
    }),
);

beforeEach(() => {
    uploads = [uploadOf(12, { file_name: 'november.csv' }), uploadOf(11, { file_name: 'october.csv', channel: 'mpesa' })];
    nextUpload = uploadOf(21, { file_name: 'december.csv', channel: 'mpesa' });
    processing = null;
    sending.before = null;
    sent.length = 0;
    rowsAsked.length = 0;
    uploadsAsked.length = 0;
});

/** Where the portal is: its path and query, as the router holds them. */
const Where = () => {
    const location = useLocation();
    return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
};

const renderAt = (path: string) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <Portal store={memoryStore()} i18n={englishI18n()} />
            <Where />
        </MemoryRouter>,
    );

const where = () => screen.getByTestId('where').textContent;

const statement = (name: string, size = 256) => new File([new Uint8Array(size)], name, { type: 'text/csv' });

const openPage = async (path = '/dashboard/reconciliation') => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'Reconciliation', level: 1 }, FIRST)).toBeTruthy();
};

const uploadButton = () => screen.getByRole('button', { name: /^(Upload|Try again)$/ });

describe('uploading a statement', () => {
    it('explains the columns with an example, and refuses a 6 MB file before sending anything', async () => {
        signedInAs(UPLOADER);
        const user = userEvent.setup();
        await openPage();
        expect(screen.getByText('Expected columns')).toBeTruthy();
        expect(screen.getByText(/date,amount,reference,msisdn,account/)).toBeTruthy();
        expect(screen.getByText(/optional: the loan reference the payer gave/)).toBeTruthy();
        expect(screen.getByRole('combobox', { name: 'Channel' }).textContent).toBe('Bank');

        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('huge.csv', 6 * 1024 * 1024));
        expect((await screen.findByRole('alert')).textContent).toBe('Maximum file size is 5MB');
        expect(uploadButton().hasAttribute('disabled')).toBe(true);

        // Exactly 5 MB is allowed.
        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('just.csv', MAX_UPLOAD_BYTES));
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
        expect(uploadButton().hasAttribute('disabled')).toBe(false);
        expect(sent).toHaveLength(0);
    });

    it('sends the file and the channel with its progress, then "Processing…", then shows the summary and chooses it', async () => {
        signedInAs(FINANCE);
        let sent40 = () => undefined as void;
        sending.before = async report => {
            report(0.4);
            await new Promise<void>(resolve => {
                sent40 = resolve;
            });
            report(1);
        };
        let done = () => undefined as void;
        processing = new Promise<void>(resolve => {
            done = resolve;
        });
        const user = userEvent.setup();
        await openPage();
        await user.click(screen.getByRole('combobox', { name: 'Channel' }));
        await user.click(await screen.findByRole('option', { name: 'M-Pesa' }));
        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('december.csv'));
        expect(screen.getByText(/Chosen: december\.csv/)).toBeTruthy();
        await user.click(uploadButton());

        // Sending: how much has gone.
        const sendingBar = await screen.findByRole('progressbar', { name: 'Sending december.csv' });
        expect(sendingBar.getAttribute('aria-valuenow')).toBe('40');
        expect(screen.getByText('Sending… 40%')).toBeTruthy();
        expect(uploadButton().hasAttribute('disabled')).toBe(true);
        expect(screen.getByRole('button', { name: 'Choose another file' }).hasAttribute('disabled')).toBe(true);

        // Sent whole, the server still at work: an indeterminate bar says so.
        sent40();
        const bar = await screen.findByRole('progressbar', { name: 'Processing…' });
        expect(bar.getAttribute('aria-valuenow')).toBeNull();
        expect(screen.getByRole('status').textContent).toBe('Processing…');
        await waitFor(() => expect(sent).toHaveLength(1));
        expect(sent[0]?.channel).toBe('mpesa');
        // A file part (jsdom's File crosses into msw as another realm's, its name lost: only its kind is checked).
        expect((sent[0]?.file as File | null)?.type).toBe('text/csv');

        done();
        // The answer lands, the address changes and the upload's summary and rows load: at a load of 20 past 1 s.
        const summary = (await screen.findByRole('heading', { name: 'Upload #21', level: 2 }, FIRST)).closest(
            'section',
        ) as HTMLElement;
        expect(within(summary).getByText(/december\.csv · M-Pesa · by Lerato Dlamini/)).toBeTruthy();
        const stat = (label: string) => within(summary).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
        expect(stat('Rows')).toBe('4');
        expect(stat('Matched')).toBe('1');
        expect(stat('In suspense')).toBe('1');
        expect(stat('Duplicates')).toBe('1');
        expect(stat('Rejected')).toBe('1');
        expect(stat('Amount recorded')).toBe('ZAR 900.00');
        expect((await within(summary).findByRole('link', { name: 'Open the suspense queue' })).getAttribute('href')).toBe(
            '/dashboard/suspense-transactions',
        );
        expect(where()).toBe(uploadAddress(21));
        // The keyboard goes to the new upload, the file is no longer chosen, and the history lists it first.
        expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Upload #21', level: 2 }));
        expect(screen.getByText('No file chosen yet.')).toBeTruthy();
        expect(await screen.findByRole('link', { name: 'Shown: upload 21, december.csv' })).toBeTruthy();
        await waitFor(() => expect(rowsAsked).toContainEqual({ upload_id: 21, page_number: 1, page_size: 25 }));
    });

    it('says when the same file was uploaded before and nothing was imported twice', async () => {
        signedInAs(UPLOADER);
        nextUpload = uploadOf(22, { matched: 0, suspense: 0, duplicate: 4, rejected: 0, amount_recorded: 0, same_file_as: 12 });
        const user = userEvent.setup();
        await openPage();
        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('november.csv'));
        await user.click(uploadButton());
        expect(
            await screen.findByText('This file was uploaded before (upload #12): nothing was imported twice.', {}, FIRST),
        ).toBeTruthy();
        // No suspense rows: no way to the queue.
        expect(screen.queryByRole('link', { name: 'Open the suspense queue' })).toBeNull();
        await user.click(screen.getByRole('link', { name: 'Show upload #12' }));
        expect(await screen.findByRole('heading', { name: 'Upload #12', level: 2 })).toBeTruthy();
        expect(where()).toBe(uploadAddress(12));
    });

    it('shows a 415 beside the drop zone, keeps the file, and sends it again', async () => {
        signedInAs(UPLOADER);
        nextUpload = { status: 415, key: 'errors.unsupported_media_type' };
        const user = userEvent.setup();
        await openPage();
        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('photo.csv'));
        await user.click(uploadButton());
        expect((await screen.findByRole('alert', {}, FIRST)).textContent).toBe(
            'This file is not a CSV statement. Save it as CSV (comma-separated values) and choose it again.',
        );
        expect(screen.getByText(/Chosen: photo\.csv/)).toBeTruthy();
        expect(where()).toBe('/dashboard/reconciliation');

        nextUpload = uploadOf(23);
        await user.click(screen.getByRole('button', { name: 'Try again' }));
        expect(await screen.findByRole('heading', { name: 'Upload #23', level: 2 }, FIRST)).toBeTruthy();
        expect(sent).toHaveLength(2);
        expect((sent[1]?.file as File | null)?.type).toBe('text/csv');
        expect(screen.queryByRole('alert')).toBeNull();
    });

    it('says which columns a header lacks, or that the file is not readable CSV (400)', async () => {
        signedInAs(UPLOADER);
        nextUpload = { status: 400, key: 'errors.statement_columns' };
        const user = userEvent.setup();
        await openPage();
        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('wrong.csv'));
        await user.click(uploadButton());
        expect((await screen.findByRole('alert', {}, FIRST)).textContent).toBe(
            "The file's first line must name the columns date, amount, reference and msisdn.",
        );
        expect(screen.getByText(/Chosen: wrong\.csv/)).toBeTruthy();

        // A file the server could not read through as CSV.
        nextUpload = { status: 400, key: 'errors.field_invalid', field: 'file' };
        await user.click(screen.getByRole('button', { name: 'Try again' }));
        await waitFor(() => expect(sent).toHaveLength(2));
        expect((await screen.findByRole('alert')).textContent).toBe(
            'The file could not be read as CSV (a quoted cell is never closed). Check it and choose it again.',
        );
    });

    it('says a statement past the row cap was refused whole, with the cap, not that the file is too large (413)', async () => {
        signedInAs(UPLOADER);
        nextUpload = { status: 413, key: 'errors.statement_too_many_rows', field: 'file' };
        const user = userEvent.setup();
        await openPage();
        await user.upload(screen.getByLabelText('Statement file (CSV)'), statement('year.csv'));
        await user.click(uploadButton());
        expect((await screen.findByRole('alert', {}, FIRST)).textContent).toBe(
            'This statement holds more than 50,000 rows: nothing was imported. Split it into files of at most 50,000 rows and upload each.',
        );
        expect(screen.getByText(/Chosen: year\.csv/)).toBeTruthy();
    });

    it('takes a file dropped on the drop zone', async () => {
        signedInAs(UPLOADER);
        await openPage();
        const zone = screen.getByText('Drag a CSV statement here, or').parentElement as HTMLElement;
        const files = [statement('dropped.csv')];
        fireEvent.dragOver(zone, { dataTransfer: { files, dropEffect: 'none' } });
        expect(screen.getByText('Drop the file to choose it')).toBeTruthy();
        fireEvent.drop(zone, { dataTransfer: { files, dropEffect: 'none' } });
        expect(screen.getByText(/Chosen: dropped\.csv/)).toBeTruthy();
        expect(screen.getByText('Drag a CSV statement here, or')).toBeTruthy();
    });
});

describe("an upload's rows", () => {
    it('says what became of each row, and filters by outcome on the server', async () => {
        signedInAs(UPLOADER);
        const user = userEvent.setup();
        await openPage('/dashboard/reconciliation?upload=12');
        const rowOf = (reference: string) => screen.getByText(reference).closest('tr') as HTMLElement;
        await screen.findByText('FNB-1001', {}, FIRST);
        expect(rowsAsked).toContainEqual({ upload_id: 12, page_number: 1, page_size: 25 });
        expect(within(rowOf('FNB-1001')).getByText('LPP-100007')).toBeTruthy();
        expect(within(rowOf('FNB-1001')).getByText('Matched')).toBeTruthy();
        expect(within(rowOf('FNB-1002')).getByText('no loan for this account or phone number')).toBeTruthy();
        expect(within(rowOf('FNB-0999')).getByText('already recorded')).toBeTruthy();
        expect(within(rowOf('FNB-1003')).getByText('amount: must be more than zero')).toBeTruthy();
        expect(screen.getByText('4 rows')).toBeTruthy();

        const filter = screen.getByRole('group', { name: 'Outcome' });
        expect(within(filter).getByRole('button', { name: 'All (4)' }).getAttribute('aria-pressed')).toBe('true');
        await user.click(within(filter).getByRole('button', { name: 'Rejected (1)' }));
        await waitFor(() => expect(screen.queryByText('FNB-1001')).toBeNull());
        expect(rowsAsked.at(-1)).toEqual({ upload_id: 12, outcome: 'rejected', page_number: 1, page_size: 25 });
        expect(within(filter).getByRole('button', { name: 'Rejected (1)' }).getAttribute('aria-pressed')).toBe('true');
        // The upload and its outcome are in the address (react-admin's list state), the older `?upload=` rewritten.
        const address = new URL(where() ?? '', 'http://portal');
        expect(JSON.parse(address.searchParams.get('filter') ?? '{}')).toEqual({ upload_id: 12, outcome: 'rejected' });
        expect(within(rowOf('FNB-1003')).getByText('Rejected')).toBeTruthy();
        expect(screen.getByText('1 row')).toBeTruthy();

        // From the keyboard: back to every row.
        within(filter).getByRole('button', { name: 'All (4)' }).focus();
        await user.keyboard('{Enter}');
        expect(await screen.findByText('FNB-1001')).toBeTruthy();
        expect(rowsAsked.at(-1)).toEqual({ upload_id: 12, page_number: 1, page_size: 25 });
    });
});

describe("an upload's rows lead to what they reconciled to", () => {
    it('links a recorded payment to Find transaction and its loan to the customer, by keyboard; a rejected row to nothing', async () => {
        signedInAs([...UPLOADER, 'FIND_TRANSACTION', 'FIND_CUSTOMER']);
        const user = userEvent.setup();
        await openPage(uploadAddress(12));
        await screen.findByText('FNB-1001', {}, FIRST);
        const rowOf = (reference: string) => screen.getByText(reference).closest('tr') as HTMLElement;

        // The links show once the reader's roles are known.
        const payment = await within(rowOf('FNB-1001')).findByRole('link', { name: 'Open payment FNB-1001 in Find transaction' });
        const loan = await within(rowOf('FNB-1001')).findByRole('link', { name: "Open loan LPP-100007 in its customer's view" });
        expect(loan.getAttribute('href')).toBe('/dashboard/customers/view?customer=5b0c6a52-9f1e-4c1a-8e57-2d4f3b9a7c10');
        // Suspense and duplicate rows lead to the payment (a duplicate's: the one recorded before); no customer without a loan.
        expect(within(rowOf('FNB-1002')).getByRole('link', { name: /^Open payment FNB-1002/ })).toBeTruthy();
        expect(within(rowOf('FNB-0999')).getByRole('link', { name: /^Open payment FNB-0999/ })).toBeTruthy();
        expect(within(rowOf('FNB-1002')).queryByRole('link', { name: /^Open loan/ })).toBeNull();
        expect(within(rowOf('FNB-1003')).queryByRole('link')).toBeNull();

        // A link with an address, in the Tab order (no tabindex taking it out), followed with Enter.
        expect([payment.tagName, payment.getAttribute('tabindex')]).toEqual(['A', null]);
        payment.focus();
        expect(document.activeElement).toBe(payment);
        await user.keyboard('{Enter}');
        await waitFor(() =>
            expect(where()).toBe(`/dashboard/transactions/find?filter=${encodeURIComponent('{"reference":"FNB-1001"}')}`),
        );
    });

    it('shows the reference and the loan as text to a reader who may not open them', async () => {
        signedInAs(UPLOADER);
        await openPage(uploadAddress(12));
        await screen.findByText('FNB-1001', {}, FIRST);
        expect(screen.getByText('LPP-100007')).toBeTruthy();
        expect(within(screen.getByText('FNB-1001').closest('tr') as HTMLElement).queryByRole('link')).toBeNull();
    });
});

describe("an upload's address", () => {
    it('opens the rows of the outcome, page and size it holds, as a reload or a copied address gives them', async () => {
        signedInAs(UPLOADER);
        const filter = encodeURIComponent(JSON.stringify({ upload_id: 12, outcome: 'suspense' }));
        await openPage(`/dashboard/reconciliation?filter=${filter}&page=2&perPage=10`);
        expect(await screen.findByRole('heading', { name: 'Upload #12', level: 2 })).toBeTruthy();
        await waitFor(() =>
            expect(rowsAsked).toContainEqual({ upload_id: 12, outcome: 'suspense', page_number: 2, page_size: 10 }),
        );
        expect(
            within(screen.getByRole('group', { name: 'Outcome' }))
                .getByRole('button', { name: /^Suspense/ })
                .getAttribute('aria-pressed'),
        ).toBe('true');
    });
});

describe('an upload that is not there', () => {
    it('says so, rather than a failure to retry', async () => {
        signedInAs(UPLOADER);
        await openPage('/dashboard/reconciliation?upload=99');
        expect(await screen.findByText('There is no statement upload #99.', {}, FIRST)).toBeTruthy();
        expect(screen.queryByRole('group', { name: 'Outcome' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    });
});

describe('the uploads made before', () => {
    it('lists them newest first, and choosing one shows it and puts it in the URL', async () => {
        signedInAs(UPLOADER);
        const user = userEvent.setup();
        await openPage();
        const history = (await screen.findByRole('heading', { name: 'Uploads', level: 2 })).closest('section') as HTMLElement;
        expect(await within(history).findByText('november.csv')).toBeTruthy();
        expect(within(history).getByText('2 uploads')).toBeTruthy();
        const [first, second] = within(history).getAllByRole('row').slice(1);
        expect(within(first!).getByText('#12')).toBeTruthy();
        expect(within(second!).getByText('october.csv')).toBeTruthy();
        expect(within(second!).getByText('M-Pesa')).toBeTruthy();
        expect(within(second!).getByText('4 rows: 1 matched, 1 in suspense, 1 duplicate, 1 rejected')).toBeTruthy();
        expect(screen.queryByRole('heading', { name: /^Upload #/ })).toBeNull();

        await user.click(within(history).getByRole('link', { name: 'Show upload 11, october.csv' }));
        expect(await screen.findByRole('heading', { name: 'Upload #11', level: 2 })).toBeTruthy();
        expect(where()).toBe(uploadAddress(11));
        await waitFor(() => expect(rowsAsked).toContainEqual({ upload_id: 11, page_number: 1, page_size: 25 }));
        expect(within(history).getByRole('link', { name: 'Shown: upload 11, october.csv' }).getAttribute('aria-current')).toBe(
            'true',
        );
        expect(await screen.findByText(/october\.csv · M-Pesa · by Lerato Dlamini/)).toBeTruthy();

        // A click on the row chooses it too.
        await user.click(within(history).getByText('november.csv'));
        expect(await screen.findByRole('heading', { name: 'Upload #12', level: 2 })).toBeTruthy();
        expect(where()).toBe(uploadAddress(12));
    });

    it('keeps their sort and page in the address while no upload is open, and finds them again after one', async () => {
        signedInAs(UPLOADER);
        const user = userEvent.setup();
        await openPage();
        const history = (await screen.findByRole('heading', { name: 'Uploads', level: 2 })).closest('section') as HTMLElement;
        await within(history).findByText('november.csv');
        expect(uploadsAsked.at(-1)).toEqual({ page_number: 1, page_size: 10 });

        await user.click(within(history).getByRole('button', { name: 'Sort by rows descending' }));
        await waitFor(() => expect(uploadsAsked.at(-1)).toEqual({ sort: 'rows', order: 'desc', page_number: 1, page_size: 10 }));
        const sorted = new URL(where() ?? '', 'http://portal').searchParams;
        expect([sorted.get('sort'), sorted.get('order')]).toEqual(['rows', 'DESC']);

        // An upload opened: the address is its rows'; the history keeps its sort.
        await user.click(within(history).getByRole('link', { name: 'Show upload 11, october.csv' }));
        expect(await screen.findByRole('heading', { name: 'Upload #11', level: 2 })).toBeTruthy();
        expect(where()).toBe(uploadAddress(11));
        uploadsAsked.length = 0;
        await user.click(within(history).getByRole('button', { name: 'Sort by amount recorded descending' }));
        await waitFor(() =>
            expect(uploadsAsked.at(-1)).toEqual({ sort: 'amount_recorded', order: 'desc', page_number: 1, page_size: 10 }),
        );
        expect(where()).toBe(uploadAddress(11));
    });

    it('opens at the sort and page a copied address holds', async () => {
        signedInAs(UPLOADER);
        await openPage('/dashboard/reconciliation?sort=amount_recorded&order=ASC&page=2&perPage=25');
        await waitFor(() =>
            expect(uploadsAsked).toContainEqual({ sort: 'amount_recorded', order: 'asc', page_number: 2, page_size: 25 }),
        );
        expect(screen.queryByRole('heading', { name: /^Upload #/ })).toBeNull();
    });

    it('says an upload still importing shows its counts so far', async () => {
        uploads = [uploadOf(13, { file_name: 'december.csv', importing: true }), ...uploads];
        signedInAs(UPLOADER);
        await openPage();
        const history = (await screen.findByRole('heading', { name: 'Uploads', level: 2 })).closest('section') as HTMLElement;
        const row = (await within(history).findByText('december.csv')).closest('tr') as HTMLElement;
        expect(
            within(row).getByText(
                'Still importing; the counts so far: 4 rows: 1 matched, 1 in suspense, 1 duplicate, 1 rejected',
            ),
        ).toBeTruthy();
        const done = within(history).getByText('october.csv').closest('tr') as HTMLElement;
        expect(within(done).queryByText(/Still importing/)).toBeNull();
    });

    it('is closed to a user without UPLOAD_RECONCILIATION_DOCUMENT', async () => {
        signedInAs(['VIEW_SUSPENSE_TRANSACTIONS']);
        renderAt('/dashboard/reconciliation');
        expect(await screen.findByText('Access denied', {}, FIRST)).toBeTruthy();
        expect(rowsAsked).toHaveLength(0);
    });
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

    it('chooses with a button, and shows rows and uploads as cards', async () => {
        signedInAs(UPLOADER);
        await openPage('/dashboard/reconciliation?upload=12');
        expect(screen.queryByText('Drag a CSV statement here, or')).toBeNull();
        expect(screen.getByRole('button', { name: 'Choose file' })).toBeTruthy();
        const card = (await screen.findByRole('heading', { name: 'Line 5' }, FIRST)).closest('li') as HTMLElement;
        expect(within(card).getByText('amount: must be more than zero')).toBeTruthy();
        expect(within(card).getByText('Rejected')).toBeTruthy();
        const upload = (await screen.findByRole('heading', { name: '#11 · october.csv' })).closest('li') as HTMLElement;
        expect(within(upload).getByRole('link', { name: 'Show upload 11, october.csv' })).toBeTruthy();
        expect(screen.queryByRole('table')).toBeNull();
    });
});
