/**
 * Every date in the portal is written by one formatter in the reader's language:
 * Swahili and Portuguese readers read the day first, whatever the browser's own language.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getAdminGroup, listAdminGroups, listGroupRoles } from '../../contract/security';
import { listAdmins } from '../../contract/users';
import { createI18nProvider } from '../../src/i18n';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { formatCalendarDay, formatCalendarRange, formatClock, formatDateTime, formatDay } from '../../src/lib/format';
import { sipho } from './support/adminFixtures';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const page = <T,>(data: T[]) => ({ total: data.length, limit: 25, skip: 0, data });
// Midday, so no time zone moves the day.
const created = '2026-11-25T12:00:00.000Z';
const group = { id: 7, name: 'Auditors', description: '', role_count: 0, user_count: 1, created_at: created };
contractServer(
    answer(listAdmins, page([{ ...sipho, created_at: created }])),
    answer(listAdminGroups, page([group])),
    answer(getAdminGroup, group),
    answer(listGroupRoles, page([])),
);

describe('the date formatter', () => {
    const moment = new Date(2026, 10, 25, 14, 5);
    it('writes the day first in Swahili and Portuguese, the month first in English', () => {
        expect(formatDay(moment, 'sw')).toBe('25 Nov 2026');
        expect(formatDay(moment, 'pt')).toBe('25 de nov. de 2026');
        expect(formatDay(moment, 'en')).toBe('Nov 25, 2026');
        expect(formatDateTime(moment, 'sw')).toBe('25 Nov 2026, 14:05');
        expect(formatDateTime(moment.getTime(), 'pt')).toBe('25 de nov. de 2026, 14:05');
        expect(formatClock(moment, 'pt')).toBe('14:05');
    });

    it("takes a day as that day in the reader's time zone, a report's calendar day in UTC, and nothing as ''", () => {
        expect(formatDay('2026-11-25', 'sw')).toBe('25 Nov 2026');
        expect(formatCalendarDay('2026-11-25', 'pt', 'month')).toBe('novembro de 2026');
        expect(formatCalendarRange('2026-11-01', '2026-11-17', 'sw')).toMatch(/^1\s*–\s*17 Nov 2026$/);
        expect(formatDay(null, 'sw')).toBe('');
        expect(formatDateTime('not a date', 'pt')).toBe('');
    });
});

describe('dates on the screens', () => {
    it.each([
        ['sw', sw, '25 Nov 2026'],
        ['pt', pt, '25 de nov. de 2026'],
    ] as const)('the users list and a security group write the day first (%s)', async (locale, catalog, day) => {
        signedInAs(['VIEW_USERS', 'VIEW_SECURITY']);
        const { unmount } = renderPortal('/dashboard/users', createI18nProvider(locale, catalog));
        expect(await screen.findByText(day, {}, FIRST)).toBeTruthy();
        expect(screen.queryByText('11/25/2026')).toBeNull();
        unmount();
        renderPortal('/dashboard/security/7/show', createI18nProvider(locale, catalog));
        expect(await screen.findByText(new RegExp(`^${day}, \\d{2}:\\d{2}$`), {}, FIRST)).toBeTruthy();
    });
});
