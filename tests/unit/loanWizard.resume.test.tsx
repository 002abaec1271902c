/**
 * The add-loan wizard once a loan exists: a kept loan reference resumes at the step loan_progress
 * says (the server is the truth), codes verified both at once ('Please enter both OTP codes') or
 * whichever the remote customer has, the deposit confirmed by its reference alone when digitally
 * assisted, the lock's failure with its reason and Retry, the Vivo consent, and cancelling a sale
 * with a sales-exit reason (or, before a loan, just clearing the wizard).
 */
import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallResponse } from '../../contract/define';
import { confirmLockActivation, sendVivoAuthCode, verifyVivoAuthCode } from '../../contract/devices';
import { qualifiedDevices, SALES_EXIT_REASONS } from '../../contract/customers';
import {
    cancelLoan,
    customerLoginCheck,
    digitalAssistedConfirmDeposit,
    digitalAssistedVerifyOtp,
    generateAgentOtp,
    generateCustomerOtp,
    loanCancellationOptions,
    loanDeposit,
    loanProgress,
    verifyOtpV2,
} from '../../contract/origination';
import type { EntryKey, Step } from '../../src/lib/saleEntries';
import { loanStore } from '../../src/lib/loanStore';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import {
    BUYER_MSISDN,
    buyer,
    IMEI,
    codeSent,
    depositTransaction,
    LOAN_REFERENCE,
    lockOf,
    qualified,
    saleLoan,
    uploaded,
    verification,
} from './support/loanWizardFixtures';
import { renderPortal, signedInAs } from './support/portal';

vi.mock('../../src/lib/kycImages', () => ({ uploadKycImage: vi.fn() }));

type Progress = CallResponse<typeof loanProgress>;

const SHOP = { id: 1, name: 'Soweto Central' };
const SELLER = ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES'];
const ROLES: Record<EntryKey, string[]> = {
    v1: [...SELLER, 'FIND_CUSTOMER'],
    v2: [...SELLER, 'FIND_CUSTOMER'],
    fieldagent: [...SELLER, 'FIND_CUSTOMER_FIELDAGENT'],
    shop: [...SELLER, 'FIND_CUSTOMER_FIELDAGENT_STORE'],
    assisted: [...SELLER, 'FIND_DIGITAL_ASSISTED_CUSTOMER'],
};
const PATHS: Record<EntryKey, string> = {
    v1: '/dashboard/customers/add-loan',
    v2: '/dashboard/customers/add-loan-v2',
    fieldagent: '/dashboard/fieldagent/customers/add-loan',
    shop: '/dashboard/fieldagent/shop/customers/add-loan',
    assisted: '/dashboard/customers/digital-assisted-add-loan',
};

const called: { path: string; body: unknown }[] = [];
const record = async (request: Request) => {
    called.push({ path: new URL(request.url).pathname.replace('/portal_api', ''), body: await request.clone().json() });
};
const paths = () => called.map(call => call.path);
const bodyOf = (path: string) => called.find(call => call.path === path)?.body;

const progressAt = (step: Progress['step'], change: Partial<Progress> = {}): Progress => ({
    loan: saleLoan({ status: step === 'otp' ? 'draft' : step === 'deposit' ? 'awaiting_deposit' : 'awaiting_lock' }),
    customer: buyer,
    step,
    customer_otp_verified: step !== 'otp',
    agent_otp_verified: step !== 'otp',
    codes: { customer: null, agent: null },
    deposit: null,
    ...change,
});

let progress: Progress = progressAt('otp');

