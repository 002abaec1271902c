/// <reference types="vite/client" />

interface ImportMetaEnv {
    readonly VITE_API_BASE?: string;
    readonly VITE_HTTP_TIMEOUT_MS?: string;
    readonly VITE_COMPANY_NAME?: string;
    readonly VITE_SECURE_STORAGE_PREFIX?: string;
    readonly VITE_SECURE_STORAGE_SECRET?: string;
    readonly VITE_OPERATOR_SIGN_IN?: string;
}

/** contract/version.ts's API_BASE and PORTAL_VERSION, stamped in by the build (vite.config.ts) and by the unit tests' setup. */
declare const __API_BASE__: string;
declare const __PORTAL_VERSION__: string;
