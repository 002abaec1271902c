import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, CircularProgress } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { downloadCSV, useListContext, useNotify, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { errorKeyOf } from '../../lib/apiErrors';
import { toCsv } from '../../lib/csv';
import { cleanFilter, fetchWholeQueue } from './api';
import type { QueueName } from './gates';
import { csvColumns } from './present';

/**
 * The filtered queue as CSV, every row of it: fetched page after page at the largest page the call
 * takes (no 1,000-row cap), the count so far on the button while it runs.
 */
export const QueueExport = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    const notify = useNotify();
    const { filterValues, sort } = useListContext<ApprovalRequest>();
    const [rows, setRows] = useState<number | null>(null);
    const abort = useRef<AbortController | null>(null);
    useEffect(() => () => abort.current?.abort(), []);

    const run = async () => {
        const controller = new AbortController();
        abort.current = controller;
        setRows(0);
        try {
            const all = await fetchWholeQueue(queue, cleanFilter(filterValues), sort, {
                signal: controller.signal,
                onProgress: setRows,
            });
            downloadCSV(toCsv(all, csvColumns(translate)), `${queue}-${new Date().toISOString().slice(0, 10)}`);
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
            onClick={() => void run()}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <DownloadIcon />}
        >
            {busy ? translate('app.exporting', { smart_count: rows }) : translate('ra.action.export')}
        </Button>
    );
};
