/**
 * Runtime settings (from the build's environment, `VITE_*`) and the business constants of the
 * specification (§9), each named once. The contract's API base and version are stamped in by the
 * build (vite.config.ts `define`): contract/index.ts lists every call, and the sign-in page, which
 * shows the version, must not download every call's schema to do so.
 */
const env = import.meta.env;

const numberSetting = (value: string | undefined, fallback: number): number => {
    const parsed = Number(value);
    return value !== undefined && value !== '' && Number.isFinite(parsed) ? parsed : fallback;
};

export const settings = {
    /** Where the portal_api lives; point a build at another backend that honours the contract. */
    apiBase: env.VITE_API_BASE || __API_BASE__,
    /** The specification has no timeout; we do, so a dead backend shows an error, not a spinner. Uploads are exempt. */
    httpTimeoutMs: numberSetting(env.VITE_HTTP_TIMEOUT_MS, 30_000),
    companyName: env.VITE_COMPANY_NAME || 'Phone Finance',
    secureStoragePrefix: env.VITE_SECURE_STORAGE_PREFIX || 'pfp.',
    secureStorageSecret: env.VITE_SECURE_STORAGE_SECRET || 'pfp-portal-local-secret',
    /** The mobile-operator sign-in option (spec §1: enabled). */
    operatorSignIn: env.VITE_OPERATOR_SIGN_IN !== 'off',
    version: __PORTAL_VERSION__,
} as const;

export const BRAND_PRIMARY = '#E60000';
export const LIST_LIMIT = 1000;
export const DRAWER_WIDTH = 300;
export const APP_BAR_HEIGHT = { desktop: 64, mobile: 56 } as const;
export const CHUNK_TIMEOUT_MS = 120_000;
export const TOASTS = { max: 3, autoHideMs: 5000, enterMs: 225, exitMs: 195 } as const;
/**
 * `staleMs`: a holder silent this long has missed three heartbeats; the blocked page then counts
 * down to the take-over at `abandonedMs`.
 */
export const TAB_LOCK = {
    channel: 'single-tab-lock',
    heartbeatMs: 1000,
    staleMs: 3000,
    abandonedMs: 30_000,
    maxClaimDelayMs: 200,
} as const;
