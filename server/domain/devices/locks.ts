/**
 * The lock's own calls (contract/devices.ts): each device's state, locking and unlocking by hand,
 * activating the lock once the deposit is paid (which makes the loan active), and releasing a
 * paid-off phone.
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CURRENCY } from '../../../contract/customers';
import { confirmLockActivation, deviceLockCommand, deviceLockType, releaseDevice } from '../../../contract/devices';
import { deviceLocks, loans } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { checkOwnShopLoan, moveLoan, toDeviceLock, visibleCustomer, type DeviceRow } from '../records';
import { commandChanges, freshLoan, lockedDevice, lockedLoan, refreshDevices, sendCommand } from './commands';

export const registerLockRoutes = (app: FastifyInstance): void => {
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
