/**
 * The KYC verification screens against contract-checked msw fixtures: the queue with
 * what a checker needs per submission (OCR corrections marked), its status filter, search, empty
 * and failed states and its phone cards; one submission with its checks, its corrected fields and
 * its documents, and Approve / Reject asked first, a rejection with its reason, a refusal said in
 * the dialog, the buttons only for APPROVE_CUSTOMER_OCR.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approveKycVerification, kycImageContent, pendingKycVerifications, type KycSubmission } from '../../contract/kyc';
import { buildKycSubmission } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

/** A 1×1 PNG, as the server answers an image. */
const PIXEL =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';

const submission = (id: number, name: string, more: Partial<KycSubmission> = {}): KycSubmission => {
    const [first = name, last = ''] = name.split(' ');
    return buildKycSubmission({
        id,
        customer: { id: 100 + id, msisdn: `2779000000${id}`, name, customer_type: 'normal' },
        id_number: '9001014800089',
        ocr: { first_name: first, last_name: 'Mokena', id_number: '9001014800089', date_of_birth: '1990-01-01', gender: null },
        confirmed: {
            first_name: first,
            last_name: last,
            id_number: '9001014800089',
            date_of_birth: '1990-01-01',
            gender: 'female',
        },
        // The images' ids: a test breaks one by its id.
        images: [
            { id: `00000000-0000-4000-8000-00000000000${id}`, kind: 'id_front' },
            { id: `00000000-0000-4000-8000-00000000001${id}`, kind: 'id_back' },
            { id: `00000000-0000-4000-8000-00000000002${id}`, kind: 'selfie' },
        ],
        channel: 'shop',
        store: { id: 1, name: 'Soweto Central' },
        submitted_by: { id: 5, name: 'Bongani Khumalo' },
        ...more,
    });
};

let rows: KycSubmission[] = [];
const listed: Record<string, unknown>[] = [];
const decided: Record<string, unknown>[] = [];
let queueFails = 0;
let refusal: 'errors.own_request' | 'errors.request_decided' | null = null;
let brokenImage: string | null = null;

contractServer(
    answer(pendingKycVerifications, async ({ request }) => {
        const body = (await request.clone().json()) as {
            id?: number;
            status?: string;
            q?: string;
            page_number?: number;
            page_size?: number;
        };
        listed.push(body);
        if (queueFails > 0) {
            queueFails -= 1;
            return errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' });
        }
        const shown =
            body.id !== undefined
                ? rows.filter(row => row.id === body.id)
                : rows
                      .filter(row => row.status === (body.status ?? 'pending'))
                      .filter(row => !body.q || row.customer.name.toLowerCase().includes(body.q.toLowerCase()));
        const size = body.page_size ?? 25;
        const from = ((body.page_number ?? 1) - 1) * size;
        return { data: shown.slice(from, from + size), total_items: shown.length };
    }),
    answer(kycImageContent, ({ params }) => {
        const id = String(params.id);
        if (id === brokenImage) {
            return errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' });
        }
        const kind = rows.flatMap(row => row.images).find(image => image.id === id)?.kind ?? 'selfie';
        return { id, kind, content_type: 'image/png' as const, data_url: PIXEL };
    }),
    answer(approveKycVerification, async ({ request }) => {
        const body = (await request.clone().json()) as {
            id: number;
            decision: 'approve' | 'reject' | 'return';
            reason?: string;
            note?: string;
        };
        decided.push(body);
        if (refusal) {
            const status = refusal === 'errors.own_request' ? 403 : 409;
            return errorAnswer(status, { code: status, name: 'Refused', message: 'Refused', key: refusal });
        }
        const row = rows.find(one => one.id === body.id)!;
        const now: KycSubmission = {
            ...row,
            status: body.decision === 'approve' ? 'approved' : body.decision === 'return' ? 'returned' : 'rejected',
            decided_by: { id: 3, name: 'Lerato Dlamini' },
            decided_at: '2026-11-22T09:00:00.000Z',
            reason: body.reason ?? body.note ?? null,
        };
        rows = rows.map(one => (one.id === now.id ? now : one));
        return now;
    }),
);

beforeEach(() => {
    rows = [
        submission(7, 'Thandi Mokoena'),
        submission(8, 'Sipho Zulu', {
            ocr: null,
            channel: 'digital_assisted',
            store: null,
            customer: { id: 108, msisdn: '27790000008', name: 'Sipho Zulu', customer_type: 'business' },
        }),
        submission(9, 'Ayanda Nkosi', {
            status: 'approved',
            decided_by: { id: 3, name: 'Lerato Dlamini' },
            decided_at: '2026-11-22T10:00:00.000Z',
        }),
    ];
    listed.length = 0;
    decided.length = 0;
    queueFails = 0;
    refusal = null;
    brokenImage = null;
});

