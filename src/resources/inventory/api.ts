/** The inventory calls the screens make (contract/stores.ts), typed by the contract. */
import { listPhoneModels } from '../../../contract/stores';
import { callApi } from '../../lib/portalApi';

export const modelsKey = ['inventory', 'models'] as const;
export const fetchModels = (signal?: AbortSignal) =>
    callApi(listPhoneModels, { body: {} }, { signal }).then(answer => answer.models);
