/**
 * A financed phone's lock (contract/devices.ts): commands requested at once and confirmed by the
 * lock provider later, offline unlock PINs, the Vivo authorisation code, and releasing a paid-off
 * phone. Every state change goes through `nextDeviceState` (lifecycles.ts).
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY } from '../../../contract/customers';
import {
    confirmLockActivation,
    deviceLockCommand,
    deviceLockType,
    offlineUnlockPin,
    releaseDevice,
    sendVivoAuthCode,
    verifyVivoAuthCode,
} from '../../../contract/devices';
import type { Transaction } from '../../db';
import { deviceLocks, loans, offlinePins, otps } from '../../db/schema';
import { HttpError, mount, type CallContext } from '../../http';
import { iso } from '../../wire';
import type { AuditEntry, Written } from '../../write';
import { codeHash, maskMsisdn, sameHash } from '../auth/codes';
import { OTP, sendCodeSms, tooManyCodes } from '../auth/otp';
import { tooManyAttempts } from '../auth/throttle';
import { COMMAND_STATES, moveLoan, nextDeviceState, type DeviceCommand } from './lifecycles';
import { LOCK_PROVIDERS } from './lockProviders';
import { checkOwnShopLoan, toDeviceLock, visibleCustomer, visibleLoan, type DeviceRow, type SelectedLoan } from './records';

// ---------------------------------------------------------------------------------------------
// Commands and their answers

/** The row changes that send a command to the provider (the device must allow it). */
export const commandChanges = (device: DeviceRow, command: DeviceCommand, now: Date) => {
    const state = nextDeviceState(device, command);
    const sent = LOCK_PROVIDERS[device.lockSolution].send(command, device.imei, now);
    return {
        state,
        requestedState: COMMAND_STATES[command].to,
        commandRef: sent.ref,
        requestedAt: now,
        answerDueAt: sent.answerDueAt,
        failureReason: null,
        updatedAt: now,
    };
};

/** The command a device in flight is carrying out, from its state. */
const commandInFlight = (device: DeviceRow): DeviceCommand | null => {
    const found = (Object.entries(COMMAND_STATES) as [DeviceCommand, { via: string }][]).find(
        ([, { via }]) => via === device.state,
    );
    return found?.[0] ?? null;
};

/** A new challenge for a phone's offline unlock: 8 digits. */
export const newChallenge = () => String(randomInt(0, 100_000_000)).padStart(8, '0');

/** Nothing was due after all (another request applied it first): roll back quietly. */
class NothingDue extends Error {}

/**
 * Brings the devices of these loans up to date with their providers' answers: each command whose
 * answer is due is confirmed or failed, in one write. Reads call it before answering, so polling
 * a device is what moves it on; two callers at once apply each answer once (rows are locked and
 * re-checked).
 */
export const refreshDevices = async (
    context: Pick<CallContext, 'db' | 'now' | 'write'>,
    loanIds: readonly number[],
): Promise<void> => {
    if (loanIds.length === 0) return;
    const now = context.now();
    const due = await context.db
        .select({ id: deviceLocks.id })
        .from(deviceLocks)
        .where(
            and(
                inArray(deviceLocks.loanId, [...loanIds]),
                isNotNull(deviceLocks.requestedState),
                lte(deviceLocks.answerDueAt, now),
            ),
        );
    if (due.length === 0) return;
    try {
        await context.write(async tx => {
            const rows = await tx
                .select()
                .from(deviceLocks)
                .where(
                    and(
                        inArray(
                            deviceLocks.id,
                            due.map(row => row.id),
                        ),
                        isNotNull(deviceLocks.requestedState),
                        lte(deviceLocks.answerDueAt, now),
                    ),
                )
                .for('update');
            const audit: AuditEntry[] = [];
            for (const device of rows) {
                const command = commandInFlight(device);
                if (!command || !device.commandRef || !device.answerDueAt) continue;
                const answer = LOCK_PROVIDERS[device.lockSolution].answer(
                    { imei: device.imei, command, ref: device.commandRef, answerDueAt: device.answerDueAt },
                    now,
                );
                if (answer.kind === 'waiting') continue;
                if (answer.kind === 'confirmed') {
                    const state = nextDeviceState(device, 'confirm');
                    await tx
                        .update(deviceLocks)
                        .set({
                            state,
                            confirmedState: COMMAND_STATES[command].to,
                            requestedState: null,
                            answerDueAt: null,
                            confirmedAt: now,
                            updatedAt: now,
                        })
                        .where(eq(deviceLocks.id, device.id));
                    const loanEvent = await afterConfirmation(tx, device, command, now);
                    audit.push({
                        action: 'device_locks.confirm',
                        entity: 'device_locks',
                        entityId: device.id,
                        before: { state: device.state },
                        after: { state, command, provider_ref: device.commandRef },
                    });
                    if (loanEvent) audit.push(loanEvent);
                } else {
                    const state = nextDeviceState(device, 'fail');
                    await tx
                        .update(deviceLocks)
                        .set({ state, requestedState: null, answerDueAt: null, failureReason: answer.reason, updatedAt: now })
                        .where(eq(deviceLocks.id, device.id));
                    audit.push({
                        action: 'device_locks.fail',
                        entity: 'device_locks',
                        entityId: device.id,
                        before: { state: device.state },
                        after: { state, command, reason: answer.reason },
                    });
                }
            }
            const [first, ...rest] = audit;
            if (!first) throw new NothingDue();
            return { result: undefined, audit: [first, ...rest] as const };
        });
    } catch (error) {
        if (!(error instanceof NothingDue)) throw error;
    }
};

