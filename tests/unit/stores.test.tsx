/**
 * The stores screens: the list filtered by search and region, a new store whose name is
 * taken said on its field, the browser's position filling the coordinates (no maps key needed),
 * and a store with its agents whose location moves. A store is marked branded (the operator's
 * own) on creation by staff without a shop only, and shown so in the list and the store.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listAdmins, type Admin } from '../../contract/users';
import { storeAgents, updateAgentLocation, type Agent } from '../../contract/agents';
import { assignRegionLead, createStore, listStores, placesStatus, searchPlaces, type Store } from '../../contract/stores';
import { buildAdmin, buildAgent, buildStore } from '../builders';
import { answer, contractServer, errorAnswer } from './support/contractHandlers';
import { renderPortal, signedInAs } from './support/portal';

const storeOf = (id: number, name: string, region: string, town: string): Store =>
    buildStore({
        id,
        name,
        region,
        town,
        latitude: -26.2,
        longitude: 27.9,
        owner: { id: 4, name: 'Pieter van Wyk' },
        agent_count: id === 1 ? 1 : 0,
    });
const soweto = storeOf(1, 'Soweto Central', 'Gauteng', 'Johannesburg');
const durban = storeOf(2, 'Durban Marine Parade', 'KwaZulu-Natal', 'Durban');
const pretoria = storeOf(3, 'Pretoria Sunnyside', 'Gauteng', 'Pretoria');
const sandton: Store = { ...storeOf(4, 'Sandton City', 'Gauteng', 'Johannesburg'), owner: null, branded: true };
const bongani: Agent = buildAgent({ id: 5, first_name: 'Bongani', last_name: 'Khumalo', store_id: 1, tier: 'gold' });
/** The demo `analyst`. */
const ayesha: Admin = buildAdmin({
    id: 7,
    username: 'analyst',
    first_name: 'Ayesha',
    last_name: 'Patel',
    msisdn: '27820000007',
    group_id: 6,
    group_name: 'Analytics',
});
const created: unknown[] = [];
const moves: unknown[] = [];
const leads: unknown[] = [];

const searches: string[] = [];
// What the server holds now: a write refetches the store page, as the server answers it after.
let sowetoNow = soweto;
let bonganiNow = bongani;

const server = contractServer(
    answer(placesStatus, { enabled: false }),
    // Filtered as the server filters: `q` in the name, region or town, the region by equality.
    answer(listStores, async ({ request }) => {
        const { q, region } = (await request.clone().json()) as { q?: string; region?: string };
        const found = (store: Store) =>
            (!q || [store.name, store.region, store.town].some(text => text.toLowerCase().includes(q.toLowerCase()))) &&
            (!region || store.region === region);
        return { stores: [durban, pretoria, soweto].filter(found) };
    }),
    answer(storeAgents, async ({ request }) => {
        const { store_id } = (await request.clone().json()) as { store_id: number };
        return store_id === 1
            ? { store: sowetoNow, agents: [bonganiNow] }
            : store_id === sandton.id
              ? { store: sandton, agents: [] }
              : { store: storeOf(store_id, 'Rosebank', 'Gauteng', 'Johannesburg'), agents: [] };
    }),
    answer(createStore, async ({ request }) => {
        const body = (await request.clone().json()) as {
            name: string;
            latitude: number;
            longitude: number;
            branded?: boolean;
        };
        created.push(body);
        return {
            ...storeOf(9, body.name, 'Gauteng', 'Johannesburg'),
            latitude: body.latitude,
            longitude: body.longitude,
            branded: body.branded ?? false,
        };
    }),
    answer(listAdmins, { total: 1, limit: 25, skip: 0, data: [ayesha] }),
    answer(assignRegionLead, async ({ request }) => {
        const body = (await request.clone().json()) as { store_id: number; admin_id: number | null };
        leads.push(body);
        sowetoNow = { ...soweto, region_lead: body.admin_id === 7 ? { id: 7, name: 'Ayesha Patel' } : null };
        return sowetoNow;
    }),
    answer(updateAgentLocation, async ({ request }) => {
        const body = (await request.clone().json()) as { latitude: number; longitude: number };
        moves.push(body);
        bonganiNow = { ...bongani, ...body, location_updated_at: '2026-11-22T09:00:00.000Z' };
        return bonganiNow;
    }),
);

const located = (latitude: number, longitude: number) =>
    vi.fn((success: PositionCallback) =>
        success({ coords: { latitude, longitude, accuracy: 5 }, timestamp: Date.now() } as GeolocationPosition),
    );

beforeEach(() => {
    sowetoNow = soweto;
    bonganiNow = bongani;
    created.length = 0;
    moves.length = 0;
    leads.length = 0;
    searches.length = 0;
    signedInAs(['VIEW_STORES', 'ADD_STORE', 'UPDATE_AGENT_LOCATION']);
});
afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'geolocation');
});

