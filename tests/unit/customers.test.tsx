/**
 * The customer screens (src/resources/customers): the lookup and its checks, the customer kept across a reload and
 * cleared with its type, the view's sections shown only to the roles that may see them, and an
 * action's confirm → progress → outcome, with a refusal shown and the input kept.
 */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import {
    checkInsurance,
    customerLimits,
    customerLoans,
    customerMessages,
    depositTransactions,
    findCustomer,
    loanStatements,
    qualifiedDevices,
} from '../../contract/customers';
import { deviceLockCommand, offlineUnlockPin } from '../../contract/devices';
import { requestLoanDeactivation, requestLoanTransfer, transferOwnerLookup } from '../../contract/approvals';
import { customerStore } from '../../src/lib/customerStore';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import {
    activeLoan,
    deposits,
    device,
    limits,
    messages,
    noPhones,
    pendingDeregistration,
    thandi,
} from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';
import { waitLongInThisFile } from './support/waits';

const ALL_VIEW_ROLES = [
    'FIND_CUSTOMER',
    'VIEW_CUSTOMER_PHONE',
    'VIEW_CUSTOMER_MESSAGES',
    'VIEW_CUSTOMER_LOANS',
    'VIEW_CUSTOMERS_QUALIFIED_PHONES',
];

const called: { path: string; body: unknown }[] = [];
const record = async (request: Request) => {
    called.push({ path: new URL(request.url).pathname.replace('/portal_api', ''), body: await request.clone().json() });
};
const calledPaths = () => called.map(call => call.path);

let loan = activeLoan();

const server = contractServer(
    answer(findCustomer, async ({ request }) => {
        await record(request);
        const { username } = (await request.clone().json()) as { username: string };
        if (username === thandi.msisdn || username === thandi.username) return { users: [thandi] };
        return errorAnswer(404, { code: 404, name: 'NotFound', message: 'No such customer', key: 'errors.customer_not_found' });
    }),
    answer(customerLimits, async ({ request }) => {
        await record(request);
        return limits;
    }),
    answer(customerMessages, async ({ request }) => {
        await record(request);
        return messages;
    }),
    answer(customerLoans, async ({ request }) => {
        await record(request);
        return { data: [loan], pending_requests: [] };
    }),
    answer(depositTransactions, async ({ request }) => {
        await record(request);
        return deposits;
    }),
    answer(qualifiedDevices, async ({ request }) => {
        await record(request);
        return noPhones;
    }),
);

// The view is the largest screen loaded on demand, and a journey here passes several of them: on
// a busy machine the first render alone took over the shared five seconds.
waitLongInThisFile();

afterEach(() => {
    called.length = 0;
    loan = activeLoan();
});

const findAs = async (roles: string[], typed: string) => {
    signedInAs(roles);
    const user = userEvent.setup();
    renderPortal('/dashboard/customers/find');
    await user.type(
        await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
        typed,
    );
    await user.click(screen.getByRole('button', { name: 'Find' }));
    return user;
};

