import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { Box, Button, Link, MenuItem, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    CanAccess,
    DataTable,
    downloadCSV,
    ListBase,
    Pagination,
    SimpleList,
    useListContext,
    useTranslate,
    type Identifier,
    type SortPayload,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Store } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { apiErrorOf } from '../../lib/apiErrors';
import { toCsv } from '../../lib/csv';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { Screen } from '../../lists/Screen';
import { SHOP_ALL_PER_PAGE } from './listKinds';

const PAGE_SIZES = [SHOP_ALL_PER_PAGE, 10, 25, 50, 100];

/** The list's own order until a column header asks another: by name, as the call sorts. */
const BY_NAME: SortPayload = { field: 'name', order: 'ASC' };

/** Spec §8: a failed shop list says the server's message, else 'An error occurred'. */
export const useShopListError = () => {
    const translate = useTranslate();
    return (error: unknown) => {
        const answer = apiErrorOf(error);
        return answer ? translate(answer.key, { _: answer.message }) : translate('errors.generic');
    };
};

/** Where a shop's row leads: its agents (`shop/agent`), where they are transferred. */
export const agentsOf = (id: Identifier) => `/dashboard/shop/agent?shop=${id}`;

/** The page size, 'All' first: a new size starts again at page 1 (react-admin's setPerPage). */
const PageSize = () => {
    const translate = useTranslate();
    const { perPage, setPerPage, total, isPending, error } = useListContext<Store>();
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <TextField
                select
                size="small"
                label={translate('shops.page_size')}
                value={String(perPage)}
                onChange={event => setPerPage(Number(event.target.value))}
                sx={{ minWidth: 140 }}
            >
                {PAGE_SIZES.map(size => (
                    <MenuItem key={size} value={String(size)}>
                        {size === SHOP_ALL_PER_PAGE ? translate('shops.all') : size}
                    </MenuItem>
                ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
                {!isPending && !error ? translate('shops.count', { smart_count: total ?? 0 }) : ''}
            </Typography>
        </Box>
    );
};

const useExporter = () => {
    const translate = useTranslate();
    return (rows: Store[]) =>
        downloadCSV(
            toCsv(rows, [
                { title: translate('stores.fields.name'), value: shop => shop.name },
                { title: translate('stores.fields.town'), value: shop => shop.town },
                { title: translate('stores.fields.region'), value: shop => shop.region },
                { title: translate('stores.fields.agent_count'), value: shop => shop.agent_count },
            ]),
            'shops',
        );
};

const ShopRows = () => {
    const translate = useTranslate();
    const shopListError = useShopListError();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { error, isPending, total, refetch } = useListContext<Store>();
    if (error) return <LoadError message={shopListError(error)} onRetry={() => void refetch()} />;
    if (isPending) return <LoadingRows />;
    if (total === 0) return <ListEmptyText />;
    if (phone) {
        return (
            <SimpleList<Store>
                primaryText={shop => shop.name}
                secondaryText={shop => `${shop.town} · ${shop.region}`}
                tertiaryText={shop => translate('stores.agent_count', { smart_count: shop.agent_count })}
                rowClick={id => agentsOf(id)}
            />
        );
    }
    return (
        <DataTable<Store>
            bulkActionButtons={false}
            rowClick={id => agentsOf(id)}
            // Thousands of rows at page size 'all': the browser lays out only those in view.
            rowSx={() => ({ contentVisibility: 'auto', containIntrinsicSize: 'auto 53px' })}
        >
            {/* Each column sorted on the server (contract SHOP_SORTS). */}
            <DataTable.Col
                source="name"
                label="stores.fields.name"
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
            <DataTable.Col source="town" label="stores.fields.town" />
            <DataTable.Col source="region" label="stores.fields.region" sx={{ display: { xs: 'none', md: 'table-cell' } }} />
            <DataTable.NumberCol source="agent_count" label="stores.fields.agent_count" />
        </DataTable>
    );
};

/** Numbered pages under the list, none at page size 'all' (one page holds every shop). */
const ShopPages = () => {
    const { perPage, total } = useListContext();
    return perPage !== SHOP_ALL_PER_PAGE && total ? <Pagination rowsPerPageOptions={[]} /> : null;
};

/**
 * The shops page by page (`shop`); every shop at once by default (spec §9: page size 'all'), by
 * name unless a column header asks another order (sorted on the server). The page, its size and
 * the order are in the address. A row opens the shop's agents; its name is a link too, so
 * the way there is announced and reached by keyboard (a table row's click is neither).
 */
export const ShopList = () => {
    const translate = useTranslate();
    const exporter = useExporter();
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
            <ListBase<Store>
                resource="shop"
                perPage={SHOP_ALL_PER_PAGE}
                sort={BY_NAME}
                queryOptions={{ onError: () => undefined }}
            >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
                    <PageSize />
                    <ExportAllButton<Store> exporter={exporter} />
                </Box>
                <ShopRows />
                <ShopPages />
            </ListBase>
        </Screen>
    );
};