/**
 * What a confirmation means for the loan: a confirmed activation makes a loan awaiting its lock
 * active at once (nobody need ask again: the seller's one step was requesting it, or the customer's
 * Vivo code, which requests it), and a released phone's loan is complete. Answers the loan's event.
 */
const afterConfirmation = async (
    tx: Transaction,
    device: DeviceRow,
    command: DeviceCommand,
    now: Date,
): Promise<AuditEntry | null> => {
    if (command === 'activate') {
        const [loan] = await tx.select({ status: loans.status }).from(loans).where(eq(loans.id, device.loanId));
        if (loan?.status !== 'awaiting_lock') return null;
        const status = moveLoan('awaiting_lock', 'active');
        await tx.update(loans).set({ status, updatedAt: now }).where(eq(loans.id, device.loanId));
        return {
            action: 'loans.activate',
            entity: 'loans',
            entityId: device.loanId,
            before: { status: loan.status },
            after: { status, by: 'lock_confirmed' },
        };
    }
    if (command === 'complete') {
        const [loan] = await tx.select({ status: loans.status }).from(loans).where(eq(loans.id, device.loanId));
        if (loan?.status === 'active') {
            await tx
                .update(loans)
                .set({ status: moveLoan('active', 'completed'), updatedAt: now })
                .where(eq(loans.id, device.loanId));
        }
    }
    if (command === 'unlock' || command === 'lock') {
        // The phone shows a new challenge whenever its lock changes; an unlocked phone has no lock reason.
        await tx
            .update(deviceLocks)
            .set({ challenge: newChallenge(), ...(command === 'unlock' ? { lockReason: null } : {}) })
            .where(eq(deviceLocks.id, device.id));
    }
    return null;
};

/** The loan, with its device brought up to date, read again after refreshing. */
const freshLoan = async (context: CallContext, loanReference: string): Promise<SelectedLoan & { device: DeviceRow }> => {
    const first = await visibleLoan(context, loanReference);
    await refreshDevices(context, [first.loan.id]);
    const loan = await visibleLoan(context, loanReference);
    if (!loan.device) throw new HttpError(409, 'errors.device_state', 'This loan has no device attached yet', 'loan_reference');
    return { ...loan, device: loan.device };
};

/** Inside a write: the device row of a loan, locked, and re-read so a parallel command cannot slip past. */
const lockedDevice = async (tx: Transaction, loanId: number) => {
    const [device] = await tx.select().from(deviceLocks).where(eq(deviceLocks.loanId, loanId)).for('update');
    if (!device) throw new HttpError(409, 'errors.device_state', 'This loan has no device attached yet', 'loan_reference');
    return device;
};

const lockedLoan = async (tx: Transaction, loanId: number) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new Error('A loan vanished while it was changed');
    return loan;
};

