import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import VerifiedIcon from '@mui/icons-material/Verified';
import {
    Alert,
    Box,
    Button,
    Checkbox,
    CircularProgress,
    FormControl,
    FormControlLabel,
    FormHelperText,
    Grid,
    Stack,
    Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Form, TextInput, useInput, useTranslate, ValidationError, type Validator } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { CallResponse } from '../../../../contract/define';
import {
    agentOtp,
    createLoan,
    customerOtp,
    digitalAssistedVerifyOtp,
    generateAgentOtp,
    generateCustomerOtp,
    loanQuote,
    verifyOtpV2,
} from '../../../../contract/origination';
import { errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { useFormat } from '../../customers/format';
import { useWizardChecks } from '../checks';
import { loanStore } from '../loanStore';
import { FormActions, StepActions, StepHeading, StepProblem, useWizard, type CodeKind } from '../wizard';
import { Summary } from './Summary';

/** How long a code's "Resend" waits after the code was sent. */
export const RESEND_COOLDOWN_S = 30;

const KINDS: readonly CodeKind[] = ['customer', 'agent'];
const FIELD: Record<CodeKind, 'customer_otp' | 'agent_otp'> = { customer: 'customer_otp', agent: 'agent_otp' };
const SEND = { customer: generateCustomerOtp, agent: generateAgentOtp } as const;

type Verification = CallResponse<typeof verifyOtpV2>;

/**
 * The time now, ticking every second until `until` has passed: what a cooldown counts down with.
 * `setNow` sets it at once (a code just sent).
 */
const useClock = (until: number) => {
    const [now, setNow] = useState(() => Date.now());
    useEffect(() => {
        const timer = setInterval(() => {
            const time = Date.now();
            setNow(time);
            if (time >= until) clearInterval(timer);
        }, 1000);
        return () => clearInterval(timer);
    }, [until]);
    return [now, setNow] as const;
};

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
const AcceptTerms = () => {
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

/** One code: where it went and until when, verified, and Send/Resend with its cooldown. */
const CodeStatus = ({ kind }: { kind: CodeKind }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { draft, update } = useWizard();
    const sent = draft.sent[kind];
    const verified = draft.verified[kind];
    const [busy, setBusy] = useState(false);
    const [problem, setProblem] = useState<string | null>(null);
    const waitUntil = sent ? sent.at + RESEND_COOLDOWN_S * 1000 : 0;
    const [now, setNow] = useClock(waitUntil);
    const wait = Math.min(RESEND_COOLDOWN_S, Math.max(0, Math.ceil((waitUntil - now) / 1000)));
    const reference = draft.loan?.loan_reference;

    const send = async () => {
        if (!reference) return;
        setBusy(true);
        setProblem(null);
        try {
            const answer = await callApi(SEND[kind], { body: { loan_reference: reference } });
            const at = Date.now();
            setNow(at);
            update(current => ({ sent: { ...current.sent, [kind]: { ...answer, at } } }));
        } catch (error) {
            setProblem(errorKeyOf(error));
        } finally {
            setBusy(false);
        }
    };

    const label = translate(`loans.wizard.codes.${kind}`);
    return (
        <Stack spacing={1} sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {verified ? <VerifiedIcon color="success" fontSize="small" aria-hidden /> : null}
                <Typography component="h3" variant="subtitle2">
                    {label}
                </Typography>
            </Stack>
            {verified ? (
                <Typography variant="body2" role="status">
                    {translate('loans.wizard.codes.verified', { code: label })}
                </Typography>
            ) : (
                <>
                    <Typography variant="body2" color="text.secondary">
                        {sent?.expired
                            ? translate('loans.wizard.codes.expired', { phone: sent.sent_to })
                            : sent
                              ? translate('loans.wizard.codes.sent', { phone: sent.sent_to, time: format.time(sent.expires_at) })
                              : translate('loans.wizard.codes.not_sent')}
                    </Typography>
                    <Box>
                        <Button
                            size="small"
                            variant="outlined"
                            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <SendIcon />}
                            onClick={() => void send()}
                            disabled={busy || wait > 0}
                        >
                            {wait > 0
                                ? translate('loans.wizard.codes.resend_in', { seconds: wait, code: label })
                                : translate(sent ? 'loans.wizard.codes.resend' : 'loans.wizard.codes.send', { code: label })}
                        </Button>
                    </Box>
                    <StepProblem problem={problem} />
                </>
            )}
        </Stack>
    );
};

const otpInputProps = {
    htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, spellCheck: false },
} as const;

