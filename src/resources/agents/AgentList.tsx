import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, Button, CircularProgress, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import {
    DataTable,
    downloadCSV,
    ReferenceInput,
    SearchInput,
    SelectInput,
    SimpleList,
    useCanAccess,
    useNotify,
    useTranslate,
    type SortPayload,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { AGENT_PAGE_SIZE, AGENT_TIERS, type Agent, type AgentTier } from '../../../contract/agents';
import { useWrite } from '../../dataProvider/useWrite';
import { errorKeyOf } from '../../lib/apiErrors';
import { toCsv } from '../../lib/csv';
import { AgentStatusChip, isWorkingAgent } from '../../lists/AgentStatusChip';
import { TierChip } from '../../lists/TierChip';
import { ListRows, ListScreen } from '../../lists/ListScreen';

const TIER_FILTERS = [...AGENT_TIERS, 'none'] as const;

/** The list's own order until a column header asks another: by first name, as the call sorts. */
const BY_FIRST_NAME: SortPayload = { field: 'first_name', order: 'ASC' };

const fullName = (agent: Agent) => `${agent.first_name} ${agent.last_name}`;

/** `alwaysOn` is read by `<FilterForm>` from the element. */
const TierFilter = ({ source }: { source: string; alwaysOn?: boolean }) => {
    const translate = useTranslate();
    return (
        <SelectInput
            source={source}
            label="agents.fields.tier"
            choices={TIER_FILTERS.map(tier => ({ id: tier, name: translate(`agents.tiers.${tier}`) }))}
            alwaysOn
        />
    );
};

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <TierFilter key="tier" source="tier" alwaysOn />,
    <ReferenceInput key="store_id" source="store_id" reference="reachable-stores" alwaysOn>
        <SelectInput optionText="name" label="agents.fields.store" />
    </ReferenceInput>,
];

/** Choosing an agent's tier (ASSIGN_AGENT_TIER): gold, silver, bronze or none. */
const TierMenu = ({ agent, busy, onChoose }: { agent: Agent; busy: boolean; onChoose: (tier: AgentTier | null) => void }) => {
    const translate = useTranslate();
    const [anchor, setAnchor] = useState<HTMLElement | null>(null);
    const choose = (tier: AgentTier | null) => {
        setAnchor(null);
        if (tier !== agent.tier) onChoose(tier);
    };
    return (
        <>
            <Button
                size="small"
                startIcon={busy ? <CircularProgress size={16} aria-hidden /> : <WorkspacePremiumIcon />}
                disabled={busy}
                onClick={event => {
                    event.stopPropagation();
                    setAnchor(event.currentTarget);
                }}
                aria-haspopup="menu"
                aria-label={translate('agents.set_tier_of', { name: fullName(agent) })}
            >
                {translate('agents.set_tier')}
            </Button>
            <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
                {AGENT_TIERS.map(tier => (
                    <MenuItem key={tier} selected={agent.tier === tier} onClick={() => choose(tier)}>
                        <TierChip tier={tier} />
                    </MenuItem>
                ))}
                <MenuItem selected={agent.tier === null} onClick={() => choose(null)}>
                    <TierChip tier={null} />
                </MenuItem>
            </Menu>
        </>
    );
};

const useExporter = () => {
    const translate = useTranslate();
    return (rows: Agent[]) =>
        downloadCSV(
            toCsv(rows, [
                { title: translate('agents.fields.name'), value: fullName },
                { title: translate('agents.fields.username'), value: agent => agent.username },
                { title: translate('agents.fields.msisdn'), value: agent => agent.msisdn },
                { title: translate('agents.fields.group'), value: agent => agent.group_name },
                { title: translate('agents.fields.store'), value: agent => agent.store_name ?? '' },
                { title: translate('agents.fields.tier'), value: agent => translate(`agents.tiers.${agent.tier ?? 'none'}`) },
            ]),
            'agents',
        );
};

/** The agent's store, a link to the store's page (`stores/:id`) for those who may open it. */
const StoreCell = ({ agent, canOpen }: { agent: Agent; canOpen: boolean }) =>
    agent.store_id !== null && canOpen ? (
        <Link to={`/dashboard/stores/${agent.store_id}`}>{agent.store_name ?? '—'}</Link>
    ) : (
        <>{agent.store_name ?? '—'}</>
    );

