/**
 * Getting around the shop screens: a shop list row opens that shop's agents,
 * the agents screen has its menu entry and a link from the list, and the store page names its
 * location action for what it moves.
 */
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listShopAgents, listShops } from '../../contract/shops';
import { listStores, type Store } from '../../contract/stores';
import { buildStore } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const shopOf = (id: number, name: string): Store => buildStore({ id, name });
const soweto = shopOf(1, 'Soweto Central');
const durban = shopOf(2, 'Durban Marine Parade');
const SHOP_OWNER = ['VIEW_SHOP_AGENTS', 'VIEW_STORES', 'VIEW_AGENTS', 'TRANSFER_AGENT', 'UPDATE_AGENT_LOCATION'];

contractServer(
    answer(listShops, { data: [soweto, durban], total_items: 2 }),
    answer(listShopAgents, { data: [], total_items: 0 }),
    answer(listStores, { stores: [soweto, durban] }),
);

beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

describe('the shop screens', () => {
    it("open a shop's agents from its row in the shop list, its name a link a keyboard reaches", async () => {
        signedInAs(SHOP_OWNER, { shop: { id: 1, name: 'Soweto Central' } });
        const user = userEvent.setup();
        renderPortal('/dashboard/shop');
        const link = await screen.findByRole('link', { name: 'Durban Marine Parade' });
        expect(link.getAttribute('href')).toBe('/dashboard/shop/agent?shop=2');
        link.focus();
        await user.keyboard('{Enter}');
        expect(await screen.findByRole('heading', { level: 1, name: 'Shop agents' })).toBeTruthy();
        expect(((await screen.findByRole('combobox', { name: 'Shop' })) as HTMLInputElement).value).toBe('Durban Marine Parade');
    });

    it('reach the agents screen from the menu and from the shop list, for holders of its role', async () => {
        signedInAs(SHOP_OWNER, { shop: { id: 1, name: 'Soweto Central' } });
        renderPortal('/dashboard/shop');
        expect(await screen.findByRole('heading', { level: 1, name: 'Shops' })).toBeTruthy();
        const main = screen.getByRole('main');
        // Its own gate (shop/agents) is asked apart from the screen's, and answers a moment later.
        expect((await within(main).findByRole('link', { name: 'Shop agents' })).getAttribute('href')).toBe(
            '/dashboard/shop/agent',
        );
        expect(screen.getByRole('menuitem', { name: 'Shop agents' }).getAttribute('href')).toBe('/dashboard/shop/agent');
    });
});
