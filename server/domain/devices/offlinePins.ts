/**
 * Offline unlock PINs (contract/devices.ts `offlineUnlockPin`): a PIN staff read to a customer
 * whose locked phone has no connection, bound to the challenge the phone shows, working once until
 * it expires; and the phone's side, redeeming it (the development stand-in, ./phoneStandIns.ts).
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { offlineUnlockPin } from '../../../contract/devices';
import type { Transaction } from '../../db';
import { deviceLocks, offlinePins } from '../../db/schema';
import { HttpError, mount } from '../../http';
import { iso } from '../../wire';
import type { AuditEntry, Written } from '../../write';
import { codeHash, sameHash } from '../auth/codes';
import { checkOwnShopLoan, nextDeviceState } from '../records';
import { freshLoan, lockedDevice, newChallenge } from './commands';

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
    // The phone's lock, then locked with its loan first (lockedDevice), and still this phone's.
    const [found] = await tx
        .select({ loanId: deviceLocks.loanId })
        .from(deviceLocks)
        .where(eq(deviceLocks.imei, imei))
        .orderBy(desc(deviceLocks.id))
        .limit(1);
    const locked = found ? await lockedDevice(tx, found.loanId) : undefined;
    const device = locked?.imei === imei ? locked : undefined;
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

export const registerOfflinePinRoutes = (app: FastifyInstance): void => {
    mount(app, offlineUnlockPin, async ({ body }, context) => {
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
                    throw new HttpError(409, 'errors.challenge_mismatch', 'This is not the code the phone shows', 'challenge');
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
    });
};
