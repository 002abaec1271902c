/**
 * Shops (spec §7 "Shops"): the shops page by page (`shop`, every one at once by default) and a
 * shop's agents (`shop-agents`), their list kinds in listKinds.ts; moving an agent to another shop
 * is a write (writes.ts).
 */
import { transferAgent } from '../../../contract/shops';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';
import { shopAgentsList, shopsList } from './listKinds';

export default {
    /** The shops (`shop`), every one at once by default. */
    shop: defineResource({
        list: shopsList,
        actions: { agents: shopAgentsList.access, transfer: transferAgent.access },
    }),
    /** A shop's agents (`shop/agent`), by the `shop_id` filter. */
    'shop-agents': defineResource({ list: shopAgentsList, actions: { transfer: transferAgent.access } }),
} satisfies Record<string, ResourceDeclaration>;
