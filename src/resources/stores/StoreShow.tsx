import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditLocationAltIcon from '@mui/icons-material/EditLocationAlt';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, ListContextProvider, useCanAccess, useList, useLocale, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { Agent, Store } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { fetchStore, storeKey } from './api';
import { AgentLocationDialog } from './AgentLocationDialog';
import { formatCoordinates, formatWhen } from '../../lib/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { RegionLeadDialog } from './RegionLeadDialog';
import { AgentStatusChip, isWorkingAgent } from './AgentStatusChip';
import { Screen } from '../../lists/Screen';
import { useCanNameRegionLead } from './StoreCreate';
import { TierChip } from './TierChip';

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

/** One store with its agents (`stores/:id`); moving an agent's location for UPDATE_AGENT_LOCATION. */
export const StoreShow = () => {
    const translate = useTranslate();
    const { id } = useParams();
    const storeId = Number(id);
    const valid = Number.isInteger(storeId) && storeId > 0;
    const queryClient = useQueryClient();
    const { canAccess: canMove } = useCanAccess({ resource: 'stores', action: 'location' });
    const [moving, setMoving] = useState<Agent | null>(null);
    const canNameLead = useCanNameRegionLead();
    const [naming, setNaming] = useState(false);
    const query = useQuery({
        queryKey: storeKey(storeId),
        queryFn: ({ signal }) => fetchStore(storeId, signal),
        enabled: valid,
    });
    const title = query.data ? query.data.store.name : translate('stores.show_title');
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
            ) : query.isError ? (
                <LoadError error={query.error} onRetry={() => void query.refetch()} />
            ) : query.isPending ? (
                <LoadingRows />
            ) : (
                <>
                    <StoreDetails store={query.data.store} onRegionLead={canNameLead ? () => setNaming(true) : undefined} />
                    <RegionLeadDialog
                        store={query.data.store}
                        open={naming}
                        onClose={() => setNaming(false)}
                        onSaved={saved => {
                            setNaming(false);
                            queryClient.setQueryData(storeKey(storeId), (old: typeof query.data) =>
                                old ? { ...old, store: saved } : old,
                            );
                            void queryClient.invalidateQueries({ queryKey: ['stores', 'reach'] });
                        }}
                    />
                    <Typography component="h2" variant="h6">
                        {/* Counted like the store's agents: a registrant awaiting approval is listed, not counted. */}
                        {translate('stores.agents_title', { smart_count: query.data.agents.filter(isWorkingAgent).length })}
                    </Typography>
                    <StoreAgents agents={query.data.agents} onMove={canMove ? setMoving : undefined} />
                </>
            )}
            <AgentLocationDialog
                agent={moving}
                onClose={() => setMoving(null)}
                onMoved={moved => {
                    setMoving(null);
                    queryClient.setQueryData(storeKey(storeId), (old: typeof query.data) =>
                        old ? { ...old, agents: old.agents.map(agent => (agent.id === moved.id ? moved : agent)) } : old,
                    );
                }}
            />
        </Screen>
    );
};
