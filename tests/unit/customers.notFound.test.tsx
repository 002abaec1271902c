/**
 * A lookup that finds no one: the field says everything it finds, and a number
 * not found offers the ways forward the user has (recording the customer, a sale for that number
 * with it filled in), each only to the roles that may take it; something else typed is checked again.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
    customerLimits,
    fieldAgentRequest,
    findCustomer,
    findFieldAgentCustomer,
    qualifiedDevices,
} from '../../contract/customers';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { limits, noPhones } from './support/customerFixtures';
import { renderPortal, signedInAs } from './support/portal';

const LABEL = 'Phone number, username, ID number, IMEI or loan reference';
const UNKNOWN = '27830000077';
const SELLER = ['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES'];
const notFound = () =>
    errorAnswer(404, { code: 404, name: 'NotFound', message: 'Customer record not found', key: 'errors.customer_not_found' });

contractServer(
    answer(findCustomer, notFound),
    answer(findFieldAgentCustomer, notFound),
    answer(customerLimits, { ...limits }),
    answer(qualifiedDevices, noPhones),
    answer(fieldAgentRequest, { action: 'fetch', data: [], total_items: 0 }),
);

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

const lookFor = async (path: string, typed: string) => {
    const user = userEvent.setup();
    renderPortal(path);
    const field = await screen.findByRole('textbox', { name: LABEL });
    expect(screen.getByText('For example 27821234567 or LPP-000006')).toBeTruthy();
    await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    return { user, alert: await screen.findByRole('alert') };
};

// The view loads on demand: on a busy machine one test took over the shared 20 s.
describe('a lookup that finds no one', { timeout: 60_000 }, () => {
    it('offers a seller a sale for the number, which opens the wizard with the number typed in', async () => {
        signedInAs(['FIND_CUSTOMER', ...SELLER]);
        const { user, alert } = await lookFor('/dashboard/customers/find', UNKNOWN);
        expect(alert.textContent).toContain('Customer record not found');
        expect(alert.textContent).toContain('If they are new, start a sale with this number: the sale registers them.');
        expect(within(alert).queryByRole('button', { name: 'Record a new customer' })).toBeNull();
        await user.click(within(alert).getByRole('link', { name: 'Start a sale for this number' }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Add loan' })).toBeTruthy();
        expect(((await screen.findByRole('textbox', { name: /phone number/ })) as HTMLInputElement).value).toBe(UNKNOWN);
    });

    it('offers a shop agent who may sell and record both, each with the number', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT_STORE', ...SELLER], { shop: { id: 3, name: 'Soweto Central' } });
        const { user, alert } = await lookFor('/dashboard/find/shop/fieldagent/customer', UNKNOWN);
        expect(alert.textContent).toContain('If they are new, register them or start a sale with this number.');
        expect(within(alert).getByRole('link', { name: 'Start a sale for this number' })).toBeTruthy();
        await user.click(within(alert).getByRole('button', { name: 'Record a new customer' }));
        const dialog = await screen.findByRole('dialog', { name: 'Add a prospective customer' });
        expect((within(dialog).getByRole('textbox', { name: 'Phone number' }) as HTMLInputElement).value).toBe(UNKNOWN);
    });

    it('offers a field agent who may not sell recording only', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT_STORE'], { shop: { id: 3, name: 'Soweto Central' } });
        const { alert } = await lookFor('/dashboard/find/shop/fieldagent/customer', UNKNOWN);
        expect(alert.textContent).toContain('If they are new, record them with this number.');
        expect(within(alert).getByRole('button', { name: 'Record a new customer' })).toBeTruthy();
        expect(within(alert).queryByRole('link', { name: 'Start a sale for this number' })).toBeNull();
    });

    it('offers a field agent searching their own customers a sale too, when they may sell', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT', ...SELLER]);
        const { alert } = await lookFor('/dashboard/find/fieldagent/customer', UNKNOWN);
        expect(within(alert).getByRole('button', { name: 'Record a new customer' })).toBeTruthy();
        expect(within(alert).getByRole('link', { name: 'Start a sale for this number' })).toBeTruthy();
    });

    it('tells a user who may do neither who can, with nothing to click', async () => {
        signedInAs(['FIND_CUSTOMER']);
        const { alert } = await lookFor('/dashboard/customers/find', UNKNOWN);
        expect(alert.textContent).toContain('Registering a new customer is for staff who sell or field agents.');
        expect(within(alert).queryAllByRole('button')).toEqual([]);
        expect(within(alert).queryAllByRole('link')).toEqual([]);
    });

    it('offers nothing for a loan reference found nowhere, and says what may be typed', async () => {
        signedInAs(['FIND_CUSTOMER', ...SELLER]);
        const { alert } = await lookFor('/dashboard/customers/find', 'LPP-999999');
        expect(alert.textContent).toContain('Check what was typed: a phone number, username, ID number, IMEI or loan reference.');
        expect(within(alert).queryAllByRole('link')).toEqual([]);
    });
});
