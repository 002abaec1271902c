import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Autocomplete, Button, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DataTable, ListContextProvider, Pagination, SimpleList, useCanAccess, useNotify, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { AGENT_PAGE_SIZE, SHOP_PAGE_SIZE, transferAgent, type Agent, type Store } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { callApi } from '../../lib/portalApi';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { AgentStatusChip, isWorkingAgent } from '../stores/AgentStatusChip';
import { Screen } from '../../lists/Screen';
import { TierChip } from '../stores/TierChip';
import { fetchShopAgents, fetchShops, shopAgentsKey, shopsKey } from './api';
import { TransferDialog } from './TransferDialog';
import { useShopListError } from './ShopList';
import { useSingleMutation } from '../../lib/singleFlight';

type AgentPage = { data: Agent[]; total: number };

const shopIdOf = (value: string | null) => {
    const id = Number(value);
    return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * A shop's agents (`shop/agent`), 50 a page from page 1 (spec §4, §9): choosing another shop
 * starts again at page 1 with an empty list; without a shop nothing is fetched and the screen says
 * 'No shop selected'. A transferred agent leaves the list and the total drops by one.
 */
export const ShopAgents = () => {
    const translate = useTranslate();
    const notify = useNotify();
    const shopListError = useShopListError();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const queryClient = useQueryClient();
    const [search, setSearch] = useSearchParams();
    const shopId = shopIdOf(search.get('shop'));
    const { canAccess: canTransfer } = useCanAccess({ resource: 'shop', action: 'transfer' });
    const shops = useQuery({
        queryKey: shopsKey(1, SHOP_PAGE_SIZE),
        queryFn: ({ signal }) => fetchShops(1, SHOP_PAGE_SIZE, signal),
    });
    const shop = shops.data?.data.find(candidate => candidate.id === shopId) ?? null;

    const { context, query, queryKey } = usePagedList<Agent>({
        queryKey: shopAgentsKey,
        resource: 'shop',
        perPage: AGENT_PAGE_SIZE,
        filter: shopId ? { shop_id: shopId } : {},
        enabled: shopId !== null,
        fetchPage: ({ page, perPage, filter, signal }) => fetchShopAgents(Number(filter.shop_id), page, perPage, signal),
    });
    const { setFilters } = context;
    // The shop in the address is the selected one: choosing another resets to page 1 (setFilters).
    useEffect(() => {
        setFilters(shopId ? { shop_id: shopId } : {});
    }, [shopId, setFilters]);

    const [transferring, setTransferring] = useState<Agent | null>(null);
    const transfer = useSingleMutation({
        mutationFn: ({ agent, storeId }: { agent: Agent; storeId: number; storeName: string }) =>
            callApi(transferAgent, {
                body: { agent_id: String(agent.id), agent_firstname: agent.first_name, agent_store_id: String(storeId) },
            }),
        onSuccess: (moved, { agent, storeName }) => {
            queryClient.setQueryData<AgentPage>(queryKey, old =>
                old ? { data: old.data.filter(row => row.id !== agent.id), total: Math.max(old.total - 1, 0) } : old,
            );
            // The other pages of the shop, the target's agents and every store's count are out of date.
            const shown = JSON.stringify(queryKey);
            queryClient.removeQueries({
                queryKey: shopAgentsKey,
                predicate: ({ queryKey: key }) => JSON.stringify(key) !== shown,
            });
            void queryClient.invalidateQueries({ queryKey: ['stores'] });
            void queryClient.invalidateQueries({ queryKey: ['shops', 'page'] });
            setTransferring(null);
            transfer.reset();
            notify('shops.transferred', {
                type: 'success',
                messageArgs: { name: `${moved.first_name} ${moved.last_name}`, store: storeName },
            });
        },
        onError: () => notify('shops.transfer_failed', { type: 'error' }),
    });

    const total = query.isError ? 0 : (query.data?.total ?? 0);

    return (
        <Screen
            resource="shop"
            title={translate('shops.agents_title')}
            actions={
                <Button component={Link} to="/dashboard/shop" startIcon={<ArrowBackIcon />}>
                    {translate('shops.all_shops')}
                </Button>
            }
        >
            {shops.isError ? (
                <LoadError message={shopListError(shops.error)} onRetry={() => void shops.refetch()} />
            ) : (
                <Autocomplete<Store>
                    options={shops.data?.data ?? []}
                    loading={shops.isPending}
                    value={shop}
                    onChange={(_event, chosen) => setSearch(chosen ? { shop: String(chosen.id) } : {})}
                    getOptionLabel={option => option.name}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    renderInput={params => <TextField {...params} label={translate('shops.shop')} />}
                    sx={{ maxWidth: 480 }}
                />
            )}
            <ListContextProvider value={context}>
                {shopId === null ? (
                    <Alert severity="info" role="status">
                        {translate('shops.no_shop_selected')}
                    </Alert>
                ) : query.isError ? (
                    <LoadError message="shops.fetch_agents_failed" onRetry={() => void query.refetch()} />
                ) : query.isPending ? (
                    <LoadingRows />
                ) : total === 0 ? (
                    <ListEmptyText message="stores.no_agents" />
                ) : (
                    <>
                        <Typography variant="body2" color="text.secondary" aria-live="polite">
                            {translate('shops.agents_count', { smart_count: total })}
                        </Typography>
                        {phone ? (
                            <SimpleList<Agent>
                                primaryText={agent => `${agent.first_name} ${agent.last_name}`}
                                secondaryText={agent => `${agent.username} · ${agent.msisdn}`}
                                tertiaryText={agent => (
                                    <>
                                        <AgentStatusChip agent={agent} />
                                        {canTransfer && isWorkingAgent(agent) ? (
                                            <TransferButton agent={agent} onClick={setTransferring} />
                                        ) : null}
                                    </>
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
                                        <>
                                            {`${agent.first_name} ${agent.last_name}`} <AgentStatusChip agent={agent} />
                                        </>
                                    )}
                                />
                                <DataTable.Col source="username" label="agents.fields.username" disableSort />
                                <DataTable.Col
                                    source="msisdn"
                                    label="agents.fields.msisdn"
                                    disableSort
                                    sx={{ display: { xs: 'none', md: 'table-cell' } }}
                                />
                                <DataTable.Col
                                    source="tier"
                                    label="agents.fields.tier"
                                    disableSort
                                    render={(agent: Agent) => <TierChip tier={agent.tier} />}
                                />
                                {canTransfer ? (
                                    <DataTable.Col
                                        label="agents.fields.actions"
                                        disableSort
                                        render={(agent: Agent) =>
                                            // A registrant awaiting approval is moved by nobody (the server refuses it).
                                            isWorkingAgent(agent) ? (
                                                <TransferButton agent={agent} onClick={setTransferring} />
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
                    </>
                )}
                {shopId !== null && total > 0 ? <Pagination rowsPerPageOptions={[10, 25, AGENT_PAGE_SIZE, 100]} /> : null}
            </ListContextProvider>
            <TransferDialog
                agent={transferring}
                busy={transfer.isPending}
                failure={transfer.error}
                onTransfer={(agent, storeId, storeName) => transfer.mutate({ agent, storeId, storeName })}
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
