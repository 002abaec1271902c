/**
 * How a reversal request shows in the queue (TpiReversals.tsx): the claim it would reverse, who
 * asked and when, the outcome once decided, the decision buttons (never on one's own request), a
 * phone's cards and the CSV of an export.
 */
import { Box, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import type { TpiReversal } from '../../../contract/money';
import { Mono, WhoWhen } from '../../lists/cells';
import { DecisionButtons } from '../../dialogs/DecisionButtons';
import { useFormat } from '../../lib/useFormat';
import { LoanReference } from './claimParts';
import { ReversalStatusChip } from './present';
import type { ReversalDecision } from './tpiWrites';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The claim a request would reverse: the loan (a link to its customer's view) and its customer, the insurer and the amount. */
export const Claim = ({ reversal }: { reversal: TpiReversal }) => {
    const format = useFormat();
    const { claim } = reversal;
    return (
        <Box>
            <Typography variant="body2">
                <LoanReference claim={claim} /> · {format.money(claim.amount, claim.currency)}
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
                {claim.customer_name} · <Mono>{claim.msisdn}</Mono>
            </Typography>
            <Typography variant="caption" color="text.secondary" component="div">
                {claim.insurer} · <Mono>{claim.insurer_reference}</Mono>
            </Typography>
        </Box>
    );
};

/** Who asked and when. */
export const Requested = ({ reversal }: { reversal: TpiReversal }) => (
    <WhoWhen name={reversal.requested_by.name} at={reversal.created_at} />
);

/** The outcome once decided: approved or denied, by whom, when, with what note. */
export const Decided = ({ reversal }: { reversal: TpiReversal }) => {
    const format = useFormat();
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, maxWidth: 260 }}>
            <ReversalStatusChip status={reversal.status} />
            {reversal.status !== 'pending' ? (
                <>
                    <Typography variant="body2">{reversal.decided_by?.name ?? '—'}</Typography>
                    <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                        {format.time(reversal.decided_at)}
                    </Typography>
                    {reversal.decision_note ? (
                        <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
                            {reversal.decision_note}
                        </Typography>
                    ) : null}
                </>
            ) : null}
        </Box>
    );
};

export interface RowActionsProps {
    reversal: TpiReversal;
    own: boolean;
    onDecide: (reversal: TpiReversal, decision: ReversalDecision) => void;
}

/**
 * Approve and deny for the holders of the approving role (`tpi-reversals`/`approve`), on a pending
 * request someone else made; on one's own, the reason there is nothing to press.
 */
export const RowActions = ({ reversal, own, onDecide }: RowActionsProps) => {
    const translate = useTranslate();
    return (
        <DecisionButtons<ReversalDecision>
            pending={reversal.status === 'pending'}
            own={own}
            resource="tpi-reversals"
            action="approve"
            approve={{
                decision: 'approve',
                label: translate('money.tpi.approve'),
                name: translate('money.tpi.approve_of', { id: reversal.id }),
            }}
            refuse={{
                decision: 'deny',
                label: translate('money.tpi.deny'),
                name: translate('money.tpi.deny_of', { id: reversal.id }),
            }}
            onDecide={decision => onDecide(reversal, decision)}
        />
    );
};

/** The queue on a phone: one card per request, the same facts and actions. */
export const ReversalCards = ({ actions }: { actions: (reversal: TpiReversal) => ReactNode }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { data = [] } = useListContext<TpiReversal>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(reversal => {
                const titleId = `reversal-${reversal.id}-title`;
                return (
                    <Card component="li" key={reversal.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    #{reversal.id} · {reversal.claim.loan_reference}
                                </Typography>
                                <ReversalStatusChip status={reversal.status} />
                            </Box>
                            <Claim reversal={reversal} />
                            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                                {reversal.reason}
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {translate('money.tpi.requested_by', {
                                    name: reversal.requested_by.name,
                                    when: format.time(reversal.created_at),
                                })}
                            </Typography>
                            {reversal.status !== 'pending' ? (
                                <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                                    {translate('money.tpi.decided_by', {
                                        name: reversal.decided_by?.name ?? '—',
                                        when: format.time(reversal.decided_at),
                                    })}
                                    {reversal.decision_note ? ` · ${reversal.decision_note}` : ''}
                                </Typography>
                            ) : null}
                        </CardContent>
                        <CardActions sx={{ px: 2, pb: 2 }}>{actions(reversal)}</CardActions>
                    </Card>
                );
            })}
        </Stack>
    );
};

/** The columns of the queue's CSV: each request with its claim, who asked and who decided. */
export const reversalCsvColumns = (translate: Translate) => {
    const title = (field: string) => translate(`money.tpi.fields.${field}`);
    return [
        { title: title('request'), value: (row: TpiReversal) => row.id },
        { title: title('status'), value: (row: TpiReversal) => translate(`money.tpi.statuses.${row.status}`) },
        { title: title('loan'), value: (row: TpiReversal) => row.claim.loan_reference },
        { title: title('customer'), value: (row: TpiReversal) => row.claim.customer_name },
        { title: title('insurer'), value: (row: TpiReversal) => row.claim.insurer },
        { title: title('insurer_reference'), value: (row: TpiReversal) => row.claim.insurer_reference },
        // A number, so the amount stays an amount (src/lib/csv.ts neutralises text only).
        { title: title('amount'), value: (row: TpiReversal) => row.claim.amount, decimals: 2 },
        { title: title('reason'), value: (row: TpiReversal) => row.reason },
        { title: title('requested_by'), value: (row: TpiReversal) => row.requested_by.name },
        { title: title('requested_at'), value: (row: TpiReversal) => row.created_at },
        { title: title('decided_by'), value: (row: TpiReversal) => row.decided_by?.name ?? '' },
        { title: title('decided_at'), value: (row: TpiReversal) => row.decided_at ?? '' },
        { title: title('decision_note'), value: (row: TpiReversal) => row.decision_note ?? '' },
    ];
};
