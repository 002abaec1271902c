/**
 * The schedule's SQL arithmetic (server/domain/lending/scheduleSql.ts, which analytics counts
 * with) agrees with the schedule itself (server/domain/lending/schedule.ts) on how many
 * instalments fell due by a day, for a spread of loans and days run on the test database: month
 * ends, leap days, weekly and monthly, days before the first due date and after the last.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../server/domain/analytics/scope';
import { instalmentsDueBy as dueByTs, type ScheduleTerms } from '../../server/domain/lending/schedule';
import { instalmentsDueBy, lastDueOn, SCHEDULE_COLUMNS, scheduleOfLoan } from '../../server/domain/lending/scheduleSql';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
    server = await startTestServer();
});

afterAll(async () => {
    await server.close();
});

/** First due dates around month ends, leap days and the turn of a year. */
const FIRST_DUE = [
    '2024-01-28',
    '2024-01-29',
    '2024-01-30',
    '2024-01-31',
    '2024-02-29',
    '2023-12-31',
    '2025-01-31',
    '2025-02-28',
    '2025-04-30',
    '2025-03-15',
    '2025-10-23',
    '2025-12-01',
];
const LOANS: ScheduleTerms[] = FIRST_DUE.flatMap((firstDueDate, index) => [
    { firstDueDate, period: 'monthly' as const, term: 3 + (index % 4) * 3, instalment: 79 },
    { firstDueDate, period: 'weekly' as const, term: 4 + index * 2, instalment: 25 },
]);

/** Every day from `from` for `count` days (YYYY-MM-DD). */
const daysFrom = (from: string, count: number) =>
    Array.from({ length: count }, (_, index) =>
        new Date(Date.parse(`${from}T00:00:00Z`) + index * 86_400_000).toISOString().slice(0, 10),
    );

const loanRows = sql.join(
    LOANS.map((loan, index) => sql`(${index}::int, ${loan.period}::text, ${loan.firstDueDate}::date, ${loan.term}::int)`),
    sql`, `,
);
/** The loans as rows `x` with the schedule's columns, as analytics selects them from `loans`. */
const LOANS_X = sql`(SELECT v.n, v.term, ${SCHEDULE_COLUMNS}
    FROM (VALUES ${loanRows}) AS v (n, instalment_period, first_due_date, term)
    CROSS JOIN LATERAL (SELECT v.instalment_period, v.first_due_date) AS l) x`;
/** The same loans as rows `v` of their own columns, as the collections queue reads `loans`. */
const LOANS_V = sql`(VALUES ${loanRows}) AS v (n, instalment_period, first_due_date, term)`;
const OF_V = scheduleOfLoan({
    instalmentPeriod: sql`v.instalment_period`,
    firstDueDate: sql`v.first_due_date`,
    term: sql`v.term`,
});

// Around the leap day of 2024, the turn of the year and the month ends of 2025.
const DAYS = [
    ...daysFrom('2023-12-25', 80),
    ...daysFrom('2024-12-28', 10),
    ...daysFrom('2025-02-25', 8),
    '2025-03-30',
    '2025-03-31',
    '2025-04-29',
    '2025-04-30',
    '2025-05-31',
    '2025-11-22',
    '2025-11-23',
    '2025-12-02',
    '2026-06-30',
    '2027-01-01',
];

describe('the schedule in SQL', () => {
    it.each([
        [
            'on a row of the schedule columns (analytics, the lending job)',
            (day: string) => sql`SELECT x.n, ${instalmentsDueBy(day)} AS due FROM ${LOANS_X} ORDER BY x.n`,
        ],
        [
            "on a loan's own columns (the collections queue's amount overdue)",
            (day: string) => sql`SELECT v.n, ${instalmentsDueBy(day, OF_V)} AS due FROM ${LOANS_V} ORDER BY v.n`,
        ],
    ])('counts the instalments due by a day (a day given as a value) as the schedule does, %s', async (_form, query) => {
        const mismatches: string[] = [];
        for (const day of DAYS) {
            const rows = await selectRows<{ n: number; due: number }>(server.db, query(day));
            expect(rows).toHaveLength(LOANS.length);
            for (const row of rows) {
                const loan = LOANS[Number(row.n)];
                if (!loan) throw new Error(`No loan ${row.n}`);
                const expected = dueByTs(loan, day);
                if (Number(row.due) !== expected) {
                    mismatches.push(`${loan.period} from ${loan.firstDueDate} by ${day}: SQL ${row.due}, schedule ${expected}`);
                }
            }
        }
        expect(mismatches).toEqual([]);
    });

    it('counts them the same for a day held in a column', async () => {
        const rows = await selectRows<{ n: number; day: string; due: number }>(
            server.db,
            sql`SELECT x.n, to_char(d.day, 'YYYY-MM-DD') AS day,
                       greatest(0, least(x.term, ${lastDueOn(sql`d.day`)})) AS due
                FROM ${LOANS_X}
                CROSS JOIN (SELECT g::date AS day FROM generate_series(date '2023-12-20', date '2025-06-05', interval '1 day') AS g) d`,
        );
        const mismatches = rows.flatMap(row => {
            const loan = LOANS[Number(row.n)];
            if (!loan) return [`No loan ${row.n}`];
            const expected = dueByTs(loan, row.day);
            return Number(row.due) === expected
                ? []
                : [`${loan.period} from ${loan.firstDueDate} by ${row.day}: SQL ${row.due}, schedule ${expected}`];
        });
        expect(rows.length).toBe(LOANS.length * 534);
        expect(mismatches.slice(0, 10)).toEqual([]);
    });
});