const server = contractServer(
    answer(loanProgress, async ({ request }) => {
        await record(request);
        return progress;
    }),
    answer(qualifiedDevices, async ({ request }) => {
        await record(request);
        return qualified;
    }),
    answer(customerLoginCheck, async ({ request }) => {
        await record(request);
        return { msisdn: BUYER_MSISDN, known: false, customer: null };
    }),
    answer(generateCustomerOtp, async ({ request }) => {
        await record(request);
        return codeSent('•••222');
    }),
    answer(generateAgentOtp, async ({ request }) => {
        await record(request);
        return codeSent('•••009');
    }),
    answer(verifyOtpV2, async ({ request }) => {
        await record(request);
        return verification(true, true);
    }),
    answer(digitalAssistedVerifyOtp, async ({ request }) => {
        await record(request);
        const body = (await request.clone().json()) as { customer_otp?: string; agent_otp?: string };
        const agentBefore = called.filter(call => call.path === '/api/digital_assisted/verify-otp').length > 1;
        return verification(true, body.agent_otp !== undefined || agentBefore);
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
    answer(digitalAssistedConfirmDeposit, async ({ request }) => {
        await record(request);
        return { loan_reference: LOAN_REFERENCE, loan_status: 'awaiting_lock', deposit: depositTransaction, replayed: false };
    }),
    // The lock's provider has not confirmed yet (tests that need more give their own answers).
    answer(confirmLockActivation, {
        loan_reference: LOAN_REFERENCE,
        loan_status: 'awaiting_lock',
        confirmed: false,
        device: lockOf({ state: 'activating', requested_state: 'active' }),
    }),
    answer(loanCancellationOptions, async ({ request }) => {
        await record(request);
        return {
            loan_reference: LOAN_REFERENCE,
            status: 'awaiting_deposit' as const,
            cancellable: true,
            options: [...SALES_EXIT_REASONS],
        };
    }),
    answer(cancelLoan, async ({ request }) => {
        await record(request);
        return saleLoan({ status: 'cancelled', cancellation_reason: 'other' });
    }),
);

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
    called.length = 0;
    progress = progressAt('otp');
});

/** A seller whose sale through `entry` was kept at `step` with its loan, opening that entry again. */
const reopen = async (entry: EntryKey, step: Step, withLoan = true) => {
    signedInAs(ROLES[entry], { shop: SHOP });
    loanStore.setCustomer(entry, BUYER_MSISDN, buyer);
    if (withLoan) loanStore.setLoanReference(entry, BUYER_MSISDN, LOAN_REFERENCE);
    loanStore.setStep(entry, step);
    const user = userEvent.setup();
    renderPortal(PATHS[entry]);
    return user;
};

describe('resuming a kept sale', { timeout: 60_000 }, () => {
    it('goes to the step loan_progress says, whatever step was kept', async () => {
        progress = progressAt('deposit');
        await reopen('v1', 'terms');
        expect(await screen.findByRole('heading', { level: 2, name: 'Deposit' })).toBeTruthy();
        expect(screen.getByText('This sale was in progress: it carries on where it stands.')).toBeTruthy();
        expect(screen.getByText('Deposit due: ZAR 600.00')).toBeTruthy();
        expect(paths()).toEqual(['/api/v1/loan_progress']);
        expect(bodyOf('/api/v1/loan_progress')).toEqual({ loan_reference: LOAN_REFERENCE });
        expect(loanStore.read()?.step).toBe('deposit');
    });

    it('starts a new sale when the kept one was cancelled, forgetting it', async () => {
        progress = progressAt('cancelled', { loan: saleLoan({ status: 'cancelled', cancellation_reason: 'needs_more_time' }) });
        await reopen('v1', 'deposit');
        expect(await screen.findByText('The sale in progress had been cancelled. Start a new one.')).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Who is buying?' })).toBeTruthy();
        await waitFor(() => expect(loanStore.read()?.loanReference ?? null).toBeNull());
    });

    it('starts a new sale when the kept loan is no longer found', async () => {
        server.use(
            answer(
                loanProgress,
                errorAnswer(404, { code: 404, name: 'NotFound', message: 'Loan not found', key: 'errors.loan_not_found' }),
            ),
        );
        await reopen('v1', 'lock');
        expect(await screen.findByText('The sale in progress can no longer be found. Start a new one.')).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Who is buying?' })).toBeTruthy();
    });

    it('without a loan, takes the kept step as a hint: the phone step for a customer already registered', async () => {
        await reopen('v1', 'terms', false);
        expect(await screen.findByRole('heading', { level: 2, name: 'Choose the phone' })).toBeTruthy();
        expect(await screen.findByRole('radio', { name: 'Samsung Galaxy A15' })).toBeTruthy();
        expect(paths()).toEqual(['/api/digital_assisted/customer-qualified-devices']);
    });
});

