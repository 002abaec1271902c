/**
 * A financed device's lock (spec §7 "Lock", "Offline unlock"): its state, the commands staff give
 * it, offline unlock PINs, the Vivo authorisation code, and releasing a paid-off device.
 *
 * A command is *requested* at once and *confirmed* later by the lock provider (each lock solution
 * has its adapter; the reference server's simulator confirms after a short delay). `state` shows
 * where the device is in its lifecycle, `requested_state` what a command in flight asks for, and
 * `confirmed_state` what the provider last confirmed; a screen shows "requested" while
 * `requested_state` is set, and polls (any call that answers a device brings it up to date).
 *
 * Lifecycle: `pending` → `activating` → `active` ⇄ (`locking` → `locked` → `unlocking`) → `active`;
 * `active` → `exchanging` → `active` (IMEI change); `active`/`locked` → `completing` → `released`;
 * any command may end `failed`, from which it may be given again. A command the state does not
 * allow is a 409 `errors.device_state`.
 */
import { z } from 'zod';
import { defineCall } from './define';
import { CURRENCY, loanReference, msisdn } from './fields';

/** The lock solutions a financed phone may use, each served by its provider's adapter. */
export const LOCK_SOLUTIONS = ['trustonic', 'think_adams', 'samsung', 'oguard', 'rguard', 'zte', 'vivo', 'own'] as const;
export type LockSolution = (typeof LOCK_SOLUTIONS)[number];

export const DEVICE_STATES = [
    'pending',
    'activating',
    'active',
    'locking',
    'locked',
    'unlocking',
    'exchanging',
    'completing',
    'released',
    'failed',
] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];

/** The states a provider confirms (the others are a command in flight). */
export const CONFIRMED_DEVICE_STATES = ['pending', 'active', 'locked', 'released'] as const;

/** Who asked for a phone's lock: the lock policy for arrears, or staff by hand. */
export const LOCK_REASONS = ['arrears', 'staff'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

export const deviceLock = z.object({
    imei: z.string(),
    lock_solution: z.enum(LOCK_SOLUTIONS),
    state: z.enum(DEVICE_STATES),
    /** What the command in flight asks for; null when none is. */
    requested_state: z.enum(CONFIRMED_DEVICE_STATES).nullable(),
    confirmed_state: z.enum(CONFIRMED_DEVICE_STATES),
    requested_at: z.string().nullable(),
    confirmed_at: z.string().nullable(),
    /** Why the last command failed, when `state` is `failed`. */
    failure_reason: z.string().nullable(),
    /** Vivo only: whether the customer has authorised the lock with their code. */
    vivo_authorized: z.boolean(),
    /**
     * Why the phone is locked (or a lock is asked for): `arrears` by the lock policy's job, which
     * unlocks it once the arrears are paid, or `staff` by hand, which only staff undo; null when it
     * is not.
     */
    lock_reason: z.enum(LOCK_REASONS).nullable().default(null),
});
export type DeviceLock = z.infer<typeof deviceLock>;

export const deviceLockType = defineCall({
    summary: "The lock solution and lock state of each of a customer's financed devices",
    method: 'POST',
    readOnly: true,
    path: '/api/v1/view_customer_device_lock_type',
    access: 'VIEW_CUSTOMER_LOANS',
    body: z.object({ msisdn }),
    response: z.object({
        devices: z.array(deviceLock.extend({ loan_reference: z.string(), loan_status: z.string() })),
    }),
});

export const DEVICE_COMMANDS = ['lock', 'unlock'] as const;

export const deviceLockCommand = defineCall({
    summary:
        "Lock or unlock a loan's device. Answers the device with the command requested; the provider confirms it later. Lock needs an active device, unlock a locked one (409 `errors.device_state` otherwise).",
    method: 'POST',
    path: '/api/v1/device_lock_command',
    access: 'LOCK_CUSTOMER_DEVICE',
    body: z.object({
        loan_reference: loanReference,
        command: z.enum(DEVICE_COMMANDS),
        reason: z.string().trim().min(3).max(500),
    }),
    response: deviceLock.extend({ loan_reference: z.string() }),
});

/** The code a locked phone shows when it has no connection: 8 digits. */
export const CHALLENGE_PATTERN = /^[0-9]{8}$/;

export const offlineUnlockPin = defineCall({
    summary:
        'An offline unlock PIN for a locked phone without a connection. `challenge` is the code the phone shows; the PIN works once, for that challenge only, until `expires_at`. A second PIN for the same challenge is a 409 `errors.offline_pin_used`; a challenge the phone does not show is a 409 `errors.challenge_mismatch`.',
    method: 'POST',
    idempotency: 'retry',
    status: 201,
    path: '/api/v1/offline_unlock_customer_phone',
    access: 'REQUEST_OFFLINE_PIN',
    body: z.object({
        loan_reference: loanReference,
        challenge: z.string().trim().regex(CHALLENGE_PATTERN, 'valid challenge required (8 digits)'),
    }),
    response: z.object({ loan_reference: z.string(), imei: z.string(), pin: z.string(), expires_at: z.string() }),
});

export const confirmLockActivation = defineCall({
    summary:
        "After the deposit: asks the provider to activate the lock if not yet asked (Vivo needs the customer's code first: 409 `errors.vivo_auth_required`), and once the provider confirms, makes the loan active. `confirmed: false` means it is still waiting: ask again.",
    method: 'POST',
    path: '/api/v1/confirm_lock_activation',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan_reference: z.string(),
        loan_status: z.string(),
        confirmed: z.boolean(),
        device: deviceLock,
    }),
});

export const VIVO_CODE_PATTERN = /^[0-9]{6}$/;

export const sendVivoAuthCode = defineCall({
    summary:
        'Sends the customer of a Vivo-locked loan an authorisation code by SMS, valid 5 minutes (a new one replaces the last). At most 5 codes an hour to one phone.',
    method: 'POST',
    path: '/api/v1/send_auth_code/vivo/device',
    access: 'ADD_LOAN',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({ loan_reference: z.string(), sent_to: z.string(), expires_at: z.string() }),
});

export const verifyVivoAuthCode = defineCall({
    summary:
        'Checks the code the customer read out; right, it authorises the Vivo lock and requests its activation. Wrong: 400 `errors.otp_invalid` on `code`; expired or used: 400 `errors.otp_expired`; after 5 wrong guesses: 429 (never 401, which signs the portal user out).',
    method: 'POST',
    path: '/api/v1/verify_auth_code/vivo/device',
    access: 'ADD_LOAN',
    body: z.object({
        loan_reference: loanReference,
        code: z.string().trim().regex(VIVO_CODE_PATTERN, 'valid code required (6 digits)'),
    }),
    response: z.object({ loan_reference: z.string(), device: deviceLock }),
});

export const releaseDevice = defineCall({
    summary:
        'Releases a paid-off device from its lock (any lock solution; the path keeps its historical name). The balance must be nil (409 `errors.balance_outstanding`) and the device active or locked.',
    method: 'POST',
    path: '/api/v1/release/trustonic/device',
    access: 'RELEASE_CUSTOMER_DEVICE',
    body: z.object({ loan_reference: loanReference }),
    response: z.object({
        loan_reference: z.string(),
        loan_status: z.string(),
        balance: z.number(),
        currency: z.literal(CURRENCY),
        device: deviceLock,
    }),
});

export const deviceCalls = {
    deviceLockType,
    deviceLockCommand,
    offlineUnlockPin,
    confirmLockActivation,
    sendVivoAuthCode,
    verifyVivoAuthCode,
    releaseDevice,
};
