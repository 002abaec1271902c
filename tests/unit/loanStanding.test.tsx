/**
 * What the customer view tells the counter about a loan: its standing in words
 * in each case (overdue with the next due, overdue with nothing more to fall due, up to date, due
 * today, not started, paid off), why a locked phone is locked and what payment unlocks it, in
 * English, Swahili and Portuguese with the reader's number format; and the schedule as a table,
 * or as cards on a phone, beside the statement.
 */
import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
    checkInsurance,
    depositTransactions,
    loanStatements,
    qualifiedDevices,
    type ScheduledLoan,
} from '../../contract/customers';
import type { InstalmentStatus, LoanStandingRecord, ScheduledInstalmentRecord } from '../../contract/lending';
import { createI18nProvider } from '../../src/i18n';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { answer } from './support/contractHandlers';
import { activeLoan, deposits, device, noPhones } from './support/customerFixtures';
import { renderPortal } from './support/portal';
import { customerViewServer, openCustomerView } from './support/customerView';
import { waitLongerInThisFile } from './support/waits';

const view = customerViewServer(
    answer(depositTransactions, deposits),
    answer(qualifiedDevices, noPhones),
    answer(loanStatements, () => ({
        loan_reference: 'LPP-100007',
        currency: 'ZAR' as const,
        price: 916,
        deposit: 600,
        financed: 300,
        cash_price: 900,
        cost_of_credit: 16,
        instalment: 79,
        instalment_period: 'monthly' as const,
        term: 4,
        first_due_date: '2026-10-23',
        balance: 237,
        status: 'active' as const,
        entries: [
            { date: '2026-10-23T08:00:00.000Z', reference: 'MP-1', kind: 'instalment' as const, amount: 79, balance_after: 237 },
        ],
    })),
    answer(checkInsurance, () => ({
        loan_reference: 'LPP-100007',
        insured: false,
        status: 'none' as const,
        insurer: null,
        policy_number: null,
        premium: null,
        currency: 'ZAR' as const,
        cover_until: null,
    })),
);

waitLongerInThisFile();

const SELLER = ['FIND_CUSTOMER', 'VIEW_CUSTOMER_LOANS', 'ADD_LOAN', 'VIEW_CUSTOMERS_QUALIFIED_PHONES'];

/** Four monthly instalments of 79 from 23 October 2026, with what each was paid and its status. */
const schedule = (rows: [paid: number, status: InstalmentStatus][]): ScheduledInstalmentRecord[] =>
    rows.map(([paid, status], index) => ({
        number: index + 1,
        due_date: ['2026-10-23', '2026-11-23', '2026-12-23', '2027-01-23'][index] ?? '',
        amount: 79,
        paid,
        outstanding: 79 - paid,
        status,
    }));

const loanWith = (standing: LoanStandingRecord, rows: [number, InstalmentStatus][], change: Partial<ScheduledLoan> = {}) =>
    activeLoan({ instalment: 79, instalment_period: 'monthly', term: 4, standing, schedule: schedule(rows), ...change });

/** Two instalments overdue (23 October, 23 November), nothing paid, on 2 December. */
const OVERDUE = loanWith(
    {
        amount_overdue: 158,
        days_overdue: 40,
        oldest_unpaid_due: '2026-10-23',
        next_due: { date: '2026-12-23', amount: 79 },
        paid_to_date: 0,
    },
    [
        [0, 'overdue'],
        [0, 'overdue'],
        [0, 'upcoming'],
        [0, 'upcoming'],
    ],
);

const openView = async (loans: ScheduledLoan[], i18n?: Parameters<typeof renderPortal>[1], title = 'Loans') => {
    view.shown = loans;
    const section = await openCustomerView(SELLER, i18n, title);
    return { section, card: (await within(section).findByText(/^LPP-100007 ·/)).closest('li') as HTMLElement };
};

const standingOf = (card: HTMLElement) => within(card).getByTestId('loan-standing').textContent?.replace(/\s/g, ' ');
const lockReasonOf = (card: HTMLElement) => within(card).queryByTestId('loan-lock-reason')?.textContent?.replace(/\s/g, ' ');

