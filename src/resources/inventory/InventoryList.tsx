import AddIcon from '@mui/icons-material/Add';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box, Button, Chip, Link as MuiLink, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
    ColumnsButton,
    DataTable,
    FilterForm,
    ListBase,
    Pagination,
    ReferenceInput,
    SearchInput,
    SelectInput,
    SimpleList,
    useCanAccess,
    useListContext,
    useLocale,
    useTranslate,
    type SortPayload,
} from 'react-admin';
import { Link } from 'react-router-dom';
import { INVENTORY_STATUSES, type InventoryItem } from '../../../contract/inventory';
import { exportInventory, type ExportColumn } from '../../../contract/exports';
import { formatAmount, formatWhen } from '../../lib/format';
import { inventoryRequest } from './calls';
import { Amount, Mono } from '../../lists/cells';
import { StreamedExportButton } from '../../lists/ExportAllButton';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';
import { StatusFilter } from '../../lists/StatusFilter';
import { quietOnError } from '../../layout/ResourceErrors';
import { viewAddress } from '../../lib/customerVariants';

/** Every status, shown while the address names none (choosing it clears the filter). */
const ANY_STATUS = 'any';

const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <StatusFilter
        key="status"
        source="status"
        label="inventory.fields.status"
        choices={[ANY_STATUS, ...INVENTORY_STATUSES]}
        fallback={ANY_STATUS}
        choiceLabel={status => `inventory.statuses.${status}`}
        alwaysOn
    />,
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

/**
 * A device's IMEI; a sold one's leads to the customer whose loan holds it, for those who may open
 * the customer view (a real link, so a keyboard reaches it and it opens in a new tab).
 */
const ImeiCell = ({ item, toCustomer }: { item: InventoryItem; toCustomer: boolean }) => {
    const translate = useTranslate();
    if (!toCustomer || item.sold_to === null) return <Mono>{item.imei}</Mono>;
    return (
        <MuiLink
            component={Link}
            to={viewAddress('staff', item.sold_to)}
            aria-label={translate('inventory.open_customer', { imei: item.imei })}
        >
            <Mono>{item.imei}</Mono>
        </MuiLink>
    );
};

/**
 * The devices of the current filter and sort, as a file the server writes (contract/exports.ts):
 * its columns as data, in the reader's words (contract/csv.ts writes them on both sides).
 */
export const useExportColumns = (): ExportColumn[] => {
    const translate = useTranslate();
    const title = (field: string) => translate(`inventory.fields.${field}`);
    return [
        { title: title('imei'), field: 'imei' },
        { title: title('sku'), field: 'sku' },
        { title: title('model'), field: 'brand', join: ['model'] },
        { title: title('store'), field: 'store_name' },
        {
            title: title('status'),
            field: 'status',
            words: Object.fromEntries(INVENTORY_STATUSES.map(status => [status, translate(`inventory.statuses.${status}`)])),
        },
        { title: title('cash_price'), field: 'cash_price', decimals: 2 },
        { title: title('created_at'), field: 'created_at', format: 'datetime' },
    ];
};

/** The inventory's filter and sort as the export takes them: the list call's own request, without its page. */
const exportFilter = ({ filter, sort }: { filter: Record<string, unknown>; sort: SortPayload | undefined }) =>
    inventoryRequest({ filter, sort, page: 1, perPage: 1 });

const Toolbar = () => {
    const columns = useExportColumns();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    return (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flexGrow: 1 }}>
                <FilterForm filters={filters} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', pt: 1 }}>
                {phone ? null : <ColumnsButton />}
                <StreamedExportButton call={exportInventory} columns={columns} fileName="inventory" filter={exportFilter} />
            </Box>
        </Box>
    );
};

const Devices = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { canAccess: toCustomer = false } = useCanAccess({ resource: 'customers', action: 'find' });
    const { isPending, error, total, refetch } = useListContext<InventoryItem>();
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    if (isPending) return <LoadingRows />;
    if (!total) return <ListEmptyText />;
    return (
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
                    rowClick={(_id, _resource, item) =>
                        toCustomer && item.sold_to !== null ? viewAddress('staff', item.sold_to) : false
                    }
                />
            ) : (
                <DataTable<InventoryItem> bulkActionButtons={false} rowClick={false}>
                    <DataTable.Col
                        source="imei"
                        label="inventory.fields.imei"
                        render={(item: InventoryItem) => <ImeiCell item={item} toCustomer={toCustomer} />}
                    />
                    <DataTable.Col
                        source="model"
                        label="inventory.fields.model"
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
                    {/* Sorted by the store's name: `store` is the call's sort, the row holds `store_name`. */}
                    <DataTable.Col
                        source="store"
                        label="inventory.fields.store"
                        render={(item: InventoryItem) => item.store_name}
                    />
                    <DataTable.Col
                        source="status"
                        label="inventory.fields.status"
                        render={(item: InventoryItem) => <StatusChip status={item.status} />}
                    />
                    <DataTable.Col
                        source="cash_price"
                        label="inventory.fields.cash_price"
                        render={(item: InventoryItem) => <Amount value={item.cash_price} />}
                        align="right"
                    />
                    <DataTable.Col
                        source="created_at"
                        label="inventory.fields.created_at"
                        render={(item: InventoryItem) => formatWhen(item.created_at, locale)}
                    />
                </DataTable>
            )}
            <Pagination rowsPerPageOptions={[25, 50, 100]} />
        </>
    );
};

/**
 * The devices in the stores the caller may see (`inventory`), newest first, 50 a page: filters,
 * sort (on the server), page and page size in the address; a sold device leads to its customer;
 * the export writes every device of the filter, whatever their number.
 */
export const InventoryList = () => {
    const translate = useTranslate();
    const { canAccess: canAdd } = useCanAccess({ resource: 'inventory', action: 'create' });
    const { canAccess: canPrice } = useCanAccess({ resource: 'inventory', action: 'edit' });
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
            <ListBase<InventoryItem>
                resource="inventory"
                perPage={50}
                sort={{ field: 'created_at', order: 'DESC' }}
                exporter={false}
                // The list shows its own load error (Devices), not a notification as well.
                queryOptions={quietOnError}
            >
                <Toolbar />
                <Devices />
            </ListBase>
        </Screen>
    );
};
