import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { GroupRole } from '../../contract/auth';
import {
    addGroupRole,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listGroupRoles,
    removeGroupRole,
    type AdminGroup,
} from '../../contract/security';
import { listAdmins } from '../../contract/users';
import { buildAdminGroup } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';
import { sipho } from './support/adminFixtures';

const page = <T,>(data: T[]) => ({ total: data.length, limit: 10, skip: 0, data });
const group: AdminGroup = buildAdminGroup({ id: 7, name: 'Auditors', description: 'Reads users', role_count: 1 });
const roles = [
    { id: 1, code: 'VIEW_USERS', name: 'View portal users', description: '' },
    { id: 2, code: 'VIEW_SECURITY', name: 'View security groups and roles', description: '' },
];
const INITIAL_HELD: GroupRole[] = [
    { id: 70, group_id: 7, role_id: 1, admin_role: { id: 1, code: 'VIEW_USERS', name: 'View portal users' } },
];
let held = [...INITIAL_HELD];
const calls: { method: string; url: URL; body?: unknown }[] = [];
const notFound = errorAnswer(404, { code: 404, name: 'NotFound', message: 'No such record', key: 'errors.not_found' });

contractServer(
    answer(listAdminGroups, ({ request }) => {
        calls.push({ method: 'GET', url: new URL(request.url) });
        return page([group]);
    }),
    answer(getAdminGroup, ({ params }) => (params.id === String(group.id) ? group : notFound)),
    answer(listAdminRoles, page(roles)),
    answer(listGroupRoles, ({ request }) => {
        calls.push({ method: 'GET', url: new URL(request.url) });
        return page(held);
    }),
    answer(addGroupRole, async ({ request }) => {
        const body = (await request.json()) as { group_id: number; role_id: number };
        calls.push({ method: 'POST', url: new URL(request.url), body });
        const role = roles.find(r => r.id === body.role_id)!;
        const row = {
            id: 71,
            group_id: body.group_id,
            role_id: body.role_id,
            admin_role: { id: role.id, code: role.code, name: role.name },
        };
        held = [...held, row];
        return row;
    }),
    answer(removeGroupRole, ({ params, request }) => {
        calls.push({ method: 'DELETE', url: new URL(request.url) });
        const row = held.find(r => String(r.id) === params.id);
        if (!row) return notFound;
        held = held.filter(r => r !== row);
        return row;
    }),
    answer(listAdmins, ({ request }) => {
        calls.push({ method: 'GET', url: new URL(request.url) });
        return page([sipho]);
    }),
);

afterEach(() => {
    calls.length = 0;
    held = [...INITIAL_HELD];
});

describe('security administration', () => {
    it('lists the groups with their counts', async () => {
        signedInAs(['VIEW_SECURITY']);
        renderPortal('/dashboard/security');
        expect(await screen.findByText('Auditors')).toBeTruthy();
        // Without ADD_SECURITY_GROUP there is no create button.
        expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    });

    it("shows a group's roles as words with the code, and adds one", async () => {
        signedInAs(['VIEW_SECURITY', 'EDIT_ROLES']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/7/show');
        expect(await screen.findByText('View portal users')).toBeTruthy();
        expect(screen.getByText('VIEW_USERS')).toBeTruthy();
        await user.click(screen.getByLabelText('Role to add'));
        // A role the group holds is not offered again.
        expect(screen.queryByRole('option', { name: /\(VIEW_USERS\)/ })).toBeNull();
        await user.click(await screen.findByRole('option', { name: /\(VIEW_SECURITY\)/ }));
        await user.click(screen.getByRole('button', { name: 'Add role' }));
        await waitFor(() => expect(calls.find(c => c.method === 'POST')?.body).toEqual({ group_id: 7, role_id: 2 }));
        expect(await screen.findByText('View security groups and roles')).toBeTruthy();
    });

    it('asks before removing a role, and removes it only when confirmed', async () => {
        signedInAs(['VIEW_SECURITY', 'EDIT_ROLES']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/7/show');
        await user.click(await screen.findByRole('button', { name: 'Remove' }));
        const dialog = await screen.findByRole('dialog');
        expect(dialog.textContent).toContain('Members of Auditors will lose the role “View portal users”.');
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
        expect(calls.some(c => c.method === 'DELETE')).toBe(false);
        await user.click(await screen.findByRole('button', { name: 'Remove' }));
        await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
        await waitFor(() =>
            expect(calls.filter(c => c.method === 'DELETE').map(c => c.url.pathname)).toEqual([
                '/portal_api/prerequisites/admin-group-roles/70',
            ]),
        );
    });

    it('offers neither add nor remove without EDIT_ROLES', async () => {
        signedInAs(['VIEW_SECURITY']);
        renderPortal('/dashboard/security/7/show');
        expect(await screen.findByText('View portal users')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Add role' })).toBeNull();
        expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    });

    it('shows access denied, and calls nothing, to a user without VIEW_SECURITY', async () => {
        signedInAs(['FIND_CUSTOMER']);
        renderPortal('/dashboard/security');
        expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
        expect(calls.filter(c => c.url.pathname.endsWith('/admin-groups'))).toEqual([]);
    });

    it('searches and filters users with Feathers paging', async () => {
        signedInAs(['VIEW_USERS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/users');
        expect(await screen.findByText('Sipho Ndlovu')).toBeTruthy();
        expect(screen.getByText('Active')).toBeTruthy();
        const first = calls.find(c => c.url.pathname.endsWith('/admins'))!;
        expect(Object.fromEntries(first.url.searchParams)).toEqual({ $limit: '10', $skip: '0', $sort: '-created_at' });
        await user.type(screen.getByPlaceholderText('Search'), 'sipho');
        await waitFor(() =>
            expect(calls.some(c => c.url.pathname.endsWith('/admins') && c.url.searchParams.get('q') === 'sipho')).toBe(true),
        );
    });
});
