/**
 * Readable offline (issue 24): the customer the user last opened and the sale in progress are
 * shown from what this phone kept, marked as kept from before, instead of an error; the sale
 * resumes from the server's answer once the connection is back.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallResponse } from '../../contract/define';
import { loanProgress } from '../../contract/origination';
import en from '../../src/i18n/en';
import { customerStore } from '../../src/lib/customerStore';
import { loanStore } from '../../src/lib/loanStore';
import { answer, contractServer } from './support/contractHandlers';
import { thandi } from './support/customerFixtures';
import { BUYER_MSISDN, buyer, LOAN_REFERENCE, saleLoan } from './support/loanWizardFixtures';
import { browserNetwork } from './support/network';
import { renderPortal, signedInAs } from './support/portal';
import { waitLongInThisFile } from './support/waits';

const outboxWords = (en as unknown as { outbox: Record<string, string> }).outbox;

const asked: string[] = [];
const progress: CallResponse<typeof loanProgress> = {
    loan: saleLoan({ status: 'draft' }),
    customer: buyer,
    step: 'otp',
    customer_otp_verified: false,
    agent_otp_verified: false,
    codes: { customer: null, agent: null },
    deposit: null,
};
contractServer(
    answer(loanProgress, () => {
        asked.push('loanProgress');
        return progress;
    }),
);

const network = browserNetwork({ startOnline: false });

waitLongInThisFile();
afterEach(() => {
    asked.length = 0;
    localStorage.clear();
});

describe('offline, after a reload', () => {
    it('the customer view shows the customer kept on this phone, marked as kept from before', async () => {
        signedInAs(['FIND_CUSTOMER_FIELDAGENT']);
        customerStore.save('fieldagent', { customer: thandi, order: null });
        renderPortal('/dashboard/fieldagent/customers/view');
        expect(await screen.findByRole('heading', { name: 'Thandi Mokoena', level: 1 })).toBeTruthy();
        expect(screen.getByTestId('kept-from-before').textContent).toBe(outboxWords.kept_before);
    });

    it('the wizard shows the sale kept on this phone, then resumes it from the server once back online', async () => {
        signedInAs(['ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES', 'FIND_CUSTOMER_FIELDAGENT']);
        loanStore.setCustomer('fieldagent', BUYER_MSISDN, buyer);
        loanStore.setLoanReference('fieldagent', BUYER_MSISDN, LOAN_REFERENCE);
        renderPortal('/dashboard/fieldagent/customers/add-loan');
        const kept = await screen.findByTestId('kept-sale');
        expect(within(kept).getByRole('status').textContent).toBe(outboxWords.kept_before);
        expect(within(kept).getByText(LOAN_REFERENCE)).toBeTruthy();
        expect(within(kept).getByText(`${buyer.first_name} ${buyer.last_name} · ${buyer.msisdn}`)).toBeTruthy();
        expect(asked).toEqual([]);

        network.goOnline();
        await userEvent.setup().click(within(kept).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('This sale was in progress: it carries on where it stands.')).toBeTruthy();
        expect(asked.length).toBeGreaterThan(0);
    });
});
