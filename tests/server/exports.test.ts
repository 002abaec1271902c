/**
 * Exports streamed by the server (server/exports.ts, contract/exports.ts): the file equals what the
 * browser's export wrote from the list's pages on the demo data; the signed address works once,
 * for a minute, for the session that asked while it still holds the list's role, and for exactly
 * the list and filters it was made for.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logout } from '../../contract/auth';
import { callAddress } from '../../contract/define';
import { listAuditEvents, type AuditEventRecord } from '../../contract/audit';
import { EXPORT_LINK_SECONDS, exportAdmins, exportAudit, exportInventory, type ExportColumn } from '../../contract/exports';
import { listInventory, type InventoryItem } from '../../contract/inventory';
import { listAdmins, type Admin } from '../../contract/users';
import { auditEvents } from '../../server/db/schema';
import { packClaims, unpackClaims } from '../../server/exports';
import { toCsv, type CsvColumn } from '../../src/lib/csv';
import { createI18nProvider } from '../../src/i18n';
import pt from '../../src/i18n/pt';
import { auditExportColumns, auditWordsKey } from '../../src/resources/audit/actions';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;

beforeAll(async () => {
    server = await startTestServer();
    admin = await server.signIn('admin');
});
afterAll(() => server.close());

const reader = { locale: 'en', time_zone: 'Africa/Johannesburg' } as const;
const dayAndTime = (iso: string) =>
    new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: reader.time_zone }).format(
        Date.parse(iso),
    );

const STATUS_WORDS: Record<InventoryItem['status'], string> = {
    in_stock: 'In stock',
    reserved: 'Reserved',
    sold: 'Sold',
    returned: 'Returned',
};

/** The inventory export's columns, as the portal describes them (src/resources/inventory/InventoryList.tsx). */
const inventoryColumns: ExportColumn[] = [
    { title: 'IMEI', field: 'imei' },
    { title: 'SKU', field: 'sku' },
    { title: 'Model', field: 'brand', join: ['model'] },
    { title: 'Store', field: 'store_name' },
    { title: 'Status', field: 'status', words: STATUS_WORDS },
    { title: 'Cash price', field: 'cash_price', decimals: 2 },
    { title: 'Added, a = b', field: 'created_at', format: 'datetime' },
];
/** The same columns as the browser's export wrote them, value by value. */
const inventoryReference: CsvColumn<InventoryItem>[] = [
    { title: 'IMEI', value: item => item.imei },
    { title: 'SKU', value: item => item.sku },
    { title: 'Model', value: item => `${item.brand} ${item.model}` },
    { title: 'Store', value: item => item.store_name },
    { title: 'Status', value: item => STATUS_WORDS[item.status] },
    { title: 'Cash price', value: item => item.cash_price, decimals: 2 },
    { title: 'Added, a = b', value: item => dayAndTime(item.created_at) },
];

const adminColumns: ExportColumn[] = [
    { title: 'Username', field: 'username' },
    { title: 'Email', field: 'email' },
    { title: 'Group', field: 'group_name' },
    { title: 'Shop', field: 'store_name', empty: '' },
    { title: 'Status', field: 'status', words: { active: 'Active', disabled: 'Disabled', pending_approval: 'Waiting' } },
    { title: 'Created', field: 'created_at', format: 'datetime' },
];
const adminReference: CsvColumn<Admin>[] = [
    { title: 'Username', value: user => user.username },
    { title: 'Email', value: user => user.email ?? '' },
    { title: 'Group', value: user => user.group_name },
    { title: 'Shop', value: user => user.store_name ?? '' },
    {
        title: 'Status',
        value: user => ({ active: 'Active', disabled: 'Disabled', pending_approval: 'Waiting' })[user.status],
    },
    { title: 'Created', value: user => dayAndTime(user.created_at) },
];

const download = (href: string) => server.app.inject({ method: 'GET', url: href });

const linkFor = async (token: string, filter: Record<string, unknown> = {}) => {
    const made = await server.call(exportInventory, {
        token,
        body: { filter, columns: inventoryColumns, ...reader, file_name: 'inventory' },
    });
    expect(made.status).toBe(200);
    return made.body.href;
};

