/**
 * The stores, shop, shop agents and agents lists keep their filters, sort, page and page size in
 * the address: an address copied or reloaded asks the server for the same page of
 * the same filter, and shows it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { listAgents, type Agent } from '../../contract/agents';
import { listShopAgents, listShops } from '../../contract/shops';
import { listStores, type Store } from '../../contract/stores';
import { buildAgent, buildStore } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const storeOf = (id: number, name: string, region: string, agentCount: number): Store =>
    buildStore({ id, name, region, agent_count: agentCount });
const agentOf = (id: number): Agent => buildAgent({ id, first_name: `First${id}`, last_name: 'Agent', store_name: 'Soweto' });

const STORES = [
    storeOf(1, 'Soweto', 'Gauteng', 7),
    storeOf(2, 'Durban', 'KwaZulu-Natal', 3),
    storeOf(3, 'Alberton', 'Gauteng', 9),
];
const bodies: Record<string, unknown>[] = [];

contractServer(
    answer(listStores, async ({ request }) => {
        const body = (await request.clone().json()) as { region?: string };
        bodies.push(body);
        return { stores: STORES.filter(store => !body.region || store.region === body.region) };
    }),
    answer(listShops, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return { data: [STORES[1]!], total_items: 26 };
    }),
    answer(listShopAgents, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return { data: [agentOf(9)], total_items: 60 };
    }),
    answer(listAgents, async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return { data: { data: [agentOf(7)], total_items: 101 } };
    }),
);

beforeEach(() => {
    bodies.length = 0;
    signedInAs(['VIEW_STORES', 'VIEW_SHOP_AGENTS', 'VIEW_AGENTS']);
});

const address = (path: string, params: Record<string, unknown>) =>
    `${path}?${new URLSearchParams(
        Object.entries(params).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
    )}`;

const rowNames = () =>
    within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map(row => row.querySelector('td')?.textContent);

describe('a copied address', () => {
    it('shows the stores of its region, sorted by its column', async () => {
        renderPortal(address('/dashboard/stores', { filter: { region: 'Gauteng' }, sort: 'agent_count', order: 'DESC' }));
        await screen.findByText('Alberton', {}, { timeout: 15_000 });
        expect(bodies.at(-1)).toEqual({ region: 'Gauteng' });
        expect(rowNames()).toEqual(['Alberton', 'Soweto']);
        expect(screen.getByRole('link', { name: 'Alberton' }).getAttribute('href')).toBe('/dashboard/stores/3');
    }, 40_000);

    it('asks for its page, page size and order of the shops', async () => {
        renderPortal(address('/dashboard/shop', { page: '2', perPage: '25', sort: 'town', order: 'DESC' }));
        await screen.findByText('Durban', {}, { timeout: 15_000 });
        expect(bodies.at(-1)).toEqual({ sort: 'town', order: 'desc', page_number: '2', page_size: '25' });
        // The town's header is the sorted one, downwards (its label offers the other way).
        const town = screen.getByRole('button', { name: 'Sort by town ascending' });
        expect(town.classList.contains('Mui-active')).toBe(true);
        expect(town.classList.contains('MuiTableSortLabel-directionDesc')).toBe(true);
        expect(screen.getByText('26 shops')).toBeTruthy();
        expect((screen.getByRole('combobox', { name: 'Shops per page' }) as HTMLElement).textContent).toBe('25');
    }, 40_000);

    it("asks for its shop's agents at its page and in its order", async () => {
        renderPortal(
            address('/dashboard/shop/agent', { filter: { shop_id: 4 }, page: '2', perPage: '50', sort: 'msisdn', order: 'ASC' }),
        );
        await screen.findByText('First9 Agent', {}, { timeout: 15_000 });
        expect(bodies).toContainEqual({ shop_id: '4', sort: 'msisdn', order: 'asc', page_number: '2', page_size: '50' });
    }, 40_000);

    it('asks for the agents of its tier at its page', async () => {
        renderPortal(address('/dashboard/agents', { filter: { tier: 'gold' }, page: '3', perPage: '50' }));
        await screen.findByText('First7 Agent', {}, { timeout: 15_000 });
        await waitFor(() =>
            expect(bodies.at(-1)).toEqual({ tier: 'gold', sort: 'first_name', order: 'asc', page_number: '3', page_size: '50' }),
        );
    }, 40_000);
});
