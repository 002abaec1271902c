import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import PinIcon from '@mui/icons-material/Pin';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Box, Button, Stack, TextField, Typography, type SvgIconProps } from '@mui/material';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { CHALLENGE_PATTERN, VIVO_CODE_PATTERN, type DeviceLock } from '../../../../contract/devices';
import type { Loan } from '../../../../contract/customers';
import { useWrite } from '../../../dataProvider/useWrite';
import type { WriteName, WriteParams, WriteResult } from '../../../dataProvider/writes';
import { errorKeyOf } from '../../../lib/apiErrors';
import { useFormat } from '../../../lib/useFormat';
import { ActionDialog, useFieldProblem } from '../../../dialogs/ActionDialog';
import { reasonProblem, ReasonField } from './fields';
import { useDialogAction } from './useDialogAction';

type Format = ReturnType<typeof useFormat>;

/** The one input a command asks for: a reason kept in the audit trail, or a code the customer reads out. */
type Field =
    | { source: 'reason' }
    | {
          source: 'challenge' | 'code';
          pattern: RegExp;
          maxLength: number;
          autoComplete: string;
          autoFocus: boolean;
      };

/**
 * A command on a loan's device: its words (`devices.<words>.button`, `.title`, `.intro`, `.done`),
 * icon, gate (an action of `customer-loans` in the permissions map), when the loan's state offers
 * it, and the write it runs (customers/writes.ts) with the input built from the loan and what
 * was typed.
 */
interface Command<K extends WriteName> {
    words: 'lock' | 'unlock' | 'release' | 'offline_pin' | 'vivo' | 'activate';
    icon: ComponentType<SvgIconProps>;
    gate: string;
    offered: (loan: Loan, device: DeviceLock | null) => boolean;
    write: K;
    field?: Field;
    input: (loan: Loan, typed: string) => WriteParams<K>;
    introArgs?: (loan: Loan, format: Format) => Record<string, unknown>;
    /** The notice once done, when it depends on the answer. */
    done?: (answer: WriteResult<K>) => [string, Record<string, unknown>];
    /** Words of the confirm button other than Confirm. */
    confirmLabel?: string;
    /** What the command gave, shown in the dialog in place of its form (which stays open for it). */
    result?: (answer: WriteResult<K>, format: Format) => ReactNode;
    /** More in the dialog above the field (Vivo: sending the code). */
    before?: ComponentType<{ loan: Loan }>;
}

/** The commands as the loan card lists them: generic each in its write, one shape for the card. */
export interface DeviceCommand {
    key: string;
    gate: string;
    offered: Command<WriteName>['offered'];
    Action: ComponentType<{ loan: Loan }>;
}

const modelOf = (loan: Loan) => `${loan.brand} ${loan.model}`;
const deviceArgs = (loan: Loan) => ({ model: modelOf(loan), imei: loan.imei });
const reference = (loan: Loan) => ({ body: { loan_reference: loan.loan_reference } });

/** Locked, or failed to leave the lock it was confirmed in. */
export const locked = (device: DeviceLock | null) =>
    device !== null && (device.state === 'locked' || (device.state === 'failed' && device.confirmed_state === 'locked'));
const unlocked = (device: DeviceLock | null) =>
    device !== null && (device.state === 'active' || (device.state === 'failed' && device.confirmed_state === 'active'));
/** No command of the device waits for its provider. */
const idle = (device: DeviceLock | null) => device !== null && device.requested_state === null;
const activeIdle = (loan: Loan, device: DeviceLock | null) => loan.status === 'active' && idle(device);

