import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, ListContextProvider, useCanAccess, useList, useLocale, useShowController, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { Agent } from '../../../contract/agents';
import type { Store } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { AgentLocationDialog } from './AgentLocationDialog';
import { formatCoordinates, formatWhen } from '../../lib/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { RegionLeadDialog } from './RegionLeadDialog';
import { AgentStatusChip, isWorkingAgent } from '../../lists/AgentStatusChip';
import { Screen } from '../../lists/Screen';
import { useCanNameRegionLead } from './StoreCreate';
import { TierChip } from '../../lists/TierChip';

const Detail = ({ label, value }: { label: string; value: string }) => (
    <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div">
            {label}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {value || '—'}
        </Typography>
    </Box>
);

const StoreDetails = ({ store, onRegionLead }: { store: Store; onRegionLead?: () => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    return (
        <Card>
            <CardContent
                sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' } }}
            >
                <Detail label={translate('stores.fields.region')} value={store.region} />
                <Detail label={translate('stores.fields.town')} value={store.town} />
                <Detail label={translate('stores.fields.location')} value={formatCoordinates(store.latitude, store.longitude)} />
                <Detail label={translate('stores.fields.agent_count')} value={String(store.agent_count)} />
                <Detail
                    label={translate('stores.branded.field')}
                    value={translate(store.branded ? 'stores.branded.yes' : 'stores.branded.no')}
                />
                <Detail label={translate('stores.fields.owner')} value={store.owner?.name ?? ''} />
                <Detail label={translate('stores.fields.region_lead')} value={store.region_lead?.name ?? ''} />
                <Detail label={translate('stores.fields.created_at')} value={formatWhen(store.created_at, locale)} />
            </CardContent>
            {onRegionLead ? (
                <CardActions>
                    <Button size="small" startIcon={<SupervisorAccountIcon />} onClick={onRegionLead}>
                        {translate('stores.region_lead.change')}
                    </Button>
                </CardActions>
            ) : null}
        </Card>
    );
};

const StoreAgents = ({ agents, onMove }: { agents: Agent[]; onMove?: (agent: Agent) => void }) => {
    const translate = useTranslate();
    const locale = useLocale();
    const list = useList<Agent>({ data: agents, resource: 'agents', sort: { field: 'first_name', order: 'ASC' } });
    if (agents.length === 0) return <ListEmptyText message="stores.no_agents" />;
    return (
        <ListContextProvider value={list}>
            <DataTable<Agent> bulkActionButtons={false} rowClick={false}>
                <DataTable.Col
                    source="first_name"
                    label="agents.fields.name"
                    render={(agent: Agent) => (
                        <Box>
                            <Typography variant="body2">
                                {agent.first_name} {agent.last_name}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {agent.username}
                            </Typography>
                            <AgentStatusChip agent={agent} />
                        </Box>
                    )}
                />
                <DataTable.Col
                    source="group_name"
                    label="agents.fields.group"
                    sx={{ display: { xs: 'none', md: 'table-cell' } }}
                />
                <DataTable.Col
                    source="tier"
                    label="agents.fields.tier"
                    render={(agent: Agent) => <TierChip tier={agent.tier} />}
                />
                <DataTable.Col
                    source="latitude"
                    label="agents.fields.location"
                    disableSort
                    render={(agent: Agent) =>
                        agent.latitude === null ? (
                            translate('agents.no_location')
                        ) : (
                            <Box>
                                <Typography variant="body2">{formatCoordinates(agent.latitude, agent.longitude)}</Typography>
                                <Typography variant="caption" color="text.secondary">
                                    {formatWhen(agent.location_updated_at, locale)}
                                </Typography>
                            </Box>
                        )
                    }
                    sx={{ display: { xs: 'none', sm: 'table-cell' } }}
                />
                {onMove ? (
                    <DataTable.Col
                        label="agents.fields.actions"
                        disableSort
                        render={(agent: Agent) =>
                            // A registrant awaiting approval has no place to move yet (the server refuses it).
                            !isWorkingAgent(agent) ? (
                                <Typography variant="caption" color="text.secondary">
                                    {translate('agents.awaiting_approval_note')}
                                </Typography>
                            ) : (
                                <Button
                                    size="small"
                                    startIcon={<EditLocationAltIcon />}
                                    onClick={() => onMove(agent)}
                                    aria-label={translate('stores.location.move_of', {
                                        name: `${agent.first_name} ${agent.last_name}`,
                                    })}
                                >
                                    {translate('stores.location.move')}
                                </Button>
                            )
                        }
                    />
                ) : null}
            </DataTable>
        </ListContextProvider>
    );
};

/**
 * A store as the data provider's `stores` getOne answers it: with its agents. A store just created
 * is put in react-admin's cache by the create (useCreate), without agents until its refetch.
 */
type StoreWithAgents = Store & { agents?: Agent[] };

/**
 * One store with its agents (`stores/:id`), read through the data provider (`stores` getOne);
 * naming its region lead and moving an agent's location are writes that refresh it.
 */
export const StoreShow = () => {
    const translate = useTranslate();
    const { id } = useParams();
    const storeId = Number(id);
    const valid = Number.isInteger(storeId) && storeId > 0;
    const { canAccess: canMove } = useCanAccess({ resource: 'stores', action: 'location' });
    const [moving, setMoving] = useState<Agent | null>(null);
    const canNameLead = useCanNameRegionLead();
    const [naming, setNaming] = useState(false);
    const { record, error, isPending, refetch } = useShowController<StoreWithAgents>({
        resource: 'stores',
        id: storeId,
        // The failure is said on the page (with a retry), not by a notice and a redirect.
        queryOptions: { enabled: valid, onError: () => undefined, retry: false },
    });
    const title = record ? record.name : translate('stores.show_title');
    const agents = record?.agents ?? [];
    return (
        <Screen
            resource="stores"
            action="show"
            title={title}
            actions={
                <Button component={Link} to="/dashboard/stores" startIcon={<ArrowBackIcon />}>
                    {translate('stores.back')}
                </Button>
            }
        >
            {!valid ? (
                <LoadError message="errors.not_found" onRetry={() => undefined} />
            ) : error ? (
                <LoadError error={error} onRetry={() => void refetch()} />
            ) : isPending || !record ? (
                <LoadingRows />
            ) : (
                <>
                    <StoreDetails store={record} onRegionLead={canNameLead ? () => setNaming(true) : undefined} />
                    <RegionLeadDialog
                        store={record}
                        open={naming}
                        onClose={() => setNaming(false)}
                        onSaved={() => setNaming(false)}
                    />
                    <Typography component="h2" variant="h6">
                        {/* Counted like the store's agents: a registrant awaiting approval is listed, not counted. */}
                        {translate('stores.agents_title', { smart_count: agents.filter(isWorkingAgent).length })}
                    </Typography>
                    <StoreAgents agents={agents} onMove={canMove ? setMoving : undefined} />
                </>
            )}
            <AgentLocationDialog agent={moving} onClose={() => setMoving(null)} onMoved={() => setMoving(null)} />
        </Screen>
    );
};
