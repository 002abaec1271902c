/**
 * The two lifecycles of a financed phone, as pure functions that refuse illegal moves with a 409
 * naming the reason: the loan's status and the device lock's state. Nothing else changes either:
 * every write of a status or state asks these first.
 */
import type { DeviceState } from '../../../contract/devices';
import type { LoanStatus } from '../../../contract/customers';
import { HttpError } from '../../http';

// ---------------------------------------------------------------------------------------------
// Loan status

/** Where each status may go (docs/domain.md, "Loan"). */
export const LOAN_TRANSITIONS: Readonly<Record<LoanStatus, readonly LoanStatus[]>> = {
    draft: ['awaiting_deposit', 'cancelled'],
    awaiting_deposit: ['awaiting_lock', 'cancelled'],
    awaiting_lock: ['active'],
    active: ['completed', 'deactivated'],
    completed: [],
    cancelled: [],
    deactivated: [],
};

export const loanStateRefused = (message: string) => new HttpError(409, 'errors.loan_state', message, 'loan_reference');

/** The status a loan moves to, or a 409 `errors.loan_state` when it may not. */
export const moveLoan = (from: LoanStatus, to: LoanStatus): LoanStatus => {
    if (!LOAN_TRANSITIONS[from].includes(to)) throw loanStateRefused(`A loan that is ${from} cannot become ${to}`);
    return to;
};

/**
 * The one way back from `completed`: a paid-off loan whose balance rises again (an approved
 * insurance-claim reversal takes back money that paid it off) is owed again, so it is `active`
 * once more and takes payments. No other move leaves `completed` (LOAN_TRANSITIONS).
 */
export const reopensPaidOff = (status: LoanStatus, balance: number): boolean => status === 'completed' && balance > 0;

// ---------------------------------------------------------------------------------------------
// Device lock state

/** What staff or the loan's course ask a provider to do. */
export const DEVICE_COMMANDS = ['activate', 'lock', 'unlock', 'exchange', 'complete'] as const;
export type DeviceCommand = (typeof DEVICE_COMMANDS)[number];
/** What a provider answers about a command in flight, and the phone unlocking itself with an offline PIN. */
export const DEVICE_ANSWERS = ['confirm', 'fail', 'offline_unlock'] as const;
export type DeviceEvent = DeviceCommand | (typeof DEVICE_ANSWERS)[number];

/** The state each command passes through while in flight, and the state its confirmation reaches. */
export const COMMAND_STATES: Readonly<Record<DeviceCommand, { via: DeviceState; to: 'active' | 'locked' | 'released' }>> = {
    activate: { via: 'activating', to: 'active' },
    lock: { via: 'locking', to: 'locked' },
    unlock: { via: 'unlocking', to: 'active' },
    exchange: { via: 'exchanging', to: 'active' },
    complete: { via: 'completing', to: 'released' },
};

/** Every legal move of the device lifecycle (docs/domain.md, "Devices and locks"). */
export const DEVICE_TRANSITIONS: Readonly<Record<DeviceState, Partial<Record<DeviceEvent, DeviceState>>>> = {
    pending: { activate: 'activating' },
    activating: { confirm: 'active', fail: 'failed' },
    active: { lock: 'locking', exchange: 'exchanging', complete: 'completing' },
    locking: { confirm: 'locked', fail: 'failed' },
    locked: { unlock: 'unlocking', complete: 'completing', offline_unlock: 'active' },
    unlocking: { confirm: 'active', fail: 'failed' },
    exchanging: { confirm: 'active', fail: 'failed' },
    completing: { confirm: 'released', fail: 'failed' },
    released: {},
    // A failed command leaves the phone as the provider last confirmed it: see nextDeviceState.
    failed: {},
};

export interface DeviceStatus {
    state: DeviceState;
    /** What the provider last confirmed: pending, active, locked or released. */
    confirmedState: DeviceState;
}

const isCommand = (event: DeviceEvent): event is DeviceCommand => (DEVICE_COMMANDS as readonly string[]).includes(event);

export const deviceStateRefused = (message: string) => new HttpError(409, 'errors.device_state', message, 'loan_reference');

/**
 * The state a device moves to on an event, or a 409 `errors.device_state`. After a failure, a
 * command (or an offline unlock) is judged from the state the provider last confirmed, so a lock
 * that failed on an active phone may be given again.
 */
export const nextDeviceState = (device: DeviceStatus, event: DeviceEvent): DeviceState => {
    const from =
        device.state === 'failed' && (isCommand(event) || event === 'offline_unlock') ? device.confirmedState : device.state;
    const to = DEVICE_TRANSITIONS[from][event];
    if (!to) {
        const what = isCommand(event) ? `cannot be given "${event}"` : `cannot take "${event}"`;
        throw deviceStateRefused(`A device that is ${device.state} ${what}`);
    }
    return to;
};
