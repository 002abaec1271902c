/**
 * The shop screens (spec §4, §8, §9): a shop's agents 50 a page from page 1, choosing
 * another shop or page size starting again at page 1 with an empty list, 'No shop selected'
 * without a shop, the spec's failure messages, and a transfer that removes the agent from the
 * list and lowers the total by one, with its own busy state.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listAgents, type Agent } from '../../contract/agents';
import { listShopAgents, listShops, transferAgent } from '../../contract/shops';
import { listStores, type Store } from '../../contract/stores';
import { buildAgent, buildStore } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const shopOf = (id: number, name: string, agentCount: number): Store => buildStore({ id, name, agent_count: agentCount });
const agentOf = (id: number, storeId: number, storeName: string): Agent =>
    buildAgent({
        id,
        username: `agent${id}`,
        first_name: `First${String(id).padStart(3, '0')}`,
        last_name: 'Agent',
        msisdn: `2782${String(id).padStart(7, '0')}`,
        store_id: storeId,
        store_name: storeName,
    });

const soweto = shopOf(1, 'Soweto Central', 120);
const durban = shopOf(2, 'Durban Marine Parade', 3);
const sowetoAgents = Array.from({ length: 120 }, (_, index) => agentOf(index + 1, 1, soweto.name));
const durbanAgents = [201, 202, 203].map(id => agentOf(id, 2, durban.name));

let agentsByShop: Record<string, Agent[]> = {};
const agentRequests: { shop_id: string; sort: string; order: string; page_number: string; page_size: string }[] = [];
const shopRequests: { sort: string; order: string; page_number: string; page_size: string }[] = [];
const transfers: unknown[] = [];
let failAgents = false;
/** While set, a transfer is held until the test lets it go. */
let heldTransfer: Promise<void> | null = null;

const server = contractServer(
    answer(listShops, async ({ request }) => {
        const body = (await request.clone().json()) as (typeof shopRequests)[number];
        shopRequests.push(body);
        return { data: [soweto, durban], total_items: 2 };
    }),
    answer(listShopAgents, async ({ request }) => {
        const body = (await request.clone().json()) as (typeof agentRequests)[number];
        agentRequests.push(body);
        if (failAgents) return errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' });
        const all = agentsByShop[body.shop_id] ?? [];
        const size = Number(body.page_size);
        const page = Number(body.page_number);
        return { data: all.slice((page - 1) * size, page * size), total_items: all.length };
    }),
    answer(listStores, { stores: [soweto, durban] }),
    // The agents list, where a shop's agent leads: searched by the agent's number.
    answer(listAgents, async ({ request }) => {
        const { q } = (await request.clone().json()) as { q?: string };
        const found = [...sowetoAgents, ...durbanAgents].filter(agent => !q || agent.msisdn.includes(q));
        return { data: { data: found, total_items: found.length } };
    }),
    answer(transferAgent, async ({ request }) => {
        const body = (await request.clone().json()) as { agent_id: string; agent_store_id: string };
        transfers.push(body);
        await (heldTransfer ?? delay(150));
        const moved = agentsByShop['1']!.find(agent => String(agent.id) === body.agent_id)!;
        agentsByShop['1'] = agentsByShop['1']!.filter(agent => agent !== moved);
        return { ...moved, store_id: 2, store_name: durban.name };
    }),
);

// A list waits for the shell, its chunks and the data provider: on a busy machine past the 1 s default.
beforeAll(() => configure({ asyncUtilTimeout: 15_000 }));
afterAll(() => configure({ asyncUtilTimeout: 5000 }));

beforeEach(() => {
    agentsByShop = { '1': [...sowetoAgents], '2': [...durbanAgents] };
    agentRequests.length = 0;
    shopRequests.length = 0;
    transfers.length = 0;
    failAgents = false;
    heldTransfer = null;
    signedInAs(['VIEW_SHOP_AGENTS', 'TRANSFER_AGENT']);
});

const nextPage = () => screen.getByRole('button', { name: /next page/i });

