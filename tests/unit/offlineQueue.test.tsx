/**
 * Field work on a weak connection (issue 24): every retry-safe call carries an Idempotency-Key, one
 * per submission; the forms the contract lets wait offline are kept encrypted for their user and
 * sent once, in order, with their key, when the connection is back; every other write made offline
 * is refused at once and says it was not kept; what a user kept goes with their session.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract';
import { requestLoanDeactivation } from '../../contract/approvals';
import { fieldAgentRequest, findFieldAgentCustomer, rateCall } from '../../contract/customers';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract/define';
import { correctSuspense } from '../../contract/money';
import { createAdminGroup, listAdminGroups } from '../../contract/security';
import en from '../../src/i18n/en';
import { customerStore } from '../../src/lib/customerStore';
import { loanStore } from '../../src/lib/loanStore';
import { outbox } from '../../src/lib/offlineQueue';
import { callApi } from '../../src/lib/portalApi';
import { session } from '../../src/lib/session';
import { buildAdminGroup } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { prospectRequest, thandi } from './support/customerFixtures';
import { browserNetwork } from './support/network';
import { renderPortal, signedInAs } from './support/portal';
import { waitLongInThisFile } from './support/waits';

const errors = en.errors as Record<string, string>;
const group = buildAdminGroup({ id: 9, name: 'Night shift', description: '' });

/** Every request that reached the network: its method, path, body and Idempotency-Key. */
const sent: { call: string; body: unknown; key: string | null }[] = [];
const record = async (call: string, request: Request) => {
    const body: unknown = request.method === 'GET' ? null : await request.clone().json();
    sent.push({ call, body, key: request.headers.get(IDEMPOTENCY_KEY_HEADER) });
};
/** The answers the next requests get before the handlers' own: 'drop' is a network failure. */
const upcoming: ('drop' | 'refuse')[] = [];

const server = contractServer(
    answer(listAdminGroups, async ({ request }) => {
        await record('listAdminGroups', request);
        return { total: 1, limit: 10, skip: 0, data: [group] };
    }),
    answer(createAdminGroup, async ({ request }) => {
        await record('createAdminGroup', request);
        return group;
    }),
    answer(findFieldAgentCustomer, { users: [thandi] }),
    answer(fieldAgentRequest, async ({ request: sentRequest }) => {
        const body = (await sentRequest.clone().json()) as { action: string };
        if (body.action === 'fetch') return { action: 'fetch' as const, data: [prospectRequest], total_items: 1 };
        await record('fieldAgentRequest', sentRequest);
        if (upcoming[0] === 'refuse') {
            upcoming.shift();
            return errorAnswer(409, { code: 409, name: 'Conflict', message: 'no', key: 'errors.customer_not_found' });
        }
        return { action: 'add' as const, request: { ...prospectRequest, id: 2 } };
    }),
    answer(rateCall, async ({ request: sentRequest }) => {
        await record('rateCall', sentRequest);
        return {
            id: 1,
            msisdn: thandi.msisdn,
            rating: 4,
            comment: null,
            rated_by: { id: 1, name: 'Test User' },
            created_at: '2026-03-01T08:00:00.000Z',
        };
    }),
);

/** The next request to this call's path fails with no answer, as a dropped connection does. */
const dropNext = (path: string) =>
    server.use(
        http.post(
            `${API_BASE}${path}`,
            async ({ request }) => {
                await record('dropped', request);
                return HttpResponse.error();
            },
            { once: true },
        ),
    );

const network = browserNetwork();

const FORM = {
    action: 'add' as const,
    msisdn: '27830000012',
    first_name: 'Nandi',
    last_name: 'Khumalo',
    id_number: '9101010000088',
    town: 'Soweto',
};

waitLongInThisFile();
afterEach(() => {
    sent.length = 0;
    upcoming.length = 0;
    localStorage.clear();
});