describe("a loan's standing in words", () => {
    it('overdue: how much, for how long, and the next instalment', async () => {
        const { card } = await openView([OVERDUE]);
        expect(standingOf(card)).toBe('ZAR 158.00 overdue for 40 days; next ZAR 79.00 due December 23');
        expect(lockReasonOf(card)).toBeUndefined();
    });

    it('overdue by one day, with the last instalment: nothing more falls due', async () => {
        const { card } = await openView([
            loanWith(
                { amount_overdue: 40, days_overdue: 1, oldest_unpaid_due: '2027-01-23', next_due: null, paid_to_date: 276 },
                [
                    [79, 'paid'],
                    [79, 'paid'],
                    [79, 'paid'],
                    [39, 'overdue'],
                ],
            ),
        ]);
        expect(standingOf(card)).toBe('ZAR 40.00 overdue for 1 day; nothing more falls due');
    });

    it('overdue with an instalment due today: says today, not a date', async () => {
        const { card } = await openView([
            loanWith(
                {
                    amount_overdue: 79,
                    days_overdue: 31,
                    oldest_unpaid_due: '2026-10-23',
                    next_due: { date: '2026-11-23', amount: 79 },
                    paid_to_date: 0,
                },
                [
                    [0, 'overdue'],
                    [0, 'due'],
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                ],
            ),
        ]);
        expect(standingOf(card)).toBe('ZAR 79.00 overdue for 31 days; ZAR 79.00 more due today');
    });

    it('up to date: the next instalment and what it still asks', async () => {
        const { card } = await openView([
            loanWith(
                {
                    amount_overdue: 0,
                    days_overdue: 0,
                    oldest_unpaid_due: '2026-11-23',
                    next_due: { date: '2026-11-23', amount: 49 },
                    paid_to_date: 109,
                },
                [
                    [79, 'paid'],
                    [30, 'part_paid'],
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                ],
            ),
        ]);
        expect(standingOf(card)).toBe('Up to date; next ZAR 49.00 due November 23');
    });

    it('up to date with an instalment due today', async () => {
        const { card } = await openView([
            loanWith(
                {
                    amount_overdue: 0,
                    days_overdue: 0,
                    oldest_unpaid_due: '2026-11-23',
                    next_due: { date: '2026-11-23', amount: 79 },
                    paid_to_date: 79,
                },
                [
                    [79, 'paid'],
                    [0, 'due'],
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                ],
            ),
        ]);
        expect(standingOf(card)).toBe('Up to date; ZAR 79.00 due today');
    });

    it('not started: nothing due yet, the first instalment and its day', async () => {
        const { card } = await openView([
            loanWith(
                {
                    amount_overdue: 0,
                    days_overdue: 0,
                    oldest_unpaid_due: '2026-10-23',
                    next_due: { date: '2026-10-23', amount: 79 },
                    paid_to_date: 0,
                },
                [
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                ],
                { status: 'awaiting_lock' },
            ),
        ]);
        expect(standingOf(card)).toBe('No instalment due yet; the first, ZAR 79.00, is due October 23');
    });

    it('paid off: every instalment paid, and what was paid', async () => {
        const { card } = await openView([
            loanWith(
                { amount_overdue: 0, days_overdue: 0, oldest_unpaid_due: null, next_due: null, paid_to_date: 316 },
                [
                    [79, 'paid'],
                    [79, 'paid'],
                    [79, 'paid'],
                    [79, 'paid'],
                ],
                { status: 'completed', balance: 0 },
            ),
        ]);
        expect(standingOf(card)).toBe('All 4 instalments paid (ZAR 316.00)');
    });

    it('says nothing of a schedule for a sale not paid yet', async () => {
        const { card } = await openView([activeLoan({ status: 'awaiting_deposit', standing: null, schedule: [] })]);
        expect(within(card).queryByTestId('loan-standing')).toBeNull();
        expect(within(card).getByText(/the deposit of ZAR\s600\.00 is due/)).toBeTruthy();
    });
});