describe("a shop's agents", () => {
    it("fetches nothing without a shop and says 'No shop selected'", async () => {
        renderPortal('/dashboard/shop/agent');
        expect(await screen.findByText('No shop selected', {}, { timeout: 15_000 })).toBeTruthy();
        await waitFor(() => expect(shopRequests.length).toBeGreaterThan(0));
        expect(agentRequests).toEqual([]);
    });

    it('asks for 50 agents from page 1, numbers as strings, and shows the total', async () => {
        renderPortal('/dashboard/shop/agent?shop=1');
        expect(await screen.findByText('First001 Agent')).toBeTruthy();
        expect(agentRequests[0]).toEqual({ shop_id: '1', sort: 'first_name', order: 'asc', page_number: '1', page_size: '50' });
        expect(screen.getByText('120 agents')).toBeTruthy();
        expect(screen.queryByText('First051 Agent')).toBeNull();
    });

    it('starts again at page 1 with an empty list when another shop is chosen', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=1');
        await screen.findByText('First001 Agent');
        await user.click(nextPage());
        expect(await screen.findByText('First051 Agent')).toBeTruthy();
        expect(agentRequests.at(-1)).toEqual({
            shop_id: '1',
            sort: 'first_name',
            order: 'asc',
            page_number: '2',
            page_size: '50',
        });

        await user.click(screen.getByRole('combobox', { name: 'Shop' }));
        await user.click(await screen.findByRole('option', { name: 'Durban Marine Parade' }));
        // The previous shop's agents are gone at once, before the new shop's arrive.
        expect(screen.queryByText('First051 Agent')).toBeNull();
        expect(await screen.findByText('First201 Agent')).toBeTruthy();
        expect(agentRequests.at(-1)).toEqual({
            shop_id: '2',
            sort: 'first_name',
            order: 'asc',
            page_number: '1',
            page_size: '50',
        });
        expect(screen.getByText('3 agents')).toBeTruthy();
    }, 40_000);

    it('starts again at page 1 when the page size changes', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=1');
        await screen.findByText('First001 Agent');
        await user.click(nextPage());
        await screen.findByText('First051 Agent');
        await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
        await user.click(await screen.findByRole('option', { name: '25' }));
        await waitFor(() =>
            expect(agentRequests.at(-1)).toEqual({
                shop_id: '1',
                sort: 'first_name',
                order: 'asc',
                page_number: '1',
                page_size: '25',
            }),
        );
        expect(await screen.findByText('First001 Agent')).toBeTruthy();
    });

    it("says 'Failed to fetch agents. Please try again later.' with a retry that asks again", async () => {
        failAgents = true;
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=1');
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain('Failed to fetch agents. Please try again later.');
        expect(screen.queryByText('First001 Agent')).toBeNull();
        failAgents = false;
        await user.click(within(alert).getByRole('button', { name: 'Try again' }));
        expect(await screen.findByText('First001 Agent')).toBeTruthy();
    });

    it('transfers an agent after a confirmation: busy while it goes, then the agent leaves and the total drops by one', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=1');
        await screen.findByText('First001 Agent');
        expect(screen.getByText('120 agents')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Transfer First001 Agent' }));
        const dialog = await screen.findByRole('dialog', { name: 'Transfer First001 Agent' });
        await user.click(within(dialog).getByRole('combobox', { name: 'Move to store' }));
        // The agent's own shop is not offered.
        expect(screen.queryByRole('option', { name: 'Soweto Central' })).toBeNull();
        await user.click(await screen.findByRole('option', { name: 'Durban Marine Parade' }));
        await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
        const confirm = await screen.findByRole('dialog', { name: 'Transfer this agent?' });
        expect(confirm.textContent).toContain('First001 Agent will move from Soweto Central to Durban Marine Parade.');
        let release = () => undefined as void;
        heldTransfer = new Promise<void>(resolve => {
            release = resolve;
        });
        await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
        await waitFor(() => expect(transfers).toEqual([{ agent_id: '1', agent_firstname: 'First001', agent_store_id: '2' }]));
        // Busy while it goes: the transfer's own dialog cannot be closed nor sent again, while the
        // list stays as it was, its rows and total shown (the list's loading is another state).
        const going = await screen.findByRole('dialog', { name: 'Transfer First001 Agent' });
        expect((within(going).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
        expect((within(going).getByRole('button', { name: 'Transfer' }) as HTMLButtonElement).disabled).toBe(true);
        expect(screen.getByText('120 agents')).toBeTruthy();
        expect(screen.getByText('First002 Agent')).toBeTruthy();
        release();
        await waitFor(() => expect(screen.queryByText('First001 Agent')).toBeNull());
        expect(screen.getByText('119 agents')).toBeTruthy();
        expect(screen.getByText('First002 Agent')).toBeTruthy();
    }, 40_000);

    it('shows a registrant awaiting approval as such, and offers no transfer for them', async () => {
        agentsByShop['2'] = [...durbanAgents, { ...agentOf(204, 2, durban.name), status: 'pending_approval' }];
        renderPortal('/dashboard/shop/agent?shop=2');
        const row = (await screen.findByText('First204 Agent', { exact: false }, { timeout: 15_000 })).closest('tr')!;
        expect(within(row).getByText('Awaiting approval')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Transfer First204 Agent' })).toBeNull();
        expect(screen.getByRole('button', { name: 'Transfer First201 Agent' })).toBeTruthy();
    }, 40_000);

    it("says 'Failed to transfer agent. Please try again later.' when the transfer fails, and keeps the agent", async () => {
        server.use(
            answer(
                transferAgent,
                errorAnswer(409, {
                    code: 409,
                    name: 'Conflict',
                    message: 'Same',
                    key: 'errors.same_store',
                    field: 'agent_store_id',
                }),
            ),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=1');
        await screen.findByText('First001 Agent');
        await user.click(screen.getByRole('button', { name: 'Transfer First001 Agent' }));
        const dialog = await screen.findByRole('dialog', { name: 'Transfer First001 Agent' });
        await user.click(within(dialog).getByRole('combobox', { name: 'Move to store' }));
        await user.click(await screen.findByRole('option', { name: 'Durban Marine Parade' }));
        await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
        await user.click(
            within(await screen.findByRole('dialog', { name: 'Transfer this agent?' })).getByRole('button', { name: 'Confirm' }),
        );
        // Back at the choice of store, saying why; the agent stays.
        const again = await screen.findByRole('dialog', { name: 'Transfer First001 Agent' });
        expect((await within(again).findByRole('alert')).textContent).toContain(
            'Failed to transfer agent. Please try again later.',
        );
        expect(screen.getByText('120 agents')).toBeTruthy();
    }, 40_000);
});

describe("a shop's agents, sorted and leading somewhere", () => {
    it('sorts by name, username or number on the server from the column headers; the tier is no sort', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=1');
        await screen.findByText('First001 Agent', {}, { timeout: 15_000 });
        await user.click(nextPage());
        await screen.findByText('First051 Agent');
        await user.click(screen.getByRole('button', { name: /^Sort by username/i }));
        await waitFor(() =>
            expect(agentRequests.at(-1)).toEqual({
                shop_id: '1',
                sort: 'username',
                order: 'asc',
                page_number: '1',
                page_size: '50',
            }),
        );
        await user.click(await screen.findByRole('button', { name: /^Sort by username descending/i }));
        await waitFor(() => expect(agentRequests.at(-1)).toMatchObject({ sort: 'username', order: 'desc' }));
        await user.click(screen.getByRole('button', { name: /^Sort by phone number/i }));
        await waitFor(() => expect(agentRequests.at(-1)).toMatchObject({ sort: 'msisdn', order: 'asc' }));
        expect(screen.queryByRole('button', { name: /^Sort by tier/i })).toBeNull();
        // Another shop keeps the order asked, from page 1.
        await user.click(screen.getByRole('combobox', { name: 'Shop' }));
        await user.click(await screen.findByRole('option', { name: 'Durban Marine Parade' }));
        await screen.findByText('First201 Agent');
        expect(agentRequests.at(-1)).toEqual({ shop_id: '2', sort: 'msisdn', order: 'asc', page_number: '1', page_size: '50' });
    }, 40_000);

    it('leads each agent to their record in the agents list, searched by their number, by a link a keyboard reaches', async () => {
        signedInAs(['VIEW_SHOP_AGENTS', 'VIEW_AGENTS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/shop/agent?shop=2');
        const link = await screen.findByRole('link', { name: 'First202 Agent' }, { timeout: 15_000 });
        expect(link.getAttribute('href')).toBe(`/dashboard/agents?filter=${encodeURIComponent('{"q":"27820000202"}')}`);
        link.focus();
        await user.keyboard('{Enter}');
        expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeTruthy();
        expect(((await screen.findByPlaceholderText('Search')) as HTMLInputElement).value).toBe('27820000202');
        expect(await screen.findByText('1 agent')).toBeTruthy();
        expect(screen.getByText('First202 Agent')).toBeTruthy();
    }, 40_000);

    it("leads to the agent's portal account for those who edit users but may not open the agents list, else nowhere", async () => {
        signedInAs(['VIEW_SHOP_AGENTS', 'EDIT_USER']);
        const { unmount } = renderPortal('/dashboard/shop/agent?shop=2');
        const link = await screen.findByRole('link', { name: 'First201 Agent' }, { timeout: 15_000 });
        expect(link.getAttribute('href')).toBe('/dashboard/users/201');
        unmount();
        signedInAs(['VIEW_SHOP_AGENTS']);
        renderPortal('/dashboard/shop/agent?shop=2');
        await screen.findByText('First201 Agent', {}, { timeout: 15_000 });
        expect(screen.queryByRole('link', { name: 'First201 Agent' })).toBeNull();
    }, 40_000);
});

describe('the shop list', () => {
    it('sorts by name, town, region or agent count on the server from the column headers', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/shop');
        await screen.findByText('Durban Marine Parade', {}, { timeout: 15_000 });
        await user.click(screen.getByRole('button', { name: /^Sort by town/i }));
        await waitFor(() =>
            expect(shopRequests.at(-1)).toEqual({ sort: 'town', order: 'asc', page_number: '1', page_size: 'all' }),
        );
        await user.click(screen.getByRole('button', { name: /^Sort by agents/i }));
        await waitFor(() => expect(shopRequests.at(-1)).toMatchObject({ sort: 'agent_count', order: 'asc' }));
        await user.click(await screen.findByRole('button', { name: /^Sort by agents descending/i }));
        await waitFor(() => expect(shopRequests.at(-1)).toMatchObject({ sort: 'agent_count', order: 'desc' }));
    }, 40_000);

    it("asks for every shop at once (page size 'all' from page 1)", async () => {
        renderPortal('/dashboard/shop');
        expect(await screen.findByText('Durban Marine Parade')).toBeTruthy();
        expect(shopRequests[0]).toEqual({ sort: 'name', order: 'asc', page_number: '1', page_size: 'all' });
    });

    it("shows the server's message when the list fails, else 'An error occurred'", async () => {
        server.use(
            answer(listShops, errorAnswer(503, { code: 503, name: 'Unavailable', message: 'Down', key: 'errors.unavailable' })),
        );
        renderPortal('/dashboard/shop');
        expect((await screen.findByRole('alert')).textContent).toContain(
            'The service is unavailable right now. Please try again shortly.',
        );
    });

    it("says 'An error occurred' when the answer carries no message", async () => {
        const { http, HttpResponse } = await import('msw');
        server.use(http.post('/portal_api/api/v1/shop/all', () => new HttpResponse('oops', { status: 502 })));
        renderPortal('/dashboard/shop');
        expect((await screen.findByRole('alert')).textContent).toContain('An error occurred');
    });
});