describe('finding a customer', () => {
    it('checks the phone number before asking the server', async () => {
        await findAs(['FIND_CUSTOMER'], '12345');
        expect(await screen.findByText('valid phone number required')).toBeTruthy();
        expect(called).toEqual([]);
    });

    it('refuses what is neither a phone number nor a username', async () => {
        const user = await findAs(['FIND_CUSTOMER'], 'thandi m!');
        expect(
            await screen.findByText(
                'Type a phone number, username, ID number, IMEI or loan reference (letters, digits and + . _ - only)',
            ),
        ).toBeTruthy();
        // Corrected, it goes.
        const input = screen.getByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });
        await user.clear(input);
        await user.type(input, 'thandi.m');
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(called[0]).toEqual({ path: '/api/v1/view_customer_msisdn', body: { username: 'thandi.m' } });
    });

    it("shows the server's message for an unknown customer, and the button works again", async () => {
        await findAs(['FIND_CUSTOMER'], '27839999999');
        // The server's message first; what may come next follows it (customers.notFound.test.tsx).
        expect((await screen.findByRole('alert')).textContent).toMatch(/^Customer record not found/);
        expect((screen.getByRole('button', { name: 'Find' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it("says 'User not found!' when the server answers no match", async () => {
        server.use(answer(findCustomer, { users: [] }));
        await findAs(['FIND_CUSTOMER'], '27839999999');
        expect((await screen.findByRole('alert')).textContent).toMatch(/^User not found!/);
    });

    it('says when the server cannot be reached, and stops loading', async () => {
        server.use(http.post(`${API_BASE}${findCustomer.path}`, () => HttpResponse.error()));
        await findAs(['FIND_CUSTOMER'], '27831234567');
        expect((await screen.findByRole('alert')).textContent).toMatch(/went wrong|could not be reached/);
        expect((screen.getByRole('button', { name: 'Find' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it('is refused, calling nothing, to a user without FIND_CUSTOMER', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        renderPortal('/dashboard/customers/find');
        expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
        cleanup();
        renderPortal('/dashboard/customers/view');
        expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
        expect(called).toEqual([]);
    });
});

describe('the customer in hand', () => {
    it('survives a reload, and clearing it also clears the selected customer type', async () => {
        const user = await findAs(['FIND_CUSTOMER'], '+27 83 123 4567');
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(called[0]?.body).toEqual({ username: '27831234567' });
        expect(customerStore.selectedType()).toBe('normal');

        // A reload: the page starts again from what the browser kept.
        cleanup();
        renderPortal('/dashboard/customers/view');
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();

        await user.click(screen.getByRole('button', { name: 'Clear customer' }));
        expect(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
        ).toBeTruthy();
        expect(customerStore.read('staff')).toBeNull();
        expect(customerStore.selectedType()).toBe('');
        cleanup();
        renderPortal('/dashboard/customers/view');
        expect(await screen.findByRole('heading', { name: 'No customer selected' })).toBeTruthy();
    });

    it('is not shown to the next user who signs in on the browser', async () => {
        await findAs(['FIND_CUSTOMER'], '27831234567');
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        cleanup();
        signedInAs(['FIND_CUSTOMER'], { username: 'someone.else' });
        renderPortal('/dashboard/customers/view');
        expect(await screen.findByRole('heading', { name: 'No customer selected' })).toBeTruthy();
    });
});

describe("the customer view's sections", () => {
    const openView = (roles: string[]) => {
        signedInAs(roles, { username: 'tester' });
        customerStore.save('staff', { customer: thandi, order: null });
        renderPortal('/dashboard/customers/view');
    };

    it('shows identity and limits only, and the phone masked, to a finder without the viewing roles', async () => {
        openView(['FIND_CUSTOMER']);
        expect(await screen.findByRole('heading', { name: 'Identity' })).toBeTruthy();
        expect(await screen.findByText('ZAR 3,900.00')).toBeTruthy();
        expect(screen.getByText('27••••••567')).toBeTruthy();
        expect(screen.queryByText(thandi.msisdn)).toBeNull();
        for (const heading of ['Loans', 'Deposits', 'Messages', 'Phones the customer qualifies for', 'Call rating'])
            expect(screen.queryByRole('heading', { name: heading })).toBeNull();
        expect(calledPaths()).toEqual(['/api/v1/customer_limits']);
    });

    it('shows loans, deposits, messages newest first and qualified phones to the roles that may see them', async () => {
        openView(ALL_VIEW_ROLES);
        expect(await screen.findByText(thandi.msisdn)).toBeTruthy();
        const loans = await screen.findByRole('region', { name: 'Loans' });
        expect(await within(loans).findByText('Samsung Galaxy A15')).toBeTruthy();
        expect(within(loans).getByText('ZAR 2,100.00')).toBeTruthy();
        expect(within(loans).getByText('Unlocked')).toBeTruthy();
        expect(within(loans).getByText('ZAR 150.00 weekly, 24 times')).toBeTruthy();

        const inbox = await screen.findByRole('region', { name: 'Messages' });
        await within(inbox).findByText('Newest payment received');
        const texts = within(inbox)
            .getAllByRole('listitem')
            .map(item => item.textContent ?? '');
        expect(texts.map(text => text.split('Mar')[0])).toEqual([
            'Newest payment received',
            'Middle: your code is hidden',
            'Older reminder',
        ]);
        expect(await screen.findByText('Customer does not qualify for any phone')).toBeTruthy();
        const deposited = await screen.findByRole('region', { name: 'Deposits' });
        expect(await within(deposited).findByText('ZAR 600.00')).toBeTruthy();
        // No action without its role.
        expect(screen.queryByRole('button', { name: 'Lock device' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Request deregistration' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Rate a call' })).toBeNull();
    });

    it("shows in a loan's statement the terms the customer accepted: cash price, financed, cost of credit, total payable", async () => {
        server.use(
            answer(loanStatements, () => ({
                loan_reference: loan.loan_reference,
                currency: 'ZAR' as const,
                price: 3999,
                deposit: 600,
                financed: 3000,
                cash_price: 3600,
                cost_of_credit: 399,
                instalment: 150,
                instalment_period: 'weekly' as const,
                term: 24,
                first_due_date: '2026-03-09',
                balance: 2100,
                status: 'active' as const,
                entries: [],
            })),
            answer(checkInsurance, () => ({
                loan_reference: loan.loan_reference,
                insured: false,
                status: 'none' as const,
                insurer: null,
                policy_number: null,
                premium: null,
                currency: 'ZAR' as const,
                cover_until: null,
            })),
        );
        openView(ALL_VIEW_ROLES);
        const loans = await screen.findByRole('region', { name: 'Loans' });
        await userEvent.setup().click(await within(loans).findByRole('button', { name: 'Schedule, statement and insurance' }));
        const accepted = await within(loans).findByRole('region', { name: 'Terms accepted' });
        const figure = (term: string) =>
            (within(accepted).getAllByText(term, { selector: 'dt' })[0]?.nextElementSibling?.textContent ?? '').replace(
                /\s/g,
                ' ',
            );
        expect({
            total: figure('Total payable'),
            cost: figure('Cost of credit'),
            cash: figure('Cash price'),
            financed: figure('Amount financed'),
            instalments: figure('Instalments'),
            first: figure('First instalment due'),
        }).toEqual({
            total: 'ZAR 3,999.00',
            cost: 'ZAR 399.00',
            cash: 'ZAR 3,600.00',
            financed: 'ZAR 3,000.00',
            instalments: '24 × ZAR 150.00, weekly',
            first: new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(new Date('2026-03-09T00:00:00')),
        });
        expect(within(accepted).getByText('13.3% of the amount financed')).toBeTruthy();
        // Paid: the first due date is the schedule's, with no word of the deposit.
        expect(within(accepted).queryByText(/after the deposit is paid/)).toBeNull();
    });

    it('shows a failed section with its reason and a Retry that loads it', async () => {
        let failures = 1;
        server.use(
            answer(customerMessages, () =>
                failures-- > 0
                    ? errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' })
                    : messages,
            ),
        );
        openView(ALL_VIEW_ROLES);
        const inbox = await screen.findByRole('region', { name: 'Messages' });
        expect((await within(inbox).findByRole('alert')).textContent).toContain('The service is unavailable right now.');
        await userEvent.setup().click(within(inbox).getByRole('button', { name: 'Try again' }));
        expect(await within(inbox).findByText('Newest payment received')).toBeTruthy();
    });
});

describe('an action on a loan', () => {
    const openLoan = async (roles: string[]) => {
        signedInAs(['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS', ...roles]);
        customerStore.save('staff', { customer: thandi, order: null });
        renderPortal('/dashboard/customers/view');
        const loans = await screen.findByRole('region', { name: 'Loans' });
        await within(loans).findByText('Samsung Galaxy A15');
        return { user: userEvent.setup(), loans };
    };

    it('asks, shows progress, notifies the outcome, and shows the lock requested until the provider confirms', async () => {
        let release: () => void = () => undefined;
        const sent: unknown[] = [];
        server.use(
            answer(deviceLockCommand, async ({ request }) => {
                sent.push(await request.clone().json());
                await new Promise<void>(resolve => (release = resolve));
                loan = activeLoan({
                    device: device({ state: 'locking', requested_state: 'locked', requested_at: '2026-03-10T08:00:00.000Z' }),
                });
                return { ...loan.device!, loan_reference: loan.loan_reference };
            }),
        );
        const { user, loans } = await openLoan(['LOCK_CUSTOMER_DEVICE']);
        await user.click(await within(loans).findByRole('button', { name: 'Lock device' }));
        const dialog = await screen.findByRole('dialog', { name: 'Lock this device?' });
        // Cancel changes nothing.
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(sent).toEqual([]);

        await user.click(await within(loans).findByRole('button', { name: 'Lock device' }));
        const again = await screen.findByRole('dialog', { name: 'Lock this device?' });
        await user.click(within(again).getByRole('button', { name: 'Confirm' }));
        // The reason is required, and nothing is sent without it.
        expect(await within(again).findByText('Must be 3 characters at least')).toBeTruthy();
        await user.type(within(again).getByRole('textbox', { name: 'Reason' }), 'Three instalments missed');
        await user.click(within(again).getByRole('button', { name: 'Confirm' }));
        await waitFor(() =>
            expect((within(again).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(true),
        );
        expect(sent).toEqual([{ loan_reference: 'LPP-100007', command: 'lock', reason: 'Three instalments missed' }]);
        act(() => release());
        expect(await screen.findByText('Lock requested. It shows as requested until the lock provider confirms.')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(await within(loans).findByText(/Lock requested .*: waiting for Trustonic to confirm\./)).toBeTruthy();
        expect(within(loans).getByText('Locking')).toBeTruthy();
        // A command in flight offers no second one.
        expect(within(loans).queryByRole('button', { name: 'Lock device' })).toBeNull();

        // The provider confirms; the screen asks again by itself and shows it.
        loan = activeLoan({ device: device({ state: 'locked', confirmed_state: 'locked' }) });
        expect(await within(loans).findByText('Locked', {}, { timeout: 5000 })).toBeTruthy();
        expect(within(loans).queryByText(/waiting for Trustonic/)).toBeNull();
    });

    it('shows a refusal (409) with its reason in the dialog and keeps what was typed', async () => {
        server.use(
            answer(
                deviceLockCommand,
                errorAnswer(409, {
                    code: 409,
                    name: 'Conflict',
                    message: 'Only an active loan',
                    key: 'errors.loan_state',
                    field: 'loan_reference',
                }),
            ),
        );
        const { user, loans } = await openLoan(['LOCK_CUSTOMER_DEVICE']);
        await user.click(await within(loans).findByRole('button', { name: 'Lock device' }));
        const dialog = await screen.findByRole('dialog', { name: 'Lock this device?' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Arrears');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe('The loan is not in a state that allows this.');
        expect((within(dialog).getByRole('textbox', { name: 'Reason' }) as HTMLTextAreaElement).value).toBe('Arrears');
        expect((within(dialog).getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(false);
    });

    it('issues an offline PIN once; the same challenge again is refused, naming the field', async () => {
        loan = activeLoan({ device: device({ state: 'locked', confirmed_state: 'locked' }) });
        const issued = new Set<string>();
        server.use(
            answer(offlineUnlockPin, async ({ request }) => {
                const { challenge } = (await request.clone().json()) as { challenge: string };
                if (issued.has(challenge))
                    return errorAnswer(409, {
                        code: 409,
                        name: 'Conflict',
                        message: 'Used',
                        key: 'errors.offline_pin_used',
                        field: 'challenge',
                    });
                issued.add(challenge);
                return {
                    loan_reference: loan.loan_reference,
                    imei: loan.imei,
                    pin: '48151623',
                    expires_at: '2026-03-11T08:00:00.000Z',
                };
            }),
        );
        const { user, loans } = await openLoan(['REQUEST_OFFLINE_PIN']);
        await user.click(await within(loans).findByRole('button', { name: 'Offline unlock PIN' }));
        let dialog = await screen.findByRole('dialog', { name: 'Issue an offline unlock PIN?' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Code the phone shows' }), '1234');
        await user.click(within(dialog).getByRole('button', { name: 'Issue PIN' }));
        expect(await within(dialog).findByText('valid challenge required (8 digits)')).toBeTruthy();
        await user.type(within(dialog).getByRole('textbox', { name: 'Code the phone shows' }), '5678');
        await user.click(within(dialog).getByRole('button', { name: 'Issue PIN' }));
        expect((await within(dialog).findByTestId('offline-pin')).textContent).toBe('48151623');
        await user.click(within(dialog).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        await user.click(await within(loans).findByRole('button', { name: 'Offline unlock PIN' }));
        dialog = await screen.findByRole('dialog', { name: 'Issue an offline unlock PIN?' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Code the phone shows' }), '12345678');
        await user.click(within(dialog).getByRole('button', { name: 'Issue PIN' }));
        const refusal = 'A PIN was already issued for this challenge. Ask the customer for the new code on the phone.';
        expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
        expect(within(dialog).queryByTestId('offline-pin')).toBeNull();
        expect((within(dialog).getByRole('textbox', { name: 'Code the phone shows' }) as HTMLInputElement).value).toBe(
            '12345678',
        );
    });

    it('names the new owner of a transfer before the maker confirms, and sends none to a number that names no one', async () => {
        const sent: unknown[] = [];
        server.use(
            answer(transferOwnerLookup, async ({ request }) => {
                const body = (await request.clone().json()) as { loan_reference: string; new_msisdn: string };
                if (body.new_msisdn !== '27710000099') {
                    return errorAnswer(404, {
                        code: 404,
                        name: 'NotFound',
                        message: 'No customer',
                        key: 'errors.customer_not_found',
                        field: 'new_msisdn',
                    });
                }
                return { loan_reference: body.loan_reference, msisdn: body.new_msisdn, name: 'Nomsa Dube' };
            }),
            answer(requestLoanTransfer, async ({ request }) => {
                sent.push(await request.clone().json());
                return { pending_requests: [] };
            }),
        );
        const { user, loans } = await openLoan(['REQUEST_TRANSFER_LOAN_OWNERSHIP']);
        await user.click(await within(loans).findByRole('button', { name: 'Transfer ownership' }));
        const dialog = await screen.findByRole('dialog', { name: 'Request a transfer of ownership?' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Sold to her sister');
        const number = within(dialog).getByRole('textbox', { name: 'New owner’s phone number' });
        await user.type(number, '27710000098');
        expect(await within(dialog).findByText('Customer record not found')).toBeTruthy();
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(sent).toEqual([]);
        await user.clear(number);
        await user.type(number, '27710000099');
        expect(await within(dialog).findByText('New owner: Nomsa Dube (27710000099). They can take this loan.')).toBeTruthy();
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        await waitFor(() =>
            expect(sent).toEqual([{ loan_reference: 'LPP-100007', new_msisdn: '27710000099', reason: 'Sold to her sister' }]),
        );
        // Typing two numbers into the whole customer view is slow on a busy machine.
    }, 60_000);

    it('raises a deregistration request that then shows pending, and offers no request it would close, saying what waits', async () => {
        let raised = false;
        server.use(
            answer(requestLoanDeactivation, () => {
                if (raised)
                    return errorAnswer(409, {
                        code: 409,
                        name: 'Conflict',
                        message: 'Pending',
                        key: 'errors.request_pending',
                        field: 'loan_reference',
                    });
                raised = true;
                return { pending_requests: [pendingDeregistration(loan)] };
            }),
            // The loans answer carries the request once it is raised, so it outlives a reload.
            answer(customerLoans, () => ({ data: [loan], pending_requests: raised ? [pendingDeregistration(loan)] : [] })),
        );
        const { user, loans } = await openLoan([
            'REQUEST_LOAN_DEACTIVATION',
            'REQUEST_IMEI_CHANGE',
            'REQUEST_TRANSFER_LOAN_OWNERSHIP',
        ]);
        await user.click(await within(loans).findByRole('button', { name: 'Request deregistration' }));
        const dialog = await screen.findByRole('dialog', { name: 'Request deregistration?' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Customer returned the phone');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('Deregistration requested: it waits for a checker.')).toBeTruthy();
        expect(await within(loans).findByText('Deregistration: pending approval')).toBeTruthy();

        // No second deregistration, and no IMEI change or transfer that its approval would close: each says what waits.
        for (const name of ['Request deregistration', 'Request IMEI change', 'Transfer ownership']) {
            const button = await within(loans).findByRole('button', {
                name,
                description: 'Waiting for a checker: Deregistration (#301)',
            });
            await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
        }
    });
});
