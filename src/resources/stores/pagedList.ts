/**
 * A react-admin list context over a call that pages on the server by `page_number` and
 * `page_size` (the shop, agent and inventory calls), so `<DataTable>`, `<FilterForm>` and
 * `<Pagination>` work on it as on any list. react-admin's data provider pages by Feathers'
 * `$limit`/`$skip`; these calls page their own way, so the page, its size and the filters are kept
 * here and the rows of the current page are handed to `useList`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useList, type FilterPayload, type ListControllerResult, type RaRecord, type SortPayload } from 'react-admin';

export interface PageRequest {
    page: number;
    perPage: number;
    filter: FilterPayload;
    /** The column sorted by, when the list is sortable (`sort` given). */
    sort?: SortPayload;
    signal: AbortSignal;
}

/**
 * A page of rows: with the `total` of the whole list, or without it (a call that answers only a
 * page, react-admin's partial pagination) with `hasNextPage` saying whether another follows; the
 * last page of such a call gives the list its total.
 */
export type PageAnswer<Row> = { data: Row[]; total: number } | { data: Row[]; total?: undefined; hasNextPage: boolean };

export interface PagedListOptions<Row extends RaRecord> {
    /** Names the list in react-query's cache; the page, its size and the filters are added to it. */
    queryKey: readonly unknown[];
    fetchPage: (request: PageRequest) => Promise<PageAnswer<Row>>;
    perPage: number;
    resource: string;
    filter?: FilterPayload;
    /** Sorted on the server by this column at first; the table's headers change it. Without it, not sortable. */
    sort?: SortPayload;
    /** A filter changed keeps the previous page on screen until the new one comes. */
    keepPrevious?: boolean;
    enabled?: boolean;
}

const withoutEmpty = (filter: FilterPayload): FilterPayload =>
    Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''));

export const usePagedList = <Row extends RaRecord>({
    queryKey,
    fetchPage,
    perPage: initialPerPage,
    resource,
    filter: initialFilter = {},
    sort: initialSort,
    keepPrevious = false,
    enabled = true,
}: PagedListOptions<Row>) => {
    const [page, setPage] = useState(1);
    const [perPage, setPerPageState] = useState(initialPerPage);
    const [filterValues, setFilterValues] = useState<FilterPayload>(initialFilter);
    const [displayedFilters, setDisplayedFilters] = useState<Record<string, boolean>>({});
    const [sort, setSortState] = useState<SortPayload | undefined>(initialSort);
    const fullKey = useMemo(
        () => [...queryKey, { page, perPage, filter: filterValues, sort }],
        [queryKey, page, perPage, filterValues, sort],
    );
    const query = useQuery({
        queryKey: fullKey,
        queryFn: async ({ signal }): Promise<PageAnswer<Row>> => {
            const answer = await fetchPage({ page, perPage, filter: filterValues, sort, signal });
            // A page with none after it ends the list: the rows before it and on it are all the
            // filter finds. Said as the total, so the pagination counts them: without one, MUI takes
            // the last page as full and said "1-25 of 25" over one row, or over none.
            return answer.total === undefined && !answer.hasNextPage
                ? { data: answer.data, total: (page - 1) * perPage + answer.data.length }
                : answer;
        },
        placeholderData: keepPrevious ? keepPreviousData : undefined,
        enabled,
    });
    const local = useList<Row>({
        data: query.data?.data,
        isPending: query.isPending,
        error: query.error,
        isFetching: query.isFetching,
        perPage: Math.max(perPage, 1),
        resource,
    });

    const setSort = useCallback((next: SortPayload) => {
        setSortState(next);
        setPage(1);
    }, []);
    const setPerPage = useCallback((size: number) => {
        setPerPageState(size);
        setPage(1);
    }, []);
    const setFilters = useCallback((filters: FilterPayload, displayed?: Record<string, boolean>) => {
        setFilterValues(withoutEmpty(filters));
        if (displayed) setDisplayedFilters(displayed);
        setPage(1);
    }, []);
    const showFilter = useCallback((name: string, value: unknown) => {
        setDisplayedFilters(shown => ({ ...shown, [name]: true }));
        if (value !== undefined) setFilterValues(values => withoutEmpty({ ...values, [name]: value }));
    }, []);
    const hideFilter = useCallback((name: string) => {
        setDisplayedFilters(({ [name]: _hidden, ...shown }) => shown);
        setFilterValues(({ [name]: _removed, ...values }) => values);
        setPage(1);
    }, []);

    const total = query.data?.total;
    const answer = query.data;
    const hasNextPage =
        answer === undefined ? false : answer.total === undefined ? answer.hasNextPage : page * perPage < answer.total;
    const context = {
        ...local,
        resource,
        page,
        perPage,
        total,
        setPage,
        setPerPage,
        filterValues,
        displayedFilters,
        setFilters,
        showFilter,
        hideFilter,
        ...(sort ? { sort, setSort } : {}),
        refetch: query.refetch,
        hasPreviousPage: page > 1,
        hasNextPage,
        exporter: false,
    } as ListControllerResult<Row>;
    return { context, query, queryKey: fullKey };
};
