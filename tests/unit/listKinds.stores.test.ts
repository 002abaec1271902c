/**
 * The stores, shop, shop-agents and agents resources (src/resources/stores/calls.ts) through the
 * data provider: how react-admin's page, perPage, sort and filter become each call's input, and
 * where the rows and the total are in each answer. The stores come whole from one call and are
 * sorted and paged here; the shops and agents are sorted on the server, by a column their calls
 * take (by name otherwise); the shop calls take their numbers as strings, and the shop list's page
 * size 'all' is a perPage past the largest numbered page; a shop's agents without a shop ask nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { listAgents, storeAgents, type Agent } from '../../contract/agents';
import { listShopAgents, listShops } from '../../contract/shops';
import { listStores, type Store } from '../../contract/stores';
import { dataProvider, largestPageOf } from '../../src/dataProvider';
import { SHOP_ALL_PER_PAGE } from '../../src/resources/shops/listKinds';
import { buildAgent, buildStore } from '../builders';
import { answer, contractServer } from './support/contractHandlers';

const storeOf = (id: number, name: string, region: string, agentCount: number): Store =>
    buildStore({ id, name, region, agent_count: agentCount, created_at: `2026-11-0${id}T08:00:00.000Z` });
const agentOf = (id: number): Agent => buildAgent({ id, store_name: 'Soweto' });

const STORES = [
    storeOf(1, 'Soweto', 'Gauteng', 7),
    storeOf(2, 'Durban', 'KwaZulu-Natal', 3),
    storeOf(3, 'Alberton', 'Gauteng', 9),
];
const bodies: Record<string, Record<string, unknown>[]> = {};
const seen = (path: string, body: Record<string, unknown>) => (bodies[path] ??= []).push(body);

contractServer(
    answer(listStores, async ({ request }) => {
        seen('stores', (await request.clone().json()) as Record<string, unknown>);
        return { stores: STORES };
    }),
    answer(listShops, async ({ request }) => {
        seen('shops', (await request.clone().json()) as Record<string, unknown>);
        return { data: STORES, total_items: 3 };
    }),
    answer(listShopAgents, async ({ request }) => {
        seen('shopAgents', (await request.clone().json()) as Record<string, unknown>);
        return { data: [agentOf(1)], total_items: 120 };
    }),
    answer(storeAgents, async ({ request }) => {
        seen('store', (await request.clone().json()) as Record<string, unknown>);
        return { store: STORES[0]!, agents: [agentOf(1)] };
    }),
    answer(listAgents, async ({ request }) => {
        seen('agents', (await request.clone().json()) as Record<string, unknown>);
        return { data: { data: [agentOf(1), agentOf(2)], total_items: 240 } };
    }),
);

beforeEach(() => {
    for (const key of Object.keys(bodies)) delete bodies[key];
});

const list = (
    resource: string,
    page: number,
    perPage: number,
    filter: Record<string, unknown> = {},
    sort = { field: 'id', order: 'ASC' as 'ASC' | 'DESC' },
) => dataProvider.getList(resource, { pagination: { page, perPage }, sort, filter });

describe('stores', () => {
    it('sends the search and region to the call, and sorts and pages the whole answer here', async () => {
        const result = await list(
            'stores',
            1,
            2,
            { q: 'o', region: 'Gauteng', tier: 'gold' },
            { field: 'agent_count', order: 'DESC' },
        );
        expect(bodies.stores).toEqual([{ q: 'o', region: 'Gauteng' }]);
        expect(result.data.map(store => store.name)).toEqual(['Alberton', 'Soweto']);
        expect(result.total).toBe(3);
        const second = await list('stores', 2, 2, {}, { field: 'agent_count', order: 'DESC' });
        expect(second.data.map(store => store.name)).toEqual(['Durban']);
    });

    it('sorts by name, region, town, agent count and creation; any other column by name', async () => {
        expect((await list('stores', 1, 25, {}, { field: 'name', order: 'ASC' })).data.map(store => store.id)).toEqual([3, 2, 1]);
        expect((await list('stores', 1, 25, {}, { field: 'created_at', order: 'DESC' })).data.map(store => store.id)).toEqual([
            3, 2, 1,
        ]);
        expect((await list('stores', 1, 25, {}, { field: 'region', order: 'ASC' })).data.map(store => store.id)).toEqual([
            1, 3, 2,
        ]);
        expect((await list('stores', 1, 25, {}, { field: 'owner.name', order: 'DESC' })).data.map(store => store.id)).toEqual([
            3, 2, 1,
        ]);
    });

    it('finds one store with its agents by the call that takes its id in the body', async () => {
        const { data } = await dataProvider.getOne('stores', { id: 1 });
        expect(bodies.store).toEqual([{ store_id: 1 }]);
        expect(data).toMatchObject({ id: 1, name: 'Soweto', agents: [{ id: 1 }] });
    });

    it('exports 1000 stores a call', () => {
        expect(largestPageOf('stores')).toBe(1000);
    });
});

/** The sort each column of a list asks of its call, both ways. */
const sortsAsked = async (resource: string, path: string, fields: readonly string[], filter: Record<string, unknown> = {}) => {
    const asked: unknown[] = [];
    for (const field of fields) {
        for (const order of ['ASC', 'DESC'] as const) {
            bodies[path] = [];
            await list(resource, 1, 25, filter, { field, order });
            const [body] = bodies[path];
            asked.push(body && { sort: body.sort, order: body.order });
        }
    }
    return asked;
};

