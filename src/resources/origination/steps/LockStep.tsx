import LockClockIcon from '@mui/icons-material/LockClock';
import RefreshIcon from '@mui/icons-material/Refresh';
import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Form, required, TextInput, useTranslate, type Validator } from 'react-admin';
import type { CallResponse } from '../../../../contract/define';
import {
    confirmLockActivation,
    sendVivoAuthCode,
    verifyVivoAuthCode,
    VIVO_CODE_PATTERN,
    type DeviceLock,
} from '../../../../contract/devices';
import type { LoanStatus } from '../../../../contract/customers';
import { apiErrorOf, errorKeyOf, fieldErrorsOf } from '../../../lib/apiErrors';
import { callApi } from '../../../lib/portalApi';
import { useFormat } from '../../../lib/useFormat';
import { FormActions, StepHeading, StepProblem, useWizard } from '../wizard';

/** Spec: the lock is asked after every 2 s until the provider confirms it. */
export const LOCK_POLL_MS = 2000;

type Phase =
    { kind: 'waiting' } | { kind: 'failed'; reason: string | null } | { kind: 'vivo' } | { kind: 'error'; problem: string };

const vivoCode: Validator = value =>
    typeof value === 'string' && VIVO_CODE_PATTERN.test(value.trim()) ? undefined : 'devices.vivo.invalid';

/**
 * Vivo locks need the customer's consent first: a code sent to their phone (valid 5 minutes) that
 * they read out. Verified, the lock's activation is requested and the waiting goes on.
 */
const VivoConsent = ({ onAuthorised }: { onAuthorised: (device: DeviceLock) => void }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { draft } = useWizard();
    const reference = draft.loan?.loan_reference ?? '';
    const [sent, setSent] = useState<CallResponse<typeof sendVivoAuthCode> | null>(null);
    const [sending, setSending] = useState(false);
    const [problem, setProblem] = useState<string | null>(null);
    const send = async () => {
        setSending(true);
        setProblem(null);
        try {
            setSent(await callApi(sendVivoAuthCode, { body: { loan_reference: reference } }));
        } catch (error) {
            setProblem(errorKeyOf(error));
        } finally {
            setSending(false);
        }
    };
    const submit = async (values: Record<string, unknown>) => {
        setProblem(null);
        try {
            const answer = await callApi(verifyVivoAuthCode, {
                body: { loan_reference: reference, code: String(values.code ?? '').trim() },
            });
            onAuthorised(answer.device);
            return undefined;
        } catch (error) {
            const fields = fieldErrorsOf(error, ['code']);
            if (Object.keys(fields).length > 0) return fields;
            setProblem(errorKeyOf(error));
            return undefined;
        }
    };
    return (
        <Form onSubmit={submit} defaultValues={{ code: '' }} mode="onSubmit" reValidateMode="onChange" noValidate>
            <Stack spacing={1.5}>
                <Alert severity="info">{translate('loans.wizard.lock.vivo_intro')}</Alert>
                {sent ? (
                    <Alert severity="success" role="status">
                        {translate('devices.vivo.sent', { phone: sent.sent_to, time: format.time(sent.expires_at) })}
                    </Alert>
                ) : null}
                <Box>
                    <Button
                        variant="outlined"
                        onClick={() => void send()}
                        disabled={sending}
                        startIcon={sending ? <CircularProgress size={18} color="inherit" aria-hidden /> : <SendIcon />}
                    >
                        {translate(sent ? 'devices.vivo.resend' : 'devices.vivo.send')}
                    </Button>
                </Box>
                <TextInput
                    source="code"
                    label="devices.vivo.code"
                    helperText="devices.vivo.code_help"
                    validate={[required(), vivoCode]}
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
                />
                <StepProblem problem={problem} />
                <FormActions label="devices.vivo.verify" />
            </Stack>
        </Form>
    );
};

/**
 * Step 7: the lock. After the deposit the provider is asked to activate the phone's lock
 * (confirm_lock_activation), and asked again every 2 s until it confirms; the loan is then active.
 * A Vivo lock first needs the customer's code; a lock that failed shows the provider's reason with
 * Try again.
 */
