/**
 * Commands to a financed phone's lock and their answers: a command is requested at once
 * (`commandChanges`) and confirmed or failed by the lock provider later (`refreshDevices`, which
 * every reader of a device calls first). Every state change goes through `nextDeviceState`
 * (server/domain/records/lifecycles.ts).
 */
import { randomInt } from 'node:crypto';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { deviceLocks, loans } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import type { AuditEntry } from '../../write';
import {
    COMMAND_STATES,
    moveLoan,
    nextDeviceState,
    visibleLoan,
    type DeviceCommand,
    type DeviceRow,
    type SelectedLoan,
} from '../records';
import { LOCK_PROVIDERS } from './lockProviders';

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
        .select({ id: deviceLocks.id, loanId: deviceLocks.loanId })
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
            // A confirmation writes the loan (its copy of the lock state, its status): loans first.
            await lockLoansOf(
                tx,
                due.map(row => row.loanId),
            );
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
export const freshLoan = async (context: CallContext, loanReference: string): Promise<SelectedLoan & { device: DeviceRow }> => {
    const first = await visibleLoan(context, loanReference);
    await refreshDevices(context, [first.loan.id]);
    const loan = await visibleLoan(context, loanReference);
    if (!loan.device) throw new HttpError(409, 'errors.device_state', 'This loan has no device attached yet', 'loan_reference');
    return { ...loan, device: loan.device };
};

/**
 * Locks these loans, in id order, before their devices: a change of a lock's state writes its
 * loan's copy of it (migration 0045), and every write that holds both takes the loans before their
 * locks (the lending job, the approvals), so none waits for another's second row holding its first.
 */
const lockLoansOf = (tx: Transaction, loanIds: readonly number[]) =>
    tx
        .select({ id: loans.id })
        .from(loans)
        .where(inArray(loans.id, [...loanIds]))
        .orderBy(loans.id)
        .for('update');

/**
 * Inside a write: the device row of a loan, locked (its loan first, lockLoansOf), and re-read so a
 * parallel command cannot slip past.
 */
export const lockedDevice = async (tx: Transaction, loanId: number) => {
    await lockLoansOf(tx, [loanId]);
    const [device] = await tx.select().from(deviceLocks).where(eq(deviceLocks.loanId, loanId)).for('update');
    if (!device) throw new HttpError(409, 'errors.device_state', 'This loan has no device attached yet', 'loan_reference');
    return device;
};

export const lockedLoan = async (tx: Transaction, loanId: number) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    if (!loan) throw new Error('A loan vanished while it was changed');
    return loan;
};

/** Sends a command for a loan's device in one write, refusing what the lifecycle refuses. */
export const sendCommand = async (
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
