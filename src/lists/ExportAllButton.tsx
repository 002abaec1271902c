import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate, type GetListResult, type RaRecord } from 'react-admin';
import { largestPageOf } from '../dataProvider';
import { errorKeyOf } from '../lib/apiErrors';

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
export const ExportProgressButton = ({ run, disabled = false }: { run: ExportRun; disabled?: boolean }) => {
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
            {busy ? translate('app.exporting', { smart_count: rows }) : translate('ra.action.export')}
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
