import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import {
    useDataProvider,
    useListContext,
    useLocale,
    useNotify,
    useTranslate,
    type GetListResult,
    type RaRecord,
    type SortPayload,
} from 'react-admin';
import type { z } from 'zod';
import type { CallInput } from '../../contract/define';
import { EXPORT_DOWNLOAD_PATH, type ExportColumn, type exportCalls } from '../../contract/exports';
import { settings } from '../config';
import { largestPageOf } from '../dataProvider';
import { errorKeyOf } from '../lib/apiErrors';
import { callApi } from '../lib/portalApi';

/** The largest page a Feathers list answers (`paging.$limit` in contract/define.ts). */
export const LARGEST_PAGE = 1000;

/**
 * Every record a list's filters select, page after page at `pageSize`, until the total is reached
 * (or a short page says there is no more): no row cap. `onProgress` hears how many have come.
 */
export const collectPages = async <Row,>(
    fetchPage: (page: number) => Promise<{ data: Row[]; total?: number }>,
    pageSize: number,
    onProgress?: (rows: number) => void,
): Promise<Row[]> => {
    const rows: Row[] = [];
    for (let page = 1; ; page++) {
        const { data, total } = await fetchPage(page);
        rows.push(...data);
        onProgress?.(rows.length);
        if (data.length < pageSize || (total !== undefined && rows.length >= total)) return rows;
    }
};

/** What an export does: reads its rows (telling how many so far) and saves them, until `signal` aborts. */
export type ExportRun = (options: { signal: AbortSignal; onProgress: (rows: number) => void }) => Promise<void>;

/**
 * An export button for a long export: runs `run`, shows the count of rows read so far while it
 * runs, aborts it if the button goes away, and says why it failed. Every export of the portal is
 * this button with its own `run`.
 */
export const ExportProgressButton = ({
    run,
    disabled = false,
    busyLabel,
}: {
    run: ExportRun;
    disabled?: boolean;
    /** What the button says while `run` runs, instead of the count of rows read. */
    busyLabel?: string;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const [rows, setRows] = useState<number | null>(null);
    const abort = useRef<AbortController | null>(null);
    useEffect(() => () => abort.current?.abort(), []);

    const start = async () => {
        const controller = new AbortController();
        abort.current = controller;
        setRows(0);
        try {
            await run({ signal: controller.signal, onProgress: setRows });
        } catch (error) {
            if (!controller.signal.aborted) notify(errorKeyOf(error), { type: 'error' });
        } finally {
            setRows(null);
        }
    };

    const busy = rows !== null;
    return (
        <Button
            size="small"
            onClick={() => void start()}
            disabled={busy || disabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
        >
            {busy ? (busyLabel ?? translate('app.exporting', { smart_count: rows })) : translate('ra.action.export')}
        </Button>
    );
};

/**
 * react-admin's export button without its cap (ExportButton asks one page of `maxResults`): the
 * whole filtered and sorted list of the list in context, fetched page after page through the data
 * provider, then handed to `exporter`.
 */
export const ExportAllButton = <Row extends RaRecord>({
    exporter,
    pageSize: askedPageSize,
}: {
    exporter: (rows: Row[]) => void;
    /** Rows a call; by default the largest page the resource's list call answers. */
    pageSize?: number;
}) => {
    const dataProvider = useDataProvider();
    const { filterValues, sort, resource, total } = useListContext<Row>();
    const pageSize = askedPageSize ?? Math.min(largestPageOf(resource), LARGEST_PAGE);
    const run: ExportRun = async ({ signal, onProgress }) => {
        const all = await collectPages(
            page =>
                dataProvider.getList(resource, {
                    pagination: { page, perPage: pageSize },
                    sort,
                    filter: filterValues,
                    signal,
                }) as Promise<GetListResult<Row>>,
            pageSize,
            onProgress,
        );
        // Rows written while the pages were read shift them: a record read twice is exported once.
        exporter([...new Map(all.map(row => [row.id, row])).values()]);
    };
    return <ExportProgressButton run={run} disabled={total === 0} />;
};

/** An export the server writes (contract/exports.ts). */
type ExportCall = (typeof exportCalls)[keyof typeof exportCalls];
type FilterOf<C extends ExportCall> = z.input<C['body']>['filter'];

/** A Feathers list's filters and sort as its call's query takes them (text, as in an address), without its paging. */
export const feathersFilter = ({ filter, sort }: { filter: Record<string, unknown>; sort: SortPayload | undefined }) => {
    const query: Record<string, string> = {};
    if (sort?.field && sort.field !== 'id') query.$sort = `${sort.order === 'DESC' ? '-' : ''}${sort.field}`;
    for (const [name, value] of Object.entries(filter)) {
        if (value !== undefined && value !== null && value !== '') query[name] = String(value);
    }
    return query;
};

/** Starts the browser's own download of an address: it streams to disk and shows its progress. */
export const startDownload = (href: string): void => {
    const link = document.createElement('a');
    link.href = href;
    link.download = '';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
};

/** The reader's time zone, as the export's dates are written in it (src/lib/format.ts writes the browser's). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The export of a list of any size: the server writes the file as it reads the rows
 * (server/exports.ts) and the browser downloads it by itself, so neither holds every row. The
 * button asks, with the session, for a signed address good once for a minute (saying "Preparing
 * the file…", aborted if the button goes away, a refusal said as any error), then starts the
 * download: from there the browser's own download shows the progress and can cancel it, and the
 * button says so once and is ready again.
 */
export const StreamedExportButton = <C extends ExportCall>({
    call,
    columns,
    fileName,
    filter: filterOf,
}: {
    call: C;
    /** The columns as data: titles and words in the reader's language (contract/csv.ts). */
    columns: ExportColumn[];
    /** The file's name without `.csv`. */
    fileName: string;
    /** The list's filter and sort as the export's `filter`; by default a Feathers list's (`feathersFilter`). */
    filter?: (query: { filter: Record<string, unknown>; sort: SortPayload | undefined }) => FilterOf<C>;
}) => {
    const translate = useTranslate();
    const notify = useNotify();
    const locale = useLocale();
    const { filterValues, sort, total } = useListContext();
    const run: ExportRun = async ({ signal }) => {
        const query = { filter: (filterValues ?? {}) as Record<string, unknown>, sort };
        const input = {
            body: {
                filter: filterOf ? filterOf(query) : feathersFilter(query),
                columns,
                locale,
                time_zone: timeZone(),
                file_name: fileName,
            },
        } as CallInput<C>;
        const { token } = await callApi(call, input, { signal });
        if (signal.aborted) return;
        startDownload(`${settings.apiBase}${EXPORT_DOWNLOAD_PATH}?token=${encodeURIComponent(token)}`);
        notify('app.export_started', { type: 'info' });
    };
    return <ExportProgressButton run={run} disabled={total === 0} busyLabel={translate('app.export_preparing')} />;
};
