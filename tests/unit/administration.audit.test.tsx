import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listAuditEvents, type AuditEventRecord } from '../../contract/audit';
import { AUDIT_ACTIONS } from '../../contract/audit';
import { columnsLine, titlesLine } from '../../contract/csv';
import { exportAudit, type ExportColumn } from '../../contract/exports';
import { createI18nProvider } from '../../src/i18n';
import en from '../../src/i18n/en';
import pt from '../../src/i18n/pt';
import sw from '../../src/i18n/sw';
import { AUDIT_ACTION_WORDS, subjectOf } from '../../src/resources/audit/actions';
import { changesOf } from '../../src/resources/audit/auditDiff';
import { buildAuditEvent } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { expectFilterMenuNamed } from './support/filterMenu';
import { renderPortal, signedInAs } from './support/portal';

/** The first screen of a test loads its page's chunk: slow on a busy machine. */
const FIRST = { timeout: 15_000 };
// Whole journeys through the portal, each of many renders: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const renamed: AuditEventRecord = buildAuditEvent({
    id: 41,
    actor: { id: 1, username: 'admin', name: 'Thandi Mokoena' },
    action: 'admins.update',
    entity: 'admins',
    entity_id: '2',
    subject: 'sipho.n',
    before: { id: 2, first_name: 'Sipho', last_name: 'Ndlovu', status: 'active' },
    after: { id: 2, first_name: 'Sipho', last_name: 'Dlamini', status: 'active' },
});
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
    it('names every filter of its "Add filter" menu', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        renderPortal('/dashboard/audit');
        expect(await screen.findByText('Changed user sipho.n', {}, FIRST)).toBeTruthy();
        expect(await expectFilterMenuNamed(userEvent.setup())).toHaveLength(5);
    });

    it('lists who did what to which record in words, with its codes beneath, and opens a row to show what changed', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const user = userEvent.setup();
        renderPortal('/dashboard/audit');
        expect(await screen.findByText('Changed user sipho.n', {}, FIRST)).toBeTruthy();
        expect(screen.getByText('Disabled user sipho.n')).toBeTruthy();
        expect(screen.getAllByText('Thandi Mokoena')).toHaveLength(2);
        expect(screen.getByText('admins.update · admins #2')).toBeTruthy();
        expect(screen.getByText('admins.disable · admins #2')).toBeTruthy();
        await user.click(screen.getByText('Changed user sipho.n'));
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
        expect(await screen.findByText('Disabled user sipho.n', {}, FIRST)).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Add filter' }));
        await user.click(await screen.findByRole('menuitemcheckbox', { name: /Action/ }));
        await user.type(await screen.findByRole('textbox', { name: 'Action' }), 'admins.update');
        await waitFor(() => expect(screen.queryByText('Disabled user sipho.n')).toBeNull());
        expect(queries.at(-1)).toMatchObject({ action: 'admins.update' });
    });

    it('keeps its filters, sort and page in the address: a copied address opens on them', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const filter = encodeURIComponent(JSON.stringify({ entity: 'admins', entity_id: '2' }));
        renderPortal(`/dashboard/audit?filter=${filter}&sort=at&order=ASC&page=2&perPage=10`);
        expect(await screen.findByRole('textbox', { name: 'Record type' }, FIRST)).toHaveProperty('value', 'admins');
        expect(screen.getByRole('textbox', { name: 'Record id' })).toHaveProperty('value', '2');
        await waitFor(() =>
            expect(queries.at(-1)).toMatchObject({ entity: 'admins', entity_id: '2', $sort: 'at', $limit: '10', $skip: '10' }),
        );
    });

    it('is newest first, and sorts by When either way on the server', async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const user = userEvent.setup();
        renderPortal('/dashboard/audit');
        expect(await screen.findByText('Disabled user sipho.n', {}, FIRST)).toBeTruthy();
        expect(queries.at(-1)).toMatchObject({ $sort: '-at' });
        await user.click(screen.getByRole('button', { name: 'Sort by when ascending' }));
        await waitFor(() => expect(queries.at(-1)).toMatchObject({ $sort: 'at' }));
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
    it("is written by the server as the portal wrote it: words, codes and JSON, in the list's filter and order, and downloaded by the browser", async () => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        const bodies: { filter: Record<string, string>; columns: ExportColumn[]; locale: string; file_name: string }[] = [];
        server.use(
            answer(exportAudit, async ({ request }) => {
                bodies.push((await request.json()) as (typeof bodies)[number]);
                return {
                    href: '/portal_api/exports/download?token=signed-a',
                    token: 'signed-a',
                    expires_at: new Date().toISOString(),
                };
            }),
        );
        const clicked: string[] = [];
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
            clicked.push(this.href);
        });
        try {
            const user = userEvent.setup();
            renderPortal(`/dashboard/audit?filter=${encodeURIComponent(JSON.stringify({ entity: 'admins' }))}`);
            await screen.findAllByText('Changed user sipho.n', {}, FIRST);
            const pagesBefore = queries.length;
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(clicked).toHaveLength(1));
            expect(clicked[0]).toMatch(/\/portal_api\/exports\/download\?token=signed-a$/);
            // The browser reads no page of the trail for the file: the server does.
            expect(queries.length).toBe(pagesBefore);
            expect(bodies).toHaveLength(1);
            const [body] = bodies;
            expect(body).toMatchObject({ filter: { entity: 'admins', $sort: '-at' }, locale: 'en', file_name: 'audit-trail' });
            // The lines the server writes from these columns (contract/csv.ts) are the ones the
            // portal wrote in the browser: the words and the codes both, before and after as JSON.
            const events: AuditEventRecord[] = [
                renamed,
                { ...disabled, actor: null, role_used: 'VIEW_USERS', subject: null, entity_id: null, before: null },
                { ...renamed, id: 43, action: 'an.old_code', after: '=1+2', before: undefined },
                { ...renamed, id: 44, action: 'admins.create', subject: null, entity_id: null, after: { username: 'kea' } },
            ];
            const columns = body!.columns;
            const reader = { locale: 'en', time_zone: 'Africa/Johannesburg' };
            expect(titlesLine(columns)).toBe('When,Who,Role used,Event,Action,Record type,Record id,Before,After');
            expect(events.map(event => columnsLine(columns, event, reader))).toEqual([
                `${renamed.at},admin,EDIT_USER,Changed user sipho.n,admins.update,admins,2,` +
                    '"{""id"":2,""first_name"":""Sipho"",""last_name"":""Ndlovu"",""status"":""active""}",' +
                    '"{""id"":2,""first_name"":""Sipho"",""last_name"":""Dlamini"",""status"":""active""}"',
                `${renamed.at},System,VIEW_USERS,Disabled user —,admins.disable,admins,,null,` +
                    '"{""status"":""disabled"",""sessions_ended"":1}"',
                `${renamed.at},admin,EDIT_USER,an.old_code,an.old_code,admins,2,null,"""=1+2"""`,
                `${renamed.at},admin,EDIT_USER,Created user kea,admins.create,admins,,` +
                    '"{""id"":2,""first_name"":""Sipho"",""last_name"":""Ndlovu"",""status"":""active""}",' +
                    '"{""username"":""kea""}"',
            ]);
        } finally {
            click.mockRestore();
        }
    });
});

