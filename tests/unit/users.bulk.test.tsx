/**
 * The users list's export and bulk account actions: every user the filters
 * select as CSV through src/lib/csv.ts, page after page; rows selected and disabled (or enabled,
 * or signed out everywhere) one call per user after asking, each user's outcome said, a refusal
 * among them translated, and one's own account never acted on.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listAdminGroups } from '../../contract/security';
import { columnsLine, titlesLine } from '../../contract/csv';
import { exportAdmins, type ExportColumn } from '../../contract/exports';
import { endAdminSessions, listAdmins, setAdminStatus, type Admin } from '../../contract/users';
import { buildAdmin } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const FIRST = { timeout: 15_000 };
vi.setConfig({ testTimeout: 60_000 });

const person = (id: number, username: string, first: string): Admin =>
    buildAdmin({ id, username, first_name: first, last_name: 'Dlamini', msisdn: `2782000${String(id).padStart(4, '0')}` });

let everyone: Admin[] = [];
type ExportBody = {
    filter: Record<string, string>;
    columns: ExportColumn[];
    locale: string;
    time_zone: string;
    file_name: string;
};
const exportBodies: ExportBody[] = [];
let exportRefusal = false;
/** Holds the export's answer until the test has seen the button wait for it. */
const gate = () => {
    let open = () => undefined as void;
    const opened = new Promise<void>(resolve => (open = resolve));
    return { opened, open: () => open() };
};
let exportGate = gate();
const statusCalls: { id: string; status: string }[] = [];
const endCalls: string[] = [];
const listed: URLSearchParams[] = [];

contractServer(
    answer(listAdmins, ({ request }) => {
        const query = new URL(request.url).searchParams;
        listed.push(query);
        const ids = query.get('ids');
        const chosen = ids ? everyone.filter(one => ids.split(',').includes(String(one.id))) : everyone;
        const limit = Number(query.get('$limit') ?? 25);
        const skip = Number(query.get('$skip') ?? 0);
        return { total: chosen.length, limit, skip, data: chosen.slice(skip, skip + limit) };
    }),
    answer(listAdminGroups, { total: 0, limit: 1000, skip: 0, data: [] }),
    answer(setAdminStatus, async ({ params, request }) => {
        const { status } = (await request.json()) as { status: 'active' | 'disabled' };
        statusCalls.push({ id: String(params.id), status });
        if (String(params.id) === '4') {
            return errorAnswer(409, {
                code: 409,
                name: 'Conflict',
                message: 'Awaiting approval',
                key: 'errors.awaiting_approval',
            });
        }
        const one = everyone.find(user => String(user.id) === String(params.id))!;
        return { ...one, status };
    }),
    answer(exportAdmins, async ({ request }) => {
        exportBodies.push((await request.json()) as ExportBody);
        await exportGate.opened;
        if (exportRefusal) {
            return errorAnswer(403, { code: 403, name: 'Forbidden', message: 'No', key: 'errors.forbidden' });
        }
        return { href: '/portal_api/exports/download?token=signed-1', token: 'signed-1', expires_at: new Date().toISOString() };
    }),
    answer(endAdminSessions, ({ params }) => {
        endCalls.push(String(params.id));
        return { ended: 2 };
    }),
);

beforeEach(() => {
    exportBodies.length = 0;
    exportRefusal = false;
    exportGate = gate();
    everyone = [person(1, 'tester', 'Thandi'), person(3, 'kea', 'Kea'), person(4, 'naledi', 'Naledi')];
    statusCalls.length = 0;
    endCalls.length = 0;
    listed.length = 0;
});

const EDITOR = ['VIEW_USERS', 'EDIT_USER'];

const select = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
    const row = (await screen.findByText(name, {}, FIRST)).closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
};

