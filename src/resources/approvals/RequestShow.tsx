import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Paper, Typography } from '@mui/material';
import { useRef } from 'react';
import { Link, ShowBase, useCreatePath, useShowContext, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { ListEmptyText, LoadingRows } from '../../lists/ListStates';
import { LoadError } from '../../lists/LoadError';
import { Screen } from '../../lists/Screen';
import { QUEUES } from '../../lib/approvalQueues';
import type { QueueName } from './calls';
import { changeText } from './present';
import { KindChip, RowActions, Subject } from './QueueParts';
import { RequestDetail, StatusChip } from './RequestDetail';
import { useDecision } from './useDecision';
import { useOwnPending } from './useQueueRules';

/**
 * One request of a queue on its own page (`/<queue>/:id/show`, the address a row links to): what
 * it changes spelt out, who asked and who decided, and approve or reject for whoever may decide it
 * (not on one's own request). A decision refreshes it with the queues.
 */
export const RequestShow = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    return (
        <Screen resource={queue} action="show" title={translate(`menu.${queue}`)}>
            <ShowBase resource={queue}>
                <RequestView queue={queue} />
            </ShowBase>
        </Screen>
    );
};

const RequestView = ({ queue }: { queue: QueueName }) => {
    const translate = useTranslate();
    const createPath = useCreatePath();
    const { record, isPending, error, refetch } = useShowContext<ApprovalRequest>();
    const pageRef = useRef<HTMLDivElement>(null);
    const decision = useDecision(queue, pageRef);
    const own = useOwnPending(queue, QUEUES[queue].byMaker && record?.status === 'pending');
    const back = (
        <Box>
            <Button component={Link} to={createPath({ resource: queue, type: 'list' })} startIcon={<ArrowBackIcon />}>
                {translate('approvals.back', { queue: translate(`menu.${queue}`) })}
            </Button>
        </Box>
    );
    if (error)
        return (
            <>
                {back}
                {'status' in error && error.status === 404 ? (
                    <ListEmptyText message="errors.request_not_found" />
                ) : (
                    <LoadError message="errors.load_failed" onRetry={() => void refetch()} />
                )}
            </>
        );
    if (isPending || !record) return <LoadingRows rows={3} />;
    return (
        <>
            {back}
            <Paper ref={pageRef} tabIndex={-1} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, outline: 'none' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography component="h2" variant="h6" sx={{ flexGrow: 1 }}>
                        {translate('approvals.page_title', { id: record.id })}
                    </Typography>
                    <KindChip request={record} />
                    <StatusChip status={record.status} />
                </Box>
                <Subject request={record} />
                <Typography variant="body1" sx={{ overflowWrap: 'anywhere' }}>
                    {changeText(record, translate)}
                </Typography>
                <RequestDetail request={record} />
                <RowActions queue={queue} request={record} own={own.has(record.id)} onDecide={decision.open} />
            </Paper>
            {decision.dialog}
        </>
    );
};
