/**
 * Passwords: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` so the cost can rise
 * later without invalidating existing hashes.
 */
import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

/** The cost every password is hashed at: about 130 ms of a core and 32 MiB. */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 1, keyLength: 64 };
const SCRYPT_MAX_MEMORY = 256 * 1024 * 1024;

const scryptAsync = (password: string, salt: Buffer, keyLength: number, N: number, r: number, p: number) =>
    new Promise<Buffer>((resolve, reject) =>
        scrypt(password, salt, keyLength, { N, r, p, maxmem: SCRYPT_MAX_MEMORY }, (error, key) =>
            error ? reject(error) : resolve(key),
        ),
    );

/**
 * A password's hash at SCRYPT's cost. `N` is for the server tests' seeded template alone
 * (tests/server/template.ts), whose demo accounts sign in a thousand times a run: the server
 * always hashes at SCRYPT.N, and verifies at whatever cost a hash names.
 */
export const hashPassword = async (password: string, N: number = SCRYPT.N): Promise<string> => {
    const salt = randomBytes(16);
    const key = await scryptAsync(password, salt, SCRYPT.keyLength, N, SCRYPT.r, SCRYPT.p);
    return ['scrypt', N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
};

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
    const [scheme, nText, rText, pText, saltText, keyText] = stored.split('$');
    const [N, r, p] = [Number(nText), Number(rText), Number(pText)];
    const sane = N >= 2 && N <= 2 ** 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
    if (scheme !== 'scrypt' || !saltText || !keyText || !sane) return false;
    const expected = Buffer.from(keyText, 'base64url');
    const actual = await scryptAsync(password, Buffer.from(saltText, 'base64url'), expected.length, N, r, p);
    return timingSafeEqual(actual, expected);
};

// Unknown usernames are checked against this, so they take as long as known ones.
let dummyHash: Promise<string> | undefined;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * What a temporary password is made of: lowercase letters and digits that cannot be mistaken for
 * one another when read aloud or copied by hand (no 0/o, 1/l/i).
 */
const TEMPORARY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const TEMPORARY_GROUPS = 4;
const TEMPORARY_GROUP_LENGTH = 5;

/**
 * A temporary password for an administrator's reset: 20 characters drawn uniformly by the
 * system's cryptographic generator (about 99 bits), in groups of five (`k7m2q-…`) to read out.
 */
export const temporaryPassword = (): string =>
    Array.from({ length: TEMPORARY_GROUPS }, () =>
        Array.from({ length: TEMPORARY_GROUP_LENGTH }, () => TEMPORARY_ALPHABET[randomInt(TEMPORARY_ALPHABET.length)]).join(''),
    ).join('-');
