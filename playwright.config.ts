import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/** Debian's Chromium: no browser download on these machines. */
const chromium = {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
    ],
};

export default defineConfig({
    testDir: 'tests/e2e',
    // One server with one embedded database: journeys run one at a time.
    workers: 1,
    fullyParallel: false,
    forbidOnly: !!process.env.CI,
    retries: 0,
    timeout: 30_000,
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
        launchOptions: chromium,
    },
    projects: [
        {
            name: 'desktop',
            testIgnore: /.*\.phone\.spec\.ts/,
            use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
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
    webServer: {
        // A fresh embedded database each run, seeded on start; the portal is built by `npm run test:e2e`.
        command: `rm -rf .data/e2e && tsx server/main.ts`,
        url: `${E2E_BASE_URL}/portal_api/health`,
        env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: '.data/e2e', DEV_TOOLS: 'on', NODE_ENV: 'test' },
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
    },
});
