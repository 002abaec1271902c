/**
 * Signing in with a username and password: throttled per account and source (or per device token,
 * when the browser presents one for this username) before the costly hash, then a session and a
 * fresh device token, or a code for the staff second factor when the account asks for one.
 */
import { eq } from 'drizzle-orm';
import { admins } from '../../db/schema';
import { HttpError, type CallContext } from '../../http';
import type { Written } from '../../write';
import { issueDeviceToken, presentedDevice } from './devices';
import { issueSignInOtp, tooManyCodes, type OtpIssue } from './otp';
import { alsoAudited, requireChangeOfWeakPassword } from './passwordRules';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { openSession, type SignedIn } from './sessions';
import { reserveSignInAttempt, settleSignInAttempt, tooManyAttempts } from './throttle';

type Outcome =
    { kind: 'signed_in'; result: SignedIn; passwordHash: string } | OtpIssue | { kind: 'invalid' } | { kind: 'not_active' };

const invalidCredentials = () => new HttpError(401, 'errors.invalid_credentials', 'Wrong username or password');

export const passwordSignIn = async (body: { username: string; password: string }, context: CallContext) => {
    const { db, settings } = context;
    const username = body.username;

    const device = await presentedDevice(context, username);
    const reservation = await reserveSignInAttempt(db, username, context.source, context.now(), device);
    if (reservation.retryAfter > 0) {
        await context.write(async () => ({
            result: undefined,
            audit: {
                action: 'sessions.sign_in_throttled',
                entity: 'sessions',
                after: { username, source: context.source, device: device !== null, retry_after: reservation.retryAfter },
            },
        }));
        throw tooManyAttempts('Too many failed sign-in attempts; try again later', reservation.retryAfter);
    }

    // The slow hash runs outside any transaction, so it holds no connection or lock.
    const [admin] = await db
        .select({
            id: admins.id,
            status: admins.status,
            otpEnabled: admins.otpEnabled,
            msisdn: admins.msisdn,
            passwordHash: admins.passwordHash,
        })
        .from(admins)
        .where(eq(admins.username, username))
        .limit(1);
    const passwordRight = await verifyPassword(body.password, admin?.passwordHash ?? (await dummyPasswordHash()));

    const outcome = await context.write(async (tx): Promise<Written<Outcome>> => {
        const now = context.now();
        if (!admin || !passwordRight) {
            await settleSignInAttempt(tx, reservation.attemptId, 'bad_credentials');
            return {
                result: { kind: 'invalid' },
                audit: {
                    action: 'sessions.sign_in_failed',
                    entity: 'sessions',
                    after: { username, method: 'password', reason: 'bad_credentials', source: context.source },
                },
            };
        }
        if (admin.status !== 'active') {
            await settleSignInAttempt(tx, reservation.attemptId, 'not_active');
            return {
                result: { kind: 'not_active' },
                audit: {
                    actorAdminId: admin.id,
                    action: 'sessions.sign_in_failed',
                    entity: 'sessions',
                    after: { username, method: 'password', reason: 'not_active', status: admin.status },
                },
            };
        }
        // The password is right: one that breaks today's rules is to be changed before anything else.
        const weak = await requireChangeOfWeakPassword(tx, admin.id, username, body.password);
        if (admin.otpEnabled) {
            await settleSignInAttempt(tx, reservation.attemptId, 'otp_sent');
            return alsoAudited(await issueSignInOtp(tx, context, admin), weak);
        }
        await settleSignInAttempt(tx, reservation.attemptId, 'ok');
        const result = await openSession(tx, settings, admin.id, now);
        return alsoAudited(
            {
                result: { kind: 'signed_in', result, passwordHash: admin.passwordHash },
                audit: {
                    actorAdminId: admin.id,
                    action: 'sessions.sign_in',
                    entity: 'sessions',
                    after: { username, method: 'password' },
                },
            },
            weak,
        );
    });

    switch (outcome.kind) {
        case 'invalid':
            throw invalidCredentials();
        case 'not_active':
            throw new HttpError(403, 'errors.account_not_active', 'This account is not active yet or has been disabled');
        case 'sms_limit':
            throw tooManyCodes(outcome.retryAfter);
        case 'otp':
            return { otp_required: true as const, auth_id: outcome.authId, sent_to: outcome.sentTo };
        case 'signed_in':
            await issueDeviceToken(context, username, outcome.passwordHash);
            return outcome.result;
    }
};
