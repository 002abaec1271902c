import AddIcon from '@mui/icons-material/Add';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box, Button, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
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
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { INVENTORY_STATUSES, listInventory, type InventoryItem } from '../../../contract/stores';
import { LoadError } from '../../lists/LoadError';
import { callApi } from '../../lib/portalApi';
import { formatAmount, formatWhen } from '../../lib/format';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { usePagedList } from '../stores/pagedList';
import { Screen } from '../../lists/Screen';

/** `alwaysOn` is read by `<FilterForm>` from the element. */
const StatusFilter = ({ source }: { source: string; alwaysOn?: boolean }) => {
    const translate = useTranslate();
    return (
        <SelectInput
            source={source}
            label="inventory.fields.status"
            choices={INVENTORY_STATUSES.map(status => ({ id: status, name: translate(`inventory.statuses.${status}`) }))}
            alwaysOn
        />
    );
};

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <StatusFilter key="status" source="status" alwaysOn />,
    <ReferenceInput key="store_id" source="store_id" reference="reachable-stores" alwaysOn>
        <SelectInput optionText="name" label="inventory.fields.store" />
    </ReferenceInput>,
];

const StatusChip = ({ status }: { status: InventoryItem['status'] }) => {
    const translate = useTranslate();
    return (
        <Chip
            size="small"
            variant={status === 'in_stock' ? 'filled' : 'outlined'}
            color={status === 'in_stock' ? 'success' : 'default'}
            label={translate(`inventory.statuses.${status}`)}
        />
    );
};

/** The devices in the stores the caller may see (`inventory`), newest first, 50 a page. */
export const InventoryList = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { canAccess: canAdd } = useCanAccess({ resource: 'inventory', action: 'create' });
    const { canAccess: canPrice } = useCanAccess({ resource: 'inventory', action: 'edit' });
    const { context, query } = usePagedList<InventoryItem>({
        queryKey: ['inventory', 'list'],
        resource: 'inventory',
        perPage: 50,
        keepPrevious: true,
        fetchPage: async ({ page, perPage, filter, signal }) => {
            const answer = await callApi(
                listInventory,
                {
                    body: {
                        q: typeof filter.q === 'string' ? filter.q : undefined,
                        status: INVENTORY_STATUSES.find(status => status === filter.status),
                        store_id: typeof filter.store_id === 'number' ? filter.store_id : undefined,
                        page_number: String(page),
                        page_size: String(perPage),
                    },
                },
                { signal },
            );
            return { data: answer.phones, total: answer.total_items };
        },
    });
    const total = query.data?.total ?? 0;
    return (
        <Screen
            resource="inventory"
            title={translate('inventory.title')}
            actions={
                <>
                    {canAdd ? (
                        <Button component={Link} to="/dashboard/inventory/add" variant="contained" startIcon={<AddIcon />}>
                            {translate('inventory.add')}
                        </Button>
                    ) : null}
                    {canPrice ? (
                        <Button
                            component={Link}
                            to="/dashboard/inventory/update"
                            variant="outlined"
                            startIcon={<PriceChangeIcon />}
                        >
                            {translate('inventory.update_prices')}
                        </Button>
                    ) : null}
                </>
            }
        >
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
                            {translate('inventory.count', { smart_count: total })}
                        </Typography>
                        {phone ? (
                            <SimpleList<InventoryItem>
                                primaryText={item => `${item.brand} ${item.model}`}
                                secondaryText={item => `${item.imei} · ${item.store_name}`}
                                tertiaryText={item => (
                                    <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                                        <StatusChip status={item.status} />
                                        {formatAmount(item.cash_price, locale)}
                                    </Box>
                                )}
                                rowClick={false}
                            />
                        ) : (
                            <DataTable<InventoryItem> bulkActionButtons={false} rowClick={false}>
                                <DataTable.Col source="imei" label="inventory.fields.imei" disableSort />
                                <DataTable.Col
                                    source="model"
                                    label="inventory.fields.model"
                                    disableSort
                                    render={(item: InventoryItem) => (
                                        <Box>
                                            <Typography variant="body2">
                                                {item.brand} {item.model}
                                            </Typography>
                                            <Typography variant="caption" color="text.secondary">
                                                {item.sku}
                                            </Typography>
                                        </Box>
                                    )}
                                />
                                <DataTable.Col source="store_name" label="inventory.fields.store" disableSort />
                                <DataTable.Col
                                    source="status"
                                    label="inventory.fields.status"
                                    disableSort
                                    render={(item: InventoryItem) => <StatusChip status={item.status} />}
                                />
                                <DataTable.Col
                                    source="cash_price"
                                    label="inventory.fields.cash_price"
                                    disableSort
                                    render={(item: InventoryItem) => formatAmount(item.cash_price, locale)}
                                    sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}
                                />
                                <DataTable.Col
                                    source="created_at"
                                    label="inventory.fields.created_at"
                                    disableSort
                                    render={(item: InventoryItem) => formatWhen(item.created_at, locale)}
                                    sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                                />
                            </DataTable>
                        )}
                    </>
                )}
                {total > 0 ? <Pagination rowsPerPageOptions={[25, 50, 100]} /> : null}
            </ListContextProvider>
        </Screen>
    );
};