describe('the Idempotency-Key', () => {
    it('is one per submission: a retry after no answer carries the same key, a new submission a new one', async () => {
        signedInAs(['ADD_SECURITY_GROUP', 'VIEW_SECURITY']);
        const body = { name: 'Night shift', description: '' };
        dropNext(createAdminGroup.path);
        await expect(callApi(createAdminGroup, { body })).rejects.toMatchObject({ message: 'errors.network' });
        await callApi(createAdminGroup, { body });
        // Answered: pressing again is a new submission, even of the same values.
        await callApi(createAdminGroup, { body });
        await callApi(createAdminGroup, { body: { ...body, name: 'Day shift' } });
        const [dropped, retried, again, other] = sent.map(one => one.key);
        expect(dropped).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
        expect(retried).toBe(dropped);
        expect(again).not.toBe(dropped);
        expect(other).not.toBe(again);
        expect(new Set([dropped, again, other]).size).toBe(3);
    });

    it('is kept for the retry while the server is still doing the first attempt of it', async () => {
        signedInAs(['ADD_SECURITY_GROUP', 'VIEW_SECURITY']);
        const body = { name: 'Night shift', description: '' };
        server.use(
            answer(
                createAdminGroup,
                async ({ request }) => {
                    await record('busy', request);
                    return errorAnswer(409, {
                        code: 409,
                        name: 'Conflict',
                        message: 'in progress',
                        key: 'errors.idempotency_key_in_progress',
                        retry_after: 1,
                    });
                },
                { status: 201 },
            ),
        );
        await expect(callApi(createAdminGroup, { body })).rejects.toMatchObject({
            message: 'errors.idempotency_key_in_progress',
        });
        server.resetHandlers();
        await callApi(createAdminGroup, { body });
        expect(sent.map(one => one.call)).toEqual(['busy', 'createAdminGroup']);
        expect(sent[1]!.key).toBe(sent[0]!.key);
    });

    it('is not sent with a call the contract does not mark retry-safe', async () => {
        signedInAs(['VIEW_SECURITY']);
        await callApi(listAdminGroups, { query: {} });
        expect(sent).toEqual([expect.objectContaining({ call: 'listAdminGroups', key: null })]);
    });
});

describe('the outbox', () => {
    it('keeps a form made offline encrypted, for its user only, and sends it once on `online`, in order, with its key', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-a' });
        network.online = false;
        const first = await outbox.submit('fieldAgentRequest', FORM, 'Nandi Khumalo');
        const second = await outbox.submit('fieldAgentRequest', { ...FORM, msisdn: '27830000013' }, 'Sizwe Dube');
        expect('queued' in first && 'queued' in second).toBe(true);
        expect(sent).toEqual([]);
        expect(outbox.waiting()).toBe(2);
        // Encrypted: nothing of the form can be read in local storage.
        const raw = Object.values({ ...localStorage }).join(' ');
        expect(raw).not.toContain('Khumalo');
        expect(raw).not.toContain('27830000012');

        // Another user on this browser neither sees nor sends it.
        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-b' });
        network.online = true;
        expect(outbox.mine()).toEqual([]);
        await outbox.flush();
        expect(sent).toEqual([]);

        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-a' });
        await outbox.flush();
        const keys = outbox.mine().map(item => item.key);
        expect(sent).toEqual([
            { call: 'fieldAgentRequest', body: FORM, key: keys[0] },
            { call: 'fieldAgentRequest', body: { ...FORM, msisdn: '27830000013' }, key: keys[1] },
        ]);
        expect(outbox.mine().map(item => item.state)).toEqual(['sent', 'sent']);
        // Sent once: another flush sends nothing more.
        await outbox.flush();
        expect(sent).toHaveLength(2);
    });

    it('keeps a call rating made offline too, and sends it with its key', async () => {
        signedInAs(['RATE_CALL']);
        network.online = false;
        const rating = { msisdn: thandi.msisdn, rating: 4 };
        expect('queued' in (await outbox.submit('rateCall', rating, thandi.msisdn))).toBe(true);
        network.online = true;
        await outbox.flush();
        expect(sent).toEqual([{ call: 'rateCall', body: rating, key: outbox.mine()[0]!.key }]);
    });

    it('keeps a form the network gave no answer for, with the key its attempt carried', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        dropNext(fieldAgentRequest.path);
        const submitted = await outbox.submit('fieldAgentRequest', FORM, 'Nandi Khumalo');
        expect('queued' in submitted).toBe(true);
        await outbox.flush();
        expect(sent.map(one => one.call)).toEqual(['dropped', 'fieldAgentRequest']);
        expect(sent[1]!.key).toBe(sent[0]!.key);
        expect(outbox.mine()[0]!.state).toBe('sent');
    });

    it('marks an item the server refused as refused, with the refusal, and goes on with the next', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        network.online = false;
        await outbox.submit('fieldAgentRequest', FORM, 'Nandi Khumalo');
        await outbox.submit('fieldAgentRequest', { ...FORM, msisdn: '27830000013' }, 'Sizwe Dube');
        network.online = true;
        upcoming.push('refuse');
        await outbox.flush();
        expect(outbox.mine().map(({ state, error }) => [state, error])).toEqual([
            ['refused', 'errors.customer_not_found'],
            ['sent', null],
        ]);
        outbox.clearFinished();
        expect(outbox.mine()).toEqual([]);
    });

    it('says so when the phone cannot keep the form, rather than claiming it will be sent', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        network.online = false;
        const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
            throw new DOMException('full', 'QuotaExceededError');
        });
        try {
            await expect(outbox.submit('fieldAgentRequest', FORM, 'Nandi Khumalo')).rejects.toMatchObject({
                message: 'errors.offline_storage_full',
            });
        } finally {
            full.mockRestore();
        }
        expect(outbox.mine()).toEqual([]);
        expect(errors.offline_storage_full).toContain('storage is full');
    });

    it('never takes a money or approval call: made offline it is refused at once, saying it was not kept', async () => {
        signedInAs(['CORRECT_SUSPENSE_TRANSACTIONS', 'REQUEST_LOAN_DEACTIVATION', 'VIEW_SECURITY']);
        network.online = false;
        await expect(callApi(correctSuspense, { params: { id: 1 }, body: {} } as never)).rejects.toMatchObject({
            message: 'errors.offline_not_kept',
        });
        await expect(
            callApi(requestLoanDeactivation, { body: { loan_reference: 'L-1', note: 'gone' } } as never),
        ).rejects.toMatchObject({ message: 'errors.offline_not_kept' });
        // A read has nothing to keep: it says only that it is offline.
        await expect(callApi(listAdminGroups, { query: {} })).rejects.toMatchObject({ message: 'errors.offline' });
        expect(outbox.mine()).toEqual([]);
        expect(sent).toEqual([]);
        expect(errors.offline_not_kept).toContain("needs the server's answer at the time");
    });
});

