/**
 * The list kinds of src/dataProvider/defineResource.ts, through the data provider's methods: how
 * react-admin's page, perPage, sort and filter become each kind's call input, and how each kind's
 * answer becomes `{ data, total }` or react-admin's partial pagination. The resources are fake
 * calls declared here in place of the folders' (`DECLARED_RESOURCES` is mocked), so each shape is
 * tested once, whichever real call happens to use it today.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { CoreAdminContext, HttpError, ListBase, memoryStore, type DataProvider, type RaRecord } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toCsv } from '../../src/lib/csv';
import { ExportAllButton } from '../../src/lists/ExportAllButton';
import { answer, contractServer } from './support/contractHandlers';

const fake = await vi.hoisted(async () => {
    const { z } = await import('zod');
    const { defineCall, page, paging } = await import('../../contract/define');
    const row = z.object({ id: z.number(), name: z.string() });
    const sortable = ['created_at', 'amount'] as const;
    return {
        row,
        sortable,
        /** page_number/page_size as numbers in a POST body, rows in `records`, a total in `total_items`. */
        inBody: defineCall({
            summary: 'A paged list in a body',
            method: 'POST',
            path: '/test/paged-body',
            access: 'signed-in',
            body: z.strictObject({
                page_number: z.number().int().min(1),
                page_size: z.number().int().min(1).max(200),
                status: z.string().optional(),
                q: z.string().optional(),
                sort: z.enum(sortable).optional(),
                order: z.enum(['asc', 'desc']).optional(),
            }),
            response: z.object({ records: z.array(row), total_items: z.number().int() }),
        }),
        /** page_number/page_size as digits in a query string, rows in `stores`, no total. */
        inQuery: defineCall({
            summary: 'A paged list in a query, as text',
            method: 'GET',
            path: '/test/paged-query',
            access: 'signed-in',
            query: z.strictObject({
                page_number: z.string().regex(/^[0-9]+$/),
                page_size: z.string().regex(/^[0-9]+$/),
                region: z.string().optional(),
            }),
            response: z.object({ stores: z.array(row) }),
        }),
        /** `$limit`/`$skip`, the whole answer the page. */
        probed: defineCall({
            summary: 'A probed list',
            method: 'GET',
            path: '/test/probed',
            access: 'signed-in',
            query: z.strictObject({ $limit: paging.$limit, $skip: paging.$skip, status: z.string().optional() }),
            response: z.array(row),
        }),
        /** A Feathers list. */
        feathers: defineCall({
            summary: 'A Feathers list',
            method: 'GET',
            path: '/test/feathers',
            access: 'signed-in',
            query: z.strictObject({ ...paging, owner_id: z.string().optional(), status: z.string().optional() }),
            response: page(row),
        }),
        /** One record by an id in the body. */
        byBody: defineCall({
            summary: 'One record by its id in a body',
            method: 'POST',
            path: '/test/one',
            access: 'signed-in',
            body: z.strictObject({ request_id: z.number().int() }),
            response: z.object({ request: row.nullable() }),
        }),
    };
});

vi.mock('../../src/dataProvider/declarations', async () => {
    const { defineResource, oneBy, pagedList, probedList, sortInput } = await import('../../src/dataProvider/defineResource');
    return {
        DECLARED_RESOURCES: {
            'in-body': defineResource({
                list: pagedList(fake.inBody, {
                    rows: 'records',
                    largestPage: 200,
                    request: ({ filter, sort }) => ({
                        status: filter.status as string | undefined,
                        q: filter.q as string | undefined,
                        ...sortInput(sort, fake.sortable, { field: 'created_at', order: 'desc' }),
                    }),
                }),
                one: oneBy(
                    fake.byBody,
                    id => ({ body: { request_id: Number(id) } }),
                    answered => answered.request,
                ),
            }),
            'in-query': defineResource({
                list: pagedList(fake.inQuery, {
                    rows: 'stores',
                    text: true,
                    largestPage: 100,
                    request: ({ filter }) => ({ region: filter.region as string | undefined }),
                }),
            }),
            probed: defineResource({
                list: probedList(fake.probed, {
                    largestPage: 1000,
                    request: ({ filter }) => ({ status: filter.status as string | undefined }),
                }),
            }),
            feathers: defineResource({ list: fake.feathers }),
            'gates-only': defineResource({ actions: { open: 'signed-in' } }),
        },
    };
});

// Imported after the mock above is in place (vi.mock is hoisted above every import).
const { dataProvider, largestPageOf } = await import('../../src/dataProvider');

