/**
 * The costly password hash runs only for requests that pass the cheap checks: a refused
 * registration or a throttled flood of sign-ins costs a small query, never scrypt, so neither can
 * slow a real sign-in down. The hashing functions are wrapped to count their calls.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../contract/auth';
import { register, registrationOptions } from '../../contract/registration';
import { REGISTRATIONS_PER_SOURCE_PER_HOUR } from '../../server/domain/registration';
import { startTestServer, type TestServer } from './harness';

const counted = vi.hoisted(() => ({ hashes: 0, verifications: 0 }));
vi.mock('../../server/domain/auth/passwords', async importOriginal => {
    const original = await importOriginal<typeof import('../../server/domain/auth/passwords')>();
    return {
        ...original,
        hashPassword: (password: string) => {
            counted.hashes += 1;
            return original.hashPassword(password);
        },
        verifyPassword: (password: string, stored: string) => {
            counted.verifications += 1;
            return original.verifyPassword(password, stored);
        },
    };
});

let server: TestServer;
let soweto = 0;
beforeAll(async () => {
    server = await startTestServer();
    soweto = (await server.call(registrationOptions)).body.stores.find(store => store.name === 'Soweto Central')?.id ?? 0;
});
afterAll(() => server?.close());
beforeEach(() => {
    counted.hashes = 0;
    counted.verifications = 0;
    server.clock.advance(2 * 60 * 60_000);
});

let serial = 0;
const registration = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
        username: `costly.${serial}`,
        first_name: 'Lerato',
        last_name: 'Dlamini',
        msisdn: `2783300${String(serial).padStart(4, '0')}`,
        store_id: soweto,
        password: 'a-long-password-1',
        ...overrides,
    };
};

describe('registration', () => {
    it('checks the username and the shop before hashing the password', async () => {
        const from = { remoteAddress: '192.0.2.10' };
        expect((await server.call(register, { body: registration({ username: 'admin' }), ...from })).status).toBe(409);
        expect((await server.call(register, { body: registration({ store_id: 999_999 }), ...from })).status).toBe(400);
        expect(counted.hashes).toBe(0);
        expect((await server.call(register, { body: registration(), ...from })).status).toBe(201);
        expect(counted.hashes).toBe(1);
    });

    it(`takes ${REGISTRATIONS_PER_SOURCE_PER_HOUR} registrations an hour from one source, then 429 without hashing`, async () => {
        const from = { remoteAddress: '192.0.2.11' };
        for (let attempt = 0; attempt < REGISTRATIONS_PER_SOURCE_PER_HOUR; attempt++) {
            expect((await server.call(register, { body: registration(), ...from })).status).toBe(201);
        }
        const hashesBefore = counted.hashes;
        const refused = await server.call(register, { body: registration(), ...from });
        expect(refused.status).toBe(429);
        expect(refused.error.key).toBe('errors.too_many_attempts');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(counted.hashes).toBe(hashesBefore);
        // Another source is not affected, and the first is free again an hour later.
        expect((await server.call(register, { body: registration(), remoteAddress: '192.0.2.12' })).status).toBe(201);
        server.clock.advance(60 * 60_000 + 1000);
        expect((await server.call(register, { body: registration(), ...from })).status).toBe(201);
    });
});

describe('a flood of sign-ins from one source', () => {
    it('reaches the password check at most 20 times, and a real sign-in from elsewhere still works', async () => {
        const from = '192.0.2.20';
        const flood = await Promise.all(
            Array.from({ length: 60 }, (_, n) =>
                server.call(login, { body: { username: `flood${n % 7}`, password: 'wrong-password' }, remoteAddress: from }),
            ),
        );
        expect(flood.filter(answer => answer.status === 429).length).toBe(40);
        expect(counted.verifications).toBe(20);
        const real = await server.call(login, {
            body: { username: 'maker', password: 'demo-pass-2026' },
            remoteAddress: '192.0.2.21',
        });
        expect(real.status).toBe(200);
    });
});
