import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listGroupRoles,
    updateAdminGroup,
    type AdminGroup,
} from '../../contract/security';
import { endAdminSessions, getAdmin, setAdminStatus, updateAdmin } from '../../contract/users';
import { registrationOptions } from '../../contract/registration';
import { buildAdminGroup } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';
import { sipho } from './support/adminFixtures';
import { session } from '../../src/lib/session';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
// Whole journeys through the portal, each of many renders: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const page = <T,>(data: T[]) => ({ total: data.length, limit: 1000, skip: 0, data });
const group = (id: number, name: string): AdminGroup =>
    buildAdminGroup({ id, name, description: '', role_count: 1, user_count: 1 });
const sent: { method: string; path: string; body?: unknown }[] = [];
const record = async (request: Request) => {
    const body: unknown =
        request.method === 'GET' ? undefined : await request.text().then(text => (text ? JSON.parse(text) : undefined));
    sent.push({ method: request.method, path: new URL(request.url).pathname.replace('/portal_api', ''), body });
};

const server = contractServer(
    answer(getAdmin, ({ params }) =>
        params.id === '2' ? sipho : errorAnswer(404, { code: 404, name: 'NotFound', message: 'No', key: 'errors.not_found' }),
    ),
    answer(listAdminGroups, page([group(1, 'Super Admin'), group(2, 'Portal Staff'), group(3, 'Auditors')])),
    answer(registrationOptions, { stores: [{ id: 4, name: 'Soweto Mall', town: 'Soweto' }] }),
    answer(updateAdmin, async ({ request }) => {
        await record(request);
        return { ...sipho, last_name: 'Dlamini' };
    }),
    answer(setAdminStatus, async ({ request }) => {
        await record(request);
        return { ...sipho, status: 'disabled' as const };
    }),
    answer(endAdminSessions, async ({ request }) => {
        await record(request);
        return { ended: 3 };
    }),
);

afterEach(() => {
    sent.length = 0;
});

const openSipho = async (roles = ['VIEW_USERS', 'EDIT_USER']) => {
    signedInAs(roles);
    renderPortal('/dashboard/users/2');
    const lastName = await screen.findByRole('textbox', { name: /Last name/ }, FIRST);
    await waitFor(() => expect((lastName as HTMLInputElement).value).toBe('Ndlovu'), FIRST);
    return lastName as HTMLInputElement;
};