export const LockStep = () => {
    const translate = useTranslate();
    const format = useFormat();
    const { draft, update, go } = useWizard();
    const loan = draft.loan;
    const reference = loan?.loan_reference ?? '';
    const [phase, setPhase] = useState<Phase>({ kind: 'waiting' });
    const [round, setRound] = useState(0);
    const [checks, setChecks] = useState(0);
    const [device, setDevice] = useState<DeviceLock | null>(loan?.device ?? null);
    const [offline, setOffline] = useState(false);

    useEffect(() => {
        if (phase.kind !== 'waiting' || !reference) return;
        let stopped = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const ask = async () => {
            try {
                const answer = await callApi(confirmLockActivation, { body: { loan_reference: reference } });
                if (stopped) return;
                setOffline(false);
                setChecks(count => count + 1);
                setDevice(answer.device);
                if (answer.confirmed) {
                    update(current => ({
                        loan: current.loan
                            ? { ...current.loan, status: answer.loan_status as LoanStatus, device: answer.device }
                            : null,
                    }));
                    go('done');
                    return;
                }
                if (answer.device.state === 'failed') {
                    setPhase({ kind: 'failed', reason: answer.device.failure_reason });
                    return;
                }
                timer = setTimeout(() => void ask(), LOCK_POLL_MS);
            } catch (error) {
                if (stopped) return;
                const key = apiErrorOf(error)?.key ?? errorKeyOf(error);
                if (key === 'errors.vivo_auth_required') setPhase({ kind: 'vivo' });
                else if (key === 'errors.offline' || key === 'errors.offline_not_kept') {
                    // Offline: nothing is asked until the connection is back; the waiting goes on (the
                    // lock's confirmation is a device command, refused offline as not kept: portalApi.ts).
                    setOffline(true);
                    timer = setTimeout(() => void ask(), LOCK_POLL_MS);
                } else setPhase({ kind: 'error', problem: key });
            }
        };
        void ask();
        return () => {
            stopped = true;
            if (timer) clearTimeout(timer);
        };
    }, [phase.kind, round, reference, update, go]);

    const retry = () => {
        setPhase({ kind: 'waiting' });
        setRound(count => count + 1);
    };

    if (!loan) return null;
    const solution = format.words('devices.solutions', loan.lock_solution);
    return (
        <Stack spacing={2}>
            <StepHeading title="loans.wizard.lock.title" intro="loans.wizard.lock.intro" />
            {phase.kind === 'waiting' ? (
                <Stack spacing={1} role="status" aria-live="polite">
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <LockClockIcon color="primary" aria-hidden />
                        <Typography>
                            {translate('loans.wizard.lock.waiting', { solution, model: `${loan.brand} ${loan.model}` })}
                        </Typography>
                    </Stack>
                    <LinearProgress aria-label={translate('loans.wizard.lock.progress')} />
                    <Typography variant="body2" color="text.secondary">
                        {translate('loans.wizard.lock.checks', {
                            smart_count: checks,
                            state: device ? format.words('devices.states', device.state) : '—',
                        })}
                    </Typography>
                    {offline ? <Alert severity="warning">{translate('errors.offline')}</Alert> : null}
                </Stack>
            ) : null}
            {phase.kind === 'failed' ? (
                <Alert
                    severity="error"
                    role="alert"
                    action={
                        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={retry}>
                            {translate('app.retry')}
                        </Button>
                    }
                >
                    {translate('loans.wizard.lock.failed', {
                        solution,
                        reason: phase.reason ?? translate('loans.wizard.lock.no_reason'),
                    })}
                </Alert>
            ) : null}
            {phase.kind === 'error' ? (
                <Alert
                    severity="error"
                    role="alert"
                    action={
                        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={retry}>
                            {translate('app.retry')}
                        </Button>
                    }
                >
                    {translate(phase.problem)}
                </Alert>
            ) : null}
            {phase.kind === 'vivo' ? (
                <VivoConsent
                    onAuthorised={authorised => {
                        setDevice(authorised);
                        retry();
                    }}
                />
            ) : null}
        </Stack>
    );
};
