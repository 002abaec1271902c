import { Alert, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { Loan } from '../../../contract/customers';
import type { CallResponse } from '../../../contract/define';
import { loanProgress, type OriginationStep } from '../../../contract/origination';
import { Fact, Facts } from '../../dialogs/Facts';
import { LoadError } from '../../lists/LoadError';
import { errorKeyOf } from '../../lib/apiErrors';
import { loanStore, type KeptSale } from '../../lib/loanStore';
import { callApi } from '../../lib/portalApi';
import type { Entry, Step } from '../../lib/saleEntries';
import { Running } from './Running';
import { keptType } from './start';
import { emptyDraft, type CodeKind, type CodeSent, type Draft } from './wizard';

/** Where loan_progress says a sale stands, as a step of the wizard. */
const STEP_OF_PROGRESS: Record<Exclude<OriginationStep, 'cancelled'>, Step> = {
    otp: 'terms',
    deposit: 'deposit',
    lock: 'lock',
    done: 'done',
};

type Progress = CallResponse<typeof loanProgress>;

/** The device a loan is on, as the IMEI check answered it before the loan existed. */
const deviceOf = (loan: Loan): Draft['device'] =>
    loan.store ? { imei: loan.imei, sku: loan.sku, brand: loan.brand, model: loan.model, store: loan.store } : null;

/**
 * A code loan_progress says was sent: shown as sent (to where, until when) or as expired, its resend
 * waiting out the cooldown from when the server sent it.
 */
const sentOf = (progress: Progress, kind: CodeKind): CodeSent | null => {
    const code = progress.codes[kind];
    if (!code) return null;
    return {
        loan_reference: progress.loan.loan_reference,
        sent_to: code.sent_to,
        expires_at: code.expires_at,
        at: Date.parse(code.sent_at),
        expired: code.expired,
    };
};

/**
 * Where a kept loan resumes, from loan_progress's answer: its step, or a new sale when it was
 * cancelled, or is gone or not this seller's to finish. Null while the answer is awaited (or it
 * failed otherwise: the failure is shown with a Retry).
 */
const resumedFrom = (
    kept: KeptSale,
    progress: Progress | undefined,
    error: unknown,
): { draft: Draft; step: Step; note: string } | null => {
    if (progress) {
        const { loan, customer, step } = progress;
        if (step === 'cancelled') {
            // Cancelled by the server when its reservation ran out, or by someone: the note says which.
            const note =
                loan.cancellation_reason === 'reservation_expired'
                    ? 'loans.wizard.resume.expired'
                    : 'loans.wizard.resume.cancelled';
            return { draft: emptyDraft(keptType()), step: 'customer', note };
        }
        return {
            step: STEP_OF_PROGRESS[step],
            note: 'loans.wizard.resume.resumed',
            draft: {
                ...emptyDraft(customer.customer_type),
                msisdn: customer.msisdn,
                customer,
                phone: kept.phone?.sku === loan.sku ? kept.phone : null,
                device: deviceOf(loan),
                loan,
                verified: { customer: progress.customer_otp_verified, agent: progress.agent_otp_verified },
                sent: { customer: sentOf(progress, 'customer'), agent: sentOf(progress, 'agent') },
            },
        };
    }
    const key = error ? errorKeyOf(error) : undefined;
    if (key === 'errors.loan_not_found' || key === 'errors.forbidden' || key === 'errors.customer_not_found') {
        return { draft: emptyDraft(keptType()), step: 'customer', note: 'loans.wizard.resume.lost' };
    }
    return null;
};

/**
 * Offline, where the sale stands cannot be asked: what this phone kept of it is shown instead,
 * marked as kept from before (lib/loanStore.ts), and the wizard resumes from the server's answer
 * once the connection is back (Retry, or react-query's refetch on reconnect).
 */
const KeptOffline = ({
    kept,
    reference,
    error,
    onRetry,
}: {
    kept: KeptSale;
    reference: string;
    error: unknown;
    onRetry: () => void;
}) => {
    const translate = useTranslate();
    const customer = kept.customer
        ? `${kept.customer.first_name} ${kept.customer.last_name} · ${kept.customer.msisdn}`
        : kept.msisdn;
    const rows: [string, string | null][] = [
        ['outbox.kept_sale.reference', reference],
        ['outbox.kept_sale.customer', customer],
        ['outbox.kept_sale.phone', kept.phone ? `${kept.phone.brand} ${kept.phone.model}` : null],
        ['loans.wizard.inputs.imei', kept.imei || null],
    ];
    return (
        <Stack spacing={2} data-testid="kept-sale">
            <Alert severity="info" role="status">
                {translate('outbox.kept_before')}
            </Alert>
            <Typography component="h2" variant="h6">
                {translate('outbox.kept_sale.title')}
            </Typography>
            <Facts>
                {rows
                    .filter((row): row is [string, string] => row[1] !== null)
                    .map(([label, value]) => (
                        <Fact key={label} label={translate(label)}>
                            {value}
                        </Fact>
                    ))}
            </Facts>
            <LoadError error={error} onRetry={onRetry} />
        </Stack>
    );
};

/** A kept loan: ask the server where it stands, then run from there. */
export const Resume = ({ entry, kept, reference }: { entry: Entry; kept: KeptSale; reference: string }) => {
    const translate = useTranslate();
    const progress = useQuery({
        queryKey: ['add-loan', 'progress', reference],
        queryFn: ({ signal }) => callApi(loanProgress, { body: { loan_reference: reference } }, { signal }),
        staleTime: Infinity,
        gcTime: 0,
    });
    const start = useMemo(() => resumedFrom(kept, progress.data, progress.error), [kept, progress.data, progress.error]);

    // Nothing left to resume: the kept sale is forgotten.
    useEffect(() => {
        if (start && start.note !== 'loans.wizard.resume.resumed') loanStore.clear();
    }, [start]);

    if (start) return <Running entry={entry} start={start} note={start.note} />;
    if (progress.error && errorKeyOf(progress.error) === 'errors.offline') {
        return <KeptOffline kept={kept} reference={reference} onRetry={() => void progress.refetch()} error={progress.error} />;
    }
    if (progress.error) return <LoadError error={progress.error} onRetry={() => void progress.refetch()} />;
    return (
        <Stack spacing={1} role="status">
            <Typography color="text.secondary">{translate('loans.wizard.resume.loading')}</Typography>
            <Skeleton variant="rounded" height={240} />
        </Stack>
    );
};
