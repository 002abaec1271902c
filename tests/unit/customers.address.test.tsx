/**
 * The customer view's address: a customer found or kept is named in the address by
 * their public id, never their phone or id number; opening an address reads that customer for the
 * view (and keeps them as the customer in hand); an address naming nobody this user may see, or
 * no id at all, shows the lookup's "Customer record not found".
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { memoryStore } from 'react-admin';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { customerByPublicId, customerLimits, findCustomer } from '../../contract/customers';
import { Portal } from '../../src/Portal';
import { customerStore } from '../../src/lib/customerStore';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { limits, thandi } from './support/customerFixtures';
import { englishI18n, signedInAs } from './support/portal';
import { waitLongInThisFile } from './support/waits';

const NOT_FOUND = { code: 404, name: 'NotFound', message: 'Customer record not found', key: 'errors.customer_not_found' };
const read: { id: string; view: string | null }[] = [];

contractServer(
    answer(findCustomer, async ({ request }) => {
        const { username } = (await request.clone().json()) as { username: string };
        return username === thandi.msisdn ? { users: [thandi] } : errorAnswer(404, NOT_FOUND);
    }),
    answer(customerByPublicId, ({ params, request }) => {
        read.push({ id: String(params.public_id), view: new URL(request.url).searchParams.get('view') });
        return params.public_id === thandi.public_id ? { customer: thandi, order: null } : errorAnswer(404, NOT_FOUND);
    }),
    answer(customerLimits, limits),
);

waitLongInThisFile();
afterEach(() => {
    read.length = 0;
    customerStore.clear();
});

/** Where the portal's router stands, as the browser's address bar would show it. */
const bar = { address: '' };
const AddressBar = () => {
    const location = useLocation();
    useEffect(() => {
        bar.address = `${location.pathname}${location.search}`;
    }, [location]);
    return null;
};
const renderAt = (path: string) =>
    render(
        <MemoryRouter initialEntries={[path]}>
            <Portal store={memoryStore()} i18n={englishI18n()} />
            <AddressBar />
        </MemoryRouter>,
    );

const THANDI_ADDRESS = `/dashboard/customers/view?customer=${thandi.public_id}`;

describe("the customer view's address", () => {
    it('names the customer found by their public id, never their phone or id number', async () => {
        signedInAs(['FIND_CUSTOMER']);
        const user = userEvent.setup();
        renderAt('/dashboard/customers/find');
        await user.type(
            await screen.findByRole('textbox', { name: 'Phone number, username, ID number, IMEI or loan reference' }),
            thandi.msisdn,
        );
        await user.click(screen.getByRole('button', { name: 'Find' }));
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        await waitFor(() => expect(bar.address).toBe(THANDI_ADDRESS));
        expect(bar.address).not.toContain(thandi.msisdn);
        expect(bar.address).not.toContain(thandi.id_number);
        // The customer in hand was the one found: nothing to read again.
        expect(read).toEqual([]);
    });

    it('opens the customer an address names, for its view, and keeps them in hand', async () => {
        signedInAs(['FIND_CUSTOMER']);
        renderAt(THANDI_ADDRESS);
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(read).toEqual([{ id: thandi.public_id, view: 'staff' }]);
        expect(customerStore.read('staff')?.customer.public_id).toBe(thandi.public_id);
    });

    it("reads the field agent's view as that view", async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        renderAt(`/dashboard/fieldagent/customers/view?customer=${thandi.public_id}`);
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(read).toEqual([{ id: thandi.public_id, view: 'fieldagent' }]);
    });

    it("shows the lookup's 'Customer record not found' for an address naming nobody this user may see", async () => {
        signedInAs(['FIND_CUSTOMER']);
        customerStore.save('staff', { customer: thandi, order: null });
        const nobody = '5b0c4a7e-2f1d-4c3b-8a9e-7d6f5e4c3b2a';
        renderAt(`/dashboard/customers/view?customer=${nobody}`);
        expect(await screen.findByRole('heading', { name: 'Customer record not found' })).toBeTruthy();
        expect(read).toEqual([{ id: nobody, view: 'staff' }]);
        // The customer kept stands in only when the address names nobody at all.
        expect(screen.queryByRole('heading', { name: 'Thandi Mokoena' })).toBeNull();
        cleanup();
        // Not an id at all: the same answer, without asking.
        renderAt('/dashboard/customers/view?customer=27831234567');
        expect(await screen.findByRole('heading', { name: 'Customer record not found' })).toBeTruthy();
        expect(read).toHaveLength(1);
    });

    it('puts the kept customer in the bare address, replacing it', async () => {
        signedInAs(['FIND_CUSTOMER']);
        customerStore.save('staff', { customer: thandi, order: null });
        renderAt('/dashboard/customers/view');
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        await waitFor(() => expect(bar.address).toBe(THANDI_ADDRESS));
        expect(read).toEqual([]);
    });
});