const rows = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => ({ id: from + index, name: `Row ${from + index}` }));

/** What each call received: its body, or its query string as an object. */
const received: unknown[] = [];
const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

let totalRows = 57;
/** The answer's rows for a page of the whole list of `totalRows`. */
const slice = (pageNumber: number, size: number) =>
    rows((pageNumber - 1) * size + 1, Math.max(0, Math.min(size, totalRows - (pageNumber - 1) * size)));

const server = contractServer(
    answer(fake.inBody, async ({ request }) => {
        const body = (await request.json()) as { page_number: number; page_size: number };
        received.push(body);
        return { records: slice(body.page_number, body.page_size), total_items: totalRows };
    }),
    answer(fake.inQuery, ({ request }) => {
        const query = queryOf(request);
        received.push(query);
        return { stores: slice(Number(query.page_number), Number(query.page_size)) };
    }),
    answer(fake.probed, ({ request }) => {
        const query = queryOf(request);
        received.push(query);
        const skip = Number(query.$skip);
        return rows(skip + 1, Math.max(0, Math.min(Number(query.$limit), totalRows - skip)));
    }),
    answer(fake.feathers, ({ request }) => {
        const query = queryOf(request);
        received.push(query);
        const limit = Number(query.$limit ?? 10);
        const skip = Number(query.$skip ?? 0);
        if (query.ids) {
            const data = query.ids
                .split(',')
                .map(Number)
                .filter(id => id <= totalRows)
                .map(id => ({ id, name: `Row ${id}` }));
            return { total: data.length, limit, skip: 0, data };
        }
        const data = rows(skip + 1, Math.max(0, Math.min(limit, totalRows - skip)));
        return { total: totalRows, limit, skip, data };
    }),
    answer(fake.byBody, async ({ request }) => {
        const body = (await request.json()) as { request_id: number };
        received.push(body);
        return { request: body.request_id <= totalRows ? { id: body.request_id, name: `Row ${body.request_id}` } : null };
    }),
);

afterEach(() => {
    received.length = 0;
    totalRows = 57;
});

describe('pagedList: page_number and page_size as numbers in a body', () => {
    it("maps react-admin's page, sort and filter onto the body, leaving empty filter values out", async () => {
        const result = await dataProvider.getList('in-body', {
            pagination: { page: 3, perPage: 25 },
            sort: { field: 'amount', order: 'ASC' },
            filter: { status: 'pending', q: '' },
        });
        expect(received).toEqual([{ page_number: 3, page_size: 25, status: 'pending', sort: 'amount', order: 'asc' }]);
        expect(result).toEqual({ data: rows(51, 7), total: 57 });
    });

    it('sorts by the fallback when the column cannot sort on the server, and DESC by default order', async () => {
        await dataProvider.getList('in-body', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'name', order: 'ASC' },
            filter: {},
        });
        await dataProvider.getList('in-body', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'created_at', order: 'DESC' },
            filter: {},
        });
        expect(received).toEqual([
            { page_number: 1, page_size: 10, sort: 'created_at', order: 'desc' },
            { page_number: 1, page_size: 10, sort: 'created_at', order: 'desc' },
        ]);
    });

    it('takes the total from total_items even on a full page', async () => {
        const result = await dataProvider.getList('in-body', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(result.total).toBe(57);
        expect(result.data).toHaveLength(25);
        expect(result.pageInfo).toBeUndefined();
    });

    it('serves getManyReference with the target as a filter', async () => {
        await dataProvider.getManyReference('in-body', {
            target: 'status',
            id: 'approved',
            pagination: { page: 2, perPage: 5 },
            sort: { field: 'created_at', order: 'ASC' },
            filter: {},
        });
        expect(received).toEqual([{ page_number: 2, page_size: 5, status: 'approved', sort: 'created_at', order: 'asc' }]);
    });
});