describe('the audit trail in words', () => {
    const signIn: AuditEventRecord = {
        ...renamed,
        id: 50,
        role_used: null,
        action: 'sessions.sign_in',
        entity: 'sessions',
        entity_id: null,
        subject: null,
        before: null,
        after: { username: 'admin', method: 'password' },
    };
    const imeiApproved: AuditEventRecord = {
        ...renamed,
        id: 51,
        action: 'approval_requests.imei_change.approve',
        entity: 'approval_requests',
        entity_id: '7',
        subject: 'LPP-000123',
    };
    // Named by what the event recorded when the record is gone, else by its id.
    const reserved: AuditEventRecord = {
        ...renamed,
        id: 52,
        action: 'inventory_items.reserve',
        entity: 'inventory_items',
        entity_id: '9',
        subject: null,
        before: { status: 'in_stock' },
        after: { status: 'reserved', loan_reference: 'LPH-000042' },
    };
    const locked: AuditEventRecord = { ...reserved, id: 53, action: 'device_locks.lock', entity: 'device_locks', after: null };
    // A code no longer written keeps its code.
    const retired: AuditEventRecord = { ...renamed, id: 54, action: 'admins.retired_action', subject: null };
    // Nobody is signed in yet: the name tried is the one the event recorded.
    const failed: AuditEventRecord = {
        ...signIn,
        id: 55,
        actor: null,
        action: 'sessions.sign_in_failed',
        after: { username: 'kea.tester', reason: 'bad_credentials' },
    };
    const events = [signIn, imeiApproved, reserved, locked, retired, failed];

    it.each([
        [
            'sw',
            sw,
            [
                'Aliingia',
                'Aliidhinisha kubadilisha IMEI ya mkopo LPP-000123',
                'Alihifadhi simu kwa ajili ya mkopo LPH-000042',
                'Alifunga simu ya mkopo #9',
                'Kuingia kama kea.tester kulishindikana',
            ],
        ],
        [
            'pt',
            pt,
            [
                'Iniciou sessão',
                'Aprovou a alteração do IMEI do empréstimo LPP-000123',
                'Reservou um telefone para o empréstimo LPH-000042',
                'Bloqueou o telefone do empréstimo #9',
                'Início de sessão falhado como kea.tester',
            ],
        ],
    ] as const)('says each event in the reader’s language (%s)', async (locale, catalog, said) => {
        signedInAs(['VIEW_AUDIT_TRAIL']);
        server.use(answer(listAuditEvents, { total: events.length, limit: 25, skip: 0, data: events }));
        renderPortal('/dashboard/audit', createI18nProvider(locale, catalog));
        expect(await screen.findByText(said[0], {}, FIRST)).toBeTruthy();
        for (const text of said.slice(1)) expect(screen.getByText(text)).toBeTruthy();
        expect(screen.getByText('admins.retired_action')).toBeTruthy();
        expect(screen.getByText('approval_requests.imei_change.approve · approval_requests #7')).toBeTruthy();
    });

    it('has words in every catalog for every action the server records, and no words for actions it does not', () => {
        const english = (en as unknown as { resources: { 'audit-events': { actions: Record<string, string> } } }).resources[
            'audit-events'
        ].actions;
        expect(Object.keys(AUDIT_ACTION_WORDS).sort()).toEqual([...AUDIT_ACTIONS].sort());
        for (const action of AUDIT_ACTIONS)
            expect([action, english[AUDIT_ACTION_WORDS[action]]]).toEqual([action, expect.any(String)]);
        // Every text is reached from some action: none left behind by a removed one.
        expect(Object.keys(english).sort()).toEqual([...new Set(Object.values(AUDIT_ACTION_WORDS))].sort());
        expect(subjectOf({ ...renamed, subject: null, after: null, before: null, entity_id: null })).toBe('—');
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
