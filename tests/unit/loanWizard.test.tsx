/**
 * The add-loan wizard against msw answers checked by the contract: a normal customer
 * from the customer check to the sale done (every call, in the order contract/origination/
 * gives), a business customer's extra fields required, a file over 5 MB refused on choosing, the
 * seller's own number refused, an action offline refused with nothing typed lost, and every
 * request's body the contract's.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { qualifiedDevices } from '../../contract/customers';
import { confirmLockActivation } from '../../contract/devices';
import { identityValidation, kycDetails } from '../../contract/kyc';
import {
    agentOtp,
    confirmInitialDeposit,
    createLoan,
    customerLoginCheck,
    customerOtp,
    generateAgentOtp,
    generateCustomerOtp,
    imeiValidationCheck,
    loanDeposit,
    loanQuote,
} from '../../contract/origination';
import { loanStore } from '../../src/lib/loanStore';
import { customerStore } from '../../src/lib/customerStore';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { customerStep, openWizard, wizardInThisFile } from './support/loanWizard';
import {
    BUYER_MSISDN,
    codeSent,
    depositTransaction,
    identityChecked,
    IMEI,
    imageId,
    imeiChecked,
    kycSubmitted,
    LOAN_REFERENCE,
    lockOf,
    qualified,
    quoted,
    saleLoan,
    uploaded,
    verification,
} from './support/loanWizardFixtures';

const upload = vi.hoisted(() => vi.fn());
vi.mock('../../src/lib/kycImages', () => ({ uploadKycImage: upload }));

const called: { path: string; body: unknown }[] = [];
const record = async (request: Request) => {
    called.push({ path: new URL(request.url).pathname.replace('/portal_api', ''), body: await request.clone().json() });
};
const paths = () => called.map(call => call.path);
const bodyOf = (path: string) => called.find(call => call.path === path)?.body;

let lockAnswers = 0;
/** The quotes loan_quote answers, in turn (the last again once they run out); create_loan refuses the ids in `staleQuotes`. */
let quotes = [quoted()];
let quotesGiven = 0;
const staleQuotes = new Set<string>();

contractServer(
    answer(customerLoginCheck, async ({ request }) => {
        await record(request);
        const { msisdn } = (await request.clone().json()) as { msisdn: string };
        if (msisdn === '27820000009')
            return errorAnswer(409, {
                code: 409,
                name: 'Conflict',
                message: 'Own number',
                key: 'errors.own_customer',
                field: 'msisdn',
            });
        return { msisdn, known: false, customer: null };
    }),
    answer(identityValidation, async ({ request }) => {
        await record(request);
        return identityChecked();
    }),
    answer(kycDetails, async ({ request }) => {
        await record(request);
        const body = (await request.clone().json()) as { customer_type: 'normal' | 'business' };
        return kycSubmitted({ customer_type: body.customer_type, gender: 'male' });
    }),
    answer(qualifiedDevices, async ({ request }) => {
        await record(request);
        return qualified;
    }),
    answer(imeiValidationCheck, async ({ request }) => {
        await record(request);
        return imeiChecked;
    }),
    answer(loanQuote, async ({ request }) => {
        await record(request);
        const next = quotes[Math.min(quotesGiven, quotes.length - 1)] ?? quoted();
        quotesGiven += 1;
        return next;
    }),
    answer(createLoan, async ({ request }) => {
        await record(request);
        const { quote_id } = (await request.clone().json()) as { quote_id: string };
        if (staleQuotes.has(quote_id))
            return errorAnswer(409, {
                code: 409,
                name: 'Conflict',
                message: 'This quote can no longer be accepted',
                key: 'errors.quote_stale',
                field: 'quote_id',
            });
        return saleLoan();
    }),
    answer(generateCustomerOtp, async ({ request }) => {
        await record(request);
        return codeSent('•••222');
    }),
    answer(generateAgentOtp, async ({ request }) => {
        await record(request);
        return codeSent('•••009');
    }),
    answer(customerOtp, async ({ request }) => {
        await record(request);
        return verification(true, false);
    }),
    answer(agentOtp, async ({ request }) => {
        await record(request);
        return verification(true, true);
    }),
    answer(loanDeposit, async ({ request }) => {
        await record(request);
        return {
            loan_reference: LOAN_REFERENCE,
            amount: 600,
            currency: 'ZAR' as const,
            channel: 'mpesa' as const,
            pay_reference: LOAN_REFERENCE,
            sent_to: '•••222',
        };
    }),
    answer(confirmInitialDeposit, async ({ request }) => {
        await record(request);
        return { loan_reference: LOAN_REFERENCE, loan_status: 'awaiting_lock', deposit: depositTransaction, replayed: false };
    }),
    answer(confirmLockActivation, async ({ request }) => {
        await record(request);
        lockAnswers += 1;
        // Asked again until the provider confirms: the first answer is still waiting.
        return lockAnswers === 1
            ? {
                  loan_reference: LOAN_REFERENCE,
                  loan_status: 'awaiting_lock',
                  confirmed: false,
                  device: lockOf({ state: 'activating', requested_state: 'active', requested_at: '2026-11-22T09:21:00.000Z' }),
              }
            : {
                  loan_reference: LOAN_REFERENCE,
                  loan_status: 'active',
                  confirmed: true,
                  device: lockOf({ state: 'active', confirmed_state: 'active', confirmed_at: '2026-11-22T09:21:04.000Z' }),
              };
    }),
);

