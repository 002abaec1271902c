import { useTranslate } from 'react-admin';
import type { Agent } from '../../contract/agents';
import { StatusChip } from './StatusChip';

/**
 * An agent who registered themself and waits for a checker is listed, but is no working agent
 * yet: the server counts them nowhere and refuses a tier, a transfer or a move on them (409
 * `errors.awaiting_approval`), so no screen offers those actions on them.
 */
export const isWorkingAgent = (agent: Pick<Agent, 'status'>) => agent.status !== 'pending_approval';

/** The agent's status when it is not plain `active`: awaiting approval, or disabled (the words in the text colour, readable). */
export const AgentStatusChip = ({ agent }: { agent: Pick<Agent, 'status'> }) => {
    const translate = useTranslate();
    if (agent.status === 'pending_approval')
        return <StatusChip tone="warning" label={translate('agents.status.pending_approval')} />;
    if (agent.status === 'disabled') return <StatusChip tone="neutral" label={translate('agents.status.disabled')} />;
    return null;
};
