/**
 * The field agents' ways in: their own customers, a shop's customers (the shop chosen
 * when the agent has none), and the prospective customers they record.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldAgentRequest, findFieldAgentCustomer } from '../../contract/customers';
import { registrationOptions } from '../../contract/registration';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { prospectRequest, thandi } from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';
import { waitLongInThisFile } from './support/waits';

const asked: { find: string | null; body: unknown }[] = [];
const OF_THE_SHOP = '27830000055';
const added: unknown[] = [];

contractServer(
    answer(findFieldAgentCustomer, async ({ request: sent }) => {
        const find = new URL(sent.url).searchParams.get('find');
        const body = (await sent.clone().json()) as { username: string };
        asked.push({ find, body });
        // A customer of the shop whom another agent registered: not among this agent's own.
        if (find === 'fieldagent' && body.username === OF_THE_SHOP) {
            return errorAnswer(404, {
                code: 404,
                name: 'NotFound',
                message: 'Customer record not found',
                key: 'errors.customer_not_found',
            });
        }
        return { users: [thandi] };
    }),
    answer(registrationOptions, { stores: [{ id: 3, name: 'Soweto Central', town: 'Soweto' }] }),
    answer(fieldAgentRequest, async ({ request: sent }) => {
        const body = (await sent.clone().json()) as { action: string; msisdn?: string };
        if (body.action === 'fetch') return { action: 'fetch' as const, data: [prospectRequest], total_items: 1 };
        added.push(body);
        if (body.msisdn === '27830000099')
            return errorAnswer(400, {
                code: 400,
                name: 'BadRequest',
                message: 'id_number: valid id number required',
                key: 'errors.invalid_input',
                field: 'id_number',
                errors: [{ field: 'id_number', message: 'valid id number required', key: 'errors.field_invalid' }],
            });
        return { action: 'add' as const, request: { ...prospectRequest, id: 2 } };
    }),
);

// The view is the largest screen loaded on demand, and a journey here passes several of them: on
// a busy machine the first render alone took over the shared five seconds.
waitLongInThisFile();

afterEach(() => {
    asked.length = 0;
    added.length = 0;
});

describe('field agents', () => {
    it('find among their own customers, and open the field-agent view', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        await user.type(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
            thandi.msisdn,
        );
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(asked).toEqual([{ find: 'fieldagent', body: { username: thandi.msisdn } }]);
    });

    it('without a shop, choose the shop to look in before finding', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT_STORE']);
        const user = userEvent.setup();
        renderPortal('/dashboard/find/shop/fieldagent/customer');
        await user.type(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
            thandi.msisdn,
        );
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByText('Required')).toBeTruthy();
        expect(asked).toEqual([]);
        await user.click(screen.getByRole('combobox', { name: 'Shop' }));
        await user.click(await screen.findByRole('option', { name: 'Soweto Central' }));
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(asked).toEqual([{ find: 'shop', body: { username: thandi.msisdn, store_id: 3 } }]);
    });

    it('with a shop, look in their own shop without being asked', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT_STORE'], { shop: { id: 3, name: 'Soweto Central' } });
        const user = userEvent.setup();
        renderPortal('/dashboard/find/shop/fieldagent/customer');
        await user.type(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
            thandi.msisdn,
        );
        expect(screen.queryByRole('combobox', { name: 'Shop' })).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(asked).toEqual([{ find: 'shop', body: { username: thandi.msisdn } }]);
    });

    it("say a miss searched only their own customers, and offer the shop's search and recording in one place", async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT', 'FIND_CUSTOMER_FIELDAGENT_STORE'], { shop: { id: 3, name: 'Soweto Central' } });
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        await user.type(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
            OF_THE_SHOP,
        );
        await user.click(screen.getByRole('button', { name: 'Find' }));
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain('Customer record not found');
        expect(alert.textContent).toContain('Only the customers you registered were searched.');
        expect(alert.textContent).toContain('search the shop’s customers before recording them as new');

        // Recording them: the number looked for is already filled in.
        await user.click(within(alert).getByRole('button', { name: 'Record a new customer' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add a prospective customer' });
        expect((within(dialog).getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe(OF_THE_SHOP);
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

        // The shop's search, with what was typed: it finds the customer.
        await user.click(within(screen.getByRole('alert')).getByRole('link', { name: 'Search the shop’s customers' }));
        const lookup = await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' });
        expect(await screen.findByRole('heading', { name: 'Find customer by shop', level: 1 })).toBeTruthy();
        expect((lookup as HTMLInputElement).value).toBe(OF_THE_SHOP);
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(asked).toEqual([
            { find: 'fieldagent', body: { username: OF_THE_SHOP } },
            { find: 'shop', body: { username: OF_THE_SHOP } },
        ]);
    });

    it("offer recording only, to an agent who may not search a shop's customers", async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        await user.type(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
            OF_THE_SHOP,
        );
        await user.click(screen.getByRole('button', { name: 'Find' }));
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(
            'Only the customers you registered were searched. If they are new, record them here.',
        );
        expect(within(alert).queryByRole('link', { name: 'Search the shop’s customers' })).toBeNull();
        expect(within(alert).getByRole('button', { name: 'Record a new customer' })).toBeTruthy();
    });

    it('list their prospective customers and record one, a refused field shown on its input', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        const user = userEvent.setup();
        renderPortal('/dashboard/find/fieldagent/customer');
        expect(await screen.findByText('Bongani Zungu · 27830000011')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Add a prospective customer' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add a prospective customer' });
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await within(dialog).findByText('valid phone number required')).toBeTruthy();
        expect(added).toEqual([]);

        await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '27830000099');
        await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nandi');
        await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Khumalo');
        await user.type(within(dialog).getByRole('textbox', { name: 'ID number' }), '9101010000088');
        await user.type(within(dialog).getByRole('textbox', { name: 'Town' }), 'Soweto');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect((await within(dialog).findByRole('alert')).textContent).toBe('Some of the information is not valid.');
        expect(within(dialog).getByText('This value is not valid.')).toBeTruthy();
        expect((within(dialog).getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Nandi');

        const phone = within(dialog).getByRole('textbox', { name: 'Phone number' });
        await user.clear(phone);
        await user.type(phone, '27830000012');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('The prospective customer was recorded.')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(added).toHaveLength(2);
        expect(added[1]).toEqual({
            action: 'add',
            msisdn: '27830000012',
            first_name: 'Nandi',
            last_name: 'Khumalo',
            id_number: '9101010000088',
            town: 'Soweto',
        });
    });
});