/** Sends a command for a loan's device in one write, refusing what the lifecycle refuses. */
const sendCommand = async (
    context: CallContext,
    loan: SelectedLoan,
    command: DeviceCommand,
    details: Record<string, unknown> = {},
): Promise<DeviceRow> =>
    context.write(async tx => {
        const device = await lockedDevice(tx, loan.loan.id);
        const changes = commandChanges(device, command, context.now());
        // A lock by hand is staff's to undo: the lock policy's job unlocks only what it locked for arrears.
        const reason = command === 'lock' ? { lockReason: 'staff' as const } : {};
        const [updated] = await tx
            .update(deviceLocks)
            .set({ ...changes, ...reason })
            .where(eq(deviceLocks.id, device.id))
            .returning();
        if (!updated) throw new Error('The device could not be read back');
        return {
            result: updated,
            audit: {
                action: `device_locks.${command}`,
                entity: 'device_locks',
                entityId: device.id,
                before: { state: device.state },
                after: {
                    state: updated.state,
                    requested_state: updated.requestedState,
                    loan_reference: loan.loan.loanReference,
                    ...details,
                },
            },
        };
    });

// ---------------------------------------------------------------------------------------------
// Offline unlock PINs

/** How long an offline PIN works once issued. */
export const OFFLINE_PIN = { length: 8, ttlMs: 24 * 60 * 60_000 };

/** The PIN's hash, bound to the device and the challenge it answers: useless for any other. */
export const offlinePinHash = (deviceLockId: number, challenge: string, pin: string) =>
    codeHash(`offline-pin:${deviceLockId}:${challenge}`, pin);

const pinUsed = () =>
    new HttpError(
        409,
        'errors.offline_pin_used',
        'A PIN was already issued for this challenge; ask for the new one on the phone',
        'challenge',
    );

export type PinRedemption = 'unlocked' | 'wrong' | 'expired' | 'used' | 'not_locked';

/**
 * The phone's side of an offline unlock (the lock provider's app checks a PIN the customer types):
 * the PIN must answer the challenge the phone shows now, be unused and unexpired. A right PIN
 * unlocks the phone, is spent, and the phone shows a new challenge, so no PIN works twice.
 */
export const redeemOfflinePin = async (
    tx: Transaction,
    imei: string,
    pin: string,
    now: Date,
): Promise<Written<PinRedemption>> => {
    const [device] = await tx
        .select()
        .from(deviceLocks)
        .where(eq(deviceLocks.imei, imei))
        .orderBy(desc(deviceLocks.id))
        .limit(1)
        .for('update');
    const audit = (outcome: PinRedemption): AuditEntry => ({
        action: 'offline_pins.redeem',
        entity: 'device_locks',
        entityId: device?.id ?? null,
        after: { imei, outcome },
    });
    if (!device || (device.state !== 'locked' && !(device.state === 'failed' && device.confirmedState === 'locked'))) {
        return { result: 'not_locked', audit: audit('not_locked') };
    }
    const [issued] = await tx
        .select()
        .from(offlinePins)
        .where(and(eq(offlinePins.deviceLockId, device.id), eq(offlinePins.challenge, device.challenge)))
        .for('update');
    if (!issued) return { result: 'wrong', audit: audit('wrong') };
    if (issued.usedAt) return { result: 'used', audit: audit('used') };
    if (issued.expiresAt <= now) return { result: 'expired', audit: audit('expired') };
    if (!sameHash(offlinePinHash(device.id, device.challenge, pin), issued.pinHash))
        return { result: 'wrong', audit: audit('wrong') };
    await tx.update(offlinePins).set({ usedAt: now }).where(eq(offlinePins.id, issued.id));
    await tx
        .update(deviceLocks)
        .set({
            state: nextDeviceState(device, 'offline_unlock'),
            confirmedState: 'active',
            requestedState: null,
            answerDueAt: null,
            confirmedAt: now,
            challenge: newChallenge(),
            lockReason: null,
            updatedAt: now,
        })
        .where(eq(deviceLocks.id, device.id));
    return { result: 'unlocked', audit: audit('unlocked') };
};

// ---------------------------------------------------------------------------------------------
// The Vivo authorisation code (the OTP rules of server/domain/auth/otp.ts: 5 minutes, 5 guesses, single use)

const VIVO_PURPOSE = 'vivo_device';
const vivoSubject = (loanId: number) => `loan:${loanId}`;
const newVivoCode = () => String(randomInt(0, 10 ** OTP.length)).padStart(OTP.length, '0');