const AgentRows = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const { canAccess: canTier } = useCanAccess({ resource: 'agents', action: 'tier' });
    const { canAccess: canOpenStore } = useCanAccess({ resource: 'stores', action: 'show' });
    const tier = useWrite('agentsAssignTier', {
        onSuccess: saved =>
            notify('agents.tier_saved', {
                type: 'success',
                messageArgs: { name: fullName(saved), tier: translate(`agents.tiers.${saved.tier ?? 'none'}`) },
            }),
        onError: failure => notify(errorKeyOf(failure), { type: 'error' }),
    });
    const busyId = tier.isPending ? tier.variables.agentId : null;
    // A registrant awaiting approval gets no tier (the server refuses it): the row says when it can.
    const tierMenu = (agent: Agent) =>
        isWorkingAgent(agent) ? (
            <TierMenu
                agent={agent}
                busy={busyId === agent.id}
                onChoose={chosen => tier.mutate({ agentId: agent.id, tier: chosen })}
            />
        ) : (
            <Typography variant="caption" color="text.secondary">
                {translate('agents.awaiting_approval_note')}
            </Typography>
        );
    return (
        <ListRows
            count="agents.count"
            cards={
                <SimpleList<Agent>
                    primaryText={agent => fullName(agent)}
                    secondaryText={agent => `${agent.username} · ${agent.store_name ?? '—'}`}
                    tertiaryText={agent => (
                        <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                            <AgentStatusChip agent={agent} />
                            <TierChip tier={agent.tier} />
                            {canTier && isWorkingAgent(agent) ? tierMenu(agent) : null}
                        </Box>
                    )}
                    rowClick={false}
                />
            }
            table={
                // A row leads nowhere by itself (its store does, by a link): not lit on hover as if it
                // did, and on the hover's grey the red Set tier button fell below AA contrast.
                <DataTable<Agent> bulkActionButtons={false} rowClick={false} hover={false}>
                    {/* Sorted on the server by the columns it has an index for (contract AGENT_SORTS). */}
                    <DataTable.Col
                        source="first_name"
                        label="agents.fields.name"
                        render={(agent: Agent) => (
                            <Box>
                                <Typography variant="body2">{fullName(agent)}</Typography>
                                <Typography variant="caption" color="text.secondary">
                                    {agent.username}
                                </Typography>
                                <AgentStatusChip agent={agent} />
                            </Box>
                        )}
                    />
                    <DataTable.Col source="msisdn" label="agents.fields.msisdn" />
                    <DataTable.Col source="group_name" label="agents.fields.group" disableSort />
                    <DataTable.Col
                        source="store_name"
                        label="agents.fields.store"
                        disableSort
                        render={(agent: Agent) => <StoreCell agent={agent} canOpen={canOpenStore === true} />}
                    />
                    <DataTable.Col
                        source="tier"
                        label="agents.fields.tier"
                        disableSort
                        render={(agent: Agent) => <TierChip tier={agent.tier} />}
                    />
                    {canTier ? <DataTable.Col label="agents.fields.actions" disableSort render={tierMenu} /> : null}
                </DataTable>
            }
        />
    );
};

/**
 * Every agent the caller may see with their tier (`agents`), 50 a page, by first name unless a
 * column header asks another order (by number; sorted on the server), the filters, order and page in
 * the address; holders of ASSIGN_AGENT_TIER set tiers from the list (a write that refreshes the lists
 * showing tiers). An agent's store leads to the store's page.
 */
export const AgentList = () => {
    const translate = useTranslate();
    const exporter = useExporter();
    return (
        <ListScreen<Agent>
            resource="agents"
            title={translate('agents.title')}
            perPage={AGENT_PAGE_SIZE}
            rowsPerPageOptions={[10, 25, AGENT_PAGE_SIZE, 100]}
            sort={BY_FIRST_NAME}
            filters={filters}
            columns
            exporter={exporter}
        >
            <AgentRows />
        </ListScreen>
    );
};
