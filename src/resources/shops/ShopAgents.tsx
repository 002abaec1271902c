import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Button, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
    DataTable,
    downloadCSV,
    ListBase,
    Pagination,
    SimpleList,
    useCanAccess,
    useListContext,
    useNotify,
    useTranslate,
    type GetListResult,
} from 'react-admin';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AGENT_PAGE_SIZE, type Agent } from '../../../contract/agents';
import { useWrite } from '../../dataProvider/useWrite';
import { LoadError } from '../../lists/LoadError';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { toCsv } from '../../lib/csv';
import { useSingleFlight } from '../../lib/singleFlight';
import { hrefTo } from '../../routes';
import { AgentStatusChip, isWorkingAgent } from '../../lists/AgentStatusChip';
import { Screen } from '../../lists/Screen';
import { TierChip } from '../../lists/TierChip';
import { TransferDialog } from './TransferDialog';
import { BY_FIRST_NAME, listAddressOf, shopIdOf, ShopPicker } from './ShopPicker';

/**
 * Where a shop's agent leads: their record in the agents list, searched by their number (unique to
 * them, and shown in the list's search box), for those who may open that list (a shop owner); else
 * their portal account, for those who may edit users; else nowhere.
 */
const useAgentAddress = () => {
    const { canAccess: canListAgents } = useCanAccess({ resource: 'agents', action: 'list' });
    const { canAccess: canEditUsers } = useCanAccess({ resource: 'users', action: 'edit' });
    return (agent: Agent): string | null =>
        canListAgents
            ? `${hrefTo('agents')}?${new URLSearchParams({ filter: JSON.stringify({ q: agent.msisdn }) })}`
            : canEditUsers
              ? `${hrefTo('users')}/${agent.id}`
              : null;
};

/** The agent's name, a link where the row leads: announced as one, and reached by keyboard. */
const AgentName = ({ agent, to }: { agent: Agent; to: string | null }) => {
    const name = `${agent.first_name} ${agent.last_name}`;
    return to === null ? (
        <>{name}</>
    ) : (
        <Link component={RouterLink} to={to}>
            {name}
        </Link>
    );
};

const useExporter = () => {
    const translate = useTranslate();
    return (rows: Agent[]) =>
        downloadCSV(
            toCsv(rows, [
                { title: translate('agents.fields.name'), value: agent => `${agent.first_name} ${agent.last_name}` },
                { title: translate('agents.fields.username'), value: agent => agent.username },
                { title: translate('agents.fields.msisdn'), value: agent => agent.msisdn },
                { title: translate('agents.fields.tier'), value: agent => translate(`agents.tiers.${agent.tier ?? 'none'}`) },
                { title: translate('agents.fields.store'), value: agent => agent.store_name ?? '' },
            ]),
            'shop-agents',
        );
};

/**
 * The agents of the chosen shop. While another shop's agents load, the previous shop's are not
 * shown (react-admin keeps the previous page on screen while the next loads, which is right for a
 * page of the same shop, not for another shop): the list is empty until the new shop's come.
 */
const ShopAgentRows = ({ onTransfer }: { onTransfer?: (agent: Agent) => void }) => {
    const translate = useTranslate();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const addressOf = useAgentAddress();
    const { filterValues, error, isPending, isPlaceholderData, total, refetch } = useListContext<Agent>();
    const shopId = shopIdOf(filterValues.shop_id);
    // The shop whose agents were last loaded (React's state adjusted while rendering, not an effect).
    const [shownShop, setShownShop] = useState<number | null>(null);
    if (!isPending && !isPlaceholderData && shownShop !== shopId) setShownShop(shopId);
    if (shopId === null) {
        return (
            <Alert severity="info" role="status">
                {translate('shops.no_shop_selected')}
            </Alert>
        );
    }
    if (error) return <LoadError message="shops.fetch_agents_failed" onRetry={() => void refetch()} />;
    if (isPending || (isPlaceholderData && shownShop !== shopId)) return <LoadingRows />;
    if (total === 0) return <ListEmptyText message="stores.no_agents" />;
    return (
        <>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
                {translate('shops.agents_count', { smart_count: total ?? 0 })}
            </Typography>
            {phone ? (
                <SimpleList<Agent>
                    primaryText={agent => <AgentName agent={agent} to={addressOf(agent)} />}
                    secondaryText={agent => `${agent.username} · ${agent.msisdn}`}
                    tertiaryText={agent => (
                        <>
                            <AgentStatusChip agent={agent} />
                            {onTransfer && isWorkingAgent(agent) ? <TransferButton agent={agent} onClick={onTransfer} /> : null}
                        </>
                    )}
                    rowClick={false}
                />
            ) : (
                // The row leads through the name's link alone, and is not lit on hover as if the row
                // were one: on the hover's grey, the red Transfer button fell below AA contrast.
                <DataTable<Agent> bulkActionButtons={false} rowClick={false} hover={false}>
                    {/* Sorted on the server by the columns it has an index for (contract AGENT_SORTS). */}
                    <DataTable.Col
                        source="first_name"
                        label="agents.fields.name"
                        render={(agent: Agent) => (
                            <>
                                <AgentName agent={agent} to={addressOf(agent)} /> <AgentStatusChip agent={agent} />
                            </>
                        )}
                    />
                    <DataTable.Col source="username" label="agents.fields.username" />
                    <DataTable.Col
                        source="msisdn"
                        label="agents.fields.msisdn"
                        sx={{ display: { xs: 'none', md: 'table-cell' } }}
                    />
                    <DataTable.Col
                        source="tier"
                        label="agents.fields.tier"
                        disableSort
                        render={(agent: Agent) => <TierChip tier={agent.tier} />}
                    />
                    {onTransfer ? (
                        <DataTable.Col
                            label="agents.fields.actions"
                            disableSort
                            render={(agent: Agent) =>
                                // A registrant awaiting approval is moved by nobody (the server refuses it).
                                isWorkingAgent(agent) ? (
                                    <TransferButton agent={agent} onClick={onTransfer} />
                                ) : (
                                    <Typography variant="caption" color="text.secondary">
                                        {translate('agents.awaiting_approval_note')}
                                    </Typography>
                                )
                            }
                        />
                    ) : null}
                </DataTable>
            )}
            <Pagination rowsPerPageOptions={[10, 25, AGENT_PAGE_SIZE, 100]} />
        </>
    );
};

