/**
 * Values kept in local storage, encrypted (spec §7): AES keyed by the device fingerprint plus the
 * configured secret, the plaintext marked with its type (object, boolean, number, string), then
 * an HMAC-SHA256 over the value's name and ciphertext (encrypt-then-MAC), so a value changed,
 * moved to another name or written on another device is detected before it is decrypted. Such a
 * value, or one otherwise unreadable, reads as absent (and is removed), never as an error.
 * Without a fingerprint (lib/fingerprint.ts: a page being torn down) there are no keys: values
 * read as absent and are left as they are, and nothing is written.
 *
 * The secret ships inside the bundle: this hides values from a casual look and detects values
 * changed outside the portal; it does not protect them from a script running in the page.
 */
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import HmacSHA256 from 'crypto-js/hmac-sha256';
import { settings } from '../config';
import { deviceFingerprint } from './fingerprint';

type StoredValue = Record<string, unknown> | unknown[] | boolean | number | string;
type TypeName = 'object' | 'boolean' | 'number' | 'string';

const TYPE_PREFIX: Record<TypeName, string> = { object: 'o:', boolean: 'b:', number: 'n:', string: 's:' };

interface Keys {
    encryption: string;
    mac: string;
}

let keys: Keys | undefined;
/** Two keys from one passphrase, each under its own label, so neither reveals the other; none without a fingerprint. */
const keysOf = (): Keys | null => {
    if (!keys) {
        const fingerprint = deviceFingerprint();
        if (fingerprint === null) return null;
        const passphrase = `${fingerprint}:${settings.secureStorageSecret}`;
        keys = {
            encryption: HmacSHA256('pfp.secure-storage.encryption', passphrase).toString(),
            mac: HmacSHA256('pfp.secure-storage.mac', passphrase).toString(),
        };
    }
    return keys;
};

/** Stored as `ciphertext.mac`; base64 never holds a dot. */
const MAC_SEPARATOR = '.';

/** The MAC names the value too, so a value copied under another name does not verify. */
const macOf = (name: string, cipher: string, { mac }: Keys) => HmacSHA256(`${name}${MAC_SEPARATOR}${cipher}`, mac).toString();

/** Compares every character whatever the first difference, so timing does not tell how much of a MAC was right. */
const sameText = (a: string, b: string): boolean => {
    if (a.length !== b.length) return false;
    let difference = 0;
    for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
    return difference === 0;
};

/** The plaintext of a stored value whose MAC verifies, or '' for anything else. */
const unseal = (name: string, stored: string, sealed: Keys): string => {
    const separator = stored.lastIndexOf(MAC_SEPARATOR);
    if (separator < 0) return '';
    const cipher = stored.slice(0, separator);
    if (!sameText(stored.slice(separator + 1), macOf(name, cipher, sealed))) return '';
    try {
        return AES.decrypt(cipher, sealed.encryption).toString(Utf8);
    } catch {
        return '';
    }
};

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
        // Storage full or disabled (private mode): the value simply is not kept.
        this.trySet(name, value);
    },

    /** As `set`, answering whether the value was kept: a caller that promised to keep it must know. */
    trySet(name: string, value: StoredValue): boolean {
        const sealed = keysOf();
        if (!sealed) return false;
        try {
            const cipher = AES.encrypt(encode(value), sealed.encryption).toString();
            localStorage.setItem(storageKey(name), `${cipher}${MAC_SEPARATOR}${macOf(name, cipher, sealed)}`);
            return true;
        } catch {
            return false;
        }
    },

    get(name: string): StoredValue | null {
        let stored: string | null = null;
        try {
            stored = localStorage.getItem(storageKey(name));
        } catch {
            return null;
        }
        if (stored === null) return null;
        // Unverifiable for now, not forged: left for the page that can read it.
        const sealed = keysOf();
        if (!sealed) return null;
        const plain = unseal(name, stored, sealed);
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