/** One command: its button, and its dialog asking for confirmation (and its input) before the write runs. */
const CommandAction = <K extends WriteName>({ command, loan }: { command: Command<K>; loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const { words, field } = command;
    const action = useDialogAction(command.write, command.done ?? `devices.${words}.done`, {
        keepOpen: command.result !== undefined,
    });
    const fieldProblem = useFieldProblem(action.error);
    const [typed, setTyped] = useState('');
    const [problem, setProblem] = useState<string>();
    const confirm = () => {
        let wrong: string | undefined;
        if (field?.source === 'reason') {
            const reason = reasonProblem(typed);
            wrong = reason && translate(...reason);
        } else if (field && !field.pattern.test(typed.trim())) wrong = translate(`devices.${words}.invalid`);
        setProblem(wrong);
        if (!wrong) action.run(command.input(loan, typed.trim()));
    };
    const Icon = command.icon;
    const Before = command.before;
    const given = action.answer && command.result ? command.result(action.answer, format) : undefined;
    return (
        <>
            <Button size="small" variant="outlined" startIcon={<Icon />} onClick={action.show}>
                {translate(`devices.${words}.button`)}
            </Button>
            <ActionDialog
                open={action.open}
                title={`devices.${words}.title`}
                intro={`devices.${words}.intro`}
                introArgs={command.introArgs?.(loan, format)}
                confirmLabel={command.confirmLabel}
                busy={action.busy}
                error={action.error}
                onConfirm={confirm}
                onClose={() => {
                    action.close();
                    if (given) setTyped('');
                }}
                result={given}
            >
                {field ? (
                    <Stack spacing={1.5}>
                        {Before ? <Before loan={loan} /> : null}
                        {field.source === 'reason' ? (
                            // No checker decides a lock or an unlock: the reason is kept in the audit trail.
                            <ReasonField
                                value={typed}
                                onChange={setTyped}
                                problem={problem ?? fieldProblem('reason')}
                                help="loans.actions.command_reason_help"
                                autoFocus
                            />
                        ) : (
                            <TextField
                                label={translate(`devices.${words}.${field.source}`)}
                                value={typed}
                                onChange={event => {
                                    setTyped(event.target.value);
                                    setProblem(undefined);
                                }}
                                error={problem !== undefined || fieldProblem(field.source) !== undefined}
                                helperText={
                                    problem ?? fieldProblem(field.source) ?? translate(`devices.${words}.${field.source}_help`)
                                }
                                autoFocus={field.autoFocus}
                                fullWidth
                                slotProps={{
                                    htmlInput: {
                                        inputMode: 'numeric',
                                        autoComplete: field.autoComplete,
                                        maxLength: field.maxLength,
                                    },
                                }}
                            />
                        )}
                    </Stack>
                ) : null}
            </ActionDialog>
        </>
    );
};

/**
 * The Vivo lock needs the customer's consent: a code sent to their phone by SMS (valid 5 minutes),
 * which they read out. Sending asks no confirmation (it changes nothing); verifying is the command.
 */
const VivoSend = ({ loan }: { loan: Loan }) => {
    const translate = useTranslate();
    const format = useFormat();
    const send = useWrite('customerDeviceVivoSend');
    return (
        <>
            {send.error ? (
                <Alert severity="error" role="alert">
                    {translate(errorKeyOf(send.error))}
                </Alert>
            ) : null}
            {send.data ? (
                <Alert severity="success" role="status">
                    {translate('devices.vivo.sent', { phone: send.data.sent_to, time: format.time(send.data.expires_at) })}
                </Alert>
            ) : null}
            <Box>
                <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate(reference(loan))}>
                    {translate(send.data ? 'devices.vivo.resend' : 'devices.vivo.send')}
                </Button>
            </Box>
        </>
    );
};

/** The offline PIN issued for a challenge: once, for that challenge only, until it expires. */
const IssuedPin = ({ pin, expires, format }: { pin: string; expires: string; format: Format }) => {
    const translate = useTranslate();
    return (
        <Box role="status">
            <Typography variant="overline" component="p">
                {translate('devices.offline_pin.pin')}
            </Typography>
            <Typography variant="h4" component="p" sx={{ fontFamily: 'monospace', letterSpacing: 4 }} data-testid="offline-pin">
                {pin}
            </Typography>
            <Typography color="text.secondary">
                {translate('devices.offline_pin.expires', { time: format.time(expires) })}
            </Typography>
        </Box>
    );
};

