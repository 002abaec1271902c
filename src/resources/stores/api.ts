/** The stores calls the screens make (contract/stores.ts), typed by the contract. */
import { callApi } from '../../lib/portalApi';
import { listStores, storeAgents } from '../../../contract/stores';

export const storesKey = ['stores', 'reach'] as const;
export const storeKey = (id: number) => ['stores', 'one', id] as const;

export const fetchStores = (signal?: AbortSignal) => callApi(listStores, { body: {} }, { signal }).then(answer => answer.stores);
export const fetchStore = (id: number, signal?: AbortSignal) => callApi(storeAgents, { body: { store_id: id } }, { signal });
