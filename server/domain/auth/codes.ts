/** Secrets handed to clients (tokens, one-time codes) and how the server keeps only their hashes. */
import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every signed-in request hashes its token: the one-shot `hash` skips a Hash object's set-up. */
export const hashToken = (token: string) => hash('sha256', token, 'hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** A one-time code bound to its sign-in, so a hash is useless for another auth_id. */
export const codeHash = (authId: string, code: string) => createHmac('sha256', authId).update(code).digest('hex');
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const maskMsisdn = (msisdn: string) => `•••${msisdn.slice(-3)}`;