const notVivo = () => new HttpError(409, 'errors.not_vivo', 'This device does not use the Vivo lock', 'loan_reference');
// A wrong or stale code is the customer's mistake, a 400: a 401 would sign the agent out of the portal.
const codeExpired = () =>
    new HttpError(400, 'errors.otp_expired', 'This code has expired or was already used; send a new one', 'code');

/** Writes a code to the customer's SMS outbox, within the phone's hourly share of codes (auth/otp.ts). */
const sendCodeToCustomer = async (tx: Transaction, msisdn: string, code: string, now: Date) => {
    const text = `Your code to authorise the lock on your new phone is ${code}. It expires in 5 minutes. Give it only to the agent selling you the phone.`;
    const sms = await sendCodeSms(tx, msisdn, text, now);
    if (!sms.sent) throw tooManyCodes(sms.retryAfter);
};

/** The loan's current Vivo code, locked: the latest unused one that has not expired. */
const currentVivoCode = async (tx: Transaction, loanId: number, now: Date) => {
    const [row] = await tx
        .select()
        .from(otps)
        .where(
            and(
                eq(otps.purpose, VIVO_PURPOSE),
                eq(otps.subject, vivoSubject(loanId)),
                isNull(otps.usedAt),
                gt(otps.expiresAt, now),
            ),
        )
        .orderBy(desc(otps.createdAt))
        .limit(1)
        .for('update');
    return row;
};

type VivoOutcome = { kind: 'authorized'; device: DeviceRow } | { kind: 'wrong' };

// ---------------------------------------------------------------------------------------------
// Routes

