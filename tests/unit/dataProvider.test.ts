import { afterEach, describe, expect, it } from 'vitest';
import { searchTransactions } from '../../contract/money';
import { listAdminGroups, listAdminRoles, type AdminGroup } from '../../contract/security';
import { createAdmin, listAdmins, updateAdmin, type Admin } from '../../contract/users';
import { dataProvider } from '../../src/dataProvider';
import { buildAdmin, buildAdminGroup, buildMoneyTransaction } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';

const admin = (id: number): Admin => buildAdmin({ id });
const group = (id: number, name: string): AdminGroup => buildAdminGroup({ id, name });

/** Answers `ids=…` with exactly those users, as the server does. */
const listUsers = answer(listAdmins, ({ request }) => {
    const ids = new URL(request.url).searchParams.get('ids');
    const data = ids
        ? ids
              .split(',')
              .map(Number)
              .filter(id => id <= 500)
              .map(admin)
        : [admin(1), admin(2)];
    return { total: data.length, limit: data.length, skip: 0, data };
});
const listGroups = answer(listAdminGroups, () => {
    const data = [group(1, 'Super Admin'), group(2, 'Portal Staff'), group(3, 'Auditors')];
    return { total: data.length, limit: 1000, skip: 0, data };
});

/** Role codes: a resource with no call for one record. */
const listRoles = answer(listAdminRoles, ({ request }) => {
    const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);
    const data = ids.filter(id => id <= 500).map(id => ({ id, code: `ROLE_${id}`, name: `Role ${id}`, description: '' }));
    return { total: data.length, limit: data.length, skip: 0, data };
});

const queries: Record<string, string>[] = [];
const server = contractServer(listUsers, listGroups, listRoles);
server.events.on('request:start', ({ request }) => queries.push(Object.fromEntries(new URL(request.url).searchParams)));
afterEach(() => {
    queries.length = 0;
});

