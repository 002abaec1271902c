/**
 * The schedule's rule (server/domain/lending/schedule.ts), pure: due dates from the first due
 * date the customer accepted, payments to the oldest instalment first, and the standing a day
 * finds. `today` plays the clock.
 */
import { describe, expect, it } from 'vitest';
import { instalmentsDueBy, scheduleOf, type ScheduleTerms } from '../../server/domain/lending/schedule';

const monthly = (firstDueDate: string, term = 4, instalment = 79): ScheduleTerms => ({
    instalment,
    term,
    period: 'monthly',
    firstDueDate,
});
const weekly = (firstDueDate: string, term = 4, instalment = 79): ScheduleTerms => ({
    instalment,
    term,
    period: 'weekly',
    firstDueDate,
});
const dates = (terms: ScheduleTerms) => scheduleOf(terms, 0, terms.firstDueDate).instalments.map(row => row.due_date);

describe('due dates', () => {
    it('keeps to a month’s end: 31 January → 28 (29) February → 31 March', () => {
        expect(dates(monthly('2025-01-31', 3))).toEqual(['2025-01-31', '2025-02-28', '2025-03-31']);
        expect(dates(monthly('2024-01-31', 3))).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
        // A first due date on a short month's last day is the day the customer was told: the 28th.
        expect(dates(monthly('2025-02-28', 3))).toEqual(['2025-02-28', '2025-03-28', '2025-04-28']);
    });

    it('keeps to the first due date’s day of the month, clipped to a shorter month’s end', () => {
        expect(dates(monthly('2025-01-31', 4))).toEqual(['2025-01-31', '2025-02-28', '2025-03-31', '2025-04-30']);
        expect(dates(monthly('2024-01-31', 3))).toEqual(['2024-01-31', '2024-02-29', '2024-03-31']);
        expect(dates(monthly('2024-11-30', 4))).toEqual(['2024-11-30', '2024-12-30', '2025-01-30', '2025-02-28']);
    });

    it('counts a leap day as a due date and falls back to 28 February in other years', () => {
        expect(dates(monthly('2024-02-29', 3))).toEqual(['2024-02-29', '2024-03-29', '2024-04-29']);
        expect(dates({ ...monthly('2023-02-28', 13) }).slice(11)).toEqual(['2024-01-28', '2024-02-28']);
        expect(dates(monthly('2024-01-29', 14)).slice(12)).toEqual(['2025-01-29', '2025-02-28']);
        // Weekly across a leap day: seven days each, 29 February counted.
        expect(dates(weekly('2024-02-22', 3))).toEqual(['2024-02-22', '2024-02-29', '2024-03-07']);
    });

    it('pays weekly every seven days across months and years', () => {
        expect(dates(weekly('2025-12-24', 3))).toEqual(['2025-12-24', '2025-12-31', '2026-01-07']);
    });

    it('counts the instalments due by a day: none before the first, the term at most', () => {
        const terms = monthly('2025-01-31', 3);
        expect(instalmentsDueBy(terms, '2025-01-30')).toBe(0);
        expect(instalmentsDueBy(terms, '2025-01-31')).toBe(1);
        expect(instalmentsDueBy(terms, '2025-02-27')).toBe(1);
        expect(instalmentsDueBy(terms, '2025-02-28')).toBe(2);
        expect(instalmentsDueBy(terms, '2030-01-01')).toBe(3);
    });
});

