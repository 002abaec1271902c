import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, Button, CircularProgress, Menu, MenuItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
    DataTable,
    FilterForm,
    ListContextProvider,
    Pagination,
    ReferenceInput,
    SearchInput,
    SelectInput,
    SimpleList,
    useCanAccess,
    useNotify,
    useTranslate,
} from 'react-admin';
import { AGENT_PAGE_SIZE, AGENT_TIERS, assignAgentTier, listAgents, type Agent, type AgentTier } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { errorKeyOf } from '../../lib/apiErrors';
import { callApi } from '../../lib/portalApi';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { AgentStatusChip, isWorkingAgent } from '../stores/AgentStatusChip';
import { Screen } from '../../lists/Screen';
import { TierChip } from '../stores/TierChip';

type AgentPage = { data: Agent[]; total: number };
const TIER_FILTERS = [...AGENT_TIERS, 'none'] as const;

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

/**
 * Every agent the caller may see with their tier (`agents`), 50 a page; holders of
 * ASSIGN_AGENT_TIER set tiers from the list. The call nests its list in `data.data`.
 */
export const AgentList = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { canAccess: canTier } = useCanAccess({ resource: 'agents', action: 'tier' });
    const { context, query, queryKey } = usePagedList<Agent>({
        queryKey: ['agents', 'list'],
        resource: 'agents',
        perPage: AGENT_PAGE_SIZE,
        keepPrevious: true,
        fetchPage: async ({ page, perPage, filter, signal }) => {
            const answer = await callApi(
                listAgents,
                {
                    body: {
                        q: typeof filter.q === 'string' ? filter.q : undefined,
                        tier: TIER_FILTERS.find(tier => tier === filter.tier),
                        store_id: typeof filter.store_id === 'number' ? filter.store_id : undefined,
                        page_number: String(page),
                        page_size: String(perPage),
                    },
                },
                { signal },
            );
            return { data: answer.data.data, total: answer.data.total_items };
        },
    });
    const tier = useMutation({
        mutationFn: ({ agent, tier: chosen }: { agent: Agent; tier: AgentTier | null }) =>
            callApi(assignAgentTier, { body: { agent_id: agent.id, tier: chosen } }),
        onSuccess: saved => {
            queryClient.setQueryData<AgentPage>(queryKey, old =>
                old ? { ...old, data: old.data.map(row => (row.id === saved.id ? saved : row)) } : old,
            );
            void queryClient.invalidateQueries({ queryKey: ['agents', 'list'], refetchType: 'none' });
            notify('agents.tier_saved', {
                type: 'success',
                messageArgs: { name: fullName(saved), tier: translate(`agents.tiers.${saved.tier ?? 'none'}`) },
            });
        },
        onError: error => notify(errorKeyOf(error), { type: 'error' }),
    });
    const busyId = tier.isPending ? tier.variables.agent.id : null;
    // A registrant awaiting approval gets no tier (the server refuses it): the row says when it can.
    const tierMenu = (agent: Agent) =>
        isWorkingAgent(agent) ? (
            <TierMenu agent={agent} busy={busyId === agent.id} onChoose={chosen => tier.mutate({ agent, tier: chosen })} />
        ) : (
            <Typography variant="caption" color="text.secondary">
                {translate('agents.awaiting_approval_note')}
            </Typography>
        );
    const total = query.data?.total ?? 0;

    return (
        <Screen resource="agents" title={translate('agents.title')}>
            <ListContextProvider value={context}>
                <FilterForm filters={filters} />
                {query.isError ? (
                    <LoadError error={query.error} onRetry={() => void query.refetch()} />
                ) : query.isPending ? (
                    <LoadingRows />
                ) : total === 0 ? (
                    <ListEmptyText />
                ) : (
                    <>
                        <Typography variant="body2" color="text.secondary" aria-live="polite">
                            {translate('agents.count', { smart_count: total })}
                        </Typography>
                        {phone ? (
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
                        ) : (
                            <DataTable<Agent> bulkActionButtons={false} rowClick={false}>
                                <DataTable.Col
                                    source="first_name"
                                    label="agents.fields.name"
                                    disableSort
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
                                <DataTable.Col
                                    source="msisdn"
                                    label="agents.fields.msisdn"
                                    disableSort
                                    sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                                />
                                <DataTable.Col
                                    source="group_name"
                                    label="agents.fields.group"
                                    disableSort
                                    sx={{ display: { xs: 'none', md: 'table-cell' } }}
                                />
                                <DataTable.Col
                                    source="store_name"
                                    label="agents.fields.store"
                                    disableSort
                                    render={(agent: Agent) => agent.store_name ?? '—'}
                                />
                                <DataTable.Col
                                    source="tier"
                                    label="agents.fields.tier"
                                    disableSort
                                    render={(agent: Agent) => <TierChip tier={agent.tier} />}
                                />
                                {canTier ? <DataTable.Col label="agents.fields.actions" disableSort render={tierMenu} /> : null}
                            </DataTable>
                        )}
                    </>
                )}
                {total > 0 ? <Pagination rowsPerPageOptions={[10, 25, AGENT_PAGE_SIZE, 100]} /> : null}
            </ListContextProvider>
        </Screen>
    );
};
