/**
 * What a signed-in repeat visit downloads once the service worker is installed (vite.config.ts
 * `installable`), on a slow 3G line: Chrome DevTools' "Slow 3G" profile through CDP
 * (`Network.emulateNetworkConditions`: 400 ms added to each request's round trip, 400 kbit/s each
 * way). The real server serves `dist/` and the API on a seeded in-memory database; the admin signs
 * in, the worker installs and precaches, the page is closed, and a new one opens the dashboard.
 * Counted: every byte the server writes during that visit (its sockets' `bytesWritten`, headers
 * included, whatever asked: the page, or the worker checking `sw.js` for a new release), and the
 * scripts and styles the page took from the network rather than from the worker (none may be).
 * Run alone (`tsx bench/repeatVisit.ts`, after `npm run build`) or within `npm run bench` (under
 * half a minute with the seeding, so not in `--fast`).
 */
import type { Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../server/app';
import { MEMORY_DATA_DIR, openDatabase } from '../server/db';
import { prepareDatabase } from '../server/seed';
import { loadSettings } from '../server/settings';
import { launchChromium } from './chromium';
import { report } from './size';

export const REPEAT_VISIT_BUDGETS = {
    /**
     * Measured 2.6 KiB in 1.7 s: the dashboard's API answers (the session's, the headline numbers)
     * and the worker's revalidation of `sw.js`, against about 1 MiB for the first visit. 16 KiB
     * leaves room for the dashboard to ask for more, and is less than one catalog's app part
     * (about 20 KiB gzip) or any of the larger screens' chunks, should one come from the network
     * again; `repeatVisitScriptsFromNetwork` catches the smaller ones by count.
     */
    repeatVisitKib: 16,
    /** A script or style the page took from the network instead of the worker's precache. */
    repeatVisitScriptsFromNetwork: 0,
} as const;

export type RepeatVisitFigures = Record<keyof typeof REPEAT_VISIT_BUDGETS, number>;

/** Chrome DevTools' "Slow 3G" (the figures its throttling menu uses): bytes per second and ms. */
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: (400 * 1024) / 8, uploadThroughput: (400 * 1024) / 8 };

export const repeatVisitFigures = async (): Promise<RepeatVisitFigures> => {
    const settings = loadSettings({
        ...process.env,
        DATA_DIR: MEMORY_DATA_DIR,
        LOG_LEVEL: 'silent',
        DEV_TOOLS: 'off',
        NODE_ENV: 'test',
    });
    const database = await openDatabase(settings);
    await prepareDatabase(database, settings);
    const app = await buildApp({ db: database.db, settings, distDir: 'dist', listen: database.listen });
    const sockets: Socket[] = [];
    app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const written = () => sockets.reduce((total, socket) => total + socket.bytesWritten, 0);

    const browser = await launchChromium();
    try {
        const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
        const first = await context.newPage();
        const firstStart = written();
        await first.goto(`${base}/`);
        await first.getByLabel('Username').fill('admin');
        await first.getByRole('textbox', { name: 'Password', exact: true }).fill(settings.seedPassword);
        await first.getByRole('button', { name: 'Sign in', exact: true }).click();
        await first.waitForURL(/\/dashboard/);
        // Installed and activated: everything precached.
        await first.evaluate(async () => {
            await navigator.serviceWorker.ready;
        });
        await first.waitForLoadState('networkidle');
        const firstVisit = written() - firstStart;
        await first.close();

        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
        const fromNetwork: string[] = [];
        cdp.on('Network.responseReceived', ({ type, response }) => {
            if ((type === 'Script' || type === 'Stylesheet') && !response.fromServiceWorker) fromNetwork.push(response.url);
        });
        const start = written();
        const began = performance.now();
        await page.goto(`${base}/dashboard`);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 60_000 });
        await page.waitForLoadState('networkidle');
        const repeatVisit = written() - start;
        const tookMs = performance.now() - began;
        console.log(
            `     first visit (sign-in, dashboard, precache) ${(firstVisit / 1024).toFixed(0)} KiB; repeat visit on slow 3G ${(repeatVisit / 1024).toFixed(1)} KiB in ${(tookMs / 1000).toFixed(1)} s` +
                (fromNetwork.length ? `; from the network: ${fromNetwork.join(', ')}` : ''),
        );
        await context.close();
        return { repeatVisitKib: repeatVisit / 1024, repeatVisitScriptsFromNetwork: fromNetwork.length };
    } finally {
        await browser.close();
        await app.close();
        await database.close();
    }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
    process.exit(report(await repeatVisitFigures(), REPEAT_VISIT_BUDGETS, ['repeatVisitScriptsFromNetwork']) ? 1 : 0);
}
