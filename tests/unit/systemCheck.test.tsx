import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { health } from '../../contract/auth';
import { systemCheck, type SystemCheck } from '../../contract/system';
import { LOCK_SOLUTIONS } from '../../contract/customers';
import { betaFeatures } from '../../src/lib/betaFeatures';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const answerOf = (change: Partial<SystemCheck> = {}): SystemCheck => ({
    version: __PORTAL_VERSION__,
    server_time: new Date().toISOString(),
    lock_providers: LOCK_SOLUTIONS.map(solution => ({
        solution,
        mode: 'simulator' as const,
        state: solution === 'zte' ? ('warning' as const) : ('ok' as const),
        waiting: 0,
        failed_last_day: solution === 'zte' ? 2 : 0,
    })),
    sms: { mode: 'outbox', state: 'ok', last_message_at: null, messages_last_hour: 3 },
    ...change,
});

let next: SystemCheck | 'refused' = answerOf();
contractServer(
    answer(health, () => ({ status: 'ok' as const, version: __PORTAL_VERSION__ })),
    answer(systemCheck, () =>
        next === 'refused'
            ? errorAnswer(403, { code: 403, name: 'Forbidden', message: 'Forbidden', key: 'errors.forbidden' })
            : next,
    ),
);
afterEach(() => {
    next = answerOf();
});

/** A check's heading: its title and its state in words. */
const state = (title: string) =>
    screen
        .getAllByTestId('system-check')
        .map(row => within(row).getByRole('heading').textContent ?? '')
        .find(text => text.startsWith(`${title}:`));

describe('the system check page', () => {
    it('says each check in words as RUN_SYSTEM_CHECK, and a provider with refusals as a warning', async () => {
        signedInAs(['RUN_SYSTEM_CHECK']);
        renderPortal('/dashboard/test');
        expect(await screen.findByRole('heading', { name: 'System check', level: 1 }, FIRST)).toBeTruthy();
        await waitFor(() => expect(screen.getByRole('button', { name: 'Run again' })).toHaveProperty('disabled', false), FIRST);
        expect(state('Reaching the server')).toBe('Reaching the server: OK');
        expect(state('Portal and server versions')).toBe('Portal and server versions: OK');
        expect(state("The phone's clock")).toBe("The phone's clock: OK");
        expect(state('Storage in this browser')).toBe('Storage in this browser: OK');
        expect(state('One tab at a time')).toBe('One tab at a time: OK');
        expect(state('Lock provider ZTE')).toBe('Lock provider ZTE: Warning');
        expect(
            screen.getByText('Simulated: no outside service is connected. 0 commands waiting, 2 refused in the last day.'),
        ).toBeTruthy();
        expect(
            screen.getByText('No gateway is connected: messages are kept in the outbox. No message yet; 3 in the last hour.'),
        ).toBeTruthy();
        expect(screen.queryByRole('switch')).toBeNull(); // the beta switches are test-beta's
    });

    it("warns of another server version and a clock 10 minutes off, and fails what the server's check could not say", async () => {
        signedInAs(['RUN_SYSTEM_CHECK']);
        next = answerOf({ version: '9.9.9', server_time: new Date(Date.now() + 10 * 60_000).toISOString() });
        const user = userEvent.setup();
        renderPortal('/dashboard/test');
        await waitFor(() => expect(state('Portal and server versions')).toBe('Portal and server versions: Warning'), FIRST);
        expect(screen.getByText(/the server 9\.9\.9: reload the page/)).toBeTruthy();
        expect(state("The phone's clock")).toBe("The phone's clock: Failed");
        expect(screen.getByText(/The phone's clock is (59\d|600) s behind the server's/)).toBeTruthy();

        next = 'refused';
        await user.click(screen.getByRole('button', { name: 'Run again' }));
        await waitFor(() => expect(state('Portal and server versions')).toBe('Portal and server versions: Failed'));
        expect(state('SMS gateway')).toBe('SMS gateway: Failed');
        expect(state('Reaching the server')).toBe('Reaching the server: OK');
    });

    it('is refused without RUN_SYSTEM_CHECK', async () => {
        signedInAs(['USE_BETA_FEATURES']);
        renderPortal('/dashboard/test');
        expect(await screen.findByRole('heading', { name: 'Access denied' }, FIRST)).toBeTruthy();
    });

    it('has its beta page refused without USE_BETA_FEATURES', async () => {
        signedInAs(['RUN_SYSTEM_CHECK']);
        renderPortal('/dashboard/test-beta');
        expect(await screen.findByRole('heading', { name: 'Access denied' }, FIRST)).toBeTruthy();
    });
});

/** The compact tables' rule is in the page's styles (read as rules: emotion inserts them into a sheet, tests/unit/support/styles.ts). */
const compactRule = () =>
    [...document.styleSheets]
        .flatMap(sheet => [...sheet.cssRules])
        .some(
            rule =>
                rule instanceof CSSStyleRule &&
                rule.selectorText.includes('.MuiTableCell-sizeSmall') &&
                rule.style.getPropertyValue('padding-top') === '2px',
        );

describe('the beta switches', () => {
    it('switch compact tables on for this user, kept for them alone', async () => {
        signedInAs(['RUN_SYSTEM_CHECK', 'USE_BETA_FEATURES'], { username: 'zanele' });
        const user = userEvent.setup();
        renderPortal('/dashboard/test-beta');
        const compact = await screen.findByRole('switch', { name: 'Compact tables' }, FIRST);
        expect(compactRule()).toBe(false);
        await user.click(compact);
        await waitFor(() => expect(compactRule()).toBe(true));
        expect(betaFeatures.read()).toEqual(['compact_tables']);
        signedInAs(['RUN_SYSTEM_CHECK', 'USE_BETA_FEATURES'], { username: 'someone-else' });
        expect(betaFeatures.read()).toEqual([]);
        signedInAs(['RUN_SYSTEM_CHECK', 'USE_BETA_FEATURES'], { username: 'zanele' });
        expect(betaFeatures.read()).toEqual(['compact_tables']);
    });

    it('change nothing for a user who no longer holds USE_BETA_FEATURES, whatever they chose', async () => {
        signedInAs(['RUN_SYSTEM_CHECK', 'USE_BETA_FEATURES'], { username: 'themba' });
        betaFeatures.set('compact_tables', true);
        signedInAs(['RUN_SYSTEM_CHECK'], { username: 'themba' });
        renderPortal('/dashboard/test');
        expect(await screen.findByRole('heading', { name: 'System check', level: 1 }, FIRST)).toBeTruthy();
        expect(betaFeatures.read()).toEqual(['compact_tables']);
        expect(compactRule()).toBe(false);
    });
});
