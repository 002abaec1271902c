import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys run in WORKERS workers, each against its own server with its own embedded database
 * (worker N on port PORT + N: `tests/e2e/test.ts`), so one journey never sees another's data,
 * as when they ran one at a time. One journey leaves a core about half idle (it waits on the page
 * and the server in turn); two at once use it.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
// Two by default (`E2E_WORKERS=1` runs them one at a time).
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium: no browser download on these machines. */
const chromium = {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
        '--no-sandbox',
        '--disable-gpu',
        // The (software) compositor as a thread of the browser, not a process of its own that every
        // frame crosses to: the same journeys in 190 s instead of 213, using 15% less CPU.
        '--in-process-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
    ],
};

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium };

export default defineConfig({
    testDir: 'tests/e2e',
    workers: WORKERS,
    // A file's journeys run in order in one worker (some continue from the one before).
    fullyParallel: false,
    forbidOnly: !!process.env.CI,
    retries: 0,
    // A bound on a journey that is stuck, not a wait: two journeys at once share the two cores.
    timeout: 60_000,
    expect: { timeout: 10_000 },
    reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
    use: {
        baseURL: E2E_BASE_URL,
        locale: 'en-GB',
        timezoneId: 'Africa/Johannesburg',
        // Recording a trace for every journey costs about a quarter of its time (two journeys back to
        // back: 56.7 s with it, 42.4 s without); CI keeps each failure's screenshot and page
        // snapshot (error-context.md) instead, and a local run keeps the trace of a failure.
        trace: process.env.CI ? 'off' : 'retain-on-failure',
        screenshot: 'only-on-failure',
        // The portal's service worker would precache the whole portal (about 250 files) in every
        // journey's new context, for nothing most journeys look at. installable.spec.ts runs it
        // in a profile of its own; a journey about offline work may `test.use({ serviceWorkers: 'allow' })`.
        serviceWorkers: 'block',
        // As a reader who asked for less motion (src/layout/brand.ts REDUCED_MOTION): nothing fades,
        // slides or ripples, so no step lands on a half-drawn dialog, nor axe on a colour mid-change,
        // and the journeys take a tenth less time (approvals and customers: 251 → 226 s). The unit
        // tests keep the motion; `E2E_MOTION=full` runs the journeys with it.
        reducedMotion: process.env.E2E_MOTION === 'full' ? 'no-preference' : 'reduce',
        launchOptions: chromium,
    },
    projects: [
        {
            name: 'desktop',
            testIgnore: /.*\.phone\.spec\.ts/,
            use: desktop,
        },
        {
            name: 'phone',
            testMatch: /.*\.phone\.spec\.ts/,
            use: {
                viewport: { width: 360, height: 740 },
                isMobile: true,
                hasTouch: true,
                deviceScaleFactor: 2,
                launchOptions: chromium,
            },
        },
    ],
    // A fresh embedded database for each worker, seeded on start; the portal is built by `npm run test:e2e`.
    webServer: Array.from({ length: WORKERS }, (_, worker) => ({
        command: `rm -rf .data/e2e-${worker} && tsx server/main.ts`,
        url: `http://127.0.0.1:${PORT + worker}/portal_api/health`,
        env: {
            PORT: String(PORT + worker),
            HOST: '127.0.0.1',
            DATA_DIR: `.data/e2e-${worker}`,
            DEV_TOOLS: 'on',
            NODE_ENV: 'test',
            // A connection idle for IDLE_TIMEOUT (5 s unset) is closed by the server; a request the
            // journey's API client sent on it at that moment is reset (ECONNRESET, once in a loaded
            // run). The journeys test no idle time, so theirs outlasts any pause between two calls.
            IDLE_TIMEOUT: '60s',
        },
        // `E2E_REUSE=1`: journeys against servers already started on those ports (a profiled one).
        reuseExistingServer: !!process.env.E2E_REUSE,
        timeout: 120_000,
        stdout: 'ignore' as const,
        stderr: 'pipe' as const,
    })),
});
