import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import PinIcon from '@mui/icons-material/Pin';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
    CHALLENGE_PATTERN,
    confirmLockActivation,
    deviceLockCommand,
    offlineUnlockPin,
    releaseDevice,
    sendVivoAuthCode,
    verifyVivoAuthCode,
    VIVO_CODE_PATTERN,
} from '../../../../contract/devices';
import type { Loan } from '../../../../contract/loans';
import { errorKeyOf } from '../../../lib/apiErrors';
import { useCustomerMutation } from '../api';
import { useFormat } from '../format';
import { ActionDialog, useFieldProblem } from './ActionDialog';
import { reasonProblem, ReasonField } from './fields';
import { useDialogAction } from './useDialogAction';

interface LoanActionProps {
    msisdn: string;
    loan: Loan;
}

const modelOf = (loan: Loan) => `${loan.brand} ${loan.model}`;

/** Lock or unlock: requested at once, confirmed later by the lock provider (the card shows "requested"). */
export const LockCommand = ({ msisdn, loan, command }: LoanActionProps & { command: 'lock' | 'unlock' }) => {
    const translate = useTranslate();
    const action = useDialogAction(msisdn, deviceLockCommand, `devices.${command}.done`);
    const fieldProblem = useFieldProblem(action.error);
    const [reason, setReason] = useState('');
    const [problem, setProblem] = useState<string>();
    const confirm = () => {
        const wrong = reasonProblem(reason);
        setProblem(wrong && translate(...wrong));
        if (!wrong) action.run({ body: { loan_reference: loan.loan_reference, command, reason: reason.trim() } });
    };
    return (
        <>
            <Button
                size="small"
                variant="outlined"
                startIcon={command === 'lock' ? <LockIcon /> : <LockOpenIcon />}
                onClick={action.show}
            >
                {translate(`devices.${command}.button`)}
            </Button>
            <ActionDialog
                open={action.open}
                title={`devices.${command}.title`}
                intro={`devices.${command}.intro`}
                introArgs={{ model: modelOf(loan), imei: loan.imei }}
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={action.close}
            >
                {/* No checker decides a lock or an unlock: the reason is kept in the audit trail. */}
                <ReasonField
                    value={reason}
                    onChange={setReason}
                    problem={problem ?? fieldProblem('reason')}
                    help="loans.actions.command_reason_help"
                    autoFocus
                />
            </ActionDialog>
        </>
    );
};

/** Releases a paid-off device from its lock for good. */
export const ReleaseDevice = ({ msisdn, loan }: LoanActionProps) => {
    const translate = useTranslate();
    const action = useDialogAction(msisdn, releaseDevice, 'devices.release.done');
    return (
        <>
            <Button size="small" variant="outlined" startIcon={<PhonelinkEraseIcon />} onClick={action.show}>
                {translate('devices.release.button')}
            </Button>
            <ActionDialog
                open={action.open}
                title="devices.release.title"
                intro="devices.release.intro"
                introArgs={{ model: modelOf(loan), imei: loan.imei }}
                busy={action.busy}
                error={action.error}
                onConfirm={() => action.run({ body: { loan_reference: loan.loan_reference } })}
                onClose={action.close}
            />
        </>
    );
};

/** An offline unlock PIN for the challenge a locked phone shows: once, for that challenge only. */
export const OfflinePin = ({ msisdn, loan }: LoanActionProps) => {
    const translate = useTranslate();
    const format = useFormat();
    const action = useDialogAction(msisdn, offlineUnlockPin, 'devices.offline_pin.done', { keepOpen: true });
    const fieldProblem = useFieldProblem(action.error);
    const [challenge, setChallenge] = useState('');
    const [problem, setProblem] = useState<string>();
    const confirm = () => {
        const valid = CHALLENGE_PATTERN.test(challenge.trim());
        setProblem(valid ? undefined : translate('devices.offline_pin.invalid'));
        if (valid) action.run({ body: { loan_reference: loan.loan_reference, challenge: challenge.trim() } });
    };
    const issued = action.answer;
    return (
        <>
            <Button size="small" variant="outlined" startIcon={<PinIcon />} onClick={action.show}>
                {translate('devices.offline_pin.button')}
            </Button>
            <ActionDialog
                open={action.open}
                title="devices.offline_pin.title"
                intro="devices.offline_pin.intro"
                confirmLabel="devices.offline_pin.issue"
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={() => {
                    action.close();
                    if (issued) setChallenge('');
                }}
                result={
                    issued ? (
                        <Box role="status">
                            <Typography variant="overline" component="p">
                                {translate('devices.offline_pin.pin')}
                            </Typography>
                            <Typography
                                variant="h4"
                                component="p"
                                sx={{ fontFamily: 'monospace', letterSpacing: 4 }}
                                data-testid="offline-pin"
                            >
                                {issued.pin}
                            </Typography>
                            <Typography color="text.secondary">
                                {translate('devices.offline_pin.expires', { time: format.time(issued.expires_at) })}
                            </Typography>
                        </Box>
                    ) : undefined
                }
            >
                <TextField
                    label={translate('devices.offline_pin.challenge')}
                    value={challenge}
                    onChange={event => {
                        setChallenge(event.target.value);
                        setProblem(undefined);
                    }}
                    error={problem !== undefined || fieldProblem('challenge') !== undefined}
                    helperText={problem ?? fieldProblem('challenge') ?? translate('devices.offline_pin.challenge_help')}
                    autoFocus
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 8 } }}
                />
            </ActionDialog>
        </>
    );
};

