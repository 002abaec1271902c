import AES from 'crypto-js/aes';
import { describe, expect, it } from 'vitest';
import { decode, encode, secureStorage } from '../../src/lib/secureStorage';
import { settings } from '../../src/config';

const raw = (name: string) => localStorage.getItem(`${settings.secureStoragePrefix}${name}`);

describe('secure storage', () => {
    it('gives back each kind of value as it was stored', () => {
        const values = { object: { a: 1, nested: { b: [1, 2] } }, list: [1, 'two'], yes: true, no: false, count: 42.5, zero: 0, text: 'héllo', empty: '' };
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

    it('keeps nothing readable in local storage', () => {
        secureStorage.set('session', { token: 'secret-token-value' });
        expect(raw('session')).not.toContain('secret-token-value');
    });

    it('reads a tampered value as absent, and forgets it', () => {
        secureStorage.set('session', { token: 'abc' });
        const cipher = raw('session')!;
        localStorage.setItem(`${settings.secureStoragePrefix}session`, cipher.slice(0, -6) + 'AAAAAA');
        expect(secureStorage.get('session')).toBeNull();
        expect(raw('session')).toBeNull();
    });

    it('reads a value written with another key (another device) as absent', () => {
        localStorage.setItem(`${settings.secureStoragePrefix}session`, AES.encrypt('o:{"token":"x"}', 'another-device').toString());
        expect(secureStorage.get('session')).toBeNull();
    });

    it('reads garbage and plain text as absent without throwing', () => {
        localStorage.setItem(`${settings.secureStoragePrefix}a`, 'not encrypted at all');
        localStorage.setItem(`${settings.secureStoragePrefix}b`, '');
        expect(secureStorage.get('a')).toBeNull();
        expect(secureStorage.get('b')).toBeNull();
        expect(secureStorage.get('never-set')).toBeNull();
    });
});