describe('editing a portal user', () => {
    it('sends only the fields that changed', async () => {
        const user = userEvent.setup();
        const lastName = await openSipho();
        await user.clear(lastName);
        await user.type(lastName, 'Dlamini');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() =>
            expect(sent).toEqual([{ method: 'PATCH', path: '/prerequisites/admins/2', body: { last_name: 'Dlamini' } }]),
        );
    });

    it('shows a refusal on its input, translated, and keeps what was typed', async () => {
        server.use(
            answer(
                updateAdmin,
                errorAnswer(409, {
                    code: 409,
                    name: 'Conflict',
                    message: 'Taken',
                    key: 'errors.msisdn_taken',
                    field: 'msisdn',
                }),
            ),
        );
        const user = userEvent.setup();
        const lastName = await openSipho();
        await user.clear(lastName);
        await user.type(lastName, 'Dlamini');
        const phone = screen.getByRole('textbox', { name: /Phone number/ }) as HTMLInputElement;
        await user.clear(phone);
        await user.type(phone, '27820000001');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect((await screen.findAllByText('This phone number is already registered.')).length).toBeGreaterThan(0);
        expect(phone.value).toBe('27820000001');
        expect(lastName.value).toBe('Dlamini');
    });

    it('offers only the groups whose roles the editor all holds, and the current one', async () => {
        server.use(
            answer(listGroupRoles, {
                total: 3,
                limit: 1000,
                skip: 0,
                data: [
                    { id: 1, group_id: 1, role_id: 9, admin_role: { id: 9, code: 'EDIT_ROLES', name: 'Edit roles' } },
                    { id: 2, group_id: 2, role_id: 9, admin_role: { id: 9, code: 'EDIT_ROLES', name: 'Edit roles' } },
                    { id: 3, group_id: 3, role_id: 1, admin_role: { id: 1, code: 'VIEW_USERS', name: 'View users' } },
                ],
            }),
            answer(listAdminRoles, page([])),
        );
        const user = userEvent.setup();
        await openSipho(['VIEW_USERS', 'EDIT_USER', 'VIEW_SECURITY']);
        await user.click(screen.getByRole('combobox', { name: /Security group/ }));
        const options = (await screen.findAllByRole('option')).map(option => option.textContent);
        // Super Admin holds a role the editor lacks; the current group is the one selected.
        expect(options).toEqual(['Auditors']);
        expect((screen.getByRole('combobox', { name: /Security group/ }) as HTMLInputElement).value).toBe('Portal Staff');
    });

    it("never offers the editor's own group, whose members the server will not move", async () => {
        server.use(
            answer(listGroupRoles, {
                total: 2,
                limit: 1000,
                skip: 0,
                data: [
                    { id: 1, group_id: 1, role_id: 9, admin_role: { id: 9, code: 'EDIT_ROLES', name: 'Edit roles' } },
                    { id: 3, group_id: 3, role_id: 1, admin_role: { id: 1, code: 'VIEW_USERS', name: 'View users' } },
                ],
            }),
            answer(listAdminRoles, page([])),
        );
        const user = userEvent.setup();
        const codes = ['VIEW_USERS', 'EDIT_USER', 'VIEW_SECURITY', 'EDIT_ROLES'];
        signedInAs(codes);
        // The editor belongs to Auditors, whose every role they hold.
        session.setRoles({ group_id: 3, codes });
        renderPortal('/dashboard/users/2');
        const lastName = await screen.findByRole('textbox', { name: /Last name/ }, FIRST);
        await waitFor(() => expect((lastName as HTMLInputElement).value).toBe('Ndlovu'), FIRST);
        await user.click(screen.getByRole('combobox', { name: /Security group/ }));
        const options = (await screen.findAllByRole('option')).map(option => option.textContent);
        expect(options).toEqual(['Super Admin']);
    });

    it('asks before disabling, says what happens, and reports the outcome', async () => {
        const user = userEvent.setup();
        await openSipho();
        await user.click(screen.getByRole('button', { name: 'Disable' }));
        let dialog = await screen.findByRole('dialog');
        expect(dialog.textContent).toContain('Sipho Ndlovu will be signed out everywhere at once');
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(sent).toEqual([]);
        await user.click(screen.getByRole('button', { name: 'Disable' }));
        dialog = await screen.findByRole('dialog');
        await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('Sipho Ndlovu is disabled; their sessions have ended')).toBeTruthy();
        expect(sent).toEqual([{ method: 'POST', path: '/prerequisites/admins/2/status', body: { status: 'disabled' } }]);
    });

    it('ends the sessions and says how many', async () => {
        const user = userEvent.setup();
        await openSipho();
        await user.click(screen.getByRole('button', { name: 'End sessions' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
        expect(await screen.findByText('3 sessions ended')).toBeTruthy();
    });

    it('offers no edit and no account actions without EDIT_USER', async () => {
        signedInAs(['VIEW_USERS']);
        renderPortal('/dashboard/users/2');
        expect(await screen.findByRole('heading', { name: /Access denied/i }, FIRST)).toBeTruthy();
        expect(sent).toEqual([]);
    });
});

describe('a security group', () => {
    it('is renamed from its screen, sending only the new name', async () => {
        const auditors = { ...group(3, 'Auditors'), description: 'Reads users' };
        const changes: unknown[] = [];
        server.use(
            answer(getAdminGroup, auditors),
            answer(listGroupRoles, page([])),
            answer(updateAdminGroup, async ({ request }) => {
                changes.push(await request.json());
                return { ...auditors, name: 'Internal audit' };
            }),
        );
        signedInAs(['VIEW_SECURITY', 'ADD_SECURITY_GROUP']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/3/show');
        await user.click(await screen.findByRole('link', { name: 'Edit' }, FIRST));
        const name = (await screen.findByRole('textbox', { name: /Name/ })) as HTMLInputElement;
        await waitFor(() => expect(name.value).toBe('Auditors'));
        await user.clear(name);
        await user.type(name, 'Internal audit');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        await waitFor(() => expect(changes).toEqual([{ name: 'Internal audit' }]));
    });
});
