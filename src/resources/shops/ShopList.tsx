import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Button, Link, MenuItem, TablePagination, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CanAccess, DataTable, ListContextProvider, SimpleList, useList, useTranslate, type Identifier } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { SHOP_PAGE_SIZE, type Store } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { apiErrorOf } from '../../lib/apiErrors';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { Screen } from '../../lists/Screen';
import { fetchShops, shopsKey, type ShopPageSize } from './api';

const PAGE_SIZES: ShopPageSize[] = [SHOP_PAGE_SIZE, 10, 25, 50, 100];

/** Spec §8: a failed shop list says the server's message, else 'An error occurred'. */
export const useShopListError = () => {
    const translate = useTranslate();
    return (error: unknown) => {
        const answer = apiErrorOf(error);
        return answer ? translate(answer.key, { _: answer.message }) : translate('errors.generic');
    };
};

/** Where a shop's row leads: its agents (`shop/agent`), where they are transferred. */
const agentsOf = (id: Identifier) => `/dashboard/shop/agent?shop=${id}`;

/**
 * The shops page by page (`shop`); every shop at once by default (spec §9: page size 'all'). A row
 * opens the shop's agents; its name is a link too, so the way there is announced and reached by
 * keyboard (a table row's click is neither).
 */
export const ShopList = () => {
    const translate = useTranslate();
    const shopListError = useShopListError();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const [page, setPage] = useState(1);
    const [pageSize, setPageSize] = useState<ShopPageSize>(SHOP_PAGE_SIZE);
    const query = useQuery({
        queryKey: shopsKey(page, pageSize),
        queryFn: ({ signal }) => fetchShops(page, pageSize, signal),
        placeholderData: keepPreviousData,
    });
    const shops = query.isError ? [] : query.data?.data;
    const total = query.isError ? 0 : (query.data?.total_items ?? 0);
    const list = useList<Store>({
        data: shops,
        isPending: query.isPending,
        resource: 'shop',
        perPage: Math.max(shops?.length ?? 0, 1),
    });

    return (
        <Screen
            resource="shop"
            title={translate('shops.title')}
            actions={
                <CanAccess resource="shop" action="agents">
                    <Button component={RouterLink} to="/dashboard/shop/agent" size="small" startIcon={<SupportAgentIcon />}>
                        {translate('shops.agents_title')}
                    </Button>
                </CanAccess>
            }
        >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
                <TextField
                    select
                    size="small"
                    label={translate('shops.page_size')}
                    value={String(pageSize)}
                    onChange={event => {
                        const value = event.target.value;
                        setPageSize(value === SHOP_PAGE_SIZE ? SHOP_PAGE_SIZE : Number(value));
                        setPage(1);
                    }}
                    sx={{ minWidth: 140 }}
                >
                    {PAGE_SIZES.map(size => (
                        <MenuItem key={size} value={String(size)}>
                            {size === SHOP_PAGE_SIZE ? translate('shops.all') : size}
                        </MenuItem>
                    ))}
                </TextField>
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                    {query.isSuccess ? translate('shops.count', { smart_count: total }) : ''}
                </Typography>
            </Box>
            {query.isError ? (
                <LoadError message={shopListError(query.error)} onRetry={() => void query.refetch()} />
            ) : query.isPending ? (
                <LoadingRows />
            ) : total === 0 ? (
                <ListEmptyText />
            ) : (
                <ListContextProvider value={list}>
                    {phone ? (
                        <SimpleList<Store>
                            primaryText={shop => shop.name}
                            secondaryText={shop => `${shop.town} · ${shop.region}`}
                            tertiaryText={shop => translate('stores.agent_count', { smart_count: shop.agent_count })}
                            rowClick={id => agentsOf(id)}
                        />
                    ) : (
                        <DataTable<Store>
                            bulkActionButtons={false}
                            rowClick={id => agentsOf(id)}
                            // Thousands of rows at page size 'all': the browser lays out only those in view.
                            rowSx={() => ({ contentVisibility: 'auto', containIntrinsicSize: 'auto 53px' })}
                        >
                            <DataTable.Col
                                source="name"
                                label="stores.fields.name"
                                disableSort
                                render={(shop: Store) => (
                                    <Link
                                        component={RouterLink}
                                        to={agentsOf(shop.id)}
                                        // The row's own click would navigate a second time.
                                        onClick={event => event.stopPropagation()}
                                    >
                                        {shop.name}
                                    </Link>
                                )}
                            />
                            <DataTable.Col source="town" label="stores.fields.town" disableSort />
                            <DataTable.Col
                                source="region"
                                label="stores.fields.region"
                                disableSort
                                sx={{ display: { xs: 'none', md: 'table-cell' } }}
                            />
                            <DataTable.NumberCol source="agent_count" label="stores.fields.agent_count" disableSort />
                        </DataTable>
                    )}
                </ListContextProvider>
            )}
            {pageSize !== SHOP_PAGE_SIZE && total > 0 ? (
                <TablePagination
                    component="div"
                    count={total}
                    page={page - 1}
                    onPageChange={(_event, next) => setPage(next + 1)}
                    rowsPerPage={pageSize}
                    rowsPerPageOptions={[]}
                    labelDisplayedRows={({ from, to, count }) => translate('shops.shown', { from, to, count })}
                    getItemAriaLabel={type => translate(`shops.go_${type}`)}
                />
            ) : null}
        </Screen>
    );
};
