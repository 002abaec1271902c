/**
 * One list screen of the portal: the screen's frame and gate (Screen.tsx), react-admin's list (its
 * filter, sort, page and size in the address), the filters with the columns and export buttons,
 * the rows in their states (ListRows), cards on a phone and a table beside, and the pages. A
 * screen says only what differs: its resource, title, filters, count, cards and table.
 */
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import type { ReactElement, ReactNode, Ref } from 'react';
import {
    ColumnsButton,
    FilterButton,
    FilterForm,
    List,
    ListBase,
    Pagination,
    TopToolbar,
    useListContext,
    useTranslate,
    type RaRecord,
    type SortPayload,
    type ListBaseProps,
} from 'react-admin';
import { SavedQueries } from './SavedQueries';
import { ListLoadError, quietOnError } from '../layout/ResourceErrors';
import { ExportAllButton } from './ExportAllButton';
import { ListEmptyText, LoadingRows } from './ListStates';
import { LoadError } from './LoadError';
import { Screen } from './Screen';

/** A phone's width: the lists show cards below it. */
export const usePhone = () => useMediaQuery<Theme>(theme => theme.breakpoints.down('sm'));

/**
 * The rows of the list in context in their states: failed (with Retry), loading, empty (saying
 * `empty`), or how many the filters found (said to screen readers as it changes) above the
 * `cards` on a phone or the `table` beside.
 */
export const ListRows = ({
    count,
    empty,
    loadingRows,
    cards,
    table,
    inset = false,
}: {
    /** The catalog key of the count, given `smart_count`. */
    count: string;
    /** The catalog key of an empty list's words (default: no records). */
    empty?: string;
    loadingRows?: number;
    cards: ReactNode;
    table: ReactNode;
    /** Inside react-admin's `<List>` card: the count is set in from its edges. */
    inset?: boolean;
}) => {
    const translate = useTranslate();
    const phone = usePhone();
    const { data, error, isPending, isFetching, refetch, total } = useListContext();
    if (error) return <LoadError error={error} onRetry={() => void refetch()} />;
    if (isPending) return <LoadingRows rows={loadingRows} />;
    if (!data?.length) return <ListEmptyText message={empty} />;
    // react-admin keeps the previous page's rows on screen while the next page loads: they are
    // marked busy until the new rows replace them (for assistive technology, and for a test that
    // must not read the old rows as the new page's).
    return (
        <Box aria-busy={isFetching} sx={{ display: 'contents' }}>
            {total !== undefined ? (
                <Typography variant="body2" color="text.secondary" aria-live="polite" sx={inset ? { px: 2, pt: 1 } : undefined}>
                    {translate(count, { smart_count: total })}
                </Typography>
            ) : null}
            {phone ? cards : table}
        </Box>
    );
};

/**
 * The queries saved under a name, beside the list on a wide screen (xl): at 1280 px the table
 * keeps the width, and the filter menu ("Add filter") saves and applies them at every width.
 * SavedQueries.tsx rather than react-admin's SavedQueriesList, whose markup axe refuses.
 */
const SavedQueriesAside = () => (
    <Box sx={{ display: { xs: 'none', xl: 'block' }, width: 220, flexShrink: 0, ml: 1 }}>
        <SavedQueries />
    </Box>
);

export interface ListScreenProps<Row extends RaRecord> {
    resource: string;
    /** The screen's gate (default `list`). */
    action?: string;
    /** Already translated. */
    title: string;
    /** Beside the title (a link back). */
    screenActions?: ReactNode;
    perPage: number;
    rowsPerPageOptions: number[];
    sort?: SortPayload;
    queryOptions?: ListBaseProps<Row>['queryOptions'];
    filters?: ReactElement[];
    /** A button choosing the table's columns, except on a phone. */
    columns?: boolean;
    /** Every row the filters select as a file (ExportAllButton); no export without it. */
    exporter?: (rows: Row[]) => void;
    /**
     * react-admin's `<List>`: filters added from its menu, which saves a query under a name, the
     * saved ones listed beside on a wide screen; a failed load says why in its place.
     */
    savedQueries?: boolean;
    /** Between the title and the filters, in the list's context (tabs choosing a filter). */
    above?: ReactNode;
    /** What holds the filters, rows and pages, in the list's context (a tab panel). */
    around?: (body: ReactNode) => ReactNode;
    /** The focusable box around the filters, rows and pages: where the focus goes when a row it was on leaves. */
    listRef?: Ref<HTMLDivElement>;
    /** The rows (ListRows) and anything the screen adds after them. */
    children: ReactNode;
}

export const ListScreen = <Row extends RaRecord>({
    resource,
    action,
    title,
    screenActions,
    perPage,
    rowsPerPageOptions,
    sort,
    queryOptions = quietOnError,
    filters,
    columns = false,
    exporter,
    savedQueries = false,
    above,
    around = body => body,
    listRef,
    children,
}: ListScreenProps<Row>) => {
    const phone = usePhone();
    const buttons = (
        <>
            {columns && !phone ? <ColumnsButton /> : null}
            {exporter ? <ExportAllButton<Row> exporter={exporter} /> : null}
        </>
    );
    const pagination = <Pagination rowsPerPageOptions={rowsPerPageOptions} />;
    return (
        <Screen resource={resource} action={action} title={title} actions={screenActions}>
            {savedQueries ? (
                <Box ref={listRef} tabIndex={-1} sx={{ outline: 'none', minWidth: 0 }}>
                    <List<Row>
                        resource={resource}
                        title={false}
                        filters={filters}
                        sort={sort}
                        perPage={perPage}
                        exporter={false}
                        actions={
                            <TopToolbar>
                                <FilterButton />
                                {buttons}
                            </TopToolbar>
                        }
                        pagination={pagination}
                        aside={<SavedQueriesAside />}
                        empty={false}
                        error={<ListLoadError />}
                        queryOptions={queryOptions}
                    >
                        {children}
                    </List>
                </Box>
            ) : (
                // Inside the screen's gate: nothing is asked before canAccess answers.
                <ListBase<Row> resource={resource} perPage={perPage} sort={sort} exporter={false} queryOptions={queryOptions}>
                    {above}
                    <Box ref={listRef} tabIndex={-1} sx={{ outline: 'none', minWidth: 0 }}>
                        {around(
                            <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1 }}>
                                <Box
                                    sx={{
                                        display: 'flex',
                                        flexWrap: 'wrap',
                                        alignItems: 'flex-end',
                                        justifyContent: 'space-between',
                                        gap: 1,
                                    }}
                                >
                                    {filters ? <FilterForm filters={filters} /> : <span />}
                                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{buttons}</Box>
                                </Box>
                                {children}
                                {pagination}
                            </Box>,
                        )}
                    </Box>
                </ListBase>
            )}
        </Screen>
    );
};