const VIEWER = ['VIEW_CUSTOMER_OCR'];
const CHECKER = ['VIEW_CUSTOMER_OCR', 'APPROVE_CUSTOMER_OCR'];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the KYC verification queue', () => {
    it('lists the pending submissions with who, how, where, by whom, and what was corrected from OCR', async () => {
        signedInAs(VIEWER);
        renderPortal('/dashboard/customers/ocr');
        expect(await screen.findByText('Thandi Mokoena', {}, FIRST)).toBeTruthy();
        expect(listed[0]).toEqual({ status: 'pending', page_number: 1, page_size: 25 });
        expect(screen.getByRole('heading', { name: 'Customer KYC verification', level: 1 })).toBeTruthy();
        expect(screen.getByText('2 submissions')).toBeTruthy();
        const thandi = rowOf('Thandi Mokoena');
        expect(within(thandi).getByText('Normal customer')).toBeTruthy();
        expect(within(thandi).getByText('In a shop')).toBeTruthy();
        expect(within(thandi).getByText('Soweto Central')).toBeTruthy();
        expect(within(thandi).getByText('Bongani Khumalo')).toBeTruthy();
        expect(within(thandi).getByText('1 field corrected')).toBeTruthy();
        const sipho = rowOf('Sipho Zulu');
        expect(within(sipho).getByText('Business customer')).toBeTruthy();
        expect(within(sipho).getByText('Digitally assisted')).toBeTruthy();
        expect(within(sipho).getByText('OCR read nothing')).toBeTruthy();
        expect(screen.queryByText('Ayanda Nkosi')).toBeNull();
    });

    it('filters by status and searches, and opens a submission', async () => {
        signedInAs(VIEWER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/ocr');
        await screen.findByText('Thandi Mokoena', {}, FIRST);
        await user.click(screen.getByRole('combobox', { name: 'Status' }));
        await user.click(await screen.findByRole('option', { name: 'Approved' }));
        expect(await screen.findByText('Ayanda Nkosi')).toBeTruthy();
        expect(listed.at(-1)).toMatchObject({ status: 'approved' });
        expect(within(rowOf('Ayanda Nkosi')).getByText('Lerato Dlamini')).toBeTruthy();

        await user.click(screen.getByRole('combobox', { name: 'Status' }));
        await user.click(await screen.findByRole('option', { name: 'Pending' }));
        expect(await screen.findByText('Thandi Mokoena')).toBeTruthy();
        await user.type(screen.getByPlaceholderText('Search'), 'sipho');
        await waitFor(() => expect(screen.queryByText('Thandi Mokoena')).toBeNull());
        expect(listed.at(-1)).toMatchObject({ status: 'pending', q: 'sipho' });

        await user.click(screen.getByRole('link', { name: 'Review submission 8 of Sipho Zulu' }));
        expect(await screen.findByRole('heading', { name: 'KYC submission #8', level: 1 }, FIRST)).toBeTruthy();
    });

    it('keeps its filter in the address: a copied address opens on the same status and search', async () => {
        signedInAs(VIEWER);
        const filter = encodeURIComponent(JSON.stringify({ status: 'approved', q: 'ayanda' }));
        renderPortal(`/dashboard/customers/ocr?filter=${filter}&page=1&perPage=10`);
        expect(await screen.findByText('Ayanda Nkosi', {}, FIRST)).toBeTruthy();
        expect(listed[0]).toEqual({ status: 'approved', q: 'ayanda', page_number: 1, page_size: 10 });
        expect((screen.getByPlaceholderText('Search') as HTMLInputElement).value).toBe('ayanda');
        expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Approved');
    });

    it('exports every submission the filter selects, page after page, as CSV', async () => {
        signedInAs(VIEWER);
        rows = Array.from({ length: 130 }, (_, index) => submission(index + 1, `Customer ${index + 1}`));
        const blobs: Blob[] = [];
        const createObjectURL = vi.fn((blob: Blob) => {
            blobs.push(blob);
            return 'blob:kyc';
        });
        vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            const user = userEvent.setup();
            renderPortal('/dashboard/customers/ocr');
            await screen.findByText('130 submissions', {}, FIRST);
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(blobs).toHaveLength(1));
            const lines = (await blobs[0]!.text()).split('\r\n');
            expect(lines).toHaveLength(1 + 130);
            expect(lines[0]).toContain('Submission,Status,Customer,Phone number');
            expect(lines[1]).toContain('1,Pending,Customer 1,');
            // At the call's largest page (100), two pages.
            expect(listed.filter(body => body.page_size === 100).map(body => body.page_number)).toEqual([1, 2]);
        } finally {
            click.mockRestore();
            vi.unstubAllGlobals();
        }
    });

    it('says when nothing waits, and a failure with a Retry that loads again', async () => {
        signedInAs(VIEWER);
        rows = [];
        queueFails = 1;
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/ocr');
        const alert = await screen.findByRole('alert', {}, FIRST);
        expect(alert.textContent).toContain('The service is unavailable');
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('No KYC submission is waiting for verification.')).toBeTruthy();
    });

    it('is closed to a user without VIEW_CUSTOMER_OCR', async () => {
        signedInAs(['ADD_LOAN']);
        renderPortal('/dashboard/customers/ocr');
        expect(await screen.findByText('Access denied', {}, FIRST)).toBeTruthy();
        expect(listed).toHaveLength(0);
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

        it('shows a card per submission with its review', async () => {
            signedInAs(VIEWER);
            renderPortal('/dashboard/customers/ocr');
            const card = (await screen.findByRole('heading', { name: '#7 · Thandi Mokoena' }, FIRST)).closest(
                'li',
            ) as HTMLElement;
            expect(screen.queryByRole('table')).toBeNull();
            expect(within(card).getByText('1 field corrected')).toBeTruthy();
            expect(within(card).getByText(/Submitted by Bongani Khumalo/)).toBeTruthy();
            expect(within(card).getByRole('link', { name: 'Review submission 7 of Thandi Mokoena' })).toBeTruthy();
        });
    });
});

