import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import {
    Box,
    Button,
    Dialog,
    DialogActions,
    DialogContent,
    DialogTitle,
    LinearProgress,
    Table,
    TableBody,
    TableCell,
    TableHead,
    TableRow,
    Typography,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useListContext, useTranslate, type Identifier } from 'react-admin';
import type { ApprovalRequest } from '../../../contract/approvals';
import { useWrite } from '../../dataProvider/useWrite';
import { useSingleFlight } from '../../lib/singleFlight';
import { DecisionDialog } from './DecisionDialog';
import type { QueueName } from './calls';
import { readableOn } from '../../layout/brand';
import type { Outcome } from './present';
import type { Decision } from './writes';

/** Dark enough on white for a 4.5:1 contrast (the theme's warning orange is not). */
const OUTCOME_COLOURS = { approved: '#1B5E20', rejected: '#1B5E20', already: '#7A4100', refused: '#B71C1C' } as const;

interface Run {
    decision: Decision;
    requests: ApprovalRequest[];
    outcomes: Outcome[];
    running: boolean;
}

const OutcomeText = ({ outcome }: { outcome: Outcome }) => {
    const translate = useTranslate();
    return (
        <Typography variant="body2" sx={{ fontWeight: 500, color: OUTCOME_COLOURS[outcome.result] }}>
            {translate(`approvals.bulk.outcomes.${outcome.result}`)}
        </Typography>
    );
};

/** The progress of a bulk decision, then the outcome of each request. */
const BulkResults = ({ run, onClose }: { run: Run | null; onClose: () => void }) => {
    const translate = useTranslate();
    const titleId = useId();
    const done = run?.outcomes.length ?? 0;
    const total = run?.requests.length ?? 0;
    const count = (results: Outcome['result'][]) => run?.outcomes.filter(outcome => results.includes(outcome.result)).length ?? 0;
    return (
        <Dialog
            open={run !== null}
            onClose={run?.running ? undefined : onClose}
            aria-labelledby={titleId}
            fullWidth
            maxWidth="md"
        >
            <DialogTitle id={titleId}>
                {run ? translate(`approvals.bulk.${run.decision}_results`, { smart_count: total }) : ''}
            </DialogTitle>
            <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
                <Box>
                    <LinearProgress
                        variant="determinate"
                        value={total ? (done / total) * 100 : 0}
                        aria-label={translate('approvals.bulk.progress', { done, total })}
                    />
                    <Typography variant="body2" role="status" aria-live="polite" sx={{ mt: 0.5 }}>
                        {run?.running
                            ? translate('approvals.bulk.progress', { done, total })
                            : translate('approvals.bulk.done', {
                                  decided: count(['approved', 'rejected']),
                                  already: count(['already']),
                                  refused: count(['refused']),
                              })}
                    </Typography>
                </Box>
                {done > 0 ? (
                    <Box
                        sx={{ overflowX: 'auto' }}
                        tabIndex={0}
                        role="region"
                        aria-label={translate('approvals.bulk.results_title')}
                    >
                        <Table size="small" aria-label={translate('approvals.bulk.results_title')}>
                            <TableHead>
                                <TableRow>
                                    <TableCell>{translate('approvals.fields.id')}</TableCell>
                                    <TableCell>{translate('approvals.fields.subject')}</TableCell>
                                    <TableCell>{translate('approvals.bulk.result')}</TableCell>
                                    <TableCell>{translate('approvals.bulk.why')}</TableCell>
                                </TableRow>
                            </TableHead>
                            <TableBody>
                                {run?.outcomes.map(outcome => (
                                    <TableRow key={outcome.request.id} data-result={outcome.result}>
                                        <TableCell>#{outcome.request.id}</TableCell>
                                        <TableCell>{outcome.request.subject}</TableCell>
                                        <TableCell>
                                            <OutcomeText outcome={outcome} />
                                        </TableCell>
                                        <TableCell>{outcome.result === 'refused' ? translate(outcome.reason) : '—'}</TableCell>
                                    </TableRow>
                                ))}
                            </TableBody>
                        </Table>
                    </Box>
                ) : null}
            </DialogContent>
            <DialogActions>
                <Button onClick={onClose} disabled={run?.running} variant="contained">
                    {translate('ra.action.close')}
                </Button>
            </DialogActions>
        </Dialog>
    );
};

/**
 * A bulk decision (the `approvalsDecideMany` write): one call per request, one after the other,
 * each outcome reported as it lands (approved or rejected, decided meanwhile by someone else, or
 * refused and why). Held by the queue screen, so the report stays when the decided rows leave the
 * list; the write refreshes the queues and the counts once it has run.
 */
export const useBulkDecision = (queue: QueueName, onFinished: () => void) => {
    const [run, setRun] = useState<Run | null>(null);
    const closed = useRef(false);
    const write = useWrite('approvalsDecideMany', {
        onSettled: () => {
            setRun(current => (current ? { ...current, running: false } : current));
            onFinished();
        },
    });
    // One run at a time, taken at the click itself: a double click on the dialog's Approve, as it
    // closes, lands both clicks before a re-render says the first is pending.
    const { take } = useSingleFlight();
    const start = (decision: Decision, note: string, requests: ApprovalRequest[]) => {
        const land = take();
        if (!land) return;
        closed.current = false;
        setRun({ decision, requests, outcomes: [], running: true });
        write.mutate(
            {
                queue,
                requests,
                decision,
                note,
                onOutcome: outcome =>
                    setRun(current => (current ? { ...current, outcomes: [...current.outcomes, outcome] } : current)),
                stopped: () => closed.current,
            },
            { onSettled: land },
        );
    };
    const results = (
        <BulkResults
            run={run}
            onClose={() => {
                closed.current = true;
                setRun(null);
            }}
        />
    );
    return { start, results };
};

/**
 * Approve or reject the selected requests, asked once (with the reason a rejection needs);
 * `rowsOf` finds the selected requests among those loaded, `onDecide` runs the bulk decision.
 */
export const BulkDecisionButtons = ({
    rowsOf,
    onDecide,
}: {
    rowsOf: (ids: readonly Identifier[]) => ApprovalRequest[];
    onDecide: (decision: Decision, note: string, requests: ApprovalRequest[]) => void;
}) => {
    const translate = useTranslate();
    const { selectedIds } = useListContext<ApprovalRequest>();
    const [decision, setDecision] = useState<Decision>('approve');
    const [asking, setAsking] = useState(false);
    const selected = rowsOf(selectedIds);
    const count = selected.length;
    const ask = (chosen: Decision) => {
        setDecision(chosen);
        setAsking(true);
    };
    return (
        <>
            <Button size="small" startIcon={<CheckCircleIcon />} onClick={() => ask('approve')} disabled={count === 0}>
                {translate('approvals.bulk.approve')}
            </Button>
            <Button
                size="small"
                color="error"
                startIcon={<CancelIcon />}
                onClick={() => ask('reject')}
                disabled={count === 0}
                sx={readableOn('error')}
            >
                {translate('approvals.bulk.reject')}
            </Button>
            <DecisionDialog
                open={asking}
                decision={decision}
                title={translate(`approvals.bulk.${decision}_title`, { smart_count: count })}
                content={translate(`approvals.bulk.${decision}_content`, { smart_count: count })}
                busy={false}
                requests={selected}
                onConfirm={note => {
                    setAsking(false);
                    onDecide(decision, note, selected);
                }}
                onClose={() => setAsking(false)}
            />
        </>
    );
};