describe('an export', () => {
    it('writes the inventory as the browser wrote it from every page of the list, for a filter and a sort', async () => {
        for (const filter of [{}, { status: 'in_stock', sort: 'model', order: 'asc' }] as const) {
            const rows: InventoryItem[] = [];
            for (let page = 1; ; page++) {
                const answer = await server.call(listInventory, {
                    token: admin,
                    body: { ...filter, page_number: page, page_size: 50 },
                });
                rows.push(...answer.body.phones);
                if (answer.body.phones.length < 50) break;
            }
            expect(rows.length).toBeGreaterThan(50);
            const response = await download(await linkFor(admin, filter));
            expect(response.statusCode).toBe(200);
            expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
            expect(response.headers['content-disposition']).toBe('attachment; filename="inventory.csv"');
            expect(response.body).toBe(toCsv(rows, inventoryReference));
        }
    });

    it('writes the portal users as the browser wrote them, and is audited with its rows', async () => {
        const listed = await server.call(listAdmins, { token: admin, query: { $limit: 1000, $sort: 'username' } });
        const made = await server.call(exportAdmins, {
            token: admin,
            body: { filter: { $sort: 'username' }, columns: adminColumns, ...reader, file_name: 'users' },
        });
        const response = await download(made.body.href);
        expect(response.body).toBe(toCsv(listed.body.data, adminReference));
        const [begun, ended] = await Promise.all(
            (['exports.begin', 'exports.end'] as const).map(action =>
                server.db
                    .select({ after: auditEvents.after, actor: auditEvents.actorAdminId, role: auditEvents.roleUsed })
                    .from(auditEvents)
                    .where(eq(auditEvents.action, action))
                    .orderBy(desc(auditEvents.id))
                    .limit(1),
            ),
        );
        expect(begun?.[0]).toMatchObject({ role: 'VIEW_USERS', after: { list: 'admins', filter: { $sort: 'username' } } });
        expect(ended?.[0]).toMatchObject({ role: 'VIEW_USERS', after: { list: 'admins', rows: listed.body.total, whole: true } });
    });
});

describe("the audit trail's export", () => {
    it('writes every event of the filters, in their order, as the portal wrote it in the browser from the pages of the list', async () => {
        // More than two batches of events, with words that name their subject every way the
        // portal finds it, codes no longer written, and JSON that looks like a formula.
        const start = server.clock.now().getTime();
        await server.db.insert(auditEvents).values(
            Array.from({ length: 2300 }, (_, index) => ({
                actorAdminId: index % 3 === 0 ? null : 1,
                roleUsed: index % 4 === 0 ? null : 'EDIT_USER',
                action: ['admins.update', 'sessions.sign_in', 'loans.create', 'an.old_code', 'stores.create'][index % 5]!,
                entity: ['admins', 'sessions', 'loans', 'old', 'stores'][index % 5]!,
                entityId: index % 7 === 0 ? null : String(index % 9),
                before: index % 2 === 0 ? null : { name: `Shop, "${index}"`, n: index },
                after:
                    index % 6 === 0
                        ? { username: ` =kea${index}` }
                        : index % 6 === 1
                          ? '=1+2'
                          : { loanReference: `LPP-${index}` },
                at: new Date(start - 60_000 - (index % 1700) * 1000),
            })),
        );
        const { translate } = createI18nProvider('pt', pt);
        // The portal's exporter before the trail was streamed, word for word (src/resources/audit/AuditList.tsx then).
        const namedIn = (value: unknown) => {
            if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
            for (const field of ['username', 'loan_reference', 'loanReference', 'name']) {
                const name = (value as Record<string, unknown>)[field];
                if (typeof name === 'string' && name.trim()) return name;
            }
            return null;
        };
        const subjectOf = (event: AuditEventRecord) =>
            event.subject ?? namedIn(event.after) ?? namedIn(event.before) ?? (event.entity_id ? `#${event.entity_id}` : '—');
        const title = (field: string) => translate(`resources.audit-events.fields.${field}`);
        const reference: CsvColumn<AuditEventRecord>[] = [
            { title: title('at'), value: event => event.at },
            { title: title('actor'), value: event => event.actor?.username ?? translate('resources.audit-events.system') },
            { title: title('role_used'), value: event => event.role_used ?? '' },
            {
                title: title('event'),
                value: event => {
                    const key = auditWordsKey(event.action);
                    return key ? translate(key, { subject: subjectOf(event) }) : event.action;
                },
            },
            { title: title('action'), value: event => event.action },
            { title: title('entity'), value: event => event.entity },
            { title: title('entity_id'), value: event => event.entity_id ?? '' },
            { title: translate('resources.audit-events.before'), value: event => JSON.stringify(event.before ?? null) },
            { title: translate('resources.audit-events.after'), value: event => JSON.stringify(event.after ?? null) },
        ];
        // Up to a minute ago: the export's own events (exports.begin) come after.
        const to = new Date(start - 1).toISOString();
        for (const filter of [
            { $sort: '-at', to },
            { $sort: 'action', to },
            { entity: 'loans', $sort: 'at', to },
        ]) {
            const events: AuditEventRecord[] = [];
            for (let skip = 0; ; skip += 1000) {
                const page = await server.call(listAuditEvents, {
                    token: admin,
                    query: { ...filter, $limit: 1000, $skip: skip },
                });
                events.push(...page.body.data);
                if (page.body.data.length < 1000) break;
            }
            expect(events.length).toBeGreaterThanOrEqual(filter.entity ? 400 : 2300);
            const made = await server.call(exportAudit, {
                token: admin,
                body: {
                    filter,
                    columns: auditExportColumns(translate),
                    locale: 'pt',
                    time_zone: 'UTC',
                    file_name: 'audit-trail',
                },
            });
            expect(made.status).toBe(200);
            // The words of 120 actions travel in the address, deflated: far below what a request's head may hold.
            expect(made.body.href.length).toBeLessThan(8000);
            const response = await download(made.body.href);
            expect(response.statusCode).toBe(200);
            expect(response.body).toBe(toCsv(events, reference));
        }
    });

    it('holds the trail as it stood when asked: not the events written since, nor its own exports.begin', async () => {
        const filter = { $sort: '-id' };
        const listed = await server.call(listAuditEvents, { token: admin, query: { ...filter, $limit: 1 } });
        const newest = listed.body.data[0]!.id;
        const made = await server.call(exportAudit, {
            token: admin,
            body: { filter, columns: [{ title: 'Id', field: 'id' }], locale: 'en', time_zone: 'UTC', file_name: 'audit' },
        });
        expect(made.status).toBe(200);
        // Written after the address was made, before the download: a sign-in's event.
        await server.signIn('admin');
        const response = await download(made.body.href);
        expect(response.statusCode).toBe(200);
        const ids = response.body.split('\r\n').slice(1).map(Number);
        expect(ids[0]).toBe(newest);
        expect(ids).toHaveLength(listed.body.total);
    });
});