describe('resuming from what the server knows', { timeout: 60_000 }, () => {
    it('shows the codes loan_progress says were sent: where to and until when, the resend waiting its turn; an expired one as expired', async () => {
        const now = Date.now();
        progress = progressAt('otp', {
            codes: {
                customer: {
                    sent_to: '•••005',
                    sent_at: new Date(now - 5000).toISOString(),
                    expires_at: new Date(now + 295_000).toISOString(),
                    expired: false,
                },
                agent: {
                    sent_to: '•••009',
                    sent_at: new Date(now - 400_000).toISOString(),
                    expires_at: new Date(now - 100_000).toISOString(),
                    expired: true,
                },
            },
        });
        await reopen('v2', 'terms');
        await screen.findByRole('heading', { level: 2, name: 'Terms and codes' });
        expect(screen.getByText(/^Sent to •••005; works until .*\d{1,2}:\d{2}/)).toBeTruthy();
        const resend = screen.getByRole('button', { name: /^Resend Customer’s code in \d+ s$/ });
        expect(resend).toHaveProperty('disabled', true);
        expect(screen.getByText('The code sent to •••009 has expired: send a new one.')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Resend Your code' })).toHaveProperty('disabled', false);
        expect(screen.queryByText('Not sent yet.')).toBeNull();
        // The device the loan is on, with its IMEI.
        expect(screen.getByText(new RegExp(IMEI))).toBeTruthy();
        expect(paths()).toEqual(['/api/v1/loan_progress']);
    });

    it('keeps the IMEI typed on the phone step through a reload', async () => {
        const user = await reopen('v1', 'phone', false);
        await user.click(await screen.findByRole('radio', { name: 'Samsung Galaxy A15' }));
        await user.type(screen.getByRole('textbox', { name: /IMEI of the phone/ }), IMEI.slice(0, 9));
        cleanup();
        renderPortal(PATHS.v1);
        const imei = await screen.findByRole('textbox', { name: /IMEI of the phone/ });
        expect((imei as HTMLInputElement).value).toBe(IMEI.slice(0, 9));
        expect(screen.getByRole('radio', { name: 'Samsung Galaxy A15' })).toHaveProperty('checked', true);
    });
});

describe('resuming before the customer is registered', { timeout: 60_000 }, () => {
    /** A new customer's sale kept at `step`, with these documents already sent. */
    const reopenWithDocuments = (step: Step, kinds: readonly ('id_front' | 'id_back' | 'selfie')[]) => {
        signedInAs(ROLES.v1, { shop: SHOP });
        loanStore.setCustomer('v1', BUYER_MSISDN, null);
        for (const kind of kinds) loanStore.keepDocument('v1', BUYER_MSISDN, uploaded(kind));
        loanStore.setStep('v1', step);
        renderPortal(PATHS.v1);
    };

    it('goes on at the identity with every document already sent, OCR filling it in: nothing is sent again', async () => {
        reopenWithDocuments('identity', ['id_front', 'id_back', 'selfie']);
        expect(await screen.findByRole('heading', { level: 2, name: 'The customer’s identity' })).toBeTruthy();
        expect(screen.getByRole('textbox', { name: /First name/ })).toHaveProperty('value', 'Sipho');
        expect(paths()).toEqual([]);
    });

    it('goes back to the documents when one is missing, the others shown as sent', async () => {
        reopenWithDocuments('identity', ['id_front']);
        expect(await screen.findByRole('heading', { level: 2, name: 'Identity documents' })).toBeTruthy();
        expect(screen.getAllByText('Sent')).toHaveLength(1);
    });

    it('forgets the documents when the sale turns to another phone number', () => {
        signedInAs(ROLES.v1, { shop: SHOP });
        loanStore.setCustomer('v1', BUYER_MSISDN, null);
        loanStore.keepDocument('v1', BUYER_MSISDN, uploaded('id_front'));
        loanStore.setCustomer('v1', '27829999999', null);
        expect(loanStore.read()?.documents).toEqual([]);
    });
});

describe('verifying the codes', { timeout: 60_000 }, () => {
    it("v2 wants both codes at once: 'Please enter both OTP codes' when one is empty", async () => {
        const user = await reopen('v2', 'terms');
        await screen.findByRole('heading', { level: 2, name: 'Terms and codes' });
        // Resumed, no code was sent from here yet: each can be sent.
        await user.click(screen.getByRole('button', { name: 'Send Customer’s code' }));
        expect(await screen.findByText(/Sent to •••222/)).toBeTruthy();
        await user.type(screen.getByRole('textbox', { name: /Customer’s code/ }), '123456');
        await user.click(screen.getByRole('button', { name: 'Verify codes' }));
        expect(await screen.findByText('Please enter both OTP codes')).toBeTruthy();
        expect(screen.getByRole('textbox', { name: /Your code/ }).getAttribute('aria-invalid')).toBe('true');
        expect(paths()).not.toContain('/api/digital_assisted/verify-otp-v2');

        await user.type(screen.getByRole('textbox', { name: /Your code/ }), '654321');
        await user.click(screen.getByRole('button', { name: 'Verify codes' }));
        expect(await screen.findByRole('heading', { level: 2, name: 'Deposit' })).toBeTruthy();
        expect(bodyOf('/api/digital_assisted/verify-otp-v2')).toEqual({
            loan_reference: LOAN_REFERENCE,
            customer_otp: '123456',
            agent_otp: '654321',
        });
    });

    it('digitally assisted: whichever codes there are, then the deposit by its reference alone', async () => {
        const user = await reopen('assisted', 'terms');
        await screen.findByRole('heading', { level: 2, name: 'Terms and codes' });
        await user.click(screen.getByRole('button', { name: 'Verify codes' }));
        expect(await screen.findAllByText('Please enter both OTP codes')).toHaveLength(2);
        await user.type(screen.getByRole('textbox', { name: /Customer’s code/ }), '123456');
        await user.click(screen.getByRole('button', { name: 'Verify codes' }));
        expect(await screen.findByText('Customer’s code: verified')).toBeTruthy();
        expect(bodyOf('/api/digital_assisted/verify-otp')).toEqual({ loan_reference: LOAN_REFERENCE, customer_otp: '123456' });
        await user.type(screen.getByRole('textbox', { name: /Your code/ }), '654321');
        await user.click(screen.getByRole('button', { name: 'Verify codes' }));

        await screen.findByRole('heading', { level: 2, name: 'Deposit' });
        expect(screen.queryByRole('textbox', { name: /Amount paid/ })).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Send payment prompt' }));
        await screen.findByText(/A prompt to pay ZAR 600.00/);
        expect(bodyOf('/api/v1/loan_deposit')).toEqual({ loan_reference: LOAN_REFERENCE, channel: 'mpesa' });
        await user.type(screen.getByRole('textbox', { name: /Payment reference/ }), 'QX7-99812');
        await user.click(screen.getByRole('button', { name: 'Confirm deposit' }));
        await screen.findByRole('heading', { level: 2, name: 'Activating the lock' });
        expect(bodyOf('/api/digital_assisted/confirm-deposit-payment')).toEqual({
            loan_reference: LOAN_REFERENCE,
            reference: 'QX7-99812',
        });
    });
});

describe('the lock', { timeout: 60_000 }, () => {
    it("shows the provider's reason when activation failed, and tries again", async () => {
        let asked = 0;
        server.use(
            answer(confirmLockActivation, () => {
                asked += 1;
                return asked === 1
                    ? {
                          loan_reference: LOAN_REFERENCE,
                          loan_status: 'awaiting_lock',
                          confirmed: false,
                          device: lockOf({ state: 'failed', failure_reason: 'Device offline at the provider' }),
                      }
                    : {
                          loan_reference: LOAN_REFERENCE,
                          loan_status: 'active',
                          confirmed: true,
                          device: lockOf({ state: 'active', confirmed_state: 'active' }),
                      };
            }),
        );
        progress = progressAt('lock');
        const user = await reopen('v1', 'lock');
        expect(await screen.findByText('Trustonic could not activate the lock: Device offline at the provider')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Cancel sale' })).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Try again' }));
        expect(await screen.findByRole('heading', { level: 2, name: 'The sale is done' })).toBeTruthy();
        expect(loanStore.read()).toBeNull();
    });

    it('keeps waiting for the lock while offline, saying so', async () => {
        let online = true;
        const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
        try {
            progress = progressAt('lock');
            await reopen('v1', 'lock');
            expect(await screen.findByRole('heading', { level: 2, name: 'Activating the lock' })).toBeTruthy();
            online = false;
            // The confirmation is a device command, which offline is refused as not kept: still waiting.
            expect(
                await screen.findByText('You are offline, so this was not sent. Try again when the connection is back.'),
            ).toBeTruthy();
            expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
        } finally {
            onLine.mockRestore();
        }
    });

    it('asks the customer’s Vivo consent first when the lock needs it', async () => {
        let authorised = false;
        server.use(
            answer(confirmLockActivation, () =>
                authorised
                    ? {
                          loan_reference: LOAN_REFERENCE,
                          loan_status: 'active',
                          confirmed: true,
                          device: lockOf({
                              lock_solution: 'vivo',
                              state: 'active',
                              confirmed_state: 'active',
                              vivo_authorized: true,
                          }),
                      }
                    : errorAnswer(409, {
                          code: 409,
                          name: 'Conflict',
                          message: 'Vivo needs the code',
                          key: 'errors.vivo_auth_required',
                      }),
            ),
            answer(sendVivoAuthCode, {
                loan_reference: LOAN_REFERENCE,
                sent_to: '•••222',
                expires_at: '2026-11-22T09:30:00.000Z',
            }),
            answer(verifyVivoAuthCode, () => {
                authorised = true;
                return {
                    loan_reference: LOAN_REFERENCE,
                    device: lockOf({ lock_solution: 'vivo', state: 'activating', vivo_authorized: true }),
                };
            }),
        );
        progress = progressAt('lock', { loan: saleLoan({ status: 'awaiting_lock', lock_solution: 'vivo' }) });
        const user = await reopen('v1', 'lock');
        await user.click(await screen.findByRole('button', { name: 'Send code' }));
        expect(await screen.findByText(/A code was sent to •••222/)).toBeTruthy();
        await user.type(screen.getByRole('textbox', { name: /Code/ }), '246810');
        await user.click(screen.getByRole('button', { name: 'Verify' }));
        expect(await screen.findByRole('heading', { level: 2, name: 'The sale is done' })).toBeTruthy();
    });
});