describe('what a user kept', () => {
    it('goes with the session: the customer in hand and the sale in progress are cleared when it ends', () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-a' });
        customerStore.save('fieldagent', { customer: thandi, order: null });
        loanStore.setCustomer('v1', thandi.msisdn, thandi);
        expect(customerStore.read('fieldagent')?.customer.msisdn).toBe(thandi.msisdn);
        expect(loanStore.read()?.msisdn).toBe(thandi.msisdn);
        // Only their owner reads them.
        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-b' });
        expect(customerStore.read('fieldagent')).toBeNull();
        expect(loanStore.read()).toBeNull();

        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-a' });
        session.clear();
        signedInAs(['FIND_CUSTOMER_FIELDAGENT'], { username: 'agent-a' });
        expect(customerStore.read('fieldagent')).toBeNull();
        expect(loanStore.read()).toBeNull();
    });
});

describe('a field agent offline', () => {
    it('records a prospective customer: shown waiting to send at once, then sent once the connection is back', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        expect(await screen.findByText('Bongani Zungu · 27830000011')).toBeTruthy();
        network.goOffline();
        await user.click(screen.getByRole('button', { name: 'Add a prospective customer' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add a prospective customer' });
        await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), FORM.msisdn);
        await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), FORM.first_name);
        await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), FORM.last_name);
        await user.type(within(dialog).getByRole('textbox', { name: 'ID number' }), FORM.id_number);
        await user.type(within(dialog).getByRole('textbox', { name: 'Town' }), FORM.town);
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

        // Kept, and said so: never that it was recorded.
        expect(await screen.findByText(/kept on this phone, waiting to send/)).toBeTruthy();
        expect(screen.queryByText('The prospective customer was recorded.')).toBeNull();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        const waiting = await screen.findByRole('button', { name: '1 waiting to send' });
        await user.click(waiting);
        const list = await screen.findByRole('dialog', { name: 'Kept on this phone' });
        expect(within(list).getByText('Customer request: Nandi Khumalo · 27830000012')).toBeTruthy();
        expect(within(list).getByText('Waiting to send')).toBeTruthy();
        await user.keyboard('{Escape}');
        expect(sent).toEqual([]);

        network.goOnline();
        expect(await screen.findByText('Sent: Customer request: Nandi Khumalo · 27830000012')).toBeTruthy();
        expect(sent).toEqual([expect.objectContaining({ call: 'fieldAgentRequest', body: FORM })]);
        expect(sent[0]!.key).toBeTruthy();
        expect(await screen.findByRole('button', { name: '0 waiting to send' })).toBeTruthy();
        // Typing five fields into the dialog takes about 15 s of jsdom on two busy cores: a bound, not a wait.
    }, 45_000);

    it('is asked before signing out with something waiting, which signing out deletes', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        network.online = false;
        await outbox.submit('fieldAgentRequest', FORM, 'Nandi Khumalo');
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        await user.click(await screen.findByRole('button', { name: /^Profile/ }));
        await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
        const confirm = await screen.findByRole('dialog', { name: 'Sign out and lose what is waiting?' });
        expect(confirm.textContent).toContain('One thing kept on this phone has not been sent yet.');
        await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out and lose what is waiting?' })).toBeNull());
        expect(session.user()).not.toBeNull();
        expect(outbox.waiting()).toBe(1);

        await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
        await user.click(
            within(await screen.findByRole('dialog', { name: 'Sign out and lose what is waiting?' })).getByRole('button', {
                name: 'Log out',
            }),
        );
        await waitFor(() => expect(session.user()).toBeNull());
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        expect(outbox.mine()).toEqual([]);
    });
});