describe('a locked phone', () => {
    it('says it is locked for the arrears and that paying them unlocks it', async () => {
        const { card } = await openView([{ ...OVERDUE, device: device({ state: 'locked', confirmed_state: 'locked' }) }]);
        expect(lockReasonOf(card)).toBe('Locked: ZAR 158.00 overdue. Paying ZAR 158.00 unlocks it.');
    });

    it('with nothing overdue, says no payment is needed', async () => {
        const { card } = await openView([
            loanWith(
                {
                    amount_overdue: 0,
                    days_overdue: 0,
                    oldest_unpaid_due: '2026-12-23',
                    next_due: { date: '2026-12-23', amount: 79 },
                    paid_to_date: 158,
                },
                [
                    [79, 'paid'],
                    [79, 'paid'],
                    [0, 'upcoming'],
                    [0, 'upcoming'],
                ],
                { device: device({ state: 'locked', confirmed_state: 'locked' }) },
            ),
        ]);
        expect(lockReasonOf(card)).toBe('Locked, with nothing overdue now: no payment is needed to unlock it.');
    });

    it('locked by staff: says so, and that paying alone does not unlock it', async () => {
        const { card } = await openView([
            { ...OVERDUE, device: device({ state: 'locked', confirmed_state: 'locked', lock_reason: 'staff' }) },
        ]);
        expect(lockReasonOf(card)).toBe('Locked by staff: only staff can unlock it, paying alone does not.');
    });

    it('locked for arrears now paid: says the unlock is on its way, not that a payment is needed', async () => {
        const paid = loanWith(
            {
                amount_overdue: 0,
                days_overdue: 0,
                oldest_unpaid_due: '2026-12-23',
                next_due: { date: '2026-12-23', amount: 79 },
                paid_to_date: 158,
            },
            [
                [79, 'paid'],
                [79, 'paid'],
                [0, 'upcoming'],
                [0, 'upcoming'],
            ],
        );
        const { card } = await openView([
            { ...paid, device: device({ state: 'locked', confirmed_state: 'locked', lock_reason: 'arrears' }) },
        ]);
        expect(lockReasonOf(card)).toBe("Unlocking: the phone's unlock is on its way.");
    });

    it('an unlock asked for and not yet confirmed: says it is on its way', async () => {
        const unlocking = device({
            state: 'unlocking',
            requested_state: 'active',
            confirmed_state: 'locked',
            lock_reason: 'arrears',
        });
        const { card } = await openView([{ ...OVERDUE, device: unlocking }]);
        expect(lockReasonOf(card)).toBe("Unlocking: the phone's unlock is on its way.");
    });

    it('in Swahili, with its number format', async () => {
        const locked = { ...OVERDUE, device: device({ state: 'locked', confirmed_state: 'locked' }) };
        const swahili = await openView([locked], createI18nProvider('sw', sw), 'Mikopo');
        expect(standingOf(swahili.card)).toBe(
            'Malimbikizo ya ZAR 158.00 ya siku 40; awamu ijayo ya ZAR 79.00 ni tarehe 23 Desemba',
        );
        expect(lockReasonOf(swahili.card)).toBe('Imefungwa: malimbikizo ya ZAR 158.00. Kulipa ZAR 158.00 kunaifungua.');
    });

    it('in Portuguese, with a decimal comma', async () => {
        const locked = { ...OVERDUE, device: device({ state: 'locked', confirmed_state: 'locked' }) };
        const portuguese = await openView([locked], createI18nProvider('pt', pt), 'Empréstimos');
        expect(standingOf(portuguese.card)).toBe(
            'ZAR 158,00 em atraso há 40 dias; a próxima prestação, de ZAR 79,00, vence a 23 de dezembro',
        );
        expect(lockReasonOf(portuguese.card)).toBe('Bloqueado: ZAR 158,00 em atraso. Pagar ZAR 158,00 desbloqueia-o.');
    });
});

