/**
 * Values kept in local storage, encrypted (spec §7): AES keyed by the device fingerprint plus the
 * configured secret, the plaintext marked with its type (object, boolean, number, string). A value
 * that was tampered with, written on another device or is otherwise unreadable reads as absent
 * (and is removed), never as an error.
 */
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { settings } from '../config';
import { deviceFingerprint } from './fingerprint';

export type StoredValue = Record<string, unknown> | unknown[] | boolean | number | string;
type TypeName = 'object' | 'boolean' | 'number' | 'string';

const TYPE_PREFIX: Record<TypeName, string> = { object: 'o:', boolean: 'b:', number: 'n:', string: 's:' };

let passphrase: string | undefined;
const key = () => (passphrase ??= `${deviceFingerprint()}:${settings.secureStorageSecret}`);

const storageKey = (name: string) => `${settings.secureStoragePrefix}${name}`;

const typeOf = (value: StoredValue): TypeName => {
    const type = typeof value;
    return type === 'boolean' || type === 'number' || type === 'string' ? type : 'object';
};

/** Plaintext form: type prefix + serialised value. Exported for tests. */
export const encode = (value: StoredValue): string => {
    const type = typeOf(value);
    return TYPE_PREFIX[type] + (type === 'string' ? (value as string) : JSON.stringify(value));
};

export const decode = (plain: string): StoredValue | null => {
    const body = plain.slice(2);
    try {
        switch (plain.slice(0, 2)) {
            case TYPE_PREFIX.string:
                return body;
            case TYPE_PREFIX.number: {
                const n = JSON.parse(body) as unknown;
                return typeof n === 'number' ? n : null;
            }
            case TYPE_PREFIX.boolean: {
                const b = JSON.parse(body) as unknown;
                return typeof b === 'boolean' ? b : null;
            }
            case TYPE_PREFIX.object: {
                const o = JSON.parse(body) as unknown;
                return o !== null && typeof o === 'object' ? (o as StoredValue) : null;
            }
            default:
                return null;
        }
    } catch {
        return null;
    }
};

export const secureStorage = {
    set(name: string, value: StoredValue): void {
        try {
            localStorage.setItem(storageKey(name), AES.encrypt(encode(value), key()).toString());
        } catch {
            // Storage full or disabled (private mode): the value simply is not kept.
        }
    },

    get(name: string): StoredValue | null {
        let cipher: string | null = null;
        try {
            cipher = localStorage.getItem(storageKey(name));
        } catch {
            return null;
        }
        if (cipher === null) return null;
        let plain = '';
        try {
            plain = AES.decrypt(cipher, key()).toString(Utf8);
        } catch {
            plain = '';
        }
        const value = plain ? decode(plain) : null;
        if (value === null) this.remove(name);
        return value;
    },

    remove(name: string): void {
        try {
            localStorage.removeItem(storageKey(name));
        } catch {
            // nothing to do
        }
    },
};
