/**
 * The loan card's actions are one table (customers/actions/LoanActions.tsx): which of them a loan's
 * state offers, in the card's order. Who sees each (its gate) is the permissions map's, tested there.
 */
import { describe, expect, it } from 'vitest';
import type { Loan } from '../../contract/customers';
import { LOAN_ACTIONS } from '../../src/resources/customers/actions/LoanActions';
import { activeLoan, device } from './support/customerFixtures';

const offered = (loan: Loan) => LOAN_ACTIONS.filter(action => action.offered(loan, loan.device)).map(action => action.key);

describe('the loan card offers', () => {
    it('on an active loan with its phone working: a lock and the three requests', () => {
        expect(offered(activeLoan())).toEqual(['lock', 'deactivate', 'imei_change', 'transfer']);
    });

    it('on an active loan with its phone locked: the unlock and an offline PIN before the requests', () => {
        const loan = activeLoan({ device: device({ state: 'locked', confirmed_state: 'locked' }) });
        expect(offered(loan)).toEqual(['unlock', 'offline_pin', 'deactivate', 'imei_change', 'transfer']);
    });

    it('no command while one waits for the lock provider, and no IMEI change without a device', () => {
        expect(offered(activeLoan({ device: device({ requested_state: 'locked', state: 'locking' }) }))).toEqual([
            'deactivate',
            'imei_change',
            'transfer',
        ]);
        expect(offered(activeLoan({ device: null }))).toEqual(['deactivate', 'transfer']);
    });

    it('on a Vivo sale awaiting its lock: the customer code first, the activation once authorised', () => {
        const vivo = { status: 'awaiting_lock', lock_solution: 'vivo' } as const;
        expect(offered(activeLoan({ ...vivo, device: device({ lock_solution: 'vivo' }) }))).toEqual(['vivo']);
        expect(offered(activeLoan({ ...vivo, device: device({ lock_solution: 'vivo', vivo_authorized: true }) }))).toEqual([
            'activate',
        ]);
    });

    it('on a paid-off loan: the release; on a sale not gone through: cancelling it', () => {
        expect(offered(activeLoan({ status: 'completed', balance: 0 }))).toEqual(['release']);
        expect(offered(activeLoan({ status: 'draft', device: null }))).toEqual(['cancel']);
        expect(offered(activeLoan({ status: 'awaiting_deposit' }))).toEqual(['cancel']);
    });
});
