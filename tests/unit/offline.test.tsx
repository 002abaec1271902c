/**
 * Offline: a banner says so while the browser is offline, and nothing is lost silently: a save
 * tried offline is refused at once with a clear message, keeping what was typed.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
    createAdminGroup,
    getAdminGroup,
    listAdminGroups,
    listGroupRoles,
    listAdminRoles,
    type AdminGroup,
} from '../../contract/security';
import en from '../../src/i18n/en';
import { I18nContextProvider } from '../../src/i18n/context';
import { OfflineBanner } from '../../src/layout/OfflineBanner';
import { buildAdminGroup } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { browserNetwork } from './support/network';
import { englishI18n, renderPortal, signedInAs } from './support/portal';

const app = en.app as Record<string, string>;
const errors = en.errors as Record<string, string>;
const page = <T,>(data: T[]) => ({ total: data.length, limit: 10, skip: 0, data });
const created: AdminGroup = buildAdminGroup({ id: 9, name: 'Night shift', description: '' });

const requests: string[] = [];
const server = contractServer(
    answer(createAdminGroup, created),
    answer(getAdminGroup, created),
    answer(listAdminGroups, page([created])),
    answer(listGroupRoles, page([])),
    answer(listAdminRoles, page([])),
);
server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));

const { goOffline, goOnline } = browserNetwork();

afterEach(() => {
    requests.length = 0;
});

describe('the offline banner', () => {
    it('shows while the browser is offline, and goes when it is back', async () => {
        render(
            <I18nContextProvider i18n={englishI18n()}>
                <OfflineBanner />
            </I18nContextProvider>,
        );
        expect(screen.queryByRole('status')).toBeNull();
        goOffline();
        expect(screen.getByRole('status').textContent).toBe(app.offline);
        goOnline();
        expect(screen.queryByRole('status')).toBeNull();
    });
});

describe('a save tried offline', () => {
    it('is refused at once with the reason, keeps the form, and works once back online', async () => {
        signedInAs(['VIEW_SECURITY', 'ADD_SECURITY_GROUP']);
        const user = userEvent.setup();
        renderPortal('/dashboard/security/create');
        const name = await screen.findByRole('textbox', { name: /Name/ });
        await user.type(name, 'Night shift');

        goOffline();
        expect(await screen.findByText(app.offline!)).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Save' }));
        // A write that cannot wait on the phone says it was not kept, as well as that it is offline.
        expect((await screen.findByRole('alert')).textContent).toContain(errors.offline_not_kept);
        expect((screen.getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe('Night shift');
        expect(requests.filter(request => request.startsWith('POST'))).toEqual([]);

        goOnline();
        expect(screen.queryByText(app.offline!)).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Save' }));
        expect(await screen.findByText('Roles of this group')).toBeTruthy();
        expect(requests.filter(request => request.startsWith('POST'))).toEqual(['POST /portal_api/prerequisites/admin-groups']);
    });

    it('on the sign-in page, says so under the form and keeps what was typed', async () => {
        const user = userEvent.setup();
        renderPortal('/');
        await user.type(await screen.findByRole('textbox', { name: 'Username' }), 'admin');
        await user.type(screen.getByLabelText(/^Password/), 'demo-pass-2026');
        goOffline();
        expect(await screen.findByText(app.offline!)).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Sign in' }));
        const alert = await screen.findByRole('alert');
        expect(within(alert).getByText(errors.offline!)).toBeTruthy();
        expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('admin');
        // Signing in is a POST; a GET the previous test's group page began as it closed may land here.
        expect(requests.filter(request => request.startsWith('POST'))).toEqual([]);
    });
});
