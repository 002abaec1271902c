import { describe, expect, it } from 'vitest';
import { ASSUMED_OPEN_FILE_LIMIT, connectionCeiling, openFileLimit } from '../../server/connections';
import {
    DEFAULT_CONNECTIONS_PER_SOURCE,
    DEFAULT_DATABASE_POOL_SIZE,
    devToolsWarning,
    isLoopbackAddress,
    loadSettings,
    parseDuration,
    SettingsError,
} from '../../server/settings';

describe('settings from the environment', () => {
    it('has working defaults', () => {
        const settings = loadSettings({});
        expect(settings).toMatchObject({
            port: 8080,
            host: '127.0.0.1',
            dataDir: '.data',
            databaseUrl: undefined,
            sessionTtlSeconds: 8 * 3600,
            seedPassword: 'demo-pass-2026',
            devTools: true,
            production: false,
        });
        expect(settings.now()).toBeInstanceOf(Date);
    });

    it('turns development tools off in production unless asked for', () => {
        expect(loadSettings({ NODE_ENV: 'production' }).devTools).toBe(false);
        expect(loadSettings({ NODE_ENV: 'production', DEV_TOOLS: 'on' }).devTools).toBe(true);
        expect(loadSettings({ DEV_TOOLS: 'false' }).devTools).toBe(false);
    });

    it('turns development tools on by default only on a loopback address, and then for loopback callers only', () => {
        for (const host of ['127.0.0.1', '127.3.2.1', 'localhost', '::1', '[::1]']) {
            expect(loadSettings({ HOST: host }), host).toMatchObject({ devTools: true, devToolsLoopbackOnly: true });
        }
        for (const host of ['0.0.0.0', '::', '10.1.2.3', '192.168.0.10', 'portal.example', '128.0.0.1']) {
            expect(loadSettings({ HOST: host }).devTools, host).toBe(false);
        }
        // Asked for explicitly: on wherever the server listens, for every caller, and said loudly.
        const exposed = loadSettings({ HOST: '0.0.0.0', DEV_TOOLS: 'on' });
        expect(exposed).toMatchObject({ devTools: true, devToolsLoopbackOnly: false });
        expect(devToolsWarning(exposed)).toMatch(/development tools.*reachable from the network/i);
        expect(devToolsWarning(loadSettings({}))).toBeNull();
        expect(devToolsWarning(loadSettings({ HOST: '0.0.0.0' }))).toBeNull();
        expect(loadSettings({ DEV_TOOLS: 'on' }).devToolsLoopbackOnly).toBe(false);
    });

    it('knows a loopback address when it sees one', () => {
        for (const address of ['127.0.0.1', '127.255.0.9', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1', 'localhost']) {
            expect(isLoopbackAddress(address), address).toBe(true);
        }
        for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '::', '0.0.0.0', '1.127.0.0', 'localhost.example', '', undefined]) {
            expect(isLoopbackAddress(address), String(address)).toBe(false);
        }
    });

    it('trusts no proxy unless told, then the first hop or the listed addresses', () => {
        expect(loadSettings({}).trustProxy).toBe(false);
        expect(loadSettings({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
        expect(loadSettings({ TRUST_PROXY: 'on' }).trustProxy).toBe(true);
        expect(loadSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
        expect(loadSettings({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,::1, loopback' }).trustProxy).toEqual([
            '10.0.0.0/8',
            '192.168.1.7',
            '::1',
            'loopback',
        ]);
        expect(() => loadSettings({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
        expect(() => loadSettings({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
    });

    it('times out slow requests after REQUEST_TIMEOUT', () => {
        expect(loadSettings({}).requestTimeoutMs).toBe(30_000);
        expect(loadSettings({ REQUEST_TIMEOUT: '2m' }).requestTimeoutMs).toBe(120_000);
        expect(() => loadSettings({ REQUEST_TIMEOUT: 'never' })).toThrow(/REQUEST_TIMEOUT/);
    });

    it('caps connections below the open-file limit, per source, and closes idle ones after IDLE_TIMEOUT', () => {
        const ceiling = connectionCeiling(openFileLimit());
        expect(loadSettings({})).toMatchObject({
            idleTimeoutMs: 5000,
            maxConnections: ceiling,
            maxConnectionsPerSource: Math.min(DEFAULT_CONNECTIONS_PER_SOURCE, ceiling),
        });
        expect(loadSettings({ IDLE_TIMEOUT: '75s', MAX_CONNECTIONS: '16', MAX_CONNECTIONS_PER_SOURCE: '4' })).toMatchObject({
            idleTimeoutMs: 75_000,
            maxConnections: 16,
            maxConnectionsPerSource: 4,
        });
        expect(() => loadSettings({ IDLE_TIMEOUT: 'soon' })).toThrow(/IDLE_TIMEOUT/);
        expect(() => loadSettings({ MAX_CONNECTIONS: String(ceiling + 1) })).toThrow(/MAX_CONNECTIONS must .* open-file limit/);
        expect(() => loadSettings({ MAX_CONNECTIONS: '0' })).toThrow(/MAX_CONNECTIONS/);
        expect(() => loadSettings({ MAX_CONNECTIONS: '16', MAX_CONNECTIONS_PER_SOURCE: '17' })).toThrow(
            /MAX_CONNECTIONS_PER_SOURCE/,
        );
    });

    it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, one connection per core (at least two) unless set', () => {
        expect(DEFAULT_DATABASE_POOL_SIZE).toBeGreaterThanOrEqual(2);
        expect(loadSettings({}).databasePoolSize).toBe(DEFAULT_DATABASE_POOL_SIZE);
        expect(loadSettings({ DATABASE_POOL_SIZE: '1' }).databasePoolSize).toBe(1);
        expect(loadSettings({ DATABASE_POOL_SIZE: '100' }).databasePoolSize).toBe(100);
        for (const wrong of ['0', '101', 'two', '2.5', '-3']) {
            expect(() => loadSettings({ DATABASE_POOL_SIZE: wrong })).toThrow(
                /DATABASE_POOL_SIZE must be a whole number from 1 to 100/,
            );
        }
    });

    it('reads the open-file limit from /proc, and keeps a tenth of it (at least 128) from connections', () => {
        const limits = (soft: string) => () =>
            `Limit                     Soft Limit           Hard Limit           Units\nMax open files            ${soft}                 1048576              files\n`;
        expect(openFileLimit(limits('20000'))).toBe(20_000);
        expect(openFileLimit(limits('unlimited'))).toBe(Number.MAX_SAFE_INTEGER);
        expect(
            openFileLimit(() => {
                throw new Error('ENOENT');
            }),
        ).toBe(ASSUMED_OPEN_FILE_LIMIT);
        expect(connectionCeiling(20_000)).toBe(18_000);
        expect(connectionCeiling(1024)).toBe(896);
        expect(connectionCeiling(100)).toBe(16);
    });

    it('reads session lengths as seconds or with a unit', () => {
        expect(parseDuration('3600')).toBe(3600);
        expect(parseDuration('30m')).toBe(1800);
        expect(parseDuration('8h')).toBe(28_800);
        expect(parseDuration('2d')).toBe(172_800);
        expect(parseDuration('0')).toBeNull();
        expect(parseDuration('8 hours')).toBeNull();
        expect(loadSettings({ SESSION_TTL: '30m' }).sessionTtlSeconds).toBe(1800);
    });

    it('stops with every bad value named', () => {
        const load = () =>
            loadSettings({
                PORT: 'eighty',
                SESSION_TTL: 'forever',
                DATABASE_URL: 'mysql://x',
                DEV_TOOLS: 'maybe',
                SEED_PASSWORD: 'short',
                TRUST_PROXY: 'everyone',
                REQUEST_TIMEOUT: '0',
            });
        expect(load).toThrow(SettingsError);
        try {
            load();
        } catch (error) {
            const message = (error as Error).message;
            for (const name of [
                'PORT',
                'SESSION_TTL',
                'DATABASE_URL',
                'DEV_TOOLS',
                'SEED_PASSWORD',
                'TRUST_PROXY',
                'REQUEST_TIMEOUT',
            ]) {
                expect(message).toContain(name);
            }
        }
    });

    it('takes the production operator page and a PostgreSQL URL', () => {
        const settings = loadSettings({
            OPERATOR_AUTHORIZE_URL: 'https://operator.example/authorize?state={auth_id}',
            DATABASE_URL: 'postgres://portal@db.example/portal',
        });
        expect(settings.operatorAuthorizeUrl).toBe('https://operator.example/authorize?state={auth_id}');
        expect(settings.databaseUrl).toBe('postgres://portal@db.example/portal');
    });

    it('takes the places key as an optional secret, blank meaning none', () => {
        expect(loadSettings({}).placesApiKey).toBeUndefined();
        expect(loadSettings({ PLACES_API_KEY: '  ' }).placesApiKey).toBeUndefined();
        const settings = loadSettings({ PLACES_API_KEY: ' places-key-123 ' });
        expect(settings.placesApiKey).toBe('places-key-123');
        expect(typeof settings.fetch).toBe('function');
    });

    it('takes the device token key from the environment, long enough to be a key, or none (the database keeps one)', () => {
        expect(loadSettings({}).deviceTokenSecret).toBeUndefined();
        const key = 'k'.repeat(32);
        expect(loadSettings({ DEVICE_TOKEN_SECRET: key }).deviceTokenSecret).toBe(key);
        expect(() => loadSettings({ DEVICE_TOKEN_SECRET: 'short' })).toThrow(/DEVICE_TOKEN_SECRET/);
    });
});
