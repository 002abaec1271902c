import RefreshIcon from '@mui/icons-material/Refresh';
import {
    Alert,
    Button,
    Checkbox,
    CircularProgress,
    FormControl,
    FormControlLabel,
    FormHelperText,
    Stack,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Form, useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { createLoan, loanQuote } from '../../../../../contract/origination';
import { errorKeyOf } from '../../../../lib/apiErrors';
import { callApi } from '../../../../lib/portalApi';
import { useFormat } from '../../../../lib/useFormat';
import { loanStore } from '../../../../lib/loanStore';
import { FormActions, StepProblem, useWizard, type CodeKind } from '../../wizard';
import { Summary } from '../Summary';
import { KINDS, SEND } from './codes';

/** The customer accepts the terms: a checkbox the form requires. */
const AcceptInput = () => {
    const translate = useTranslate();
    const accepted: Validator = value => (value === true ? undefined : 'loans.wizard.terms.accept_required');
    const { field, fieldState } = useInput({ source: 'accepted', validate: accepted, defaultValue: false });
    return (
        <FormControl error={fieldState.invalid}>
            <FormControlLabel
                control={
                    <Checkbox
                        checked={field.value === true}
                        onChange={event => field.onChange(event.target.checked)}
                        onBlur={field.onBlur}
                        name={field.name}
                        slotProps={{ input: { ref: field.ref } }}
                    />
                }
                label={translate('loans.wizard.terms.accept')}
            />
            {fieldState.error?.message ? (
                <FormHelperText>
                    <ValidationError error={fieldState.error.message} />
                </FormHelperText>
            ) : null}
        </FormControl>
    );
};

/** Is this failure the server saying the quote is no longer good (expired, used, or the prices changed)? */
const isStaleQuote = (error: unknown) => errorKeyOf(error) === 'errors.quote_stale';

/**
 * Phase 1: the server's quote (loan_quote) as the step opens, accepted → create_loan on that quote
 * (the device is reserved) → both codes sent. A quote the server calls stale when accepted is
 * replaced by a new one, shown with a notice and the acceptance cleared (the form is remounted by
 * the quote's id), so the customer accepts only figures they have seen; nothing else is lost.
 */
export const AcceptTerms = () => {
    const translate = useTranslate();
    const format = useFormat();
    const { entry, draft, update, needsStore } = useWizard();
    const [problem, setProblem] = useState<string | null>(null);
    const [changed, setChanged] = useState(false);
    const { phone, device } = draft;
    const sale =
        phone && device
            ? {
                  msisdn: draft.customer?.msisdn ?? draft.msisdn,
                  sku: phone.sku,
                  imei: device.imei,
                  store_id: needsStore ? (draft.storeId ?? undefined) : undefined,
                  channel: entry.channel,
              }
            : null;
    // One quote per opening of the step and per sale shown (never kept once the step closes: gcTime 0),
    // again only when asked or when the server calls it stale.
    const quoted = useQuery({
        queryKey: ['add-loan', 'quote', sale],
        queryFn: ({ signal }) => (sale ? callApi(loanQuote, { body: sale }, { signal }) : Promise.resolve(null)),
        enabled: sale !== null,
        staleTime: Infinity,
        gcTime: 0,
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
    });
    const quote = quoted.isFetching ? null : (quoted.data ?? null);
    const quoting = quoted.isFetching;
    const quoteProblem = quoted.error && !quoting ? errorKeyOf(quoted.error) : null;

    /** Asks for a new quote; `stale`: the server refused the last one, so the terms shown have changed. */
    const requestQuote = async (stale: boolean) => {
        setProblem(null);
        setChanged(false);
        const next = await quoted.refetch();
        setChanged(stale && next.data !== undefined && next.data !== null);
    };

    const submit = async () => {
        if (!sale || !quote) return undefined;
        setProblem(null);
        try {
            const loan = await callApi(createLoan, { body: { ...sale, quote_id: quote.quote_id } });
            loanStore.setLoanReference(entry.key, loan.msisdn, loan.loan_reference);
            update({ loan, verified: { customer: false, agent: false }, sent: { customer: null, agent: null } });
            // Each code on its own: one refused (too many codes) leaves the other sent, and its Send button says why.
            await Promise.allSettled(KINDS.map(kind => sendFirst(kind, loan.loan_reference)));
            return undefined;
        } catch (error) {
            if (isStaleQuote(error)) {
                await requestQuote(true);
                return undefined;
            }
            setProblem(errorKeyOf(error));
            return undefined;
        }
    };
    const sendFirst = async (kind: CodeKind, reference: string) => {
        const answer = await callApi(SEND[kind], { body: { loan_reference: reference } });
        update(current => ({ sent: { ...current.sent, [kind]: { ...answer, at: Date.now() } } }));
    };
    const footer = (
        <Stack
            direction="row"
            spacing={1}
            sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
        >
            <Typography variant="body2" color="text.secondary" role="status">
                {quoting
                    ? translate('loans.quote.loading')
                    : quote
                      ? translate('loans.quote.valid_until', { time: format.time(quote.expires_at) })
                      : ''}
            </Typography>
            <Button
                size="small"
                startIcon={quoting ? <CircularProgress size={16} color="inherit" aria-hidden /> : <RefreshIcon />}
                onClick={() => void requestQuote(false)}
                disabled={quoting}
            >
                {translate('loans.quote.refresh')}
            </Button>
        </Stack>
    );
    return (
        <Form
            key={quote?.quote_id ?? 'no-quote'}
            onSubmit={submit}
            defaultValues={{ accepted: false }}
            mode="onSubmit"
            reValidateMode="onChange"
            noValidate
        >
            <Stack spacing={2}>
                {changed ? (
                    <Alert severity="warning" role="alert">
                        {translate('loans.quote.changed')}
                    </Alert>
                ) : null}
                <Summary quote={quote} footer={footer} />
                {quote ? <AcceptInput /> : null}
                <StepProblem problem={problem ?? quoteProblem} />
                <FormActions back="phone" label="loans.wizard.terms.create" disabled={!quote} />
            </Stack>
        </Form>
    );
};
