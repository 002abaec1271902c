import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useEffect } from 'react';
import { AdminContext, memoryStore, testDataProvider, useGetOne, useNotify, type DataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { I18nContextProvider } from '../../src/i18n/context';
import { AppErrorBoundary, ErrorPage } from '../../src/layout/ErrorPage';
import { LoadingIndicator } from '../../src/layout/Layout';
import { NotificationBridge } from '../../src/layout/NotificationBridge';
import { Toasts } from '../../src/layout/Toasts';
import { lazyPage } from '../../src/lib/lazyPage';
import { englishI18n } from './support/portal';

const inAdmin = (children: React.ReactNode, dataProvider?: DataProvider) => {
    const i18n = englishI18n();
    return render(
        <I18nContextProvider i18n={i18n}>
            <AdminContext i18nProvider={i18n} store={memoryStore()} dataProvider={dataProvider}>
                {children}
            </AdminContext>
        </I18nContextProvider>,
    );
};

const FiveNotices = () => {
    const notify = useNotify();
    useEffect(() => {
        for (let i = 1; i <= 5; i++) notify(`Notice ${i}`, { type: 'info' });
    }, [notify]);
    return null;
};

describe('toasts', () => {
    it('shows at most three at once; the next one comes when one closes', async () => {
        const user = userEvent.setup();
        inAdmin(
            <>
                <FiveNotices />
                <NotificationBridge />
                <Toasts />
            </>,
        );
        await waitFor(() => expect(screen.getAllByRole('status')).toHaveLength(3));
        expect(screen.getAllByRole('status').map(toast => toast.textContent)).toEqual(['Notice 1', 'Notice 2', 'Notice 3']);
        await user.click(within(screen.getAllByRole('status')[0]!).getByRole('button', { name: /close/i }));
        await waitFor(() => expect(screen.getByText('Notice 4')).toBeTruthy());
        expect(screen.queryByText('Notice 1')).toBeNull();
        expect(screen.getAllByRole('status')).toHaveLength(3);
    });
});

const NeverAnswered = () => {
    useGetOne('users', { id: 1 });
    return null;
};

describe('the loading indicator in the top bar', () => {
    it('names its spinner while something loads, so a screen reader hears what it is', async () => {
        const never = () => new Promise<never>(() => undefined);
        inAdmin(
            <>
                <LoadingIndicator />
                <NeverAnswered />
            </>,
            { ...testDataProvider(), getOne: never },
        );
        expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    });
});

describe('the error pages', () => {
    it('names a script chunk that failed to load, says why, and offers the reload a new release offers', async () => {
        const Broken = lazyPage(() => Promise.reject(new Error('network down')));
        inAdmin(
            <AppErrorBoundary fallback={error => <ErrorPage error={error} />}>
                <Suspense fallback="loading">
                    <Broken />
                </Suspense>
            </AppErrorBoundary>,
        );
        expect((await screen.findByRole('heading')).textContent).toMatch(/^Loading chunk \d+ failed$/);
        expect(screen.getByText(/^Part of the portal could not be loaded/)).toBeTruthy();
        // The same words as layout/UpdatePrompt.tsx's button: a missing chunk is most often one a new release replaced.
        expect(screen.getByRole('button', { name: 'Reload to update' })).toBeTruthy();
    });

    it('gives up on a chunk that takes longer than its timeout', async () => {
        const Slow = lazyPage(() => new Promise<never>(() => undefined), 50);
        inAdmin(
            <AppErrorBoundary fallback={error => <ErrorPage error={error} />}>
                <Suspense fallback="loading">
                    <Slow />
                </Suspense>
            </AppErrorBoundary>,
        );
        expect((await screen.findByRole('heading')).textContent).toMatch(/^Loading chunk \d+ failed$/);
    });

    it("says 'Unexpected Application Error!' with the message of anything else", async () => {
        const Crash = () => {
            throw new Error('boom');
        };
        await act(async () => {
            inAdmin(
                <AppErrorBoundary fallback={error => <ErrorPage error={error} />}>
                    <Crash />
                </AppErrorBoundary>,
            );
        });
        expect(screen.getByRole('heading').textContent).toBe('Unexpected Application Error!');
        expect(screen.getByText('boom')).toBeTruthy();
    });
});