// A whole sale passes eight steps, the lock's polling among them: longer than the shared limits
// (the journeys give their own test timeout).
wizardInThisFile();
beforeEach(() => {
    upload.mockImplementation((kind: Parameters<typeof uploaded>[0], _file: File, onProgress?: (fraction: number) => void) => {
        onProgress?.(0.5);
        return Promise.resolve(uploaded(kind));
    });
});
afterEach(() => {
    called.length = 0;
    lockAnswers = 0;
    quotes = [quoted()];
    quotesGiven = 0;
    staleQuotes.clear();
    upload.mockReset();
});

const photo = (name: string, bytes = 2048) => {
    const file = new File(['jpeg'], name, { type: 'image/jpeg' });
    Object.defineProperty(file, 'size', { value: bytes });
    return file;
};

const documentsStep = async (user: UserEvent) => {
    await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
    await user.upload(screen.getByLabelText('ID front'), photo('front.jpg'));
    await user.upload(screen.getByLabelText('ID back'), photo('back.jpg'));
    await user.upload(screen.getByLabelText('Selfie'), photo('selfie.jpg'));
    await waitFor(() => expect(screen.getAllByText('Sent')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 2, name: 'The customer’s identity' });
};

describe('a sale to a new normal customer', { timeout: 60_000 }, () => {
    it('goes from the customer check to done, each call in its order with the contract’s body', async () => {
        const user = await openWizard();
        expect((screen.getByRole('radio', { name: 'Normal customer' }) as HTMLInputElement).checked).toBe(true);
        await customerStep(user);

        // Documents: Next with one missing says so; each is sent as chosen, with its thumbnail.
        await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
        await user.upload(screen.getByLabelText('ID front'), photo('front.jpg'));
        await user.click(screen.getByRole('button', { name: 'Next' }));
        expect(await screen.findByText('Please provide all required files before proceeding')).toBeTruthy();
        // The sentence alone: the specification's label once showed its key in front.
        expect(screen.queryByText(/kyc_files_required/)).toBeNull();
        expect(screen.getByRole('img', { name: 'ID front, as chosen' })).toBeTruthy();
        expect(upload).toHaveBeenCalledWith('id_front', expect.any(File), expect.any(Function));
        await user.upload(screen.getByLabelText('ID back'), photo('back.jpg'));
        await user.upload(screen.getByLabelText('Selfie'), photo('selfie.jpg'));
        await waitFor(() => expect(screen.getAllByText('Sent')).toHaveLength(3));
        expect(screen.queryByText('Please provide all required files before proceeding')).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Next' }));

        // Identity: what OCR read is filled in and said to be from the ID.
        await screen.findByRole('heading', { level: 2, name: 'The customer’s identity' });
        const firstName = screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement;
        expect(firstName.value).toBe('Sipho');
        expect(screen.getAllByText('Read from the ID: check it').length).toBeGreaterThanOrEqual(4);
        await user.type(screen.getByRole('textbox', { name: /^Town/ }), 'Soweto');
        await user.click(screen.getByRole('button', { name: 'Check and submit' }));

        // Phone: the cards, an out-of-stock one not choosable; the IMEI checked.
        await screen.findByRole('heading', { level: 2, name: 'Choose the phone' });
        expect(((await screen.findByRole('radio', { name: 'Vivo Y03' })) as HTMLInputElement).disabled).toBe(true);
        await user.click(screen.getByRole('radio', { name: 'Samsung Galaxy A15' }));
        expect(loanStore.read()?.phone?.sku).toBe('SAM-A15');
        await user.type(screen.getByRole('textbox', { name: /IMEI of the phone/ }), IMEI);
        await user.click(screen.getByRole('button', { name: 'Check phone' }));

        // Terms: the server's quote, accepted → the loan, both codes sent; then each code verified on its own (v1).
        await screen.findByRole('heading', { level: 2, name: 'Terms and codes' });
        const summary = screen.getByRole('region', { name: 'Terms of the sale' });
        expect(await within(summary).findByText('ZAR 3,999.00')).toBeTruthy();
        expect(within(summary).getByText('ZAR 3,399.00')).toBeTruthy();
        expect(within(summary).getByText('24 × ZAR 150.00, weekly')).toBeTruthy();
        expect(within(summary).getByText('Trustonic')).toBeTruthy();
        await user.click(screen.getByRole('checkbox', { name: 'The customer has read and accepts these terms' }));
        await user.click(screen.getByRole('button', { name: 'Accept and send codes' }));
        expect(await screen.findByText(/Sent to •••222/)).toBeTruthy();
        expect(loanStore.read()?.loanReference).toBe(LOAN_REFERENCE);
        expect(screen.getByRole('button', { name: /Resend Customer’s code in \d+ s/ })).toHaveProperty('disabled', true);
        await user.type(screen.getByRole('textbox', { name: /Customer’s code/ }), '123456');
        await user.click(screen.getByRole('button', { name: 'Verify customer’s code' }));
        expect(await screen.findByText('Customer’s code: verified')).toBeTruthy();
        await user.type(screen.getByRole('textbox', { name: /Your code/ }), '654321');
        await user.click(screen.getByRole('button', { name: 'Verify your code' }));

        // Deposit: the prompt, then the payment confirmed with its reference, amount and channel.
        await screen.findByRole('heading', { level: 2, name: 'Deposit' });
        expect(screen.getByText('Deposit due: ZAR 600.00')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Send payment prompt' }));
        expect(await screen.findByText(/A prompt to pay ZAR 600.00 was sent to •••222/)).toBeTruthy();
        await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'mp-abc123');
        await user.type(screen.getByRole('textbox', { name: /Amount paid/ }), '600');
        await user.click(screen.getByRole('button', { name: 'Confirm deposit' }));

        // Lock: asked every 2 s with a visible progress until the provider confirms; then done.
        expect(await screen.findByRole('progressbar', { name: 'Waiting for the lock' })).toBeTruthy();
        expect(await screen.findByRole('heading', { level: 2, name: 'The sale is done' }, { timeout: 10_000 })).toBeTruthy();
        expect(screen.getByText(LOAN_REFERENCE)).toBeTruthy();
        expect(screen.getByText('Samsung Galaxy A15')).toBeTruthy();
        // The done step lets the sale go in its effect, which React may run just after the heading shows.
        await waitFor(() => expect(loanStore.read()).toBeNull());

        expect(paths()).toEqual([
            '/api/v1/customer/login/check',
            '/api/v1/contactable/kyc/validation/identity',
            '/api/digital_assisted/kyc-details',
            '/api/digital_assisted/customer-qualified-devices',
            '/api/v1/imei/validation/check',
            '/api/v1/loan_quote',
            '/api/v1/create_loan',
            '/api/v1/generate/customer-otp',
            '/api/v1/generate/agent-otp',
            '/api/v1/customer_otp',
            '/api/v1/agent_otp',
            '/api/v1/loan_deposit',
            '/api/v1/confirm_customer_initial_deposit',
            '/api/v1/confirm_lock_activation',
            '/api/v1/confirm_lock_activation',
        ]);
        expect(bodyOf('/api/digital_assisted/kyc-details')).toMatchObject({
            msisdn: BUYER_MSISDN,
            customer_type: 'normal',
            channel: 'shop',
            first_name: 'Sipho',
            last_name: 'Dlamini',
            id_type: 'national_id',
            id_number: '9202204720082',
            date_of_birth: '1992-02-20',
            gender: 'male',
            address: { town: 'Soweto' },
            images: { id_front: imageId('id_front'), id_back: imageId('id_back'), selfie: imageId('selfie') },
            identity_reference: 'CTB-7781',
        });
        expect(bodyOf('/api/v1/loan_quote')).toEqual({ msisdn: BUYER_MSISDN, sku: 'SAM-A15', imei: IMEI, channel: 'shop' });
        expect(bodyOf('/api/v1/create_loan')).toEqual({
            msisdn: BUYER_MSISDN,
            sku: 'SAM-A15',
            imei: IMEI,
            channel: 'shop',
            quote_id: quoted().quote_id,
        });
        expect(bodyOf('/api/v1/customer_otp')).toEqual({ loan_reference: LOAN_REFERENCE, otp: '123456' });
        expect(bodyOf('/api/v1/confirm_customer_initial_deposit')).toEqual({
            loan_reference: LOAN_REFERENCE,
            reference: 'MP-ABC123',
            amount: 600,
            channel: 'mpesa',
        });
    }, 120_000);
});

