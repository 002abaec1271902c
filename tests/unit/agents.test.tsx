/**
 * The agents screen: the list read from the answer's nested `data.data`, 50 a page from
 * page 1, tiers as chips, and a tier set from the list by a holder of ASSIGN_AGENT_TIER.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { assignAgentTier, listAgents, type Agent } from '../../contract/agents';
import { listStores } from '../../contract/stores';
import { buildAgent } from '../builders';
import { answer, contractServer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const agentOf = (id: number, first: string, tier: Agent['tier']): Agent =>
    buildAgent({ id, username: first.toLowerCase(), first_name: first, msisdn: `2782000000${id}`, tier });
let agents: Agent[] = [];
const requests: unknown[] = [];
const tiers: unknown[] = [];

contractServer(
    answer(listAgents, async ({ request }) => {
        requests.push(await request.clone().json());
        return { data: { data: agents, total_items: agents.length } };
    }),
    answer(listStores, { stores: [] }),
    answer(assignAgentTier, async ({ request }) => {
        const body = (await request.clone().json()) as { agent_id: number; tier: Agent['tier'] };
        tiers.push(body);
        // Kept, as the server keeps it: the write refetches the list after it.
        agents = agents.map(one => (one.id === body.agent_id ? { ...one, tier: body.tier } : one));
        return agents.find(one => one.id === body.agent_id)!;
    }),
);

beforeEach(() => {
    agents = [agentOf(1, 'Bongani', null), agentOf(2, 'Thabo', 'silver')];
    requests.length = 0;
    tiers.length = 0;
});

describe('the agents', () => {
    it('lists the agents nested in data.data, 50 a page from page 1, with their tiers as chips', async () => {
        signedInAs(['VIEW_AGENTS']);
        renderPortal('/dashboard/agents');
        expect(await screen.findByText('Bongani Khumalo', {}, { timeout: 15_000 })).toBeTruthy();
        expect(requests[0]).toEqual({ sort: 'first_name', order: 'asc', page_number: '1', page_size: '50' });
        expect(screen.getByText('2 agents')).toBeTruthy();
        expect(screen.getByText('Silver')).toBeTruthy();
        expect(screen.getByText('No tier')).toBeTruthy();
        // Setting tiers needs ASSIGN_AGENT_TIER.
        expect(screen.queryByRole('button', { name: /Set tier/ })).toBeNull();
    }, 40_000);

    it('sorts by name or number on the server from the column headers; group, store and tier are no sorts', async () => {
        signedInAs(['VIEW_AGENTS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/agents');
        await screen.findByText('Bongani Khumalo', {}, { timeout: 15_000 });
        await user.click(screen.getByRole('button', { name: /^Sort by phone number/i }));
        await waitFor(() => expect(requests.at(-1)).toEqual({ sort: 'msisdn', order: 'asc', page_number: '1', page_size: '50' }));
        await user.click(await screen.findByRole('button', { name: /^Sort by phone number descending/i }));
        await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: 'msisdn', order: 'desc' }));
        await user.click(screen.getByRole('button', { name: /^Sort by name/i }));
        await waitFor(() => expect(requests.at(-1)).toMatchObject({ sort: 'first_name', order: 'asc' }));
        for (const column of ['group', 'store', 'tier']) {
            expect(screen.queryByRole('button', { name: new RegExp(`^Sort by ${column}`, 'i') })).toBeNull();
        }
    }, 40_000);

    it('sets a tier from the list and shows the new chip', async () => {
        signedInAs(['VIEW_AGENTS', 'ASSIGN_AGENT_TIER']);
        const user = userEvent.setup();
        renderPortal('/dashboard/agents');
        await user.click(await screen.findByRole('button', { name: 'Set tier: Bongani Khumalo' }, { timeout: 15_000 }));
        await user.click(await screen.findByRole('menuitem', { name: 'Gold' }));
        await waitFor(() => expect(tiers).toEqual([{ agent_id: 1, tier: 'gold' }]));
        await waitFor(() => expect(within(screen.getByText('Bongani Khumalo').closest('tr')!).getByText('Gold')).toBeTruthy());
        // The write refreshes the agents list through the data provider: it is asked for again.
        await waitFor(() => expect(requests.length).toBeGreaterThanOrEqual(2));
    }, 40_000);

    it('shows a registrant awaiting approval as such, and offers no tier for them', async () => {
        agents = [...agents, { ...agentOf(3, 'Lerato', null), status: 'pending_approval' }];
        signedInAs(['VIEW_AGENTS', 'ASSIGN_AGENT_TIER']);
        renderPortal('/dashboard/agents');
        const row = (await screen.findByText('Lerato Khumalo', {}, { timeout: 15_000 })).closest('tr')!;
        expect(within(row).getByText('Awaiting approval')).toBeTruthy();
        expect(within(row).getByText('Available once the registration is approved')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Set tier: Lerato Khumalo' })).toBeNull();
        expect(screen.getByRole('button', { name: 'Set tier: Bongani Khumalo' })).toBeTruthy();
        expect(screen.getAllByText('Awaiting approval')).toHaveLength(1);
    }, 40_000);
});