describe('a signed export address', () => {
    it('works once, and a replay refused records nothing', async () => {
        const href = await linkFor(admin);
        expect((await download(href)).statusCode).toBe(200);
        const begun = () => server.db.$count(auditEvents, eq(auditEvents.action, 'exports.begin'));
        const before = await begun();
        const again = await download(href);
        expect(again.statusCode).toBe(403);
        expect(again.json()).toMatchObject({ key: 'errors.forbidden' });
        expect(await begun()).toBe(before);
    });

    it('expires after its minute', async () => {
        const href = await linkFor(admin);
        server.clock.advance((EXPORT_LINK_SECONDS + 1) * 1000);
        expect((await download(href)).statusCode).toBe(403);
    });

    it('is refused when its session was signed out, or is made to name another session', async () => {
        const other = await server.signIn('admin');
        const href = await linkFor(other);
        // Another session's number in the same signed claims: the signature no longer holds.
        const token = new URL(href, 'http://x').searchParams.get('token')!;
        const [payload, signature] = token.split('.');
        const claims = unpackClaims(payload!) as { session: number };
        const mine = await linkFor(admin);
        const myClaims = unpackClaims(new URL(mine, 'http://x').searchParams.get('token')!.split('.')[0]!) as {
            session: number;
        };
        expect(myClaims.session).not.toBe(claims.session);
        const swapped = packClaims({ ...claims, session: myClaims.session });
        expect((await download(href.replace(token, `${swapped}.${signature}`))).statusCode).toBe(403);

        expect((await server.call(logout, { token: other })).status).toBe(200);
        expect((await download(href)).statusCode).toBe(403);
    });

    it('is refused for another list or other filters than it was made for', async () => {
        const href = await linkFor(admin, { status: 'sold' });
        const token = new URL(href, 'http://x').searchParams.get('token')!;
        const [payload, signature] = token.split('.');
        const claims = unpackClaims(payload!) as Record<string, unknown>;
        for (const changed of [
            { ...claims, filter: { status: 'in_stock' } },
            { ...claims, list: 'admins' },
        ]) {
            const forged = packClaims(changed);
            expect((await download(href.replace(token, `${forged}.${signature}`))).statusCode).toBe(403);
        }
        expect((await download(href)).statusCode).toBe(200);
    });

    it("is refused to a role without the list's access, when asked and when used", async () => {
        const agent = await server.signIn('agent');
        const asked = await server.call(exportAdmins, {
            token: agent,
            body: { filter: {}, columns: adminColumns, ...reader, file_name: 'users' },
        });
        expect(asked.status).toBe(403);
        const malformed = await server.app.inject({
            method: 'GET',
            url: callAddress({ path: '/exports/download' }, {}, { token: 'x' }),
        });
        expect(malformed.statusCode).toBe(400);
        expect(malformed.json()).toMatchObject({ field: 'token' });
    });

    it('names the field of a bad filter or column', async () => {
        const bad = await server.callUnchecked(exportInventory, {
            token: admin,
            body: { filter: { status: 'lost' }, columns: inventoryColumns, ...reader, file_name: 'inventory' },
        });
        expect(bad.status).toBe(400);
        expect(bad.error.field).toBe('filter.status');
        const zone = await server.callUnchecked(exportInventory, {
            token: admin,
            body: { filter: {}, columns: inventoryColumns, locale: 'en', time_zone: 'Mars/Olympus', file_name: 'inventory' },
        });
        expect(zone.status).toBe(400);
        expect(zone.error.field).toBe('time_zone');
    });
});
