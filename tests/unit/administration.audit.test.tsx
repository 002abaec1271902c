import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAuditEvents, type AuditEventRecord } from '../../contract/security';
import { changesOf } from '../../src/resources/audit/auditDiff';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
// Whole journeys through the portal, each of many renders: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const renamed: AuditEventRecord = {
    id: 41,
    actor: { id: 1, username: 'admin', name: 'Thandi Mokoena' },
    role_used: 'EDIT_USER',
    action: 'admins.update',
    entity: 'admins',
    entity_id: '2',
    before: { id: 2, first_name: 'Sipho', last_name: 'Ndlovu', status: 'active' },
    after: { id: 2, first_name: 'Sipho', last_name: 'Dlamini', status: 'active' },
    coords: null,
    at: '2026-11-22T09:30:00.000Z',
};
const disabled: AuditEventRecord = {
    ...renamed,
    id: 42,
    action: 'admins.disable',
    before: { status: 'active' },
    after: { status: 'disabled', sessions_ended: 1 },
};
const queries: Record<string, string>[] = [];
const server = contractServer(
    answer(listAuditEvents, ({ request }) => {
        const query = Object.fromEntries(new URL(request.url).searchParams);
        queries.push(query);
        const data = [disabled, renamed].filter(event => !query.action || event.action === query.action);
        return { total: data.length, limit: 25, skip: 0, data };
    }),
);
afterEach(() => {
    queries.length = 0;
});

describe('the audit trail', () => {
    it('lists who did what to which record, and opens a row to show what changed', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const user = userEvent.setup();
        renderPortal('/dashboard/audit');
        expect(await screen.findByText('admins.update', {}, FIRST)).toBeTruthy();
        expect(screen.getAllByText('Thandi Mokoena')).toHaveLength(2);
        expect(screen.getAllByText('admins #2')).toHaveLength(2);
        await user.click(screen.getByText('admins.update'));
        const changes = await screen.findByRole('table', { name: 'What changed' });
        expect(changes.textContent).toContain('last_name');
        expect(changes.textContent).toContain('Ndlovu');
        expect(changes.textContent).toContain('Dlamini');
        // Fields that did not change are not listed.
        expect(changes.textContent).not.toContain('first_name');
    });

    it('filters by action, sending the filter to the server', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const user = userEvent.setup();
        renderPortal('/dashboard/audit');
        expect(await screen.findByText('admins.disable', {}, FIRST)).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Add filter' }));
        await user.click(await screen.findByRole('menuitemcheckbox', { name: /Action/ }));
        await user.type(await screen.findByRole('textbox', { name: 'Action' }), 'admins.update');
        await waitFor(() => expect(screen.queryByText('admins.disable')).toBeNull());
        expect(queries.at(-1)).toMatchObject({ action: 'admins.update' });
    });

    it('says so when there is nothing, and offers a retry when the trail cannot be read', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        server.use(answer(listAuditEvents, { total: 0, limit: 25, skip: 0, data: [] }));
        const { unmount } = renderPortal('/dashboard/audit');
        expect(await screen.findByText('There are no records to display', {}, FIRST)).toBeTruthy();
        unmount();
        server.use(
            answer(
                listAuditEvents,
                errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' }),
            ),
        );
        renderPortal('/dashboard/audit');
        expect(
            await screen.findByText('The service is unavailable right now. Please try again shortly.', {}, FIRST),
        ).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    });

    it('is refused, asking nothing, without VIEW_AUDIT_TRAIL', async () => {
        signedInAs(['VIEW_USERS']);
        renderPortal('/dashboard/audit');
        expect(await screen.findByRole('heading', { name: /Access denied/i }, FIRST)).toBeTruthy();
        expect(queries).toEqual([]);
    });
});

describe('the audit trail export', () => {
    it('writes every filtered event, read 1,000 at a time, not only the first 1,000', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const events = Array.from({ length: 2300 }, (_, index) => ({ ...renamed, id: index + 1 }));
        const asked: Record<string, string>[] = [];
        server.use(
            answer(listAuditEvents, ({ request }) => {
                const query = Object.fromEntries(new URL(request.url).searchParams);
                asked.push(query);
                const limit = Number(query.$limit);
                const skip = Number(query.$skip);
                return { total: events.length, limit, skip, data: events.slice(skip, skip + limit) };
            }),
        );
        const blobs: Blob[] = [];
        const createObjectURL = vi.fn((blob: Blob) => {
            blobs.push(blob);
            return 'blob:audit';
        });
        vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            const user = userEvent.setup();
            renderPortal('/dashboard/audit');
            await screen.findAllByText('admins.update', {}, FIRST);
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(blobs).toHaveLength(1));
            const lines = (await blobs[0]!.text()).split('\r\n');
            expect(lines).toHaveLength(1 + 2300);
            const pages = asked.filter(query => query.$limit === '1000');
            expect(pages.map(query => query.$skip)).toEqual(['0', '1000', '2000']);
        } finally {
            click.mockRestore();
            vi.unstubAllGlobals();
        }
    });
});

describe('what an audit event changed', () => {
    it('lists changed, added and removed fields, and a created record whole', () => {
        expect(changesOf({ a: 1, b: 'x', c: true }, { a: 1, b: 'y', d: null })).toEqual([
            { field: 'b', before: 'x', after: 'y', kind: 'changed' },
            { field: 'c', before: true, after: undefined, kind: 'removed' },
            { field: 'd', before: undefined, after: null, kind: 'added' },
        ]);
        expect(changesOf(null, { ended: 3 })).toEqual([{ field: 'ended', before: undefined, after: 3, kind: 'added' }]);
        expect(changesOf(null, null)).toEqual([]);
    });
});