/** From the customer check to step 5, as a new normal customer buying the Galaxy A15. */
const toTerms = async (user: UserEvent) => {
    await customerStep(user);
    await documentsStep(user);
    await user.type(screen.getByRole('textbox', { name: /^Town/ }), 'Soweto');
    await user.click(screen.getByRole('button', { name: 'Check and submit' }));
    await screen.findByRole('heading', { level: 2, name: 'Choose the phone' });
    await user.click(await screen.findByRole('radio', { name: 'Samsung Galaxy A15' }));
    await user.type(screen.getByRole('textbox', { name: /IMEI of the phone/ }), IMEI);
    await user.click(screen.getByRole('button', { name: 'Check phone' }));
    await screen.findByRole('heading', { level: 2, name: 'Terms and codes' });
    return screen.getByRole('region', { name: 'Terms of the sale' });
};

/** The figure a definition list gives for a term (the first, where the card says it twice). */
const figureOf = (region: HTMLElement, term: string) => {
    const dt = within(region).getAllByText(term, { selector: 'dt' })[0];
    const text = dt?.nextElementSibling?.textContent ?? null;
    // Money is written with a no-break space after the currency.
    return text === null ? null : text.replace(/\s/g, ' ');
};

describe('the quote', { timeout: 60_000 }, () => {
    it('shows every figure the customer will owe before they accept, and the same figures from the loan after', async () => {
        const user = await openWizard();
        const summary = await toTerms(user);
        await within(summary).findByText(/Quote valid until/);
        const before = {
            total: figureOf(summary, 'Total payable'),
            cost: figureOf(summary, 'Cost of credit'),
            cash: figureOf(summary, 'Cash price'),
            deposit: figureOf(summary, 'Deposit'),
            financed: figureOf(summary, 'Amount financed'),
            instalments: figureOf(summary, 'Instalments'),
            first: figureOf(summary, 'First instalment due'),
            lock: figureOf(summary, 'Lock'),
        };
        expect(before).toEqual({
            total: 'ZAR 4,200.00',
            cost: 'ZAR 201.00',
            cash: 'ZAR 3,999.00',
            deposit: 'ZAR 600.00',
            financed: 'ZAR 3,399.00',
            instalments: '24 × ZAR 150.00, weekly',
            first: new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-11-29T00:00:00')),
            lock: 'Trustonic',
        });
        expect(within(summary).getByText('5.9% of the amount financed')).toBeTruthy();
        // The first due date follows the deposit day: said so until the deposit is paid.
        expect(within(summary).getByText('One week after the deposit is paid: this date if it is paid today')).toBeTruthy();
        expect(paths()).toContain('/api/v1/loan_quote');

        await user.click(screen.getByRole('checkbox', { name: 'The customer has read and accepts these terms' }));
        await user.click(screen.getByRole('button', { name: 'Accept and send codes' }));
        expect(await screen.findByText(/Sent to •••222/)).toBeTruthy();
        const after = screen.getByRole('region', { name: 'Terms of the sale' });
        expect(figureOf(after, 'Total payable')).toBe(before.total);
        expect(figureOf(after, 'Cost of credit')).toBe(before.cost);
        expect(figureOf(after, 'Amount financed')).toBe(before.financed);
        expect(figureOf(after, 'First instalment due')).toBe(before.first);
    });

    it('on a stale quote shows the new one with a notice, the acceptance cleared, and accepts only that one', async () => {
        const renewed = quoted({
            quote_id: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
            instalment: 155,
            total_payable: 4320,
            cost_of_credit: 321,
            cost_of_credit_percent: 9.4,
            expires_at: '2026-11-22T09:50:00.000Z',
        });
        quotes = [quoted(), renewed];
        staleQuotes.add(quoted().quote_id);
        const user = await openWizard();
        const summary = await toTerms(user);
        await within(summary).findByText(/Quote valid until/);
        expect(figureOf(summary, 'Total payable')).toBe('ZAR 4,200.00');
        await user.click(screen.getByRole('checkbox', { name: 'The customer has read and accepts these terms' }));
        await user.click(screen.getByRole('button', { name: 'Accept and send codes' }));

        expect(
            await screen.findByText(
                'The terms changed since the customer saw them. Go through the new quote with them: they must accept it again.',
            ),
        ).toBeTruthy();
        const shown = screen.getByRole('region', { name: 'Terms of the sale' });
        expect(figureOf(shown, 'Total payable')).toBe('ZAR 4,320.00');
        expect(figureOf(shown, 'Cost of credit')).toBe('ZAR 321.00');
        expect(figureOf(shown, 'Instalments')).toBe('24 × ZAR 155.00, weekly');
        const accept = screen.getByRole('checkbox', {
            name: 'The customer has read and accepts these terms',
        }) as HTMLInputElement;
        expect(accept.checked).toBe(false);
        // Nothing else lost: still the same phone and device, no loan yet.
        expect(within(shown).getByText(`IMEI ${IMEI} · Soweto Central`)).toBeTruthy();
        expect(loanStore.read()?.loanReference ?? null).toBeNull();

        // Sending without accepting again is refused on the form; accepted, the new quote is the one sent.
        await user.click(screen.getByRole('button', { name: 'Accept and send codes' }));
        expect(await screen.findByText('The customer must accept the terms first')).toBeTruthy();
        await user.click(accept);
        await user.click(screen.getByRole('button', { name: 'Accept and send codes' }));
        expect(await screen.findByText(/Sent to •••222/)).toBeTruthy();
        const creates = called.filter(call => call.path === '/api/v1/create_loan').map(call => call.body);
        expect(creates).toEqual([
            expect.objectContaining({ quote_id: quoted().quote_id }),
            expect.objectContaining({ quote_id: renewed.quote_id }),
        ]);
    });

    it('gets a new quote when asked', async () => {
        quotes = [quoted(), quoted({ quote_id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', expires_at: '2026-11-22T10:05:00.000Z' })];
        const user = await openWizard();
        const summary = await toTerms(user);
        await within(summary).findByText(/Quote valid until/);
        await user.click(within(summary).getByRole('button', { name: 'Get a new quote' }));
        await waitFor(() => expect(paths().filter(path => path === '/api/v1/loan_quote')).toHaveLength(2));
        expect(screen.queryByText(/The terms changed/)).toBeNull();
    });
});

describe('the customer step', { timeout: 60_000 }, () => {
    it("refuses the seller's own number on the field", async () => {
        const user = await openWizard();
        await customerStep(user, '27820000009');
        expect(await screen.findByText('Cannot add loan for yourself')).toBeTruthy();
        expect(screen.getByRole('textbox', { name: /phone number/ }).getAttribute('aria-invalid')).toBe('true');
        expect(await screen.findByText('Please correct the highlighted errors below')).toBeTruthy();
    });

    it('checks the phone number before asking, and keeps the type chosen', async () => {
        const user = await openWizard();
        await customerStep(user, '12345', 'Business customer');
        expect(await screen.findByText('valid phone number required')).toBeTruthy();
        expect(called).toEqual([]);
        expect(customerStore.selectedType()).toBe('business');
    });

    it('refuses at once offline, keeping what was typed', async () => {
        const onLine: MockInstance<() => boolean> = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
        try {
            const user = await openWizard();
            onLine.mockReturnValue(false);
            act(() => void window.dispatchEvent(new Event('offline')));
            await customerStep(user);
            expect(
                await screen.findByText(
                    "You are offline. This needs the server's answer at the time, so it was not kept to send later. Try again when the connection is back.",
                ),
            ).toBeTruthy();
            expect((screen.getByRole('textbox', { name: /phone number/ }) as HTMLInputElement).value).toBe(BUYER_MSISDN);
            expect(called).toEqual([]);
        } finally {
            onLine.mockRestore();
        }
    });
});

describe('the documents step', { timeout: 60_000 }, () => {
    it('refuses a file over 5 MB as it is chosen, sending nothing', async () => {
        const user = await openWizard();
        await customerStep(user);
        await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
        await user.upload(screen.getByLabelText('ID front'), photo('huge.jpg', 5 * 1024 * 1024 + 1));
        expect(await screen.findByText('Maximum file size is 5MB')).toBeTruthy();
        expect(upload).not.toHaveBeenCalled();
        // A file of exactly 5 MB goes.
        await user.upload(screen.getByLabelText('ID front'), photo('just.jpg', 5 * 1024 * 1024));
        expect(await screen.findByText('Sent')).toBeTruthy();
        expect(screen.queryByText('Maximum file size is 5MB')).toBeNull();
    });

    it('says why an upload failed, and tries the same file again', async () => {
        upload.mockRejectedValueOnce(new Error('network'));
        const user = await openWizard();
        await customerStep(user);
        await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
        await user.upload(screen.getByLabelText('ID back'), photo('back.jpg'));
        expect(await screen.findByText('An error occurred')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('Sent')).toBeTruthy();
        expect(upload).toHaveBeenCalledTimes(2);
    });
});

describe('a business customer', { timeout: 60_000 }, () => {
    it('must give the business details before the identity is checked', async () => {
        const user = await openWizard();
        await customerStep(user, BUYER_MSISDN, 'Business customer');
        await documentsStep(user);
        await user.type(screen.getByRole('textbox', { name: /^Town/ }), 'Soweto');
        await user.click(screen.getByRole('button', { name: 'Check and submit' }));
        expect(await screen.findByText('Please correct the highlighted errors below')).toBeTruthy();
        for (const name of [/Business name/, /Employees/, /Business town/]) {
            expect(screen.getByRole('textbox', { name }).getAttribute('aria-invalid'), String(name)).toBe('true');
        }
        expect(screen.getAllByText('Required')).toHaveLength(5);
        expect(paths()).toEqual(['/api/v1/customer/login/check']);

        await user.type(screen.getByRole('textbox', { name: /Business name/ }), 'Dlamini Spaza');
        await user.type(screen.getByRole('textbox', { name: /Employees/ }), '0');
        await user.type(screen.getByRole('textbox', { name: /Business town/ }), 'Soweto');
        await user.click(screen.getByRole('combobox', { name: /Industry/ }));
        await user.click(await screen.findByRole('option', { name: 'Retail' }));
        await user.click(screen.getByRole('combobox', { name: /Yearly turnover/ }));
        await user.click(await screen.findByRole('option', { name: 'Under 100k' }));
        await user.click(screen.getByRole('button', { name: 'Check and submit' }));
        expect(await screen.findByText('valid number of employees required')).toBeTruthy();
        await user.clear(screen.getByRole('textbox', { name: /Employees/ }));
        await user.type(screen.getByRole('textbox', { name: /Employees/ }), '3');
        await user.click(screen.getByRole('button', { name: 'Check and submit' }));

        await screen.findByRole('heading', { level: 2, name: 'Choose the phone' });
        expect(bodyOf('/api/digital_assisted/kyc-details')).toMatchObject({
            customer_type: 'business',
            business: {
                business_name: 'Dlamini Spaza',
                employee_count: 3,
                industry_vertical: 'retail',
                turnover_band: 'under_100k',
                address: { town: 'Soweto' },
            },
        });
    }, 90_000);
});
