/** The pieces a queue's row and card share: whom it concerns, its kind, its decisions, its details toggle, its checkbox. */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Checkbox, Chip, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { Link, useCreatePath, useExpanded, useListContext, useTranslate } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { DecisionButtons } from '../../dialogs/DecisionButtons';
import { readableOn } from '../../layout/brand';
import { Mono } from '../../lists/cells';
import { approveAction, type QueueName } from './calls';
import type { Decision } from './writes';

/** Whom a request concerns: the customer (or agent), their number, the loan. */
export const Subject = ({ request }: { request: ApprovalRequest }) => (
    <Box>
        <Typography variant="body2">{request.subject}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            <Mono>{request.msisdn}</Mono>
            {request.loan_reference ? ` · ${request.loan_reference}` : ''}
        </Typography>
    </Box>
);

/** The request's number, leading to its own page (`/<queue>/:id/show`): an address to keep or send. */
export const RequestLink = ({ queue, request }: { queue: QueueName; request: ApprovalRequest }) => {
    const translate = useTranslate();
    const createPath = useCreatePath();
    return (
        <Link
            to={createPath({ resource: queue, type: 'show', id: request.id })}
            onClick={(event: MouseEvent) => event.stopPropagation()}
            title={translate('approvals.open_of', { id: request.id })}
            sx={readableOn('primary')}
        >
            #{request.id}
        </Link>
    );
};

export const KindChip = ({ request }: { request: ApprovalRequest }) => {
    const translate = useTranslate();
    return <Chip size="small" variant="outlined" label={translate(`approvals.kinds.${request.kind}`)} />;
};

export type OnDecide = (request: ApprovalRequest, decision: Decision) => void;

/**
 * Approve and reject for those who may decide this kind (`approve` gates), on a pending request
 * someone else made; on one's own, the reason there is nothing to press.
 */
export const RowActions = ({
    queue,
    request,
    own,
    onDecide,
}: {
    queue: QueueName;
    request: ApprovalRequest;
    own: boolean;
    onDecide: OnDecide;
}) => {
    const translate = useTranslate();
    return (
        <DecisionButtons<Decision>
            pending={request.status === 'pending'}
            own={own}
            resource={queue}
            action={approveAction(queue, request.kind)}
            approve={{
                decision: 'approve',
                label: translate('approvals.approve'),
                name: translate('approvals.approve_of', { id: request.id }),
            }}
            refuse={{
                decision: 'reject',
                label: translate('approvals.reject'),
                name: translate('approvals.reject_of', { id: request.id }),
            }}
            onDecide={decision => onDecide(request, decision)}
        />
    );
};

/**
 * Opens a row's details (react-admin's expand panel) from the keyboard too: the table's own expand
 * icon is skipped by Tab and hidden from screen readers.
 */
export const DetailsToggle = ({ queue, request }: { queue: QueueName; request: ApprovalRequest }) => {
    const translate = useTranslate();
    const [expanded, toggle] = useExpanded(queue, request.id);
    return (
        <Button
            size="small"
            onClick={event => {
                event.stopPropagation();
                toggle();
            }}
            aria-expanded={expanded}
            aria-controls={`${queue}-${request.id}-expand`}
            aria-label={translate('approvals.details_of', { id: request.id })}
            endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            sx={readableOn('primary')}
        >
            {translate('approvals.details')}
        </Button>
    );
};

/** Selects one request for a bulk decision (react-admin's row checkbox names its root, not its input). */
export const RowCheckbox = ({ request }: { request: ApprovalRequest }) => {
    const translate = useTranslate();
    const { selectedIds, onToggleItem } = useListContext<ApprovalRequest>();
    return (
        <Checkbox
            size="small"
            checked={selectedIds.includes(request.id)}
            onChange={() => onToggleItem(request.id)}
            onClick={event => event.stopPropagation()}
            slotProps={{ input: { 'aria-label': translate('approvals.select', { id: request.id }) } }}
            sx={{ p: 0.5 }}
        />
    );
};
