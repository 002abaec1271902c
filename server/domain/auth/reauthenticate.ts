/**
 * Re-authentication: a change to one's own account that would hand it to whoever found a
 * signed-in screen (the phone the sign-in codes go to, turning the second factor off) asks for the
 * current password again. It is checked as a sign-in is: the slow hash outside any transaction,
 * counted against the sign-in throttle of the username from the source, so a signed-in screen is
 * no way to guess the password, and a wrong or throttled one is audited. A right one settles its
 * attempt at once, in its own small write: the change may still be refused (a phone number taken,
 * the password changed meanwhile), and a right password must never be left counting as a guess.
 * The change's own write then checks, with the account's row locked, that the password proved is
 * still the account's (settleReauthentication).
 */
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db';
import { admins } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import type { AuditEntry } from '../../write';
import { verifyPassword } from './passwords';
import { reserveSignInAttempt, settleSignInAttempt, tooManyAttempts } from './throttle';

/** The current password was typed right: the hash it matched. */
export interface CurrentPasswordProof {
    passwordHash: string;
}

export const currentPasswordRequired = () =>
    new HttpError(400, 'errors.current_password_required', 'This change needs your current password', 'current_password');

/**
 * The audit events of a current-password check: `<as>_throttled` and `<as>_failed`; the change's own
 * write records the success (`admins.reauthenticate` beside it, or the password change itself).
 */
type CheckedAs = 'admins.reauthenticate' | 'admins.change_password';

/**
 * Checks the signed-in user's current password for a change to `what` (the fields it changes),
 * before that change's write: one's own password change, and the changes that need re-authentication.
 */
export const confirmCurrentPassword = async (
    context: CallContext,
    password: string | undefined,
    what: readonly string[],
    checkedAs: CheckedAs = 'admins.reauthenticate',
): Promise<CurrentPasswordProof> => {
    const session = context.session;
    if (!session) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
    // Nothing typed is no guess: refused without counting.
    if (password === undefined) throw currentPasswordRequired();
    const { admin } = session;

    const reservation = await reserveSignInAttempt(context.db, admin.username, context.source, context.now());
    if (reservation.retryAfter > 0) {
        await context.write(async () => ({
            result: undefined,
            audit: {
                action: `${checkedAs}_throttled`,
                entity: 'admins',
                entityId: admin.id,
                after: { for: what, source: context.source, retry_after: reservation.retryAfter },
            },
        }));
        throw tooManyAttempts('Too many wrong passwords; try again later', reservation.retryAfter);
    }

    const [stored] = await context.db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id));
    if (!stored) throw new HttpError(401, 'errors.not_signed_in', 'Sign in to continue');
    if (!(await verifyPassword(password, stored.passwordHash))) {
        await context.write(async tx => {
            await settleSignInAttempt(tx, reservation.attemptId, 'bad_credentials');
            return {
                result: undefined,
                audit: {
                    action: `${checkedAs}_failed`,
                    entity: 'admins',
                    entityId: admin.id,
                    after: { for: what, reason: 'wrong_current_password', source: context.source },
                },
            };
        });
        throw new HttpError(400, 'errors.wrong_current_password', 'The current password is not right', 'current_password');
    }
    await context.db.transaction(tx => settleSignInAttempt(tx, reservation.attemptId, 'ok'));
    return { passwordHash: stored.passwordHash };
};

/**
 * Inside the change's write, the account's row locked: the password proved is still the account's
 * (a change or reset meanwhile makes it a 409).
 * Answers the audit event to record with the change.
 */
export const settleReauthentication = async (
    tx: Transaction,
    adminId: number,
    proof: CurrentPasswordProof,
    what: readonly string[],
): Promise<AuditEntry> => {
    const [row] = await tx.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, adminId));
    if (!row || row.passwordHash !== proof.passwordHash) {
        throw new HttpError(409, 'errors.conflict', 'The password was changed meanwhile; sign in again');
    }
    return { action: 'admins.reauthenticate', entity: 'admins', entityId: adminId, after: { for: what } };
};