describe('shop', () => {
    it("asks every shop at once (page 1, 'all') for a perPage past the largest numbered page", async () => {
        const result = await list('shop', 3, SHOP_ALL_PER_PAGE);
        expect(bodies.shops).toEqual([{ sort: 'name', order: 'asc', page_number: '1', page_size: 'all' }]);
        expect(result).toMatchObject({ total: 3 });
    });

    it('asks a numbered page as digits', async () => {
        await list('shop', 2, 25);
        expect(bodies.shops).toEqual([{ sort: 'name', order: 'asc', page_number: '2', page_size: '25' }]);
    });

    it('asks the server to sort by name, town, region or agent count, either way; any other column by name', async () => {
        expect(await sortsAsked('shop', 'shops', ['name', 'town', 'region', 'agent_count', 'created_at'])).toEqual([
            { sort: 'name', order: 'asc' },
            { sort: 'name', order: 'desc' },
            { sort: 'town', order: 'asc' },
            { sort: 'town', order: 'desc' },
            { sort: 'region', order: 'asc' },
            { sort: 'region', order: 'desc' },
            { sort: 'agent_count', order: 'asc' },
            { sort: 'agent_count', order: 'desc' },
            { sort: 'name', order: 'asc' },
            { sort: 'name', order: 'asc' },
        ]);
    });
});

const AGENT_ORDERS = [
    { sort: 'first_name', order: 'asc' },
    { sort: 'first_name', order: 'desc' },
    { sort: 'username', order: 'asc' },
    { sort: 'username', order: 'desc' },
    { sort: 'msisdn', order: 'asc' },
    { sort: 'msisdn', order: 'desc' },
    // Columns the server cannot sort by index (the tier, the store), either way: by first name.
    ...Array.from({ length: 4 }, () => ({ sort: 'first_name', order: 'asc' })),
];

describe('shop-agents', () => {
    it('asks the shop of the filter, page and size as digits; the total from total_items', async () => {
        const result = await list('shop-agents', 2, 50, { shop_id: 7 });
        expect(bodies.shopAgents).toEqual([
            { shop_id: '7', sort: 'first_name', order: 'asc', page_number: '2', page_size: '50' },
        ]);
        expect(result.total).toBe(120);
    });

    it('asks the server to sort by first name, username or number, either way; any other column by first name', async () => {
        expect(
            await sortsAsked('shop-agents', 'shopAgents', ['first_name', 'username', 'msisdn', 'tier', 'store_name'], {
                shop_id: 7,
            }),
        ).toEqual(AGENT_ORDERS);
    });

    it('asks nothing without a shop, and is empty', async () => {
        expect(await list('shop-agents', 1, 50, {})).toEqual({ data: [], total: 0 });
        expect(bodies.shopAgents).toBeUndefined();
    });
});

describe('agents', () => {
    it('sends the search, tier and store it takes (others left out), the page as digits; rows and total from data.data', async () => {
        const result = await list('agents', 3, 50, { q: 'bon', tier: 'gold', store_id: 4, region: 'x' });
        expect(bodies.agents).toEqual([
            { q: 'bon', tier: 'gold', store_id: 4, sort: 'first_name', order: 'asc', page_number: '3', page_size: '50' },
        ]);
        expect(result.data.map(agent => agent.id)).toEqual([1, 2]);
        expect(result.total).toBe(240);
    });

    it("leaves out a tier the call would refuse, and takes 'none'", async () => {
        await list('agents', 1, 50, { tier: 'platinum' });
        await list('agents', 1, 50, { tier: 'none' });
        expect(bodies.agents).toEqual([
            { sort: 'first_name', order: 'asc', page_number: '1', page_size: '50' },
            { tier: 'none', sort: 'first_name', order: 'asc', page_number: '1', page_size: '50' },
        ]);
    });

    it('asks the server to sort by first name, username or number, either way; any other column by first name', async () => {
        expect(await sortsAsked('agents', 'agents', ['first_name', 'username', 'msisdn', 'tier', 'store_name'])).toEqual(
            AGENT_ORDERS,
        );
    });
});
