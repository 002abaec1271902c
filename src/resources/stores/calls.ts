/**
 * Stores (spec §7 "Stores"): the picker of every shop open for registration (adding a user), and
 * the stores within the caller's reach (contract/stores.ts `listStores`) for the pickers of the
 * stores, shop, agent and inventory screens. Those screens make their own calls (`api.ts`).
 */
import { registrationOptions } from '../../../contract/security';
import { listStores } from '../../../contract/stores';
import { defineResource, wholeList, type ResourceDeclaration } from '../../dataProvider/defineResource';

export default {
    'store-options': defineResource({ whole: wholeList(registrationOptions, {}, answer => answer.stores) }),
    /** The stores the caller acts on (their shop and the stores they own; every store for staff without a shop). */
    'reachable-stores': defineResource({ whole: wholeList(listStores, { body: {} }, answer => answer.stores) }),
} satisfies Record<string, ResourceDeclaration>;