describe('cancelling a sale', { timeout: 60_000 }, () => {
    it("with a loan: a sales-exit reason ('other' needs a note) and a Confirm cancel it", async () => {
        progress = progressAt('deposit');
        const user = await reopen('v1', 'deposit');
        await screen.findByRole('heading', { level: 2, name: 'Deposit' });
        await user.click(screen.getByRole('button', { name: 'Cancel sale' }));
        const dialog = await screen.findByRole('dialog', { name: 'Cancel this sale?' });
        expect(dialog.textContent).toContain(LOAN_REFERENCE);
        await user.click(await screen.findByRole('radio', { name: 'Other' }));
        await user.click(screen.getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('Please say why in the note.')).toBeTruthy();
        expect(paths()).not.toContain('/api/v1/initiate_loan_cancellation');
        await user.type(screen.getByRole('textbox', { name: /Note/ }), 'Customer will come back with a co-signer');
        await user.click(screen.getByRole('button', { name: 'Confirm' }));

        expect(await screen.findByText('The sale was cancelled.')).toBeTruthy();
        expect(bodyOf('/api/v1/initiate_loan_cancellation')).toEqual({
            loan_reference: LOAN_REFERENCE,
            reason: 'other',
            note: 'Customer will come back with a co-signer',
        });
        expect(screen.getByRole('heading', { level: 2, name: 'Who is buying?' })).toBeTruthy();
        expect(loanStore.read()?.loanReference ?? null).toBeNull();
    });

    it('before a loan exists, only clears the wizard', async () => {
        signedInAs(ROLES.v1, { shop: SHOP });
        const user = userEvent.setup();
        renderPortal(PATHS.v1);
        await user.type(await screen.findByRole('textbox', { name: /phone number/ }), BUYER_MSISDN);
        await user.click(screen.getByRole('button', { name: 'Next' }));
        await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
        expect(loanStore.read()?.msisdn).toBe(BUYER_MSISDN);
        await user.click(screen.getByRole('button', { name: 'Cancel sale' }));
        await screen.findByText('Nothing has been sold yet: what was entered for this sale is cleared.');
        await user.click(screen.getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('The sale was abandoned and cleared.')).toBeTruthy();
        expect(((await screen.findByRole('textbox', { name: /phone number/ })) as HTMLInputElement).value).toBe('');
        expect(loanStore.read()?.msisdn ?? null).toBeNull();
        expect(paths()).toEqual(['/api/v1/customer/login/check']);
    });
});
