import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Card, CardActions, CardContent, Collapse, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext, useTranslate, type Identifier } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import type { QueueName } from './calls';
import { changeText } from './present';
import { RequestLink, RowActions, RowCheckbox, Subject, type OnDecide } from './QueueParts';
import { RequestDetail, StatusChip } from './RequestDetail';
import { useWhen } from '../../lists/cells';

/** The queue on a phone: one card per request, the same facts and actions, details on demand. */
export const QueueCards = ({
    queue,
    isOwn,
    selectable,
    onDecide,
}: {
    queue: QueueName;
    isOwn: (request: ApprovalRequest) => boolean;
    selectable: (request: ApprovalRequest) => boolean;
    onDecide: OnDecide;
}) => {
    const translate = useTranslate();
    const when = useWhen();
    const { data = [] } = useListContext<ApprovalRequest>();
    const [open, setOpen] = useState<Identifier | null>(null);
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(request => {
                const titleId = `request-${request.id}-title`;
                const detailId = `request-${request.id}-detail`;
                const expanded = open === request.id;
                return (
                    <Card component="li" key={request.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                {selectable(request) ? <RowCheckbox request={request} /> : null}
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    <RequestLink queue={queue} request={request} /> ·{' '}
                                    {translate(`approvals.kinds.${request.kind}`)}
                                </Typography>
                                <StatusChip status={request.status} />
                            </Box>
                            <Subject request={request} />
                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                                {changeText(request, translate)}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {translate('approvals.requested_by', {
                                    name: request.maker.name,
                                    when: when(request.created_at),
                                })}
                            </Typography>
                            <Collapse in={expanded} id={detailId} unmountOnExit>
                                <RequestDetail request={request} />
                            </Collapse>
                        </CardContent>
                        <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
                            <Button
                                size="small"
                                onClick={() => setOpen(expanded ? null : request.id)}
                                aria-expanded={expanded}
                                aria-controls={detailId}
                                aria-label={translate('approvals.details_of', { id: request.id })}
                                endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                            >
                                {translate('approvals.details')}
                            </Button>
                            <RowActions queue={queue} request={request} own={isOwn(request)} onDecide={onDecide} />
                        </CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};
