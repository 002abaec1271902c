/**
 * Sign-in device tokens (OWASP's "device cookies"): a browser that signed in as a user gets a token
 * for that user, signed by the server, which later sign-ins as that user present. Throttling counts
 * such an attempt against the token alone (throttle.ts), so staff whose browsers are known are not
 * shut out by failures from their office's shared address or from other devices.
 *
 * The token is `<id>.<expiry in seconds>.<HMAC-SHA256 of username, id, expiry and a SHA-256 of the
 * user's password hash>`: nothing is stored for it, and it is valid only for the username it was
 * signed for and while that user's password is the one it was issued under. A reset by an
 * administrator or one's own change (a new hash, new salt) therefore revokes every token of the
 * user, and a disabled or deleted account's tokens are refused. It lives in an HttpOnly,
 * SameSite=Strict cookie (Secure over HTTPS and in production) sent only to the sign-in calls,
 * named by a keyed hash of the username so one browser keeps a token per user without naming them.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_BASE } from '../../../contract';
import { login } from '../../../contract/auth';
import { admins } from '../../db/schema';
import type { CallContext } from '../../http';
import { storedSecret } from '../../secrets';

/** How long a browser stays known after its last sign-in there. */
const DEVICE_TOKEN_TTL_SECONDS = 180 * 24 * 3600;
const SECRET_NAME = 'device_token_key';
const COOKIE_PATH = API_BASE + login.path;
const TOKEN = /^([A-Za-z0-9_-]{22})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The key from DEVICE_TOKEN_SECRET, else the one kept in the database (made by the first instance that needs it). */
const storedKey = storedSecret(SECRET_NAME);

const deviceKey = (context: CallContext): Promise<Buffer> =>
    context.settings.deviceTokenSecret
        ? Promise.resolve(Buffer.from(context.settings.deviceTokenSecret))
        : storedKey(context.db, context.now());

const mac = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\0')).digest('base64url');

/** What binds a token to the password it was issued under: never the hash itself, which stays out of the MAC's input. */
const passwordBinding = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url');

const tokenMac = (key: Buffer, username: string, id: string, expiry: string, passwordHash: string) =>
    mac(key, 'device', username, id, expiry, passwordBinding(passwordHash));

const cookieName = (key: Buffer, username: string) => `pfp_device_${mac(key, 'cookie-name', username).slice(0, 16)}`;

const cookieValue = (header: string | undefined, name: string): string | undefined => {
    for (const pair of (header ?? '').split(';')) {
        const at = pair.indexOf('=');
        if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
    }
    return undefined;
};

/**
 * The id of the valid, unexpired device token this request presents for `username`, or null. The
 * account is read only when a well-formed token is presented: signed under its current password
 * and active, or the token is none (an unknown username has nothing to verify against).
 */
export const presentedDevice = async (context: CallContext, username: string): Promise<string | null> => {
    const header = context.request.headers.cookie;
    if (!header) return null;
    const key = await deviceKey(context);
    const match = TOKEN.exec(cookieValue(header, cookieName(key, username)) ?? '');
    if (!match) return null;
    const [, id = '', expiry = '', signature = ''] = match;
    if (Number(expiry) * 1000 <= context.now().getTime()) return null;
    const [account] = await context.db
        .select({ status: admins.status, passwordHash: admins.passwordHash })
        .from(admins)
        .where(eq(admins.username, username))
        .limit(1);
    if (!account || account.status !== 'active') return null;
    const expected = tokenMac(key, username, id, expiry, account.passwordHash);
    return timingSafeEqual(Buffer.from(signature), Buffer.from(expected)) ? id : null;
};

/**
 * A successful sign-in as `username`: the answer sets a fresh device token for it, bound to
 * `passwordHash`, the password hash the sign-in found on the account.
 */
export const issueDeviceToken = async (context: CallContext, username: string, passwordHash: string): Promise<void> => {
    const key = await deviceKey(context);
    const id = randomBytes(16).toString('base64url');
    const expiry = String(Math.floor(context.now().getTime() / 1000) + DEVICE_TOKEN_TTL_SECONDS);
    const token = `${id}.${expiry}.${tokenMac(key, username, id, expiry, passwordHash)}`;
    // In production the portal is served over HTTPS even when a proxy's protocol is not believed (no TRUST_PROXY).
    const secure = context.request.protocol === 'https' || context.settings.production ? '; Secure' : '';
    context.reply.header(
        'set-cookie',
        `${cookieName(key, username)}=${token}; Path=${COOKIE_PATH}; Max-Age=${DEVICE_TOKEN_TTL_SECONDS}; HttpOnly; SameSite=Strict${secure}`,
    );
};