const AgentsExport = () => {
    const exporter = useExporter();
    const { filterValues } = useListContext<Agent>();
    return shopIdOf(filterValues.shop_id) === null ? null : <ExportAllButton<Agent> exporter={exporter} />;
};

/**
 * A shop's agents (`shop/agent`), 50 a page from page 1 (spec §4, §9): choosing another shop
 * starts again at page 1 with an empty list; without a shop nothing is fetched and the screen says
 * 'No shop selected'. Sorted on the server by name, username or number; a row leads to the agent
 * (useAgentAddress). A transferred agent leaves the list and the total drops by one at once; the
 * transfer has its own busy state, apart from the list's loading.
 */
export const ShopAgents = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const queryClient = useQueryClient();
    const [search] = useSearchParams();
    const { canAccess: canTransfer } = useCanAccess({ resource: 'shop', action: 'transfer' });
    const [transferring, setTransferring] = useState<Agent | null>(null);
    const flight = useSingleFlight();
    // The target's name, for the notice once the agent has moved.
    const target = useRef('');
    const transfer = useWrite('shopsTransferAgent', {
        onSuccess: (moved, { agent }) => {
            // Gone from the page shown and from the total at once; the refetch that follows
            // (useWrite, `refreshes`) brings the next agent up from the page after.
            queryClient.setQueriesData<GetListResult<Agent>>({ queryKey: ['shop-agents', 'getList'] }, old =>
                old && old.data.some(row => row.id === agent.id)
                    ? {
                          ...old,
                          data: old.data.filter(row => row.id !== agent.id),
                          total: old.total === undefined ? undefined : Math.max(old.total - 1, 0),
                      }
                    : old,
            );
            setTransferring(null);
            transfer.reset();
            notify('shops.transferred', {
                type: 'success',
                messageArgs: { name: `${moved.first_name} ${moved.last_name}`, store: target.current },
            });
        },
        onError: () => notify('shops.transfer_failed', { type: 'error' }),
    });

    if (search.has('shop')) return <Navigate replace to={listAddressOf(shopIdOf(search.get('shop')))} />;
    return (
        <Screen
            resource="shop"
            action="agents"
            title={translate('shops.agents_title')}
            actions={
                <Button component={RouterLink} to="/dashboard/shop" startIcon={<ArrowBackIcon />}>
                    {translate('shops.all_shops')}
                </Button>
            }
        >
            <ListBase<Agent>
                resource="shop-agents"
                perPage={AGENT_PAGE_SIZE}
                sort={BY_FIRST_NAME}
                queryOptions={{ onError: () => undefined }}
            >
                <ShopPicker />
                <AgentsExport />
                <ShopAgentRows onTransfer={canTransfer ? setTransferring : undefined} />
            </ListBase>
            <TransferDialog
                agent={transferring}
                busy={flight.busy}
                failure={transfer.error}
                onTransfer={(agent, storeId, storeName) => {
                    const land = flight.take();
                    if (!land) return;
                    target.current = storeName;
                    transfer.mutate({ agent, storeId }, { onSettled: land });
                }}
                onClose={() => {
                    setTransferring(null);
                    transfer.reset();
                }}
            />
        </Screen>
    );
};

const TransferButton = ({ agent, onClick }: { agent: Agent; onClick: (agent: Agent) => void }) => {
    const translate = useTranslate();
    return (
        <Button
            size="small"
            startIcon={<SwapHorizIcon />}
            onClick={event => {
                event.stopPropagation();
                onClick(agent);
            }}
            aria-label={translate('shops.transfer_of', { name: `${agent.first_name} ${agent.last_name}` })}
        >
            {translate('shops.transfer')}
        </Button>
    );
};
