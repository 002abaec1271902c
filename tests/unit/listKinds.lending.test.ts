/**
 * The collections list kind (src/resources/lending/calls.ts) through the data provider: how
 * react-admin's page, perPage, sort and filter become the queue's body (only the filters the call
 * takes, in its types; a sort the server does not order by falls back to most days overdue
 * first), and how its answer becomes a page with its total.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listCollections, type CollectionItem } from '../../contract/lending';
import { dataProvider } from '../../src/dataProvider';
import { buildCollectionItem } from '../builders';
import { answer, contractServer } from './support/contractHandlers';

type Body = Record<string, unknown>;
const sent: Body[] = [];

const behind = (id: number, change: Partial<CollectionItem> = {}): CollectionItem =>
    buildCollectionItem({ id, loan_reference: `LPP-00000${id}`, ...change });

contractServer(
    answer(listCollections, async ({ request }) => {
        sent.push((await request.json()) as Body);
        return { data: [behind(1), behind(2, { days_overdue: 3, bucket: '1-7' })], total_items: 42 };
    }),
);

beforeEach(() => {
    sent.length = 0;
});

describe('collections (listCollections)', () => {
    it('asks the first page, most days overdue first, and answers the rows and the total', async () => {
        const page = await dataProvider.getList('collections', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'days_overdue', order: 'DESC' },
            filter: {},
        });
        expect(sent).toEqual([{ sort: 'days_overdue', order: 'desc', page_number: 1, page_size: 25 }]);
        expect(page.total).toBe(42);
        expect(page.data.map(row => [row.id, row.loan_reference, row.bucket])).toEqual([
            [1, 'LPP-000001', '8-30'],
            [2, 'LPP-000002', '1-7'],
        ]);
    });

    it('sends each filter in the call types and the sorts the server orders by', async () => {
        await dataProvider.getList('collections', {
            pagination: { page: 3, perPage: 50 },
            sort: { field: 'amount_overdue', order: 'ASC' },
            filter: { bucket: '60+', store_id: '4', agent_id: 7, lock_state: 'locked', q: '  Nkosi ' },
        });
        await dataProvider.getList('collections', {
            pagination: { page: 1, perPage: 10 },
            sort: { field: 'last_paid_at', order: 'DESC' },
            filter: {},
        });
        expect(sent).toEqual([
            {
                bucket: '60+',
                store_id: 4,
                agent_id: 7,
                lock_state: 'locked',
                q: 'Nkosi',
                sort: 'amount_overdue',
                order: 'asc',
                page_number: 3,
                page_size: 50,
            },
            { sort: 'last_paid_at', order: 'desc', page_number: 1, page_size: 10 },
        ]);
    });

    it('leaves out values the call would refuse, and falls back to days overdue for another column', async () => {
        await dataProvider.getList('collections', {
            pagination: { page: 1, perPage: 25 },
            sort: { field: 'shop', order: 'ASC' },
            filter: { bucket: '0-1', store_id: 'x1', agent_id: 0, lock_state: 'stuck', q: '   ' },
        });
        expect(sent).toEqual([{ sort: 'days_overdue', order: 'desc', page_number: 1, page_size: 25 }]);
    });
});