/** A command of the table, its write's types kept inside it. */
const command = <K extends WriteName>(definition: Command<K>): DeviceCommand => ({
    key: definition.words,
    gate: definition.gate,
    offered: definition.offered,
    Action: ({ loan }) => <CommandAction command={definition} loan={loan} />,
});

/**
 * Every command on a loan's device, in the order the loan card offers them. Lock and unlock are
 * requested at once and confirmed later by the lock provider (the card shows "requested"); the
 * activation after the deposit too (once a Vivo lock is authorised, whose verified code asks for
 * it already: it is then offered only after a failure); a release frees a paid-off device for good.
 */
export const DEVICE_COMMANDS: readonly DeviceCommand[] = [
    command({
        words: 'lock',
        icon: LockIcon,
        gate: 'lock',
        offered: (loan, device) => activeIdle(loan, device) && unlocked(device),
        write: 'customerDeviceLock',
        field: { source: 'reason' },
        input: (loan, reason) => ({ body: { loan_reference: loan.loan_reference, command: 'lock', reason } }),
        introArgs: deviceArgs,
    }),
    command({
        words: 'unlock',
        icon: LockOpenIcon,
        gate: 'lock',
        offered: (loan, device) => activeIdle(loan, device) && locked(device),
        write: 'customerDeviceLock',
        field: { source: 'reason' },
        input: (loan, reason) => ({ body: { loan_reference: loan.loan_reference, command: 'unlock', reason } }),
        introArgs: deviceArgs,
    }),
    command({
        words: 'offline_pin',
        icon: PinIcon,
        gate: 'offline_pin',
        offered: (loan, device) => activeIdle(loan, device) && locked(device),
        write: 'customerDeviceOfflinePin',
        field: { source: 'challenge', pattern: CHALLENGE_PATTERN, maxLength: 8, autoComplete: 'off', autoFocus: true },
        input: (loan, challenge) => ({ body: { loan_reference: loan.loan_reference, challenge } }),
        confirmLabel: 'devices.offline_pin.issue',
        result: (issued, format) => <IssuedPin pin={issued.pin} expires={issued.expires_at} format={format} />,
    }),
    command({
        words: 'vivo',
        icon: VerifiedUserIcon,
        gate: 'vivo',
        offered: (loan, device) =>
            loan.status === 'awaiting_lock' && loan.lock_solution === 'vivo' && device !== null && !device.vivo_authorized,
        write: 'customerDeviceVivoVerify',
        field: { source: 'code', pattern: VIVO_CODE_PATTERN, maxLength: 6, autoComplete: 'one-time-code', autoFocus: false },
        input: (loan, code) => ({ body: { loan_reference: loan.loan_reference, code } }),
        confirmLabel: 'devices.vivo.verify',
        before: VivoSend,
    }),
    command({
        words: 'activate',
        icon: PlayCircleIcon,
        gate: 'activate',
        offered: (loan, device) =>
            loan.status === 'awaiting_lock' && idle(device) && (loan.lock_solution !== 'vivo' || device!.vivo_authorized),
        write: 'customerDeviceActivate',
        input: reference,
        introArgs: (loan, format) => ({ ...deviceArgs(loan), solution: format.words('devices.solutions', loan.lock_solution) }),
        done: answer => [answer.confirmed ? 'devices.activate.done' : 'devices.activate.waiting', {}],
    }),
    command({
        words: 'release',
        icon: PhonelinkEraseIcon,
        gate: 'release',
        offered: (loan, device) =>
            (loan.status === 'active' || loan.status === 'completed') &&
            loan.balance <= 0 &&
            idle(device) &&
            (locked(device) || unlocked(device)),
        write: 'customerDeviceRelease',
        input: reference,
        introArgs: deviceArgs,
    }),
];
