/**
 * Portal users: the list's "Add filter" menu names every filter, and adding a
 * user checks the form with the portal's own messages (not the browser's), takes a South African
 * local number in international form, and says who was created.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listAdminGroups, type AdminGroup } from '../../contract/security';
import { createAdmin, listAdmins } from '../../contract/users';
import { registrationOptions } from '../../contract/registration';
import { createI18nProvider } from '../../src/i18n';
import sw from '../../src/i18n/sw';
import { internationalMsisdn, internationalPhone } from '../../src/lib/contractChecks';
import { sipho } from './support/adminFixtures';
import { buildAdminGroup } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { expectFilterMenuNamed } from './support/filterMenu';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const page = <T,>(data: T[]) => ({ total: data.length, limit: 1000, skip: 0, data });
const group = (id: number, name: string): AdminGroup =>
    buildAdminGroup({ id, name, description: '', role_count: 1, user_count: 1 });

let created: unknown[] = [];

contractServer(
    answer(listAdmins, page([sipho])),
    answer(listAdminGroups, page([group(1, 'Super Admin'), group(2, 'Portal Staff')])),
    answer(registrationOptions, { stores: [{ id: 4, name: 'Soweto Mall', town: 'Soweto' }] }),
    answer(createAdmin, async ({ request }) => {
        const body = (await request.json()) as { username: string; msisdn: string };
        created.push(body);
        return { ...sipho, id: 12, username: body.username, msisdn: body.msisdn, first_name: 'Kea', last_name: 'Tester' };
    }),
);

beforeEach(() => {
    created = [];
});

describe('the users list', () => {
    it('names every filter in its "Add filter" menu, in English and Swahili', async () => {
        signedInAs(['VIEW_USERS', 'ADD_USER']);
        const english = renderPortal('/dashboard/users');
        expect(await screen.findByText('Sipho Ndlovu', {}, FIRST)).toBeTruthy();
        expect(await expectFilterMenuNamed(userEvent.setup())).toEqual(['Security group', 'Status']);
        english.unmount();
        renderPortal('/dashboard/users', createI18nProvider('sw', sw));
        expect(await screen.findByText('Sipho Ndlovu', {}, FIRST)).toBeTruthy();
        expect(await expectFilterMenuNamed(userEvent.setup(), sw)).toHaveLength(2);
    });

    it('shows the status filter once picked from the menu', async () => {
        signedInAs(['VIEW_USERS']);
        renderPortal('/dashboard/users');
        expect(await screen.findByText('Sipho Ndlovu', {}, FIRST)).toBeTruthy();
        const user = userEvent.setup();
        await user.click(screen.getByRole('button', { name: 'Add filter' }));
        await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Status' }));
        expect(await screen.findByRole('combobox', { name: 'Status' })).toBeTruthy();
    });
});

const fillUser = async (user: UserEvent, { msisdn, email = '' }: { msisdn: string; email?: string }) => {
    await user.type(await screen.findByRole('textbox', { name: 'First name' }, FIRST), 'Kea');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Tester');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'kea.tester');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), msisdn);
    if (email) await user.type(screen.getByRole('textbox', { name: 'Email' }), email);
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'a-long-password-1');
    await user.type(screen.getByRole('combobox', { name: 'Security group' }), 'Portal');
    await user.click(await screen.findByRole('option', { name: 'Portal Staff' }));
};

describe('adding a user', () => {
    it("checks the form with the portal's messages, not the browser's", async () => {
        signedInAs(['VIEW_USERS', 'ADD_USER']);
        renderPortal('/dashboard/users/create');
        const user = userEvent.setup();
        await fillUser(user, { msisdn: '27821234567', email: 'not-an-address' });
        // The form leaves checking to the portal: the browser's tooltip no longer speaks first.
        expect(screen.getByRole('textbox', { name: 'Email' }).closest('form')?.noValidate).toBe(true);
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('valid email required')).toBeTruthy();
        expect(created).toEqual([]);
    });

    it('saves a South African local number in international form, says so, and says who was created', async () => {
        signedInAs(['VIEW_USERS', 'ADD_USER']);
        renderPortal('/dashboard/users/create');
        const user = userEvent.setup();
        await fillUser(user, { msisdn: '0821234567' });
        expect(
            screen.getByText(
                'International form, e.g. 27821234567; a South African number starting with 0 (0821234567) is saved as 27821234567',
            ),
        ).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('User kea.tester created')).toBeTruthy();
        expect(created).toEqual([expect.objectContaining({ username: 'kea.tester', msisdn: '27821234567' })]);
        expect(screen.queryByText('Element created')).toBeNull();
    });

    it('refuses another number beginning with 0, saying it must be in international form', async () => {
        signedInAs(['VIEW_USERS', 'ADD_USER']);
        renderPortal('/dashboard/users/create');
        const user = userEvent.setup();
        await fillUser(user, { msisdn: '082123456' });
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(
            await screen.findByText(
                'Enter the number in international form, starting with the country code (27… for South Africa)',
            ),
        ).toBeTruthy();
        await waitFor(() => expect(created).toEqual([]));
    });
});

describe('the phone number in international form', () => {
    it('turns a South African local number into 27 and its nine digits, and leaves the rest for the rule', () => {
        expect(internationalMsisdn('0821234567')).toBe('27821234567');
        expect(internationalMsisdn(' 0821234567 ')).toBe('27821234567');
        expect(internationalMsisdn('27821234567')).toBe('27821234567');
        expect(internationalMsisdn('+27821234567')).toBe('27821234567');
        expect(internationalMsisdn('082123456')).toBe('082123456');
    });

    it('refuses a local number it cannot place, and what the contract refuses', () => {
        expect(internationalPhone('0821234567', {})).toBeUndefined();
        expect(internationalPhone('27821234567', {})).toBeUndefined();
        expect(internationalPhone('082123456', {})).toEqual({ key: 'validation.phone_international' });
        expect(internationalPhone('+0821234567', {})).toEqual({ key: 'validation.phone_international' });
        expect(internationalPhone('2782', {})).toEqual({ key: 'validation.phone' });
    });
});
