import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import PinIcon from '@mui/icons-material/Pin';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { CHALLENGE_PATTERN, VIVO_CODE_PATTERN, type DeviceLock } from '../../../../contract/devices';
import type { Loan } from '../../../../contract/customers';
import type { WriteName } from '../../../dataProvider/writes';
import { CommandAction, type Command } from './CommandAction';
import { IssuedPin, VivoSend } from './deviceCommandParts';
import type { LoanAction } from './loanAction';

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

/** A command of the table, as the loan card offers it: its write's types kept inside it. */
const command = <K extends WriteName>(definition: Command<K>): LoanAction => ({
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
export const DEVICE_COMMANDS: readonly LoanAction[] = [
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