describe('the users list', () => {
    it('disables the selected users one call each after asking, says each outcome, and leaves out one’s own account', async () => {
        // Signed in as `tester`, who is also the first row.
        signedInAs(EDITOR, { username: 'tester' });
        const user = userEvent.setup();
        renderPortal('/dashboard/users');
        await select(user, 'Thandi Dlamini');
        await select(user, 'Kea Dlamini');
        await select(user, 'Naledi Dlamini');
        await user.click(await screen.findByRole('button', { name: 'Disable' }));
        const ask = await screen.findByRole('dialog', { name: 'Disable 2 users?' });
        expect(within(ask).getByText('Your own account is among those selected: it is left out.')).toBeTruthy();
        expect(statusCalls).toEqual([]);
        await user.click(within(ask).getByRole('button', { name: 'Disable' }));

        const outcome = await screen.findByRole('dialog', { name: 'What happened to each user' });
        expect(statusCalls).toEqual([
            { id: '3', status: 'disabled' },
            { id: '4', status: 'disabled' },
        ]);
        expect(within(outcome).getByText('Done: 1. Refused: 1.')).toBeTruthy();
        const items = within(outcome).getAllByRole('listitem');
        expect(items.map(item => item.textContent)).toEqual([
            'keaDisabled; their sessions have ended',
            'nalediThis registration awaits approval first.',
        ]);
        await user.click(within(outcome).getByRole('button', { name: 'Close' }));
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        // The selection is cleared once the outcomes are read.
        const kea = screen.getByText('Kea Dlamini').closest('tr') as HTMLElement;
        await waitFor(() => expect((within(kea).getByRole('checkbox') as HTMLInputElement).checked).toBe(false));
    });

    it('signs the selected users out everywhere, saying how many sessions ended', async () => {
        signedInAs(EDITOR, { username: 'tester' });
        const user = userEvent.setup();
        renderPortal('/dashboard/users');
        await select(user, 'Kea Dlamini');
        await user.click(await screen.findByRole('button', { name: 'End sessions' }));
        const ask = await screen.findByRole('dialog', { name: 'End the sessions of 1 user?' });
        await user.click(within(ask).getByRole('button', { name: 'End sessions' }));
        const outcome = await screen.findByRole('dialog', { name: 'What happened to each user' });
        expect(endCalls).toEqual(['3']);
        expect(within(outcome).getByText('2 sessions ended')).toBeTruthy();
    });

    it('offers no selection to a user who may not change accounts', async () => {
        signedInAs(['VIEW_USERS'], { username: 'tester' });
        renderPortal('/dashboard/users');
        const row = (await screen.findByText('Kea Dlamini', {}, FIRST)).closest('tr') as HTMLElement;
        expect(within(row).queryByRole('checkbox')).toBeNull();
    });

    it('exports the users the filters select as a file the server writes, in the words and columns it always had', async () => {
        everyone = Array.from({ length: 1203 }, (_, index) => person(index + 10, `user${index + 10}`, `Name${index + 10}`));
        signedInAs(['VIEW_USERS'], { username: 'tester' });
        const clicked: string[] = [];
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            clicked.push(this.href);
        });
        try {
            const user = userEvent.setup();
            renderPortal('/dashboard/users?filter=%7B%22status%22%3A%22active%22%7D&sort=username&order=DESC');
            await screen.findByText('Name10 Dlamini', {}, FIRST);
            listed.length = 0;
            await user.click(screen.getByRole('button', { name: 'Export' }));
            // While the address is asked for, the button says so and cannot be pressed again.
            const preparing = await screen.findByRole('button', { name: 'Preparing the file…' });
            expect((preparing as HTMLButtonElement).disabled).toBe(true);
            exportGate.open();
            await waitFor(() => expect(clicked).toHaveLength(1));
            expect(clicked[0]).toMatch(/\/portal_api\/exports\/download\?token=signed-1$/);
            expect(await screen.findByText('The file is downloading: your browser shows its progress')).toBeTruthy();
            expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
            // The browser read no page of the list: the server writes the file.
            expect(listed).toHaveLength(0);
            const asked = exportBodies[0]!;
            expect(asked.filter).toEqual({ status: 'active', $sort: '-username' });
            expect(asked.locale).toBe('en');
            expect(asked.file_name).toBe('users');
            // Its columns, written as contract/csv.ts writes them on the server, are the ones the export always wrote.
            const reader = { locale: asked.locale, time_zone: asked.time_zone };
            expect(titlesLine(asked.columns)).toBe(
                'Username,First name,Last name,Phone number,Email,Security group,Shop,Status,Created',
            );
            expect(columnsLine(asked.columns, everyone[0], reader)).toMatch(
                /^user10,Name10,Dlamini,27820000010,,Portal Staff,,Active,/,
            );
            expect(columnsLine(asked.columns, everyone[0], reader).split(',').at(-1)).not.toBe('');
        } finally {
            click.mockRestore();
        }
    });

    it('says why an export was refused, and is ready again', async () => {
        signedInAs(['VIEW_USERS'], { username: 'tester' });
        exportRefusal = true;
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            const user = userEvent.setup();
            renderPortal('/dashboard/users');
            await screen.findByText('Kea Dlamini', {}, FIRST);
            await user.click(screen.getByRole('button', { name: 'Export' }));
            exportGate.open();
            expect(await screen.findByText('You do not have the role this needs.')).toBeTruthy();
            expect(await screen.findByRole('button', { name: 'Export' })).toBeTruthy();
            expect(click).not.toHaveBeenCalled();
        } finally {
            click.mockRestore();
        }
    });
});
