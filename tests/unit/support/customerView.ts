/**
 * Thandi's customer view showing the loans a test sets, for the files about what the view says of
 * a loan: the view's limits and loans answered from `view.shown` (emptied after each test) beside
 * the file's own answers, and the view opened as a staff member holding the given roles.
 */
import { screen } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { afterEach } from 'vitest';
import { customerLimits, customerLoans, type ScheduledLoan } from '../../../contract/customers';
import { customerStore } from '../../../src/lib/customerStore';
import { answer, contractServer } from './contractHandlers';
import { limits, thandi } from './customerFixtures';
import { renderPortal, signedInAs } from './portal';

export const customerViewServer = (...more: RequestHandler[]) => {
    const view = { shown: [] as ScheduledLoan[] };
    contractServer(
        answer(customerLimits, { ...limits }),
        answer(customerLoans, () => ({ data: view.shown, pending_requests: [] })),
        ...more,
    );
    afterEach(() => {
        view.shown = [];
    });
    return view;
};

/** Opens the view with these roles, in English unless told, and answers its loans' region (named `title`). */
export const openCustomerView = async (roles: string[], i18n?: Parameters<typeof renderPortal>[1], title = 'Loans') => {
    signedInAs(roles);
    customerStore.save('staff', { customer: thandi, order: null });
    renderPortal('/dashboard/customers/view', i18n);
    return screen.findByRole('region', { name: title });
};
