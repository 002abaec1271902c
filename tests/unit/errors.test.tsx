/**
 * Failures never leave a spinner turning: each list and page says what went wrong, translated,
 * with a Retry that asks again; a form whose save fails keeps what was typed.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API_BASE } from '../../contract';
import { biDashboard } from '../../contract/analytics';
import { myRoles, type GroupRole } from '../../contract/auth';
import type { ApiError } from '../../contract/errors';
import {
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listAdminRoles,
    listGroupRoles,
    type AdminGroup,
} from '../../contract/security';
import { listAdmins } from '../../contract/users';
import en from '../../src/i18n/en';
import { session } from '../../src/lib/session';
import { buildAdminGroup } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';
import { sipho } from './support/adminFixtures';

const errors = en.errors as Record<string, string>;
const page = <T,>(data: T[]) => ({ total: data.length, limit: 10, skip: 0, data });
const group: AdminGroup = buildAdminGroup({ id: 7, name: 'Auditors', description: 'Reads users', role_count: 1 });
const held: GroupRole[] = [
    { id: 70, group_id: 7, role_id: 1, admin_role: { id: 1, code: 'VIEW_USERS', name: 'View portal users' } },
];

/** What the server answers while its database is unreachable (contract/errors.ts). */
const unavailable = errorAnswer(503, {
    code: 503,
    name: 'Unavailable',
    message: 'The service is unavailable',
    key: 'errors.unavailable',
} satisfies ApiError);

/** Answers 503 the first `failures` times, then the fixture. */
const failingFirst = <T,>(fixture: T, failures = 1) => {
    let calls = 0;
    return () => (calls++ < failures ? unavailable : fixture);
};

const server = contractServer(
    answer(listAdminRoles, page([{ id: 1, code: 'VIEW_USERS', name: 'View portal users', description: '' }])),
    answer(listGroupRoles, page(held)),
    answer(getAdminGroup, group),
    answer(listAdminGroups, page([group])),
);

/** The error and its Retry button, once shown. */
const expectRetryable = async (message: string) => {
    // The first screen of a file loads its lazy chunks cold: on a busy machine that passes 1 s.
    const alert = await screen.findByRole('alert', {}, { timeout: 15_000 });
    expect(alert.textContent).toContain(message);
    return within(alert).getByRole('button', { name: 'Try again' });
};

describe('a list that cannot be loaded', () => {
    it('says the service is unavailable (503), and Retry loads it', async () => {
        server.use(answer(listAdmins, failingFirst(page([sipho]))));
        signedInAs(['VIEW_USERS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/users');
        const retry = await expectRetryable(errors.unavailable!);
        expect(screen.queryByText('Sipho Ndlovu')).toBeNull();
        await user.click(retry);
        expect(await screen.findByText('Sipho Ndlovu')).toBeTruthy();
        expect(screen.queryByRole('alert')).toBeNull();
    });

    it('says the server could not be reached when the network fails', async () => {
        server.use(http.get(`${API_BASE}${listAdmins.path}`, () => HttpResponse.error()));
        signedInAs(['VIEW_USERS']);
        renderPortal('/dashboard/users');
        await expectRetryable(errors.network!);
    });

    it('does the same for the security groups', async () => {
        server.use(answer(listAdminGroups, failingFirst(page([group]))));
        signedInAs(['VIEW_SECURITY']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security');
        await user.click(await expectRetryable(errors.unavailable!));
        expect(await screen.findByText('Auditors')).toBeTruthy();
    });
});

describe('a page that cannot be loaded', () => {
    it("shows a group's failure on its page, not a jump back to the list", async () => {
        server.use(answer(getAdminGroup, failingFirst(group)));
        signedInAs(['VIEW_SECURITY']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/7/show');
        await user.click(await expectRetryable(errors.unavailable!));
        expect(await screen.findByText('Reads users')).toBeTruthy();
    });

    it("shows the failure of a group's roles under the group, with Retry", async () => {
        server.use(answer(listGroupRoles, failingFirst(page(held))));
        signedInAs(['VIEW_SECURITY']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/7/show');
        expect(await screen.findByText('Reads users')).toBeTruthy();
        await user.click(await expectRetryable(errors.unavailable!));
        expect(await screen.findByText('View portal users')).toBeTruthy();
    });

    it("shows the dashboard's failure to read the roles, with Retry", async () => {
        // Down until the test says otherwise: the roles are asked for from more than one place.
        let down = true;
        server.use(
            answer(myRoles, () => (down ? unavailable : { group_id: 1, data: [{ ...held[0]!, group_id: 1 }] })),
            // The home's own numbers answer: the one failure on the page is the roles'.
            answer(biDashboard, {
                scope: null,
                scope_label: null,
                currency: 'ZAR',
                current: { from: '2026-11-01', to: '2026-11-22' },
                previous: { from: '2026-10-01', to: '2026-10-31' },
                kpis: null,
                previous_kpis: null,
                changes: null,
            }),
        );
        signedInAs(['VIEW_USERS']);
        // No roles cached: the dashboard must ask the server for them.
        localStorage.removeItem('pfp.roles');
        expect(session.roles()).toBeNull();
        const user = userEvent.setup();
        renderPortal('/dashboard');
        const retry = await expectRetryable(errors.unavailable!);
        down = false;
        await user.click(retry);
        expect(await screen.findByRole('link', { name: /Users/ })).toBeTruthy();
    });
});

describe('a save that fails', () => {
    it('says why and keeps what was typed, on the same page', async () => {
        server.use(answer(createAdminGroup, unavailable));
        signedInAs(['VIEW_SECURITY', 'ADD_SECURITY_GROUP']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/create');
        const name = await screen.findByRole('textbox', { name: /Name/ });
        await user.type(name, 'Night shift');
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect((await screen.findByRole('alert')).textContent).toContain(errors.unavailable);
        expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Night shift');
    });
});

describe('the HTTP client', () => {
    it('sends nothing while the browser is offline, with errors.offline', async () => {
        const seen = vi.fn();
        server.events.on('request:start', seen);
        const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
        try {
            const { callApi } = await import('../../src/lib/portalApi');
            await expect(callApi(listAdmins, { query: {} })).rejects.toMatchObject({ message: 'errors.offline' });
            expect(seen).not.toHaveBeenCalled();
        } finally {
            online.mockRestore();
            server.events.removeListener('request:start', seen);
        }
    });
});