/** What a verification failure is: on its field when the server names one (a wrong code), else said above. */
const failureOf = (error: unknown, fieldOfOtp: 'customer_otp' | 'agent_otp' | null) => {
    const fields = fieldErrorsOf(error, ['otp', 'customer_otp', 'agent_otp']);
    const named: Record<string, string> = {};
    for (const [field, key] of Object.entries(fields)) named[field === 'otp' && fieldOfOtp ? fieldOfOtp : field] = key;
    delete named.otp;
    if (Object.keys(named).length > 0) return { fields: named, problem: null };
    return { fields: undefined, problem: errorKeyOf(error) };
};

/** After any verification: the codes verified now, and the deposit step once both are. */
const useVerified = () => {
    const { draft, update, go } = useWizard();
    return (answer: Verification) => {
        update({
            verified: { customer: answer.customer_otp_verified, agent: answer.agent_otp_verified },
            loan: draft.loan
                ? {
                      ...draft.loan,
                      status: answer.customer_otp_verified && answer.agent_otp_verified ? 'awaiting_deposit' : draft.loan.status,
                  }
                : null,
        });
        if (answer.customer_otp_verified && answer.agent_otp_verified) go('deposit');
    };
};

/** v1: each code with its own field and button, customer's then agent's. */
const VerifyEach = ({ kind }: { kind: CodeKind }) => {
    const { draft } = useWizard();
    const checks = useWizardChecks();
    const verified = useVerified();
    const [problem, setProblem] = useState<string | null>(null);
    const reference = draft.loan?.loan_reference ?? '';
    const field = FIELD[kind];
    const submit = async (values: Record<string, unknown>) => {
        setProblem(null);
        try {
            const otp = String(values[field] ?? '').trim();
            const call = kind === 'customer' ? customerOtp : agentOtp;
            verified(await callApi(call, { body: { loan_reference: reference, otp } }));
            return undefined;
        } catch (error) {
            const failure = failureOf(error, field);
            setProblem(failure.problem);
            return failure.fields;
        }
    };
    if (draft.verified[kind]) return null;
    return (
        <Form onSubmit={submit} defaultValues={{ [field]: '' }} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={1}>
                <TextInput
                    source={field}
                    label={`loans.wizard.codes.${field}`}
                    validate={[checks.bothOtp, checks.otp]}
                    fullWidth
                    slotProps={otpInputProps}
                />
                <StepProblem problem={problem} />
                <Box>
                    <VerifyButton label={`loans.wizard.codes.verify_${kind}`} />
                </Box>
            </Stack>
        </Form>
    );
};

const VerifyButton = ({ label }: { label: string }) => {
    const translate = useTranslate();
    const { isSubmitting } = useFormState();
    return (
        <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : <CheckCircleIcon />}
        >
            {translate(label)}
        </Button>
    );
};

/**
 * v2 and field agents: both codes at once (verify-otp-v2), 'Please enter both OTP codes' when one
 * is empty. Digitally assisted: whichever codes the customer has read out (digital_assisted/verify-otp).
 */
