import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
    DataTable,
    downloadCSV,
    ExportButton,
    FilterForm,
    ListContextProvider,
    Pagination,
    SearchInput,
    SelectInput,
    SimpleList,
    useCanAccess,
    useList,
    useLocale,
    useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { Store } from '../../../contract/stores';
import { BrandChip } from './BrandChip';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { fetchStores, storesKey } from './api';
import { toCsv } from '../../lib/csv';
import { formatCoordinates, formatWhen } from '../../lib/format';
import { Screen } from '../../lists/Screen';

/** The stores the caller may see (spec §7 "Stores"): search, region filter, sort, CSV export. */
export const StoreList = () => {
    const translate = useTranslate();
    const locale = useLocale();
    const phone = useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));
    const { canAccess: canCreate } = useCanAccess({ resource: 'stores', action: 'create' });
    const query = useQuery({ queryKey: storesKey, queryFn: ({ signal }) => fetchStores(signal) });
    const stores = query.data;
    const regions = useMemo(() => [...new Set((stores ?? []).map(store => store.region))].sort(), [stores]);
    // Every store within reach comes in one answer: filtered, sorted and paged here. `q` matches
    // the name, region or town; the region by equality.
    const list = useList<Store>({
        data: stores,
        isPending: query.isPending,
        error: query.error,
        resource: 'stores',
        perPage: 25,
        sort: { field: 'name', order: 'ASC' },
        exporter: rows =>
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
            ),
    });
    const filters = [
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput
            key="region"
            source="region"
            label="stores.fields.region"
            choices={regions.map(region => ({ id: region, name: region }))}
            alwaysOn
        />,
    ];
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
            <ListContextProvider value={list}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1 }}>
                    <FilterForm filters={filters} />
                    <ExportButton />
                </Box>
                {query.isError ? (
                    <LoadError error={query.error} onRetry={() => void query.refetch()} />
                ) : query.isPending ? (
                    <LoadingRows />
                ) : list.total === 0 ? (
                    <ListEmptyText />
                ) : phone ? (
                    <SimpleList<Store>
                        primaryText={store => store.name}
                        secondaryText={store =>
                            `${store.town} · ${store.region} · ${translate(store.branded ? 'stores.branded.yes' : 'stores.branded.no')}`
                        }
                        tertiaryText={store => translate('stores.agent_count', { smart_count: store.agent_count })}
                        rowClick={id => `/dashboard/stores/${id}`}
                    />
                ) : (
                    <DataTable<Store> bulkActionButtons={false} rowClick={id => `/dashboard/stores/${id}`}>
                        <DataTable.Col source="name" label="stores.fields.name" />
                        <DataTable.Col source="region" label="stores.fields.region" />
                        <DataTable.Col source="town" label="stores.fields.town" />
                        <DataTable.Col
                            source="branded"
                            label="stores.branded.field"
                            render={(store: Store) => <BrandChip branded={store.branded} />}
                        />
                        <DataTable.Col
                            source="owner.name"
                            label="stores.fields.owner"
                            render={(store: Store) => store.owner?.name ?? '—'}
                            sx={{ display: { xs: 'none', md: 'table-cell' } }}
                        />
                        <DataTable.Col
                            source="region_lead.name"
                            label="stores.fields.region_lead"
                            render={(store: Store) => store.region_lead?.name ?? '—'}
                            sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                        />
                        <DataTable.NumberCol source="agent_count" label="stores.fields.agent_count" />
                        <DataTable.Col
                            source="latitude"
                            label="stores.fields.location"
                            disableSort
                            render={(store: Store) => formatCoordinates(store.latitude, store.longitude)}
                            sx={{ display: { xs: 'none', lg: 'table-cell' } }}
                        />
                        <DataTable.Col
                            source="created_at"
                            label="stores.fields.created_at"
                            render={(store: Store) => formatWhen(store.created_at, locale)}
                            sx={{ display: { xs: 'none', md: 'table-cell' } }}
                        />
                    </DataTable>
                )}
                {list.total ? <Pagination rowsPerPageOptions={[10, 25, 50, 100]} /> : null}
                <Typography variant="caption" color="text.secondary">
                    {translate('stores.count', { smart_count: list.total ?? 0 })}
                </Typography>
            </ListContextProvider>
        </Screen>
    );
};
