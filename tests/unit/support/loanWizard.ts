/**
 * The add-loan wizard as its tests open it (loanWizard*.test.tsx): a seller of the shop at the
 * customer step, the customer's number given. A file that runs the wizard takes the long waits and
 * object URLs for the documents' thumbnails (`wizardInThisFile`).
 */
import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { beforeAll, vi } from 'vitest';
import { BUYER_MSISDN, SHOP } from './loanWizardFixtures';
import { renderPortal, signedInAs } from './portal';
import { waitLongInThisFile } from './waits';

/** What a seller holds to make a sale. */
export const SELLER_ROLES = ['ADD_LOAN', 'FIND_CUSTOMER', 'VIEW_CUSTOMERS_QUALIFIED_PHONES'];

/**
 * A sale passes several steps, each loaded on demand: the long waits for this file. jsdom makes no
 * object URLs: the thumbnails get one each.
 */
export const wizardInThisFile = () => {
    waitLongInThisFile();
    beforeAll(() => {
        Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    });
};

/** A seller of the shop signed in, the wizard open at its first step. */
export const openWizard = async (roles = SELLER_ROLES, path = '/dashboard/customers/add-loan'): Promise<UserEvent> => {
    signedInAs(roles, { shop: SHOP });
    const user = userEvent.setup();
    renderPortal(path);
    await screen.findByRole('heading', { level: 2, name: 'Who is buying?' });
    return user;
};

/** The customer step: the type when told, the number, Next. */
export const customerStep = async (user: UserEvent, msisdn = BUYER_MSISDN, type?: 'Business customer') => {
    if (type) await user.click(screen.getByRole('radio', { name: type }));
    await user.type(screen.getByRole('textbox', { name: /phone number/ }), msisdn);
    await user.click(screen.getByRole('button', { name: 'Next' }));
};