const VerifyTogether = () => {
    const translate = useTranslate();
    const { entry, draft } = useWizard();
    const checks = useWizardChecks();
    const verified = useVerified();
    const [problem, setProblem] = useState<string | null>(null);
    const reference = draft.loan?.loan_reference ?? '';
    const assisted = entry.otp === 'assisted';
    const open = KINDS.filter(kind => !assisted || !draft.verified[kind]);
    const submit = async (values: Record<string, unknown>) => {
        setProblem(null);
        const code = (kind: CodeKind) => String(values[FIELD[kind]] ?? '').trim();
        try {
            if (assisted) {
                verified(
                    await callApi(digitalAssistedVerifyOtp, {
                        body: {
                            loan_reference: reference,
                            customer_otp: open.includes('customer') && code('customer') ? code('customer') : undefined,
                            agent_otp: open.includes('agent') && code('agent') ? code('agent') : undefined,
                        },
                    }),
                );
            } else {
                verified(
                    await callApi(verifyOtpV2, {
                        body: { loan_reference: reference, customer_otp: code('customer'), agent_otp: code('agent') },
                    }),
                );
            }
            return undefined;
        } catch (error) {
            const failure = failureOf(error, null);
            setProblem(failure.problem);
            return failure.fields;
        }
    };
    const validateOf = (kind: CodeKind) => {
        const other = FIELD[kind === 'customer' ? 'agent' : 'customer'];
        const presence = assisted && open.length > 1 ? checks.anyOtp(other) : checks.bothOtp;
        return [presence, checks.otp];
    };
    return (
        <Form
            onSubmit={submit}
            defaultValues={{ customer_otp: '', agent_otp: '' }}
            mode="onSubmit"
            reValidateMode="onChange"
            noValidate
        >
            <Stack spacing={1}>
                {assisted ? (
                    <Typography color="text.secondary">{translate('loans.wizard.codes.assisted_help')}</Typography>
                ) : null}
                <Grid container columnSpacing={2}>
                    {open.map(kind => (
                        <Grid key={kind} size={{ xs: 12, sm: 6 }}>
                            <TextInput
                                source={FIELD[kind]}
                                label={`loans.wizard.codes.${FIELD[kind]}`}
                                validate={validateOf(kind)}
                                fullWidth
                                slotProps={otpInputProps}
                            />
                        </Grid>
                    ))}
                </Grid>
                <StepProblem problem={problem} />
                <Box>
                    <VerifyButton label="loans.wizard.codes.verify" />
                </Box>
            </Stack>
        </Form>
    );
};

/** Phase 2: the loan exists; both codes are sent, read out and verified as the entry says. */
const Codes = () => {
    const translate = useTranslate();
    const { entry } = useWizard();
    return (
        <Stack spacing={2}>
            <Summary />
            <Alert severity="info">{translate('loans.wizard.codes.intro')}</Alert>
            {entry.otp === 'each' ? (
                <Grid container spacing={2}>
                    {KINDS.map(kind => (
                        <Grid key={kind} size={{ xs: 12, sm: 6 }}>
                            <Stack spacing={1.5}>
                                <CodeStatus kind={kind} />
                                <VerifyEach kind={kind} />
                            </Stack>
                        </Grid>
                    ))}
                </Grid>
            ) : (
                <>
                    <Grid container spacing={2}>
                        {KINDS.map(kind => (
                            <Grid key={kind} size={{ xs: 12, sm: 6 }}>
                                <CodeStatus kind={kind} />
                            </Grid>
                        ))}
                    </Grid>
                    <VerifyTogether />
                </>
            )}
            <StepActions />
        </Stack>
    );
};

/**
 * Step 5: the terms the customer accepts (the server's quote: cash price, deposit, amount financed,
 * cost of credit, instalments, first due date, total payable, lock), then the
 * loan (create_loan) and the two codes that confirm it: the customer's, that they accept, and the
 * seller's, that the sale is theirs.
 */
export const TermsStep = () => {
    const { draft } = useWizard();
    return (
        <Stack spacing={2}>
            <StepHeading
                title="loans.wizard.terms.title"
                intro={draft.loan ? 'loans.wizard.codes.title' : 'loans.wizard.terms.intro'}
            />
            {draft.loan ? <Codes /> : <AcceptTerms />}
        </Stack>
    );
};
