import { describe, expect, it } from 'vitest';
import { loadSettings, parseDuration, SettingsError } from '../../server/settings';

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
            loadSettings({ PORT: 'eighty', SESSION_TTL: 'forever', DATABASE_URL: 'mysql://x', DEV_TOOLS: 'maybe', SEED_PASSWORD: 'short' });
        expect(load).toThrow(SettingsError);
        try {
            load();
        } catch (error) {
            const message = (error as Error).message;
            for (const name of ['PORT', 'SESSION_TTL', 'DATABASE_URL', 'DEV_TOOLS', 'SEED_PASSWORD']) expect(message).toContain(name);
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
});