describe('pagedList: page_number and page_size as text in a query', () => {
    it('sends the page as digits and reads the rows from their own field', async () => {
        const result = await dataProvider.getList('in-query', {
            pagination: { page: 6, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
            filter: { region: 'Gauteng', unused: null },
        });
        expect(received).toEqual([{ page_number: '6', page_size: '10', region: 'Gauteng' }]);
        // No total_items: the last page says how many the filter found.
        expect(result).toEqual({ data: rows(51, 7), total: 57 });
    });

    it('takes a full page without a count as one that may have another after it, never as the last', async () => {
        const result = await dataProvider.getList('in-query', {
            pagination: { page: 2, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(result.data).toHaveLength(10);
        expect(result.total).toBeUndefined();
        expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
    });

    it('without a filter sends only the page', async () => {
        await dataProvider.getList('in-query', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: { region: '' },
        });
        expect(received).toEqual([{ page_number: '1', page_size: '25' }]);
    });
});

describe('probedList: $limit and $skip with one row more asked', () => {
    it('asks one row more than the page, and a full probe says another page follows without inventing a total', async () => {
        const result = await dataProvider.getList('probed', {
            pagination: { page: 2, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: { status: 'pending' },
        });
        expect(received).toEqual([{ $limit: '26', $skip: '25', status: 'pending' }]);
        expect(result.data).toEqual(rows(26, 25));
        expect(result.total).toBeUndefined();
        expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
    });

    it('gives the total on the last page: the rows before it and on it', async () => {
        const result = await dataProvider.getList('probed', {
            pagination: { page: 3, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(received).toEqual([{ $limit: '26', $skip: '50' }]);
        expect(result).toEqual({ data: rows(51, 7), total: 57 });
    });

    it('says one row on one page is one row, not a page of them', async () => {
        totalRows = 1;
        const result = await dataProvider.getList('probed', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(result).toEqual({ data: rows(1, 1), total: 1 });
    });

    it('a page exactly as long as the rest is the last page', async () => {
        totalRows = 50;
        const result = await dataProvider.getList('probed', {
            pagination: { page: 2, perPage: 25 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(result).toEqual({ data: rows(26, 25), total: 50 });
    });
});

describe('a Feathers list', () => {
    it('pages by $limit and $skip, sorts by $sort and filters by field', async () => {
        const result = await dataProvider.getList('feathers', {
            pagination: { page: 2, perPage: 20 },
            sort: { field: 'name', order: 'DESC' },
            filter: { status: 'active', owner_id: undefined },
        });
        expect(received).toEqual([{ $limit: '20', $skip: '20', $sort: '-name', status: 'active' }]);
        expect(result).toEqual({ data: rows(21, 20), total: 57 });
    });

    it('serves getManyReference with the target in the query', async () => {
        await dataProvider.getManyReference('feathers', {
            target: 'owner_id',
            id: 4,
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'id', order: 'ASC' },
            filter: {},
        });
        expect(received).toEqual([{ $limit: '10', $skip: '0', owner_id: '4' }]);
    });

    it('finds one record and many by their ids', async () => {
        expect((await dataProvider.getOne('feathers', { id: 7 })).data).toEqual({ id: 7, name: 'Row 7' });
        expect(received).toEqual([{ ids: '7', $limit: '1' }]);
        const { data } = await dataProvider.getMany('feathers', { ids: [3, 999, 5, 3] });
        expect(data).toEqual([
            { id: 3, name: 'Row 3' },
            { id: 5, name: 'Row 5' },
        ]);
        expect(received[1]).toEqual({ ids: '3,999,5', $limit: '3' });
    });
});

describe('oneBy: one record by a call taking its id some other way', () => {
    it('builds the call input from the id and picks the record out of the answer', async () => {
        const { data } = await dataProvider.getOne('in-body', { id: 12 });
        expect(received).toEqual([{ request_id: 12 }]);
        expect(data).toEqual({ id: 12, name: 'Row 12' });
    });

    it('answers 404 when the call finds none', async () => {
        await expect(dataProvider.getOne('in-body', { id: 999 })).rejects.toMatchObject({
            message: 'errors.not_found',
            status: 404,
        });
    });

    it('serves getMany one id at a time, leaving out the ids it does not find', async () => {
        const { data } = await dataProvider.getMany('in-body', { ids: [3, 999, 5] });
        expect(data).toEqual([
            { id: 3, name: 'Row 3' },
            { id: 5, name: 'Row 5' },
        ]);
    });
});

describe('largestPage and what is not declared', () => {
    it("gives each kind's largest page: Feathers 1000, a paged list its own, a probed list one less than its call's", () => {
        expect(largestPageOf('feathers')).toBe(1000);
        expect(largestPageOf('in-body')).toBe(200);
        expect(largestPageOf('in-query')).toBe(100);
        // The probe's extra row must fit in the call's largest page.
        expect(largestPageOf('probed')).toBe(999);
    });

    it('fails loudly for a resource nobody declared, rather than guessing an endpoint', async () => {
        const undeclared = { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
        await expect(dataProvider.getList('nowhere', undeclared)).rejects.toBeInstanceOf(HttpError);
        await expect(dataProvider.getList('nowhere', undeclared)).rejects.toMatchObject({
            body: { reason: 'No getList for resource "nowhere"' },
        });
        expect(() => largestPageOf('nowhere')).toThrow(HttpError);
        expect(received).toEqual([]);
    });

    it('fails loudly for a method a resource does not declare', async () => {
        await expect(
            dataProvider.getList('gates-only', {
                pagination: { page: 1, perPage: 10 },
                sort: { field: 'id', order: 'ASC' },
                filter: {},
            }),
        ).rejects.toMatchObject({
            body: { reason: 'No getList for resource "gates-only"' },
        });
        // A paged list without a `one` call and not Feathers cannot find one record.
        await expect(dataProvider.getOne('in-query', { id: 1 })).rejects.toMatchObject({
            body: { reason: 'No getOne for resource "in-query"' },
        });
        await expect(dataProvider.create('probed', { data: { name: 'x' } })).rejects.toMatchObject({
            body: { reason: 'No create for resource "probed"' },
        });
        expect(received).toEqual([]);
    });
});

describe('ExportAllButton', () => {
    const exportAll = async (resource: string, provider: DataProvider = dataProvider) => {
        const written: string[] = [];
        const exporter = (all: RaRecord[]) => {
            written.push(
                toCsv(all, [
                    { title: 'Id', value: (row: RaRecord) => row.id },
                    { title: 'Name', value: (row: RaRecord) => row.name },
                ]),
            );
        };
        render(
            createElement(
                CoreAdminContext,
                { dataProvider: provider, store: memoryStore() },
                createElement(
                    ListBase,
                    { resource, perPage: 25, disableSyncWithLocation: true },
                    createElement(ExportAllButton, { exporter }),
                ),
            ),
        );
        const button = await screen.findByRole('button', { name: 'ra.action.export' });
        // The list's first page has come (the button is disabled only on an empty list).
        await waitFor(() => expect(received).toHaveLength(1));
        expect((button as HTMLButtonElement).disabled).toBe(false);
        received.length = 0;
        fireEvent.click(button);
        await waitFor(() => expect(written).toHaveLength(1));
        return { csv: written[0]!, calls: [...received] };
    };

    it('walks past 1,000 rows in pages of the largest page and writes every row once', async () => {
        totalRows = 2300;
        const { csv, calls } = await exportAll('feathers');
        const lines = csv.split('\r\n');
        expect(lines).toHaveLength(2301);
        expect(lines[0]).toBe('Id,Name');
        expect(new Set(lines.slice(1)).size).toBe(2300);
        expect(lines[2300]).toBe('2300,Row 2300');
        expect(calls).toEqual([
            { $limit: '1000', $skip: '0' },
            { $limit: '1000', $skip: '1000' },
            { $limit: '1000', $skip: '2000' },
        ]);
    });

    it("takes its page size from the resource's declaration, whatever provider the context holds", async () => {
        // A provider of react-admin's methods only (a wrapper, a test double): the page size is
        // the declarations' (999 rows and the probe's one), not a guess of 1,000 rows and a probe
        // the call refuses.
        totalRows = 1500;
        const plain: DataProvider = {
            getList: (resource, params) => dataProvider.getList(resource, params),
            getOne: (resource, params) => dataProvider.getOne(resource, params),
            getMany: (resource, params) => dataProvider.getMany(resource, params),
            getManyReference: (resource, params) => dataProvider.getManyReference(resource, params),
            create: (resource, params) => dataProvider.create(resource, params),
            update: (resource, params) => dataProvider.update(resource, params),
            updateMany: resource => dataProvider.updateMany(resource),
            delete: (resource, params) => dataProvider.delete(resource, params),
            deleteMany: (resource, params) => dataProvider.deleteMany(resource, params),
        };
        const { csv, calls } = await exportAll('probed', plain);
        expect(csv.split('\r\n')).toHaveLength(1501);
        expect(calls).toEqual([
            { $limit: '1000', $skip: '0' },
            { $limit: '1000', $skip: '999' },
        ]);
    });

    it('walks a list without a total until its short page', async () => {
        totalRows = 2300;
        const { csv, calls } = await exportAll('probed');
        expect(csv.split('\r\n')).toHaveLength(2301);
        expect(calls).toEqual([
            { $limit: '1000', $skip: '0' },
            { $limit: '1000', $skip: '999' },
            { $limit: '1000', $skip: '1998' },
        ]);
    });
});

void server;
