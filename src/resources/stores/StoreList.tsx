import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useMemo } from 'react';
import {
    ColumnsButton,
    DataTable,
    downloadCSV,
    FilterForm,
    ListBase,
    Pagination,
    SearchInput,
    SelectInput,
    SimpleList,
    useCanAccess,
    useGetList,
    useListContext,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Store } from '../../../contract/stores';
import { BrandChip } from './BrandChip';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { ExportAllButton } from '../../lists/ExportAllButton';
import { toCsv } from '../../lib/csv';
import { formatCoordinates, formatWhen } from '../../lib/format';
import { Screen } from '../../lists/Screen';

const storePath = (id: string | number) => `/dashboard/stores/${id}`;

const useExporter = () => {
    const translate = useTranslate();
    return (rows: Store[]) =>
        downloadCSV(
            toCsv(rows, [
                { title: translate('stores.fields.name'), value: store => store.name },
                { title: translate('stores.fields.region'), value: store => store.region },
                { title: translate('stores.fields.town'), value: store => store.town },
                {
                    title: translate('stores.branded.field'),
                    value: store => translate(store.branded ? 'stores.branded.yes' : 'stores.branded.no'),
                },
                { title: translate('stores.fields.latitude'), value: store => store.latitude },
                { title: translate('stores.fields.longitude'), value: store => store.longitude },
                { title: translate('stores.fields.owner'), value: store => store.owner?.name ?? '' },
                { title: translate('stores.fields.region_lead'), value: store => store.region_lead?.name ?? '' },
                { title: translate('stores.fields.agent_count'), value: store => store.agent_count },
                { title: translate('stores.fields.created_at'), value: store => store.created_at },
            ]),
            'stores',
        );
};

/** The regions to filter by: those of every store within reach, whatever the current filter. */
const useRegionFilters = () => {
    const { data: reachable } = useGetList<Store>('reachable-stores');
    const regions = useMemo(() => [...new Set((reachable ?? []).map(store => store.region))].sort(), [reachable]);
    return [
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
            key="region"
            source="region"
            label="stores.fields.region"
            choices={regions.map(region => ({ id: region, name: region }))}
            alwaysOn
        />,
    ];
};

const StoreRows = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { error, isPending, total, refetch } = useListContext<Store>();
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    if (isPending) return <LoadingRows />;
    if (total === 0) return <ListEmptyText />;
    if (phone) {
        return (
            <SimpleList<Store>
                primaryText={store => store.name}
                secondaryText={store =>
                    `${store.town} · ${store.region} · ${translate(store.branded ? 'stores.branded.yes' : 'stores.branded.no')}`
                }
                tertiaryText={store => translate('stores.agent_count', { smart_count: store.agent_count })}
                rowClick={id => storePath(id)}
            />
        );
    }
    return (
        <DataTable<Store> bulkActionButtons={false} rowClick={id => storePath(id)} hiddenColumns={['latitude']}>
            <DataTable.Col
                source="name"
                label="stores.fields.name"
                // The row's click is no link: the name is one, reached by keyboard and announced.
                render={(store: Store) => (
                    <Link to={storePath(store.id)} onClick={event => event.stopPropagation()}>
                        {store.name}
                    </Link>
                )}
            />
            <DataTable.Col source="region" label="stores.fields.region" />
            <DataTable.Col source="town" label="stores.fields.town" />
            <DataTable.Col
                source="branded"
                label="stores.branded.field"
                disableSort
                render={(store: Store) => <BrandChip branded={store.branded} />}
            />
            <DataTable.Col
                source="owner.name"
                label="stores.fields.owner"
                disableSort
                render={(store: Store) => store.owner?.name ?? '—'}
            />
            <DataTable.Col
                source="region_lead.name"
                label="stores.fields.region_lead"
                disableSort
                render={(store: Store) => store.region_lead?.name ?? '—'}
            />
            <DataTable.NumberCol source="agent_count" label="stores.fields.agent_count" />
            <DataTable.Col
                source="latitude"
                label="stores.fields.location"
                disableSort
                render={(store: Store) => formatCoordinates(store.latitude, store.longitude)}
            />
            <DataTable.Col
                source="created_at"
                label="stores.fields.created_at"
                render={(store: Store) => formatWhen(store.created_at, locale)}
            />
        </DataTable>
    );
};

const StoreCount = () => {
    const translate = useTranslate();
    const { total } = useListContext();
    return (
        <Typography variant="caption" color="text.secondary">
            {translate('stores.count', { smart_count: total ?? 0 })}
        </Typography>
    );
};

/**
 * The stores the caller may see (spec §7 "Stores"): search and region filter, sort, page and page
 * size in the address; every filtered store as CSV; a row opens the store (`stores/:id`).
 */
export const StoreList = () => {
    const translate = useTranslate();
    const { canAccess: canCreate } = useCanAccess({ resource: 'stores', action: 'create' });
    const filters = useRegionFilters();
    const exporter = useExporter();
    return (
        <Screen
            resource="stores"
            title={translate('stores.title')}
            actions={
                canCreate ? (
                    <Button component={Link} to="/dashboard/stores/create" variant="contained" startIcon={<AddIcon />}>
                        {translate('stores.add')}
                    </Button>
                ) : null
            }
        >
            <ListBase<Store>
                resource="stores"
                perPage={25}
                sort={{ field: 'name', order: 'ASC' }}
                // The failure is said in the list, not in a notification as well.
                queryOptions={{ onError: () => undefined }}
            >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1 }}>
                    <FilterForm filters={filters} />
                    <Box sx={{ display: 'flex', gap: 1 }}>
                        <ColumnsButton />
                        <ExportAllButton<Store> exporter={exporter} />
                    </Box>
                </Box>
                <StoreRows />
                <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
                <StoreCount />
            </ListBase>
        </Screen>
    );
};