const rowNames = () =>
    within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map(row => row.querySelector('td')?.textContent);

describe('the stores', () => {
    it('lists them by name, filtered by a search and by region', async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/stores');
        await screen.findByText('Soweto Central', {}, { timeout: 15_000 });
        expect(rowNames()).toEqual(['Durban Marine Parade', 'Pretoria Sunnyside', 'Soweto Central']);
        await user.click(screen.getByRole('combobox', { name: 'Region' }));
        await user.click(await screen.findByRole('option', { name: 'Gauteng' }));
        await waitFor(() => expect(rowNames()).toEqual(['Pretoria Sunnyside', 'Soweto Central']));
        await user.type(screen.getByPlaceholderText('Search'), 'pretoria');
        await waitFor(() => expect(rowNames()).toEqual(['Pretoria Sunnyside']));
        expect(screen.getByText('1 store')).toBeTruthy();
    }, 40_000);

    it('says on its field that a store name is taken, and keeps what was typed', async () => {
        server.use(
            answer(
                createStore,
                errorAnswer(409, {
                    code: 409,
                    name: 'Conflict',
                    message: 'Taken',
                    key: 'errors.store_name_taken',
                    field: 'name',
                }),
            ),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await user.type(await screen.findByRole('textbox', { name: /Store name/ }, { timeout: 15_000 }), 'soweto central');
        await user.type(screen.getByRole('textbox', { name: /Region/ }), 'Gauteng');
        await user.type(screen.getByRole('textbox', { name: /Town/ }), 'Johannesburg');
        await user.type(screen.getByRole('spinbutton', { name: /Latitude/ }), '-26.2');
        await user.type(screen.getByRole('spinbutton', { name: /Longitude/ }), '27.9');
        await user.click(screen.getByRole('button', { name: 'Create store' }));
        expect(await screen.findByText('A store with this name already exists.')).toBeTruthy();
        expect((screen.getByRole('textbox', { name: /Store name/ }) as HTMLInputElement).value).toBe('soweto central');
    }, 40_000);

    it("fills the coordinates from the browser's position, without any maps key", async () => {
        Object.defineProperty(navigator, 'geolocation', {
            configurable: true,
            value: { getCurrentPosition: located(-26.1467123, 28.0436456) },
        });
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await user.type(await screen.findByRole('textbox', { name: /Store name/ }, { timeout: 15_000 }), 'Rosebank');
        await user.type(screen.getByRole('textbox', { name: /Region/ }), 'Gauteng');
        await user.type(screen.getByRole('textbox', { name: /Town/ }), 'Johannesburg');
        await user.click(screen.getByRole('button', { name: 'Use my location' }));
        await waitFor(() =>
            expect((screen.getByRole('spinbutton', { name: /Latitude/ }) as HTMLInputElement).value).toBe('-26.146712'),
        );
        await user.click(screen.getByRole('button', { name: 'Create store' }));
        await waitFor(() =>
            expect(created).toEqual([
                {
                    name: 'Rosebank',
                    region: 'Gauteng',
                    town: 'Johannesburg',
                    latitude: -26.146712,
                    longitude: 28.043646,
                    branded: false,
                },
            ]),
        );
        expect(await screen.findByRole('heading', { level: 1, name: 'Rosebank' }, { timeout: 15_000 })).toBeTruthy();
    }, 40_000);

    it('offers no place search when the server has no places provider', async () => {
        let asked = false;
        server.use(
            answer(placesStatus, () => {
                asked = true;
                return { enabled: false };
            }),
        );
        renderPortal('/dashboard/stores/create');
        await screen.findByRole('spinbutton', { name: /Latitude/ }, { timeout: 15_000 });
        await waitFor(() => expect(asked).toBe(true));
        await new Promise(resolve => setTimeout(resolve, 50));
        expect(screen.queryByRole('combobox', { name: /Search for a place/ })).toBeNull();
    }, 40_000);

    it('fills the coordinates from a place searched for, when the server offers place search', async () => {
        server.use(
            answer(placesStatus, { enabled: true }),
            answer(searchPlaces, async ({ request }) => {
                const { q } = (await request.clone().json()) as { q: string };
                searches.push(q);
                return {
                    places: q.toLowerCase().includes('khaye')
                        ? [
                              {
                                  name: 'Khayelitsha',
                                  address: 'Khayelitsha, Cape Town, Western Cape',
                                  latitude: -34.0395123,
                                  longitude: 18.6778456,
                              },
                          ]
                        : [],
                };
            }),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        const search = await screen.findByRole('combobox', { name: /Search for a place/ }, { timeout: 15_000 });
        await user.type(search, 'zzz');
        expect(await screen.findByText('No places found', {}, { timeout: 5_000 })).toBeTruthy();
        await user.clear(search);
        await user.type(search, 'khaye');
        await user.click(await screen.findByRole('option', { name: /Khayelitsha/ }, { timeout: 5_000 }));
        await waitFor(() =>
            expect((screen.getByRole('spinbutton', { name: /Latitude/ }) as HTMLInputElement).value).toBe('-34.039512'),
        );
        expect((screen.getByRole('spinbutton', { name: /Longitude/ }) as HTMLInputElement).value).toBe('18.677846');
        // Debounced: a burst of typing asks once, with what was typed at its end.
        expect(searches).toEqual(['zzz', 'khaye']);
    }, 40_000);

    it('says why a place search failed', async () => {
        server.use(
            answer(placesStatus, { enabled: true }),
            answer(
                searchPlaces,
                errorAnswer(502, { code: 502, name: 'Bad Gateway', message: 'Down', key: 'errors.unavailable' }),
            ),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await user.type(await screen.findByRole('combobox', { name: /Search for a place/ }, { timeout: 15_000 }), 'soweto');
        expect(
            await screen.findByText('The service is unavailable right now. Please try again shortly.', {}, { timeout: 5_000 }),
        ).toBeTruthy();
    }, 40_000);

    it('says so when the browser may not share its position', async () => {
        Object.defineProperty(navigator, 'geolocation', {
            configurable: true,
            value: {
                getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
                    fail({ code: 1 } as GeolocationPositionError),
            },
        });
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await user.click(await screen.findByRole('button', { name: 'Use my location' }, { timeout: 15_000 }));
        expect((await screen.findByRole('alert')).textContent).toContain('Type the coordinates instead.');
    }, 40_000);

    it("shows a store with its agents, and moves an agent's location", async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/1');
        expect(await screen.findByRole('heading', { level: 1, name: 'Soweto Central' }, { timeout: 15_000 })).toBeTruthy();
        expect(screen.getByRole('heading', { level: 2, name: 'Agents (1)' })).toBeTruthy();
        expect(screen.getByText('Gold')).toBeTruthy();
        expect(screen.getByText('Not set')).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Move agent’s location: Bongani Khumalo' }));
        const dialog = await screen.findByRole('dialog', { name: 'Move the location of Bongani Khumalo' });
        await user.type(within(dialog).getByRole('spinbutton', { name: /Latitude/ }), '-26.25');
        await user.type(within(dialog).getByRole('spinbutton', { name: /Longitude/ }), '27.86');
        await user.click(within(dialog).getByRole('button', { name: 'Save location' }));
        await waitFor(() => expect(moves).toEqual([{ agent_id: 5, latitude: -26.25, longitude: 27.86 }]));
        expect(await screen.findByText('-26.25000, 27.86000')).toBeTruthy();
    }, 40_000);

    it('shows a registrant awaiting approval in the store, counted nowhere and offered no move', async () => {
        const lerato: Agent = { ...bongani, id: 6, username: 'lerato', first_name: 'Lerato', status: 'pending_approval' };
        server.use(answer(storeAgents, { store: soweto, agents: [bongani, lerato] }));
        renderPortal('/dashboard/stores/1');
        expect(await screen.findByRole('heading', { level: 2, name: 'Agents (1)' }, { timeout: 15_000 })).toBeTruthy();
        const row = screen.getByText('Lerato Khumalo').closest('tr')!;
        expect(within(row).getByText('Awaiting approval')).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Move agent’s location: Lerato Khumalo' })).toBeNull();
        expect(screen.getByRole('button', { name: 'Move agent’s location: Bongani Khumalo' })).toBeTruthy();
    }, 40_000);

    it("names a store's region lead from the active users (ADD_REGION_LEAD)", async () => {
        signedInAs(['VIEW_STORES', 'ADD_REGION_LEAD', 'VIEW_USERS']);
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/1');
        expect(await screen.findByRole('heading', { level: 1, name: 'Soweto Central' }, { timeout: 15_000 })).toBeTruthy();
        await user.click(screen.getByRole('button', { name: 'Region lead' }));
        const dialog = await screen.findByRole('dialog', { name: 'Region lead of Soweto Central' });
        await user.click(within(dialog).getByRole('combobox', { name: /Region lead/ }));
        await user.click(await screen.findByRole('option', { name: 'Ayesha Patel (analyst)' }));
        await user.click(within(dialog).getByRole('button', { name: 'Save region lead' }));
        await waitFor(() => expect(leads).toEqual([{ store_id: 1, admin_id: 7 }]));
        expect(await screen.findByText('Ayesha Patel now leads the region of Soweto Central')).toBeTruthy();
        await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
        expect(screen.getAllByText('Ayesha Patel').length).toBeGreaterThan(0);
    }, 40_000);

    it('offers no region lead button without ADD_REGION_LEAD', async () => {
        renderPortal('/dashboard/stores/1');
        expect(await screen.findByRole('heading', { level: 1, name: 'Soweto Central' }, { timeout: 15_000 })).toBeTruthy();
        expect(screen.queryByRole('button', { name: 'Region lead' })).toBeNull();
    }, 40_000);
});

describe('branded stores', () => {
    const fillStore = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
        await user.type(await screen.findByRole('textbox', { name: /Store name/ }, { timeout: 15_000 }), name);
        await user.type(screen.getByRole('textbox', { name: /Region/ }), 'Gauteng');
        await user.type(screen.getByRole('textbox', { name: /Town/ }), 'Johannesburg');
        await user.type(screen.getByRole('spinbutton', { name: /Latitude/ }), '-26.1');
        await user.type(screen.getByRole('spinbutton', { name: /Longitude/ }), '28.05');
    };

    it("lets staff without a shop mark a new store as the operator's own", async () => {
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await fillStore(user, 'Sandton City');
        const branded = screen.getByRole('switch', { name: 'Branded store' });
        expect((branded as HTMLInputElement).checked).toBe(false);
        await user.click(branded);
        await user.click(screen.getByRole('button', { name: 'Create store' }));
        await waitFor(() =>
            expect(created).toEqual([
                {
                    name: 'Sandton City',
                    region: 'Gauteng',
                    town: 'Johannesburg',
                    latitude: -26.1,
                    longitude: 28.05,
                    branded: true,
                },
            ]),
        );
        expect(await screen.findByText('Store Sandton City created')).toBeTruthy();
    }, 40_000);

    it('offers no such switch to someone attached to a shop, and sends nothing of it', async () => {
        signedInAs(['VIEW_STORES', 'ADD_STORE'], { shop: { id: 1, name: 'Soweto Central' } });
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await fillStore(user, 'Orlando East');
        expect(screen.queryByRole('switch', { name: 'Branded store' })).toBeNull();
        await user.click(screen.getByRole('button', { name: 'Create store' }));
        await waitFor(() =>
            expect(created).toEqual([
                { name: 'Orlando East', region: 'Gauteng', town: 'Johannesburg', latitude: -26.1, longitude: 28.05 },
            ]),
        );
    }, 40_000);

    it('says on the switch when the server refuses it', async () => {
        server.use(
            answer(
                createStore,
                errorAnswer(403, { code: 403, name: 'Forbidden', message: 'No', key: 'errors.forbidden', field: 'branded' }),
            ),
        );
        const user = userEvent.setup();
        renderPortal('/dashboard/stores/create');
        await fillStore(user, 'Sandton City');
        await user.click(screen.getByRole('switch', { name: 'Branded store' }));
        await user.click(screen.getByRole('button', { name: 'Create store' }));
        expect(await screen.findByText('You do not have the role this needs.')).toBeTruthy();
        expect((screen.getByRole('switch', { name: 'Branded store' }) as HTMLInputElement).checked).toBe(true);
    }, 40_000);

    it('shows which stores are branded in the list, its export and the store itself', async () => {
        server.use(answer(listStores, { stores: [durban, sandton] }));
        const user = userEvent.setup();
        renderPortal('/dashboard/stores');
        await screen.findByText('Sandton City', {}, { timeout: 15_000 });
        const brandOf = (name: string) => {
            const row = screen.getByRole('row', { name: new RegExp(name) });
            const column = within(screen.getByRole('table'))
                .getAllByRole('columnheader')
                .findIndex(header => header.textContent === 'Brand');
            return within(row).getAllByRole('cell')[column]?.textContent;
        };
        expect(brandOf('Sandton City')).toBe('Branded');
        expect(brandOf('Durban Marine Parade')).toBe('Unbranded');

        const saved: Blob[] = [];
        const createObjectURL = vi.fn((blob: Blob) => {
            saved.push(blob);
            return 'blob:stores';
        });
        vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
        const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
        try {
            await user.click(screen.getByRole('button', { name: 'Export' }));
            await waitFor(() => expect(saved).toHaveLength(1));
        } finally {
            click.mockRestore();
        }
        const csv = await saved[0]!.text();
        expect(csv.split(/\r?\n/)[0]).toContain('Brand');
        expect(csv).toMatch(/Sandton City,Gauteng,Johannesburg,Branded/);
        expect(csv).toMatch(/Durban Marine Parade,KwaZulu-Natal,Durban,Unbranded/);

        await user.click(screen.getByRole('row', { name: /Sandton City/ }));
        expect(await screen.findByRole('heading', { level: 1, name: 'Sandton City' }, { timeout: 15_000 })).toBeTruthy();
        const brand = screen.getByText('Brand');
        expect(brand.nextElementSibling?.textContent).toBe('Branded');
    }, 40_000);
});
