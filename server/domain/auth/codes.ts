/** Secrets handed to clients (tokens, one-time codes) and how the server keeps only their hashes. */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** A one-time code bound to its sign-in, so a hash is useless for another auth_id. */
export const codeHash = (authId: string, code: string) => createHmac('sha256', authId).update(code).digest('hex');
export const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const maskMsisdn = (msisdn: string) => `•••${msisdn.slice(-3)}`;