describe('a phone locked by staff or unlocking, in Swahili and Portuguese', () => {
    const byStaff = { ...OVERDUE, device: device({ state: 'locked', confirmed_state: 'locked', lock_reason: 'staff' }) };
    const unlocking = {
        ...OVERDUE,
        device: device({ state: 'unlocking', requested_state: 'active', confirmed_state: 'locked', lock_reason: 'arrears' }),
    };

    it.each([
        ['sw', 'staff', 'Imefungwa na wafanyakazi: ni wafanyakazi pekee wanaoweza kuifungua, kulipa peke yake hakuifungui.'],
        ['sw', 'unlocking', 'Inafunguliwa: ombi la kuifungua simu limetumwa na litatekelezwa punde.'],
        ['pt', 'staff', 'Bloqueado pela equipa: só a equipa o pode desbloquear; pagar, por si só, não basta.'],
        ['pt', 'unlocking', 'A desbloquear: o pedido de desbloqueio já foi enviado ao telefone.'],
    ] as const)('in %s, %s', async (locale, phone, words) => {
        const i18n = locale === 'sw' ? createI18nProvider('sw', sw) : createI18nProvider('pt', pt);
        const { card } = await openView(
            [phone === 'staff' ? byStaff : unlocking],
            i18n,
            locale === 'sw' ? 'Mikopo' : 'Empréstimos',
        );
        expect(lockReasonOf(card)).toBe(words);
    });
});

describe("a loan's schedule", () => {
    const PART_PAID = loanWith(
        {
            amount_overdue: 49,
            days_overdue: 9,
            oldest_unpaid_due: '2026-11-23',
            next_due: { date: '2026-12-23', amount: 79 },
            paid_to_date: 109,
        },
        [
            [79, 'paid'],
            [30, 'overdue'],
            [0, 'upcoming'],
            [0, 'upcoming'],
        ],
    );

    it('is a table of each instalment, with a status, beside the statement', async () => {
        const { card } = await openView([PART_PAID]);
        await userEvent.setup().click(within(card).getByRole('button', { name: 'Schedule, statement and insurance' }));
        const table = await within(card).findByRole('table', { name: 'Schedule' });
        const rows = within(table)
            .getAllByRole('row')
            .map(row => [...row.querySelectorAll('th, td')].map(cell => cell.textContent?.replace(/\s/g, ' ')));
        expect(rows).toEqual([
            ['No.', 'Due date', 'Amount', 'Paid', 'Outstanding', 'Status'],
            ['1', 'Oct 23, 2026', 'ZAR 79.00', 'ZAR 79.00', 'ZAR 0.00', 'Paid'],
            ['2', 'Nov 23, 2026', 'ZAR 79.00', 'ZAR 30.00', 'ZAR 49.00', 'Overdue'],
            ['3', 'Dec 23, 2026', 'ZAR 79.00', 'ZAR 0.00', 'ZAR 79.00', 'Upcoming'],
            ['4', 'Jan 23, 2027', 'ZAR 79.00', 'ZAR 0.00', 'ZAR 79.00', 'Upcoming'],
        ]);
        // The statement is still there, beside it.
        expect(await within(card).findByRole('table', { name: 'Statement' })).toBeTruthy();
    });

    describe('on a phone', () => {
        const original = window.matchMedia;
        beforeEach(() => {
            window.matchMedia = (query: string) =>
                ({
                    matches: query.includes('max-width'),
                    media: query,
                    onchange: null,
                    addEventListener: () => undefined,
                    removeEventListener: () => undefined,
                    addListener: () => undefined,
                    removeListener: () => undefined,
                    dispatchEvent: () => false,
                }) as MediaQueryList;
        });
        afterEach(() => {
            window.matchMedia = original;
        });

        it('is a card per instalment', async () => {
            const { card } = await openView([PART_PAID]);
            await userEvent.setup().click(within(card).getByRole('button', { name: 'Schedule, statement and insurance' }));
            const schedule = await within(card).findByRole('region', { name: 'Schedule' });
            expect(within(schedule).queryByRole('table')).toBeNull();
            const second = within(schedule).getByRole('listitem', { name: 'Instalment 2' });
            expect(within(second).getByText('Overdue')).toBeTruthy();
            expect(within(second).getByText(/ZAR\s49\.00/)).toBeTruthy();
            expect(within(schedule).getAllByRole('listitem')).toHaveLength(4);
        });
    });
});
