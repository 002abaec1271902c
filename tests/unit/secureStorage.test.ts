import AES from 'crypto-js/aes';
import { describe, expect, it, vi } from 'vitest';
import { settings } from '../../src/config';
import { decode, encode, secureStorage } from '../../src/lib/secureStorage';

/** The device the values are written on; a test moves them to another one. */
const device = vi.hoisted((): { fingerprint: string | null } => ({ fingerprint: 'device-a' }));
vi.mock('../../src/lib/fingerprint', () => ({ deviceFingerprint: () => device.fingerprint }));

const storageKey = (name: string) => `${settings.secureStoragePrefix}${name}`;
const raw = (name: string) => localStorage.getItem(storageKey(name));
const writeRaw = (name: string, value: string) => localStorage.setItem(storageKey(name), value);

/** Secure storage as a new page on a device of this fingerprint loads it (its keys derived anew). */
const fresh = async (fingerprint: string | null) => {
    device.fingerprint = fingerprint;
    vi.resetModules();
    return (await import('../../src/lib/secureStorage')).secureStorage;
};

/** `ciphertext.mac` as stored. */
const partsOf = (name: string) => {
    const [cipher = '', mac = ''] = raw(name)!.split('.');
    return { cipher, mac };
};

/** The base64 text with one of its bytes changed (its lowest bit, unless told which). */
const flipByte = (base64: string, at: number, mask = 0x01) => {
    const bytes = atob(base64);
    return btoa(bytes.slice(0, at) + String.fromCharCode(bytes.charCodeAt(at) ^ mask) + bytes.slice(at + 1));
};

/** The hex text with its first byte changed. */
const flipHexByte = (hex: string) => (parseInt(hex.slice(0, 2), 16) ^ 0x01).toString(16).padStart(2, '0') + hex.slice(2);

describe('secure storage', () => {
    it('gives back each kind of value as it was stored', () => {
        const values = {
            object: { a: 1, nested: { b: [1, 2] } },
            list: [1, 'two'],
            yes: true,
            no: false,
            count: 42.5,
            zero: 0,
            text: 'héllo',
            empty: '',
        };
        for (const [name, value] of Object.entries(values)) secureStorage.set(name, value);
        for (const [name, value] of Object.entries(values)) expect(secureStorage.get(name)).toEqual(value);
    });

    it('marks the plaintext with its type, so a number never comes back as a string', () => {
        expect(encode({ a: 1 })).toBe('o:{"a":1}');
        expect(encode(true)).toBe('b:true');
        expect(encode(7)).toBe('n:7');
        expect(encode('7')).toBe('s:7');
        expect(decode('n:7')).toBe(7);
        expect(decode('s:7')).toBe('7');
        expect(decode('b:1')).toBeNull();
        expect(decode('x:7')).toBeNull();
    });

    it('keeps nothing readable in local storage, and a MAC after the ciphertext', () => {
        secureStorage.set('session', { token: 'secret-token-value' });
        expect(raw('session')).not.toContain('secret-token-value');
        expect(raw('session')).toMatch(/^[A-Za-z0-9+/]+=*\.[0-9a-f]{64}$/);
    });

    it('reads a value with one byte of its ciphertext changed as absent, and forgets it', () => {
        secureStorage.set('session', { token: 'abc' });
        const { cipher, mac } = partsOf('session');
        // Byte 20: past OpenSSL's "Salted__" and the salt, inside the first encrypted block.
        writeRaw('session', `${flipByte(cipher, 20)}.${mac}`);
        expect(secureStorage.get('session')).toBeNull();
        expect(raw('session')).toBeNull();
    });

    it('reads a string with any bit of its last block changed as absent, though most of it would decrypt', () => {
        // AES-CBC alone does not check its padding here: a changed last block often just cuts the
        // string short, and that shorter string would read as genuine without the MAC.
        const text = 'a string of several blocks, so that most of it survives a changed last block';
        secureStorage.set('coords', text);
        const { cipher, mac } = partsOf('coords');
        const bytes = atob(cipher).length;
        const misread: string[] = [];
        for (let at = bytes - 16; at < bytes; at++) {
            for (let bit = 0; bit < 8; bit++) {
                writeRaw('coords', `${flipByte(cipher, at, 1 << bit)}.${mac}`);
                const value = secureStorage.get('coords');
                if (value !== null) misread.push(`byte ${at} bit ${bit}: ${JSON.stringify(value)}`);
            }
        }
        expect(misread).toEqual([]);
    });

    it('reads a value with one byte of its MAC changed as absent, and forgets it', () => {
        secureStorage.set('session', { token: 'abc' });
        const { cipher, mac } = partsOf('session');
        writeRaw('session', `${cipher}.${flipHexByte(mac)}`);
        expect(secureStorage.get('session')).toBeNull();
        expect(raw('session')).toBeNull();
    });

    it('reads a value without a MAC, or with a cut one, as absent', () => {
        secureStorage.set('session', { token: 'abc' });
        const { cipher, mac } = partsOf('session');
        writeRaw('session', cipher);
        expect(secureStorage.get('session')).toBeNull();
        writeRaw('session', `${cipher}.${mac.slice(0, 32)}`);
        expect(secureStorage.get('session')).toBeNull();
        writeRaw('session', `${cipher}.`);
        expect(secureStorage.get('session')).toBeNull();
    });

    it('reads a value copied under another name as absent', () => {
        secureStorage.set('roles', { group_id: 1, codes: ['VIEW_USERS'] });
        writeRaw('session', raw('roles')!);
        expect(secureStorage.get('session')).toBeNull();
        expect(secureStorage.get('roles')).toEqual({ group_id: 1, codes: ['VIEW_USERS'] });
    });

    it('reads a value written under another device fingerprint as absent', async () => {
        secureStorage.set('session', { token: 'abc' });
        try {
            // The same device, with its keys derived anew, still reads it...
            expect((await fresh('device-a')).get('session')).toEqual({ token: 'abc' });
            // ...another one does not, and forgets it.
            expect((await fresh('device-b')).get('session')).toBeNull();
            expect(raw('session')).toBeNull();
        } finally {
            device.fingerprint = 'device-a';
        }
    });

    it('in a page that cannot tell its device (torn down), reads nothing, forgets nothing and writes nothing', async () => {
        secureStorage.set('session', { token: 'abc' });
        const kept = raw('session');
        try {
            const leaving = await fresh(null);
            expect(leaving.get('session')).toBeNull();
            expect(raw('session')).toBe(kept);
            expect(leaving.trySet('session', { token: 'other' })).toBe(false);
            expect(raw('session')).toBe(kept);
            // The next page in the tab reads it as it was.
            expect((await fresh('device-a')).get('session')).toEqual({ token: 'abc' });
        } finally {
            device.fingerprint = 'device-a';
        }
    });

    it('reads a value of the old format (AES without a MAC) as absent', () => {
        writeRaw('session', AES.encrypt('o:{"token":"x"}', 'another-device').toString());
        expect(secureStorage.get('session')).toBeNull();
    });

    it('reads garbage and plain text as absent without throwing', () => {
        writeRaw('a', 'not encrypted at all');
        writeRaw('b', '');
        writeRaw('c', '.');
        expect(secureStorage.get('a')).toBeNull();
        expect(secureStorage.get('b')).toBeNull();
        expect(secureStorage.get('c')).toBeNull();
        expect(secureStorage.get('never-set')).toBeNull();
    });
});
