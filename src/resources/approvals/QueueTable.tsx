import { Box, Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { QUEUES } from '../../lib/approvalQueues';
import type { QueueName } from './calls';
import { changeText } from './present';
import { DetailsToggle, KindChip, RequestLink, RowActions, RowCheckbox, Subject, type OnDecide } from './QueueParts';
import { RequestDetail, StatusChip } from './RequestDetail';
import { WhoWhen } from '../../lists/cells';

/**
 * A queue as a table: a row opens (react-admin's expand panel) to spell the change out. The
 * server sorts by id and by when a request was made or decided (each an index of
 * approval_requests); v2 only by when it was made. Columns can be hidden (`ColumnsButton` above).
 */
export const QueueTable = ({
    queue,
    decided,
    canBulk,
    selectable,
    isOwn,
    onDecide,
}: {
    queue: QueueName;
    /** Showing decided requests: the checker's column is added. */
    decided: boolean;
    canBulk: boolean;
    selectable: (request: ApprovalRequest) => boolean;
    isOwn: (request: ApprovalRequest) => boolean;
    onDecide: OnDecide;
}) => {
    const translate = useTranslate();
    const { byMaker, kinds } = QUEUES[queue];
    return (
        <DataTable<ApprovalRequest> rowClick="expand" expand={<RequestDetail />} bulkActionButtons={false}>
            {canBulk ? (
                <DataTable.Col
                    label="approvals.fields.select"
                    disableSort
                    render={(request: ApprovalRequest) => (selectable(request) ? <RowCheckbox request={request} /> : null)}
                />
            ) : null}
            <DataTable.Col
                source="id"
                label="approvals.fields.id"
                disableSort={!byMaker}
                render={(request: ApprovalRequest) => (
                    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, alignItems: 'flex-start' }}>
                        <RequestLink queue={queue} request={request} />
                        {kinds.length > 1 ? <KindChip request={request} /> : null}
                    </Box>
                )}
            />
            <DataTable.Col
                source="subject"
                label={`approvals.fields.${queue === 'mc_requests_v2' ? 'subject' : 'customer'}`}
                disableSort
                render={(request: ApprovalRequest) => <Subject request={request} />}
            />
            <DataTable.Col
                source="change"
                label="approvals.fields.change"
                disableSort
                render={(request: ApprovalRequest) => (
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
                        {changeText(request, translate)}
                    </Typography>
                )}
            />
            <DataTable.Col
                source="store"
                label="approvals.fields.store"
                disableSort
                render={(request: ApprovalRequest) => request.store?.name ?? '—'}
                sx={{ display: { xs: 'none', lg: 'table-cell' } }}
            />
            <DataTable.Col
                source="created_at"
                label="approvals.fields.maker"
                render={(request: ApprovalRequest) => <WhoWhen name={request.maker.name} at={request.created_at} />}
            />
            {decided ? (
                <DataTable.Col
                    source="decided_at"
                    label="approvals.fields.checker"
                    disableSort={!byMaker}
                    render={(request: ApprovalRequest) => (
                        <Box>
                            <StatusChip status={request.status} />
                            <WhoWhen name={request.checker?.name ?? '—'} at={request.decided_at} />
                        </Box>
                    )}
                />
            ) : null}
            <DataTable.Col
                label="approvals.fields.actions"
                disableSort
                render={(request: ApprovalRequest) => (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                        <DetailsToggle queue={queue} request={request} />
                        <RowActions queue={queue} request={request} own={isOwn(request)} onDecide={onDecide} />
                    </Box>
                )}
            />
        </DataTable>
    );
};
