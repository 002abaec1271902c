/**
 * Agents (spec §7 "Agent tiers"): every agent within reach with their tier (`agents`, its list kind
 * in listKinds.ts); assigning a tier is a write (writes.ts).
 */
import { assignAgentTier } from '../../../contract/agents';
import { transferAgent } from '../../../contract/shops';
import { defineResource, type ResourceDeclaration } from '../../dataProvider/defineResource';
import { agentsList } from './listKinds';

export default {
    /** Every agent within reach with their tier (`agents`). */
    agents: defineResource({
        list: agentsList,
        // The agents call also serves whoever assigns tiers; the screen is VIEW_AGENTS's (spec §2).
        narrower: { list: 'VIEW_AGENTS' },
        actions: { tier: assignAgentTier.access, transfer: transferAgent.access },
    }),
} satisfies Record<string, ResourceDeclaration>;