describe('verifying one submission', () => {
    it('shows the checks, the corrected field marked, and the documents', async () => {
        signedInAs(VIEWER);
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        expect(await screen.findByRole('heading', { name: 'KYC submission #7', level: 1 }, FIRST)).toBeTruthy();
        expect(listed[0]).toEqual({ id: 7 });
        expect(screen.getByText('Verified with the identity register')).toBeTruthy();
        expect(screen.getByText('Live face found (score 100%)')).toBeTruthy();
        const comparison = screen.getByRole('table', { name: 'Confirmed details and what OCR read' });
        const lastName = within(comparison).getByRole('rowheader', { name: 'Last name' }).closest('tr') as HTMLElement;
        expect(lastName.dataset.corrected).toBe('true');
        expect(within(lastName).getByText('Corrected')).toBeTruthy();
        expect(within(lastName).getByText('Mokena')).toBeTruthy();
        const firstName = within(comparison).getByRole('rowheader', { name: 'First name' }).closest('tr') as HTMLElement;
        expect(firstName.dataset.corrected).toBeUndefined();
        for (const name of ['ID front', 'ID back', 'Selfie']) {
            expect(((await screen.findByRole('img', { name })) as HTMLImageElement).src).toBe(PIXEL);
        }
        // A viewer without APPROVE_CUSTOMER_OCR decides nothing.
        expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    });

    it('shows an image that failed with its own Retry', async () => {
        signedInAs(VIEWER);
        brokenImage = '00000000-0000-4000-8000-000000000017';
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        const alert = await screen.findByRole('alert', {}, FIRST);
        brokenImage = null;
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByRole('img', { name: 'ID back' })).toBeTruthy();
    });

    it('enlarges a document on click, Enter or Space, with zoom, and closes by its button or Escape, focus back', async () => {
        signedInAs(VIEWER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        const thumbnail = await screen.findByRole('button', { name: 'Open ID front in full size' }, FIRST);

        await user.click(thumbnail);
        let dialog = await screen.findByRole('dialog', { name: 'ID front' });
        const picture = within(dialog).getByRole('img', { name: 'ID front' }) as HTMLImageElement;
        expect(picture.src).toBe(PIXEL);
        // Fitted first; zoomed by its buttons, and fitted again.
        expect(picture.dataset.zoomed).toBe('false');
        await user.click(within(dialog).getByRole('button', { name: 'Zoom in' }));
        expect(picture.dataset.zoomed).toBe('true');
        await user.click(within(dialog).getByRole('button', { name: 'Fit to screen' }));
        expect(picture.dataset.zoomed).toBe('false');
        await user.click(within(dialog).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(document.activeElement).toBe(thumbnail));

        await user.keyboard('{Enter}');
        dialog = await screen.findByRole('dialog', { name: 'ID front' });
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        await waitFor(() => expect(document.activeElement).toBe(thumbnail));

        await user.keyboard(' ');
        expect(await screen.findByRole('dialog', { name: 'ID front' })).toBeTruthy();
        await user.keyboard('{Escape}');
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('approves after asking, and shows the submission approved', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        await user.click(await screen.findByRole('button', { name: 'Approve' }, FIRST));
        const dialog = await screen.findByRole('dialog', { name: 'Approve the KYC of Thandi Mokoena?' });
        expect(decided).toHaveLength(0);
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        await waitFor(() => expect(decided).toEqual([{ id: 7, decision: 'approve' }]));
        expect(await screen.findByText('KYC of Thandi Mokoena approved')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
        expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
    });

    it('approves with a misread name corrected, sending only the field changed', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        await user.click(await screen.findByRole('button', { name: 'Approve' }, FIRST));
        const dialog = await screen.findByRole('dialog', { name: 'Approve the KYC of Thandi Mokoena?' });
        const last = within(dialog).getByRole('textbox', { name: 'Last name' });
        expect((last as HTMLInputElement).value).toBe('Mokoena');
        expect((within(dialog).getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Thandi');
        await user.clear(last);
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe('A name needs at least 2 letters.');
        expect(decided).toEqual([]);
        await user.type(last, 'Mokwena');
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        await waitFor(() => expect(decided).toEqual([{ id: 7, decision: 'approve', corrections: { last_name: 'Mokwena' } }]));
    });

    it('rejects only with a reason', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        await user.click(await screen.findByRole('button', { name: 'Reject' }, FIRST));
        const dialog = await screen.findByRole('dialog', { name: 'Reject the KYC of Thandi Mokoena?' });
        await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
        expect(within(dialog).getByText('Say why you reject it, in at least 3 characters.')).toBeTruthy();
        expect(decided).toHaveLength(0);
        await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'The selfie is not the ID holder');
        await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
        await waitFor(() => expect(decided).toEqual([{ id: 7, decision: 'reject', reason: 'The selfie is not the ID holder' }]));
        expect(await screen.findByText('KYC of Thandi Mokoena rejected')).toBeTruthy();
    });

    it('sends back to the agent only with a note, and shows the submission sent back with it', async () => {
        signedInAs(CHECKER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        await user.click(await screen.findByRole('button', { name: 'Send back' }, FIRST));
        const dialog = await screen.findByRole('dialog', { name: 'Send the KYC of Thandi Mokoena back to the agent?' });
        const note = within(dialog).getByRole('textbox', { name: /Note for the agent/ });
        await user.type(note, 'ok');
        await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
        expect(within(dialog).getByText('Say what the agent should correct, in at least 3 characters.')).toBeTruthy();
        expect(decided).toHaveLength(0);
        await user.clear(note);
        await user.type(note, 'The ID back is blurred');
        await user.click(within(dialog).getByRole('button', { name: 'Send back' }));
        await waitFor(() => expect(decided).toEqual([{ id: 7, decision: 'return', note: 'The ID back is blurred' }]));
        expect(await screen.findByText('KYC of Thandi Mokoena sent back to the agent')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('button', { name: 'Send back' })).toBeNull());
        expect(screen.getAllByText('Sent back').length).toBeGreaterThan(0);
    });

    it('shows the agent who made a submission sent back, by whom, the note and what to do', async () => {
        rows = [
            submission(10, 'Naledi Khumalo', {
                status: 'returned',
                decided_by: { id: 3, name: 'Lerato Dlamini' },
                decided_at: '2026-11-22T10:00:00.000Z',
                reason: 'The ID back is blurred',
            }),
        ];
        signedInAs(VIEWER);
        renderPortal('/dashboard/customers/kyc-validation?id=10');
        expect(
            await screen.findByText(
                'Lerato Dlamini sent this submission back: "The ID back is blurred". Correct it and submit the KYC again (Add loan) to put it back in the queue.',
                {},
                FIRST,
            ),
        ).toBeTruthy();
        expect(screen.getByText('Note for the agent')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    });

    it('lists the submissions sent back under their own status in the queue', async () => {
        rows = [
            ...rows,
            submission(10, 'Naledi Khumalo', {
                status: 'returned',
                decided_by: { id: 3, name: 'Lerato Dlamini' },
                decided_at: '2026-11-22T10:00:00.000Z',
                reason: 'The ID back is blurred',
            }),
        ];
        signedInAs(VIEWER);
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/ocr');
        await screen.findByText('Thandi Mokoena', {}, FIRST);
        await user.click(screen.getByRole('combobox', { name: 'Status' }));
        await user.click(await screen.findByRole('option', { name: 'Sent back' }));
        expect(await screen.findByText('Naledi Khumalo')).toBeTruthy();
        expect(listed.at(-1)).toMatchObject({ status: 'returned' });
    });

    it("says in the dialog why the server refused (one's own submission)", async () => {
        signedInAs(CHECKER);
        refusal = 'errors.own_request';
        const user = userEvent.setup();
        renderPortal('/dashboard/customers/kyc-validation?id=7');
        await user.click(await screen.findByRole('button', { name: 'Approve' }, FIRST));
        const dialog = await screen.findByRole('dialog');
        await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe(
            'You made this request: another person must decide it.',
        );
    });

    it('says so when there is no such submission', async () => {
        signedInAs(VIEWER);
        renderPortal('/dashboard/customers/kyc-validation?id=99');
        expect(await screen.findByText('This submission was not found, or it is not one you may see.', {}, FIRST)).toBeTruthy();
    });
});
