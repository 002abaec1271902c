/**
 * How a third-party insurance claim shows in its lists (TpiClaims.tsx): the loan and its customer
 * (a link to the customer's view, where the loan is), the insurer, the reversal state (a link to
 * the reversal request), the request-reversal button, a phone's cards and the CSV of an export.
 */
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Card, CardActions, CardContent, Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { CanAccess, useCanAccess, useListContext, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { TpiClaim } from '../../../contract/money';
import { Mono } from '../../lists/cells';
import { useFormat } from '../../lib/useFormat';
import { viewAddress } from '../../lib/customerVariants';
import { ClaimReversalChip, reversible } from './present';

export type ClaimKind = 'successful' | 'failed';
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The reversal queue's address showing this claim's request: pending, or approved once reversed. */
export const reversalAddress = (claim: TpiClaim) =>
    `/dashboard/tpi/reversal?${new URLSearchParams({
        filter: JSON.stringify({
            q: claim.insurer_reference,
            ...(claim.reversed_at !== null ? { status: 'approved' } : {}),
        }),
    }).toString()}`;

/** The loan reference, a link to its customer's view for those who may open it (staff `customers`/`find`). */
export const LoanReference = ({ claim }: { claim: TpiClaim }) => {
    const translate = useTranslate();
    const { canAccess } = useCanAccess({ resource: 'customers', action: 'find' });
    if (!canAccess) return <Mono>{claim.loan_reference}</Mono>;
    return (
        <Link
            component={RouterLink}
            to={viewAddress('staff', claim.customer_public_id)}
            aria-label={translate('money.tpi.open_loan', { loan: claim.loan_reference, name: claim.customer_name })}
        >
            <Mono>{claim.loan_reference}</Mono>
        </Link>
    );
};

/** The loan the claim was for and whose it is. */
export const ClaimLoan = ({ claim }: { claim: TpiClaim }) => (
    <Box>
        <Typography variant="body2">
            <LoanReference claim={claim} />
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            {claim.customer_name} · <Mono>{claim.msisdn}</Mono>
        </Typography>
    </Box>
);

/** The insurer and its own reference for the claim. */
export const Insurer = ({ claim }: { claim: TpiClaim }) => (
    <Box>
        <Typography variant="body2">{claim.insurer}</Typography>
        <Typography variant="caption" color="text.secondary" component="div">
            <Mono>{claim.insurer_reference}</Mono>
        </Typography>
    </Box>
);

/** A successful claim's reversal state, leading to its request for those who may open the queue. */
const ReversalState = ({ claim }: { claim: TpiClaim }) => {
    const translate = useTranslate();
    const { canAccess } = useCanAccess({ resource: 'tpi-reversals', action: 'list' });
    const chip = <ClaimReversalChip claim={claim} />;
    if (!canAccess || (claim.reversed_at === null && claim.pending_reversal_id === null)) return chip;
    return (
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
            {chip}
            <Link component={RouterLink} to={reversalAddress(claim)} variant="caption">
                {translate('money.tpi.see_reversal')}
            </Link>
        </Box>
    );
};

/** A successful claim's reversal state, or a failed one's reason. */
export const Outcome = ({ kind, claim }: { kind: ClaimKind; claim: TpiClaim }) =>
    kind === 'failed' ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', maxWidth: 320 }}>
            {claim.reason ?? '—'}
        </Typography>
    ) : (
        <ReversalState claim={claim} />
    );

/** Request reversal (gate `tpi-successful`/`reverse`) on a successful claim not reversed and with none waiting. */
export const ReverseButton = ({ claim, onReverse }: { claim: TpiClaim; onReverse: (claim: TpiClaim) => void }) => {
    const translate = useTranslate();
    if (!reversible(claim)) return null;
    return (
        <CanAccess resource="tpi-successful" action="reverse">
            <Button
                size="small"
                variant="outlined"
                startIcon={<UndoIcon />}
                onClick={() => onReverse(claim)}
                aria-label={translate('money.tpi.request_reversal_of', { reference: claim.insurer_reference })}
            >
                {translate('money.tpi.request_reversal')}
            </Button>
        </CanAccess>
    );
};

/** The list on a phone: one card per claim, the same facts, links and action. */
export const ClaimCards = ({ kind, actions }: { kind: ClaimKind; actions: (claim: TpiClaim) => ReactNode }) => {
    const format = useFormat();
    const { data = [] } = useListContext<TpiClaim>();
    return (
        <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }}>
            {data.map(claim => {
                const titleId = `claim-${claim.id}-title`;
                return (
                    <Card component="li" key={claim.id} variant="outlined" aria-labelledby={titleId}>
                        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, pb: 1 }}>
                            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                                <Typography id={titleId} component="h2" variant="subtitle2" sx={{ flexGrow: 1 }}>
                                    <LoanReference claim={claim} /> · {format.money(claim.amount, claim.currency)}
                                </Typography>
                            </Box>
                            <Typography variant="body2">
                                {claim.customer_name} · <Mono>{claim.msisdn}</Mono>
                            </Typography>
                            <Typography variant="body2">
                                {claim.insurer} · <Mono>{claim.insurer_reference}</Mono>
                            </Typography>
                            <Typography variant="caption" color="text.secondary">
                                {format.time(claim.created_at)}
                            </Typography>
                            <Outcome kind={kind} claim={claim} />
                        </CardContent>
                        {kind === 'successful' ? <CardActions sx={{ px: 2, pb: 2 }}>{actions(claim)}</CardActions> : null}
                    </Card>
                );
            })}
        </Stack>
    );
};

/** The columns of a claim list's CSV: every field of a claim, the reversal state in words. */
export const claimCsvColumns = (kind: ClaimKind, translate: Translate) => {
    const title = (field: string) => translate(`money.tpi.fields.${field}`);
    return [
        { title: title('created_at'), value: (claim: TpiClaim) => claim.created_at },
        { title: title('loan'), value: (claim: TpiClaim) => claim.loan_reference },
        { title: title('customer'), value: (claim: TpiClaim) => claim.customer_name },
        { title: title('msisdn'), value: (claim: TpiClaim) => claim.msisdn },
        { title: title('insurer'), value: (claim: TpiClaim) => claim.insurer },
        { title: title('insurer_reference'), value: (claim: TpiClaim) => claim.insurer_reference },
        // A number, so the amount stays an amount (src/lib/csv.ts neutralises text only).
        { title: title('amount'), value: (claim: TpiClaim) => claim.amount, decimals: 2 },
        { title: title('currency'), value: (claim: TpiClaim) => claim.currency },
        kind === 'failed'
            ? { title: title('failure'), value: (claim: TpiClaim) => claim.reason ?? '' }
            : {
                  title: title('reversal'),
                  value: (claim: TpiClaim) =>
                      claim.reversed_at !== null
                          ? translate('money.tpi.reversed')
                          : claim.pending_reversal_id !== null
                            ? translate('money.tpi.reversal_pending')
                            : '',
              },
    ];
};
