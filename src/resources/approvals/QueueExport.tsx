import { downloadCSV, useListContext, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { toCsv } from '../../lib/csv';
import { ExportProgressButton, type ExportRun } from '../../lists/ExportAllButton';
import { cleanFilter, fetchWholeQueue } from './api';
import type { QueueName } from './gates';
import { csvColumns } from './present';

/**
 * The filtered queue as CSV, every row of it: fetched page after page at the largest page the call
 * takes (no 1,000-row cap), the count so far on the button while it runs.
 */
export const QueueExport = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    const { filterValues, sort } = useListContext<ApprovalRequest>();
    const run: ExportRun = async ({ signal, onProgress }) => {
        const all = await fetchWholeQueue(queue, cleanFilter(filterValues), sort, { signal, onProgress });
        downloadCSV(toCsv(all, csvColumns(translate)), `${queue}-${new Date().toISOString().slice(0, 10)}`);
    };
    return <ExportProgressButton run={run} />;
};