export const registerDeviceRoutes = (app: FastifyInstance): void => {
    mount(app, deviceLockType, async ({ body }, context) => {
        const customer = await visibleCustomer(context, body.msisdn);
        const loanIds = (
            await context.db.select({ id: loans.id }).from(loans).where(eq(loans.customerId, customer.customer.id))
        ).map(row => row.id);
        await refreshDevices(context, loanIds);
        const rows = await context.db
            .select({ device: deviceLocks, loanReference: loans.loanReference, loanStatus: loans.status })
            .from(deviceLocks)
            .innerJoin(loans, eq(loans.id, deviceLocks.loanId))
            .where(eq(loans.customerId, customer.customer.id))
            .orderBy(desc(loans.id))
            .limit(200);
        return {
            devices: rows.map(row => ({
                ...toDeviceLock(row.device),
                loan_reference: row.loanReference,
                loan_status: row.loanStatus,
            })),
        };
    });

    mount(app, deviceLockCommand, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        if (loan.loan.status !== 'active') {
            throw new HttpError(
                409,
                'errors.loan_state',
                `Only an active loan's device is locked or unlocked; this loan is ${loan.loan.status}`,
                'loan_reference',
            );
        }
        const device = await sendCommand(context, loan, body.command, { reason: body.reason });
        return { ...toDeviceLock(device), loan_reference: loan.loan.loanReference };
    });

    mount(
        app,
        offlineUnlockPin,
        async ({ body }, context) => {
            const loan = await freshLoan(context, body.loan_reference);
            checkOwnShopLoan(context, loan.loan);
            const pin = String(randomInt(0, 10 ** OFFLINE_PIN.length)).padStart(OFFLINE_PIN.length, '0');
            const now = context.now();
            return context.write(
                async tx => {
                    const device = await lockedDevice(tx, loan.loan.id);
                    const locked = device.state === 'locked' || (device.state === 'failed' && device.confirmedState === 'locked');
                    if (!locked)
                        throw new HttpError(
                            409,
                            'errors.device_state',
                            `Only a locked phone needs an offline PIN; this one is ${device.state}`,
                            'loan_reference',
                        );
                    const [already] = await tx
                        .select({ id: offlinePins.id })
                        .from(offlinePins)
                        .where(and(eq(offlinePins.deviceLockId, device.id), eq(offlinePins.challenge, body.challenge)));
                    if (already) throw pinUsed();
                    if (!sameHash(body.challenge, device.challenge)) {
                        throw new HttpError(
                            409,
                            'errors.challenge_mismatch',
                            'This is not the code the phone shows',
                            'challenge',
                        );
                    }
                    const expiresAt = new Date(now.getTime() + OFFLINE_PIN.ttlMs);
                    const [issued] = await tx
                        .insert(offlinePins)
                        .values({
                            deviceLockId: device.id,
                            challenge: body.challenge,
                            pinHash: offlinePinHash(device.id, body.challenge, pin),
                            issuedByAdminId: context.session?.admin.id ?? 0,
                            expiresAt,
                            createdAt: now,
                        })
                        .returning({ id: offlinePins.id });
                    return {
                        result: { loan_reference: loan.loan.loanReference, imei: device.imei, pin, expires_at: iso(expiresAt) },
                        // Never the PIN itself.
                        audit: {
                            action: 'offline_pins.issue',
                            entity: 'offline_pins',
                            entityId: issued?.id ?? null,
                            after: {
                                loan_reference: loan.loan.loanReference,
                                imei: device.imei,
                                challenge: body.challenge,
                                expires_at: iso(expiresAt),
                            },
                        },
                    };
                },
                { conflicts: { offline_pins_challenge_key: pinUsed } },
            );
        },
        { status: 201 },
    );

    mount(app, confirmLockActivation, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        const answer = (status: string, device: DeviceRow) => ({
            loan_reference: loan.loan.loanReference,
            loan_status: status,
            confirmed: status === 'active',
            device: toDeviceLock(device),
        });
        if (loan.loan.status === 'active') return answer('active', loan.device);
        if (loan.loan.status !== 'awaiting_lock') {
            throw new HttpError(
                409,
                'errors.loan_state',
                `The lock is activated once the deposit is paid; this loan is ${loan.loan.status}`,
                'loan_reference',
            );
        }
        return context.write(async tx => {
            const current = await lockedLoan(tx, loan.loan.id);
            const device = await lockedDevice(tx, loan.loan.id);
            const now = context.now();
            if (device.state === 'active' && current.status === 'awaiting_lock') {
                await tx
                    .update(loans)
                    .set({ status: moveLoan('awaiting_lock', 'active'), updatedAt: now })
                    .where(eq(loans.id, current.id));
                return {
                    result: answer('active', device),
                    audit: {
                        action: 'loans.activate',
                        entity: 'loans',
                        entityId: current.id,
                        before: { status: current.status },
                        after: { status: 'active' },
                    },
                };
            }
            if (device.state === 'pending' || (device.state === 'failed' && device.confirmedState === 'pending')) {
                if (device.lockSolution === 'vivo' && device.vivoAuthorizedAt === null) {
                    throw new HttpError(
                        409,
                        'errors.vivo_auth_required',
                        'The customer must first authorise the Vivo lock with their code',
                        'loan_reference',
                    );
                }
                const [updated] = await tx
                    .update(deviceLocks)
                    .set(commandChanges(device, 'activate', now))
                    .where(eq(deviceLocks.id, device.id))
                    .returning();
                if (!updated) throw new Error('The device could not be read back');
                return {
                    result: answer(current.status, updated),
                    audit: {
                        action: 'device_locks.activate',
                        entity: 'device_locks',
                        entityId: device.id,
                        before: { state: device.state },
                        after: { state: updated.state },
                    },
                };
            }
            // A command is in flight (or the lock failed on an active phone): nothing to do but wait and ask again.
            return {
                result: answer(current.status, device),
                audit: {
                    action: 'loans.check_lock',
                    entity: 'loans',
                    entityId: current.id,
                    after: { device_state: device.state },
                },
            };
        });
    });

    mount(app, sendVivoAuthCode, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        if (loan.loan.lockSolution !== 'vivo') throw notVivo();
        if (loan.device.vivoAuthorizedAt !== null || loan.device.state !== 'pending') {
            throw new HttpError(409, 'errors.device_state', 'This Vivo lock is already authorised', 'loan_reference');
        }
        const now = context.now();
        const code = newVivoCode();
        const expiresAt = new Date(now.getTime() + OTP.ttlMs);
        const msisdn = loan.msisdn;
        return context.write(async tx => {
            const current = await currentVivoCode(tx, loan.loan.id, now);
            if (current && current.sends >= OTP.maxSends)
                throw tooManyAttempts('Too many codes sent for this phone; wait and try again');
            await sendCodeToCustomer(tx, msisdn, code, now);
            let codeId: string;
            if (current) {
                // A new code replaces the last; the guesses made so far still count.
                codeId = current.id;
                await tx
                    .update(otps)
                    .set({ codeHash: codeHash(codeId, code), expiresAt, sends: current.sends + 1 })
                    .where(eq(otps.id, codeId));
            } else {
                codeId = randomUUID();
                await tx.insert(otps).values({
                    id: codeId,
                    purpose: VIVO_PURPOSE,
                    subject: vivoSubject(loan.loan.id),
                    adminId: context.session?.admin.id ?? null,
                    codeHash: codeHash(codeId, code),
                    expiresAt,
                    createdAt: now,
                });
            }
            return {
                result: { loan_reference: loan.loan.loanReference, sent_to: maskMsisdn(msisdn), expires_at: iso(expiresAt) },
                audit: {
                    action: 'otps.issue',
                    entity: 'otps',
                    entityId: codeId,
                    after: { purpose: VIVO_PURPOSE, loan_reference: loan.loan.loanReference, sent_to: maskMsisdn(msisdn) },
                },
            };
        });
    });

    mount(app, verifyVivoAuthCode, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        if (loan.loan.lockSolution !== 'vivo') throw notVivo();
        const outcome = await context.write(async (tx): Promise<Written<VivoOutcome>> => {
            const now = context.now();
            const row = await currentVivoCode(tx, loan.loan.id, now);
            if (!row) throw codeExpired();
            if (row.attempts >= OTP.maxAttempts) throw tooManyAttempts('Too many wrong codes; send a new one later');
            const right = sameHash(codeHash(row.id, body.code), row.codeHash);
            await tx
                .update(otps)
                .set({ attempts: row.attempts + 1, ...(right ? { usedAt: now } : {}) })
                .where(eq(otps.id, row.id));
            if (!right) {
                return {
                    result: { kind: 'wrong' },
                    audit: {
                        action: 'otps.reject',
                        entity: 'otps',
                        entityId: row.id,
                        after: { purpose: VIVO_PURPOSE, attempts: row.attempts + 1 },
                    },
                };
            }
            const device = await lockedDevice(tx, loan.loan.id);
            const changes = device.state === 'pending' ? commandChanges(device, 'activate', now) : {};
            const [updated] = await tx
                .update(deviceLocks)
                .set({ ...changes, vivoAuthorizedAt: now, updatedAt: now })
                .where(eq(deviceLocks.id, device.id))
                .returning();
            if (!updated) throw new Error('The device could not be read back');
            return {
                result: { kind: 'authorized', device: updated },
                audit: [
                    { action: 'otps.use', entity: 'otps', entityId: row.id, after: { purpose: VIVO_PURPOSE } },
                    {
                        action: 'device_locks.vivo_authorize',
                        entity: 'device_locks',
                        entityId: device.id,
                        before: { state: device.state },
                        after: { state: updated.state },
                    },
                ],
            };
        });
        if (outcome.kind === 'wrong') throw new HttpError(400, 'errors.otp_invalid', 'Wrong code', 'code');
        return { loan_reference: loan.loan.loanReference, device: toDeviceLock(outcome.device) };
    });

    mount(app, releaseDevice, async ({ body }, context) => {
        const loan = await freshLoan(context, body.loan_reference);
        checkOwnShopLoan(context, loan.loan);
        return context.write(async tx => {
            const current = await lockedLoan(tx, loan.loan.id);
            if (current.status !== 'active' && current.status !== 'completed') {
                throw new HttpError(
                    409,
                    'errors.loan_state',
                    `Only a paid-off loan's phone is released; this loan is ${current.status}`,
                    'loan_reference',
                );
            }
            if (current.balance > 0)
                throw new HttpError(409, 'errors.balance_outstanding', 'The loan still has a balance to pay', 'loan_reference');
            const device = await lockedDevice(tx, current.id);
            const now = context.now();
            const [updated] = await tx
                .update(deviceLocks)
                .set(commandChanges(device, 'complete', now))
                .where(eq(deviceLocks.id, device.id))
                .returning();
            if (!updated) throw new Error('The device could not be read back');
            return {
                result: {
                    loan_reference: current.loanReference,
                    loan_status: current.status,
                    balance: current.balance,
                    currency: CURRENCY,
                    device: toDeviceLock(updated),
                },
                audit: {
                    action: 'device_locks.complete',
                    entity: 'device_locks',
                    entityId: device.id,
                    before: { state: device.state },
                    after: { state: updated.state, loan_reference: current.loanReference },
                },
            };
        });
    });
};