/**
 * The Vivo lock needs the customer's consent: a code sent to their phone by SMS (valid 5 minutes),
 * which they read out. Sending asks no confirmation (it changes nothing); verifying is the action.
 */
export const VivoAuthorisation = ({ msisdn, loan }: LoanActionProps) => {
    const translate = useTranslate();
    const format = useFormat();
    const action = useDialogAction(msisdn, verifyVivoAuthCode, 'devices.vivo.done');
    const send = useCustomerMutation(msisdn, sendVivoAuthCode);
    const fieldProblem = useFieldProblem(action.error);
    const [code, setCode] = useState('');
    const [problem, setProblem] = useState<string>();
    const confirm = () => {
        const valid = VIVO_CODE_PATTERN.test(code.trim());
        setProblem(valid ? undefined : translate('devices.vivo.invalid'));
        if (valid) action.run({ body: { loan_reference: loan.loan_reference, code: code.trim() } });
    };
    return (
        <>
            <Button size="small" variant="outlined" startIcon={<VerifiedUserIcon />} onClick={action.show}>
                {translate('devices.vivo.button')}
            </Button>
            <ActionDialog
                open={action.open}
                title="devices.vivo.title"
                intro="devices.vivo.intro"
                confirmLabel="devices.vivo.verify"
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={action.close}
            >
                <Stack spacing={1.5}>
                    {send.error ? (
                        <Alert severity="error" role="alert">
                            {translate(errorKeyOf(send.error))}
                        </Alert>
                    ) : null}
                    {send.data ? (
                        <Alert severity="success" role="status">
                            {translate('devices.vivo.sent', {
                                phone: send.data.sent_to,
                                time: format.time(send.data.expires_at),
                            })}
                        </Alert>
                    ) : null}
                    <Box>
                        <Button
                            variant="outlined"
                            disabled={send.isPending}
                            onClick={() => send.mutate({ body: { loan_reference: loan.loan_reference } })}
                        >
                            {translate(send.data ? 'devices.vivo.resend' : 'devices.vivo.send')}
                        </Button>
                    </Box>
                    <TextField
                        label={translate('devices.vivo.code')}
                        value={code}
                        onChange={event => {
                            setCode(event.target.value);
                            setProblem(undefined);
                        }}
                        error={problem !== undefined || fieldProblem('code') !== undefined}
                        helperText={problem ?? fieldProblem('code') ?? translate('devices.vivo.code_help')}
                        fullWidth
                        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
                    />
                </Stack>
            </ActionDialog>
        </>
    );
};

/**
 * After the deposit: asks the provider to activate the lock (once the customer has authorised a
 * Vivo lock, whose verified code asks for it already: this is then offered only after a failure).
 * The provider's confirmation makes the loan active by itself; until then the device shows the
 * activation requested.
 */
export const ConfirmActivation = ({ msisdn, loan }: LoanActionProps) => {
    const translate = useTranslate();
    const format = useFormat();
    const action = useDialogAction(msisdn, confirmLockActivation, answer => [
        answer.confirmed ? 'devices.activate.done' : 'devices.activate.waiting',
        {},
    ]);
    return (
        <>
            <Button size="small" variant="outlined" startIcon={<PlayCircleIcon />} onClick={action.show}>
                {translate('devices.activate.button')}
            </Button>
            <ActionDialog
                open={action.open}
                title="devices.activate.title"
                intro="devices.activate.intro"
                introArgs={{
                    model: modelOf(loan),
                    imei: loan.imei,
                    solution: format.words('devices.solutions', loan.lock_solution),
                }}
                busy={action.busy}
                error={action.error}
                onConfirm={() => action.run({ body: { loan_reference: loan.loan_reference } })}
                onClose={action.close}
            />
        </>
    );
};
