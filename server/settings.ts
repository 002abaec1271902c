/**
 * The server's settings, read once from the environment. A bad value stops the start with a
 * message naming the variable, rather than surfacing later as a strange failure.
 */

export interface Settings {
    port: number;
    host: string;
    /** Where the embedded database keeps its files; `memory://` keeps it in memory. */
    dataDir: string;
    /** A PostgreSQL URL; when set, it is used instead of the embedded database. */
    databaseUrl: string | undefined;
    /** How long a session lasts, in seconds. */
    sessionTtlSeconds: number;
    /** The password of the seeded demo accounts. */
    seedPassword: string;
    /** Development stand-ins (SMS outbox reader, operator sign-in page) are mounted. */
    devTools: boolean;
    /** The mobile operator's sign-in page, with `{auth_id}` and `{provider}` placeholders. */
    operatorAuthorizeUrl: string | undefined;
    production: boolean;
    logLevel: string;
    /** The clock every rule reads, so tests can move time instead of sleeping. */
    now: () => Date;
}

export class SettingsError extends Error {
    override name = 'SettingsError';
}

type Env = Record<string, string | undefined>;

const DURATION_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** `3600`, `30m`, `8h`, `2d` → seconds. */
export const parseDuration = (value: string): number | null => {
    const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(value);
    if (!match) return null;
    const seconds = Number(match[1]) * (DURATION_UNITS[match[2] || 's'] ?? 1);
    return Number.isSafeInteger(seconds) && seconds > 0 ? seconds : null;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export const loadSettings = (env: Env = process.env): Settings => {
    const problems: string[] = [];
    const text = (name: string): string | undefined => {
        const value = env[name]?.trim();
        return value === undefined || value === '' ? undefined : value;
    };

    const portText = text('PORT') ?? '8080';
    const port = Number(portText);
    if (!/^\d+$/.test(portText) || port < 0 || port > 65_535) {
        problems.push(`PORT must be a port number (0-65535), got "${portText}"`);
    }

    const ttlText = text('SESSION_TTL') ?? '8h';
    const sessionTtlSeconds = parseDuration(ttlText);
    if (sessionTtlSeconds === null) {
        problems.push(`SESSION_TTL must be seconds or a duration like 30m, 8h, 2d; got "${ttlText}"`);
    }

    const databaseUrl = text('DATABASE_URL');
    if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
        problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }

    const production = env.NODE_ENV === 'production';
    const devToolsText = text('DEV_TOOLS');
    let devTools = !production;
    if (devToolsText !== undefined) {
        if (/^(1|true|on|yes)$/i.test(devToolsText)) devTools = true;
        else if (/^(0|false|off|no)$/i.test(devToolsText)) devTools = false;
        else problems.push(`DEV_TOOLS must be on or off (true/false, 1/0), got "${devToolsText}"`);
    }

    const operatorAuthorizeUrl = text('OPERATOR_AUTHORIZE_URL');
    if (operatorAuthorizeUrl !== undefined && !/^https?:\/\//.test(operatorAuthorizeUrl)) {
        problems.push('OPERATOR_AUTHORIZE_URL must be an http(s) URL with {auth_id} and {provider} placeholders');
    }

    const seedPassword = env.SEED_PASSWORD ?? 'demo-pass-2026';
    if (seedPassword.length < 10) problems.push('SEED_PASSWORD must be at least 10 characters');

    const logLevel = text('LOG_LEVEL') ?? 'info';
    if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

    if (problems.length > 0) {
        throw new SettingsError(`Invalid settings:\n  - ${problems.join('\n  - ')}`);
    }

    return {
        port,
        host: text('HOST') ?? '127.0.0.1',
        dataDir: text('DATA_DIR') ?? '.data',
        databaseUrl,
        sessionTtlSeconds: sessionTtlSeconds ?? 8 * 3600,
        seedPassword,
        devTools,
        operatorAuthorizeUrl,
        production,
        logLevel,
        now: () => new Date(),
    };
};
