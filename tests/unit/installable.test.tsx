/**
 * The installable portal's words: "Reload to update" when a new release's service worker waits
 * (layout/UpdatePrompt.tsx, with the registration hook and the reload replaced here), and a screen whose data could not
 * load offline says it loads once the connection is back, and does so by itself.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { listAdminGroups } from '../../contract/security';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { I18nContextProvider } from '../../src/i18n/context';
import { createI18nProvider } from '../../src/i18n';
import { UpdatePrompt } from '../../src/layout/UpdatePrompt';
import { buildAdminGroup } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { englishI18n, renderPortal, signedInAs } from './support/portal';

const shell = en.shell as Record<string, string>;
const app = en.app as Record<string, string>;

/** Whether a new release's worker waits (the registration hook, replaced), and the reloads asked for. */
const worker = vi.hoisted(() => ({ waiting: false, reloads: 0 }));

vi.mock('../../src/lib/serviceWorker', () => ({ useWaitingWorker: () => worker.waiting }));
vi.mock('../../src/lib/reloadToUpdate', () => ({
    reloadToUpdate: () => {
        worker.reloads++;
        return Promise.resolve();
    },
}));

const page = <T,>(data: T[]) => ({ total: data.length, limit: 10, skip: 0, data });
const requests: string[] = [];
const server = contractServer(answer(listAdminGroups, page([buildAdminGroup({ id: 4, name: 'Field team' })])));
server.events.on('request:start', ({ request }) => requests.push(`${request.method} ${new URL(request.url).pathname}`));

let onLine: MockInstance<() => boolean>;
let online = true;

beforeEach(() => {
    online = true;
    onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    worker.waiting = false;
    worker.reloads = 0;
});
afterEach(() => {
    onLine.mockRestore();
    requests.length = 0;
});

describe('a new release waiting', () => {
    it('offers "Reload to update", which lets the new worker take over', async () => {
        worker.waiting = true;
        const user = userEvent.setup();
        render(
            <I18nContextProvider i18n={englishI18n()}>
                <UpdatePrompt />
            </I18nContextProvider>,
        );
        expect(screen.getByRole('status').textContent).toContain(shell.update_ready);
        await user.click(screen.getByRole('button', { name: shell.reload_to_update }));
        expect(worker.reloads).toBe(1);
    });

    it('shows nothing while no new worker waits', () => {
        render(
            <I18nContextProvider i18n={englishI18n()}>
                <UpdatePrompt />
            </I18nContextProvider>,
        );
        expect(screen.queryByRole('status')).toBeNull();
        expect(screen.queryByRole('button', { name: shell.reload_to_update })).toBeNull();
    });

    it.each([
        ['sw', sw],
        ['pt', pt],
    ] as const)('is offered in %s too', (locale, catalog) => {
        worker.waiting = true;
        render(
            <I18nContextProvider i18n={createI18nProvider(locale, catalog)}>
                <UpdatePrompt />
            </I18nContextProvider>,
        );
        const words = catalog.shell as Record<string, string>;
        expect(words.reload_to_update).not.toBe(shell.reload_to_update);
        expect(screen.getByRole('button', { name: words.reload_to_update })).toBeTruthy();
    });

    it('is part of every page, the sign-in page too', async () => {
        worker.waiting = true;
        renderPortal('/');
        expect(await screen.findByRole('button', { name: shell.reload_to_update })).toBeTruthy();
    });
});

describe('a screen opened offline', () => {
    it('says it loads once the connection is back, and loads by itself when it is', async () => {
        signedInAs(['VIEW_SECURITY']);
        online = false;
        renderPortal('/dashboard/security');
        expect(await screen.findByText(app.offline_load!)).toBeTruthy();
        expect(requests).toEqual([]);

        act(() => {
            online = true;
            window.dispatchEvent(new Event('online'));
        });
        expect(await screen.findByText('Field team')).toBeTruthy();
        await waitFor(() => expect(screen.queryByText(app.offline_load!)).toBeNull());
        expect(requests).toContain('GET /portal_api/prerequisites/admin-groups');
    });
});