describe('standing', () => {
    it('is overdue by what fell due before today, counted from the oldest unpaid instalment', () => {
        // 79 a month from 23 October; on 2 December two fell due (23 Oct, 23 Nov), nothing paid.
        const { standing, instalments } = scheduleOf(monthly('2025-10-23', 6), 0, '2025-12-02');
        expect(standing).toEqual({
            amount_overdue: 158,
            days_overdue: 40,
            oldest_unpaid_due: '2025-10-23',
            next_due: { date: '2025-12-23', amount: 79 },
            paid_to_date: 0,
        });
        expect(instalments.map(row => row.status)).toEqual([
            'overdue',
            'overdue',
            'upcoming',
            'upcoming',
            'upcoming',
            'upcoming',
        ]);
    });

    it('allocates a part payment to the oldest instalment first', () => {
        const { standing, instalments } = scheduleOf(weekly('2025-11-03', 4, 100), 130.5, '2025-11-12');
        expect(instalments.slice(0, 3).map(({ paid, outstanding, status }) => ({ paid, outstanding, status }))).toEqual([
            { paid: 100, outstanding: 0, status: 'paid' },
            { paid: 30.5, outstanding: 69.5, status: 'overdue' },
            { paid: 0, outstanding: 100, status: 'upcoming' },
        ]);
        expect(standing).toMatchObject({
            amount_overdue: 69.5,
            days_overdue: 2,
            oldest_unpaid_due: '2025-11-10',
            next_due: { date: '2025-11-17', amount: 100 },
            paid_to_date: 130.5,
        });
    });

    it('counts an instalment due today as next, not overdue', () => {
        const { standing, instalments } = scheduleOf(weekly('2025-11-03', 4, 100), 150, '2025-11-10');
        expect(instalments[1]).toMatchObject({ status: 'due', outstanding: 50 });
        expect(standing).toMatchObject({ amount_overdue: 0, days_overdue: 0, next_due: { date: '2025-11-10', amount: 50 } });
    });

    it('takes a payment before the first due date against the first instalment', () => {
        const { standing, instalments } = scheduleOf(monthly('2025-12-15', 3, 79), 40, '2025-12-01');
        expect(instalments[0]).toMatchObject({ paid: 40, outstanding: 39, status: 'part_paid' });
        expect(standing).toEqual({
            amount_overdue: 0,
            days_overdue: 0,
            oldest_unpaid_due: '2025-12-15',
            next_due: { date: '2025-12-15', amount: 39 },
            paid_to_date: 40,
        });
    });

    it('pays ahead: the next instalment not paid in full is the next due', () => {
        const { standing } = scheduleOf(monthly('2025-10-01', 6, 79), 79 * 3, '2025-10-20');
        expect(standing).toMatchObject({
            amount_overdue: 0,
            oldest_unpaid_due: '2026-01-01',
            next_due: { date: '2026-01-01', amount: 79 },
        });
    });

    it('is paid off early, with nothing overdue or next, and keeps an overpayment only in paid to date', () => {
        const early = scheduleOf(monthly('2025-10-01', 3, 79), 237, '2025-10-05');
        expect(early.instalments.every(row => row.status === 'paid' && row.outstanding === 0)).toBe(true);
        expect(early.standing).toEqual({
            amount_overdue: 0,
            days_overdue: 0,
            oldest_unpaid_due: null,
            next_due: null,
            paid_to_date: 237,
        });
        const over = scheduleOf(monthly('2025-10-01', 3, 79), 300, '2026-06-01');
        expect(over.instalments.map(row => row.paid)).toEqual([79, 79, 79]);
        expect(over.standing).toMatchObject({ amount_overdue: 0, next_due: null, paid_to_date: 300 });
    });

    it('adds up to the cent whatever the amounts', () => {
        const { instalments, standing } = scheduleOf(weekly('2025-01-06', 3, 33.33), 33.34, '2025-02-01');
        expect(instalments.map(row => row.outstanding)).toEqual([0, 33.32, 33.33]);
        expect(standing.amount_overdue).toBe(66.65);
    });

    it('treats reversals that outweigh the payments as nothing paid', () => {
        const { standing } = scheduleOf(weekly('2025-01-06', 2, 50), -20, '2025-01-07');
        expect(standing).toMatchObject({ amount_overdue: 50, days_overdue: 1, paid_to_date: 0 });
    });
});