describe('the data provider', () => {
    it('pages, sorts and filters lists the Feathers way, leaving out empty filters', async () => {
        await dataProvider.getList('users', {
            pagination: { page: 3, perPage: 25 },
            sort: { field: 'created_at', order: 'DESC' },
            filter: { q: 'thandi', status: '', group_id: null, store_id: 4 },
        });
        expect(queries).toEqual([{ $limit: '25', $skip: '50', $sort: '-created_at', q: 'thandi', store_id: '4' }]);
    });

    it('pages a list whose total is only estimated without showing a count', async () => {
        server.use(
            answer(listAdmins, () => ({
                total: 250_000,
                limit: 25,
                skip: 50,
                data: [admin(51), admin(52)],
                estimated: true as const,
            })),
        );
        const result = await dataProvider.getList('users', {
            pagination: { page: 3, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(result).toEqual({ data: [admin(51), admin(52)], pageInfo: { hasNextPage: true, hasPreviousPage: true } });
        expect(result).not.toHaveProperty('total');
    });

    it('pages a page-numbered list whose total is only estimated without showing a count', async () => {
        const rows = [buildMoneyTransaction({ id: 101 }), buildMoneyTransaction({ id: 102 })];
        const answering = (total_items: number, estimated?: true) =>
            answer(searchTransactions, () => ({ data: rows, total_items, ...(estimated ? { estimated } : {}) }));
        const page = { pagination: { page: 3, perPage: 2 }, sort: { field: 'paid_at', order: 'DESC' as const }, filter: {} };
        server.use(answering(250_000, true));
        const estimated = await dataProvider.getList('transactions', page);
        expect(estimated).toEqual({ data: rows, pageInfo: { hasNextPage: true, hasPreviousPage: true } });
        // The last page of an estimate is counted by the rows before it and on it; a counted total is shown as before.
        server.use(answering(6, true));
        expect(await dataProvider.getList('transactions', page)).toEqual({ data: rows, total: 6 });
        server.use(answering(250_000));
        expect(await dataProvider.getList('transactions', page)).toEqual({ data: rows, total: 250_000 });
    });

    it('fetches exactly the records asked for by their ids', async () => {
        const { data } = await dataProvider.getMany('users', { ids: [3, 5, 8] });
        expect(data.map(record => record.id)).toEqual([3, 5, 8]);
        expect(queries).toEqual([{ ids: '3,5,8', $limit: '3' }]);
    });

    it('asks for at most 100 ids a call', async () => {
        const ids = Array.from({ length: 150 }, (_, i) => i + 1);
        const { data } = await dataProvider.getMany('users', { ids });
        expect(data).toHaveLength(150);
        expect(queries.map(query => [query.ids?.split(',').length, query.ids?.split(',')[0], query.$limit])).toEqual([
            [100, '1', '100'],
            [50, '101', '50'],
        ]);
    });

    it('asks nothing for no ids', async () => {
        await expect(dataProvider.getMany('users', { ids: [] })).resolves.toEqual({ data: [] });
        expect(queries).toEqual([]);
    });

    it('reads one record through its list by id when the resource has no call for one', async () => {
        await expect(dataProvider.getOne('roles', { id: 5 })).resolves.toMatchObject({ data: { id: 5, code: 'ROLE_5' } });
        expect(queries).toEqual([{ ids: '5', $limit: '1' }]);
        await expect(dataProvider.getOne('roles', { id: 999 })).rejects.toMatchObject({
            status: 404,
            message: 'errors.not_found',
        });
    });

    it('fetches a small list whole and picks the ids asked for from it', async () => {
        const { data } = await dataProvider.getMany('groups', { ids: [3, '1'] });
        expect(data.map(record => record.name)).toEqual(['Super Admin', 'Auditors']);
        expect(queries).toEqual([{ $limit: '1000' }]);
    });

    it('puts the server’s field errors on their inputs', async () => {
        server.use(
            answer(
                createAdmin,
                errorAnswer(409, {
                    code: 409,
                    name: 'Conflict',
                    message: 'Username taken',
                    key: 'errors.username_taken',
                    field: 'username',
                }),
            ),
        );
        const form = {
            username: 'user1',
            first_name: 'Thandi',
            last_name: 'Mokoena',
            msisdn: '27820000001',
            group_id: 1,
            password: 'a-long-enough-pass',
        };
        await expect(dataProvider.create('users', { data: form })).rejects.toMatchObject({
            status: 409,
            message: 'errors.username_taken',
            body: { key: 'errors.username_taken', errors: { username: 'errors.username_taken' } },
        });
    });

    it('fails loudly for a resource or a method that is not declared, and asks nothing', async () => {
        await expect(dataProvider.getList('phones', { pagination: { page: 1, perPage: 10 } })).rejects.toMatchObject({
            message: 'errors.server',
            body: { reason: 'No getList for resource "phones"' },
        });
        await expect(dataProvider.delete('users', { id: 1 })).rejects.toMatchObject({
            body: { reason: 'No delete for resource "users"' },
        });
        await expect(dataProvider.create('groups', { data: {} })).rejects.toMatchObject({
            body: { reason: 'No create for resource "groups"' },
        });
        await expect(dataProvider.update('roles', { id: 1, data: { code: 'X' }, previousData: { id: 1 } })).rejects.toMatchObject(
            {
                body: { reason: 'No update for resource "roles"' },
            },
        );
        expect(queries).toEqual([]);
    });

    it('changes a record with a PATCH of only the fields that changed', async () => {
        const sent: unknown[] = [];
        server.use(
            answer(updateAdmin, async ({ request, params }) => {
                sent.push({ method: request.method, id: params.id, body: await request.json() });
                return { ...admin(5), last_name: 'Dlamini', email: null };
            }),
        );
        const before = { ...admin(5), email: 'thandi@example.com' };
        const { data } = await dataProvider.update('users', {
            id: 5,
            data: { ...before, last_name: 'Dlamini', email: null, group_name: 'Portal Staff' },
            previousData: before,
        });
        expect(sent).toEqual([{ method: 'PATCH', id: '5', body: { last_name: 'Dlamini', email: null } }]);
        expect(data).toMatchObject({ id: 5, last_name: 'Dlamini' });
    });

    it('sends nothing when nothing changed', async () => {
        const before = admin(5);
        await expect(dataProvider.update('users', { id: 5, data: { ...before }, previousData: before })).resolves.toEqual({
            data: before,
        });
        expect(queries).toEqual([]);
    });
});
