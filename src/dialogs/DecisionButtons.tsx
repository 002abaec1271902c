/**
 * A checker's two buttons on a request (approve, and reject or deny), each opening the decision's
 * confirmation (ConfirmDialog / NoteDialog) through `onDecide`: the approvals queues' rows and
 * cards, and the insurance reversal queue's.
 */
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Button, Typography } from '@mui/material';
import type { MouseEvent } from 'react';
import { CanAccess, useTranslate } from 'react-admin';
import { readableOn } from '../layout/brand';

/** The words of one button: its text, and its accessible name naming the request. Already translated. */
export interface DecisionWords {
    label: string;
    name: string;
}

/**
 * The pair for the holders of the deciding gate (`resource`/`action` in the permissions map), on a
 * pending request someone else made; nothing on a decided one. On one's own, the reason there is
 * nothing to press (the server refuses a maker deciding their own request). A press is not also
 * a click on the row it sits in.
 */
export const DecisionButtons = <D extends string>({
    pending,
    own,
    resource,
    action,
    approve,
    refuse,
    onDecide,
}: {
    pending: boolean;
    own: boolean;
    resource: string;
    action: string;
    /** The approving decision and its button's words. */
    approve: DecisionWords & { decision: D };
    /** The refusing decision (reject, deny) and its button's words. */
    refuse: DecisionWords & { decision: D };
    onDecide: (decision: D) => void;
}) => {
    const translate = useTranslate();
    if (!pending) return null;
    if (own)
        return (
            <Typography variant="caption" color="text.secondary" component="p" sx={{ m: 0, maxWidth: 220 }}>
                {translate('errors.own_request')}
            </Typography>
        );
    const press = (decision: D) => (event: MouseEvent) => {
        event.stopPropagation();
        onDecide(decision);
    };
    return (
        <CanAccess resource={resource} action={action}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                <Button
                    size="small"
                    variant="contained"
                    startIcon={<CheckCircleIcon />}
                    onClick={press(approve.decision)}
                    aria-label={approve.name}
                >
                    {approve.label}
                </Button>
                <Button
                    size="small"
                    variant="outlined"
                    color="error"
                    startIcon={<CancelIcon />}
                    onClick={press(refuse.decision)}
                    sx={readableOn('error')}
                    aria-label={refuse.name}
                >
                    {refuse.label}
                </Button>
            </Box>
        </CanAccess>
    );
};
