/**
 * Size budgets of the built portal, read from `dist/` (build first: `npm run build`):
 * - every script the sign-in page downloads, gzipped, as Chromium loads `/` for a first visitor;
 * - the largest route chunk (every script but the `vendor-*` chunks of a library, vite.config.ts);
 * - the catalogs: the sign-in page loads exactly one chunk, the detected language's public part
 *   (`?lang=pt` too), none of the app part (the signed-in screens' words, loaded with the shell);
 * - react-admin: no signed-out page (sign-in, register, code, liveness, callback) loads any of it
 *   (its signed-in shell, lists, layout), and each loads one catalog chunk, its public part;
 * - the service worker's registration on the sign-in page (layout/UpdatePrompt.tsx with
 *   lib/serviceWorker.ts, its own chunk, loaded once the page has rendered).
 * Run alone (`tsx bench/size.ts`) or within `npm run bench` (`-- --fast` for these only).
 * Exits 1 when a budget is missed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants as zlib, gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { launchChromium } from './chromium';

const DIST = resolve('dist');
const KIB = 1024;

export const SIZE_BUDGETS = {
    /** A minimal react-admin app costs 279 KiB; the sign-in page must cost less than that. */
    signInJsGzipKb: 200,
    largestRouteChunkGzipKb: 60,
    /** Exactly one: the visitor's language's public part, nothing of its app part or of the other two languages. */
    signInCatalogChunks: 1,
    /** Class names only react-admin's screens carry: no signed-out page may download them. */
    signedOutReactAdminMarkers: 0,
    /** Installing the portal must not slow its sign-in page: the registration's chunks, at most 3 KiB. */
    swRegistrationGzipKb: 3,
} as const;

export type SizeFigures = Record<keyof typeof SIZE_BUDGETS, number>;

/** Strings that exist only in react-admin's UI code: its shell, lists and tables. */
const REACT_ADMIN_MARKERS = ['RaLayout', 'RaAppBar', 'RaSidebar', 'RaList', 'RaDataTable', 'RaSimpleList', 'RaMenuItemLink'];

/** A catalog part's chunk (vite.config.ts): `catalog-en-…` the public part, `catalog-app-en-…` the app part. */
const CATALOG = /^catalog-(app-)?(en|sw|pt)-/;
const VENDOR = /^vendor-/;
/**
 * The registration's chunk: the prompt that registers the worker (lib/serviceWorker.ts goes with
 * it); the MUI parts it shows are the sign-in page's own, so it brings no other chunk.
 */
const SW_REGISTRATION = /^UpdatePrompt-/;

/** What the server sends for a script: its `.gz` copy (vite.config.ts writes them), or gzip -9 of it. */
export const gzipBytes = (file: string): number =>
    existsSync(`${file}.gz`)
        ? readFileSync(`${file}.gz`).length
        : gzipSync(readFileSync(file), { level: zlib.Z_BEST_COMPRESSION }).length;

const TYPES: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
};

/** `dist/` as the portal's server serves it: files, and index.html for any other path; no API (nothing on sign-in needs one). */
const serveDist = async (): Promise<{ server: Server; url: string }> => {
    const server = createServer((request, response) => {
        const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
        const file = normalize(join(DIST, pathname));
        const inside = file.startsWith(DIST) && existsSync(file) && !file.endsWith('/') && extname(file) !== '';
        if (pathname.startsWith('/portal_api/')) {
            response.writeHead(404, { 'Content-Type': 'application/json' }).end('{}');
            return;
        }
        const chosen = inside ? file : join(DIST, 'index.html');
        response.writeHead(200, { 'Content-Type': TYPES[extname(chosen)] ?? 'application/octet-stream' });
        response.end(readFileSync(chosen));
    });
    await new Promise<void>(done => server.listen(0, '127.0.0.1', done));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

/** The scripts (`assets/…js`) the page at `path` downloads, as a first visitor, until it shows its heading and the network rests. */
const scriptsOfPage = async (browser: Browser, baseUrl: string, path: string): Promise<string[]> => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 800 } });
    try {
        const page = await context.newPage();
        const scripts = new Set<string>();
        page.on('request', request => {
            const { pathname } = new URL(request.url());
            if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname.slice('/assets/'.length));
        });
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 15_000 });
        await page.waitForLoadState('networkidle');
        return [...scripts].sort();
    } finally {
        await context.close();
    }
};

/** The signed-out pages besides sign-in: none may bring react-admin either, and each brings one catalog. */
const OTHER_SIGNED_OUT_PAGES = ['/register', '/otp', '/verify_liveness', '/callback/none/mno?error=access_denied'];

const kib = (bytes: number) => bytes / KIB;

export const measureSizes = async (): Promise<{ figures: SizeFigures; details: string[] }> => {
    if (!existsSync(join(DIST, 'index.html'))) throw new Error('dist/index.html is missing: run `npm run build` first');
    const assets = join(DIST, 'assets');
    const { server, url } = await serveDist();
    const browser = await launchChromium();
    try {
        const loads: [path: string, language: string, scripts: string[]][] = [];
        for (const [path, language] of [
            ['/', 'en'],
            ['/?lang=pt', 'pt'],
            ...OTHER_SIGNED_OUT_PAGES.map(other => [other, 'en']),
        ] as const) {
            loads.push([path, language, await scriptsOfPage(browser, url, path)]);
        }
        const english = loads[0]![2];
        // `en` for English's public part, `app-en` for its app part.
        const catalogsOf = (scripts: string[]) =>
            scripts.flatMap(name => {
                const catalog = name.match(CATALOG);
                return catalog ? [`${catalog[1] ?? ''}${catalog[2]}`] : [];
            });
        // Every load must bring exactly its own language's public part; anything else counts against the budget.
        const wrongCatalogs = loads.filter(([, language, scripts]) => catalogsOf(scripts).join() !== language);
        const catalogChunks =
            wrongCatalogs.length === 0 ? 1 : Math.max(2, ...loads.map(([, , scripts]) => catalogsOf(scripts).length));

        const signInBytes = english.reduce((total, name) => total + gzipBytes(join(assets, name)), 0);
        const registration = english.filter(name => SW_REGISTRATION.test(name));
        const registrationBytes = registration.reduce((total, name) => total + gzipBytes(join(assets, name)), 0);
        const found = loads.flatMap(([path, , scripts]) =>
            REACT_ADMIN_MARKERS.filter(marker =>
                scripts.some(name => readFileSync(join(assets, name), 'utf8').includes(marker)),
            ).map(marker => `${marker} on ${path}`),
        );

        const chunks = readdirSync(assets).filter(name => name.endsWith('.js'));
        const sized = chunks.map(name => ({ name, bytes: gzipBytes(join(assets, name)) })).sort((a, b) => b.bytes - a.bytes);
        const routeChunks = sized.filter(chunk => !VENDOR.test(chunk.name));
        const largestRoute = routeChunks[0] ?? { name: '-', bytes: 0 };
        const largestVendor = sized.find(chunk => VENDOR.test(chunk.name));

        const details = [
            `sign-in (/) loads ${english.length} scripts: ${english.map(name => `${name} ${kib(gzipBytes(join(assets, name))).toFixed(1)}`).join(', ')}`,
            `catalogs loaded: ${loads.map(([path, , scripts]) => `${path} → ${catalogsOf(scripts).join(', ') || 'none'}`).join('; ')}`,
            `largest route chunk: ${largestRoute.name}; largest vendor chunk (no budget, a library's): ${largestVendor ? `${largestVendor.name} ${kib(largestVendor.bytes).toFixed(1)} KiB` : 'none'}`,
            registration.length === 1
                ? `service worker registration: ${registration.map(name => `${name} ${kib(gzipBytes(join(assets, name))).toFixed(2)}`).join(', ')} KiB`
                : `the sign-in page did not load the service worker's registration (UpdatePrompt-…js)`,
            ...(found.length ? [`react-admin found on the signed-out pages: ${found.join(', ')}`] : []),
        ];
        return {
            figures: {
                signInJsGzipKb: kib(signInBytes),
                largestRouteChunkGzipKb: kib(largestRoute.bytes),
                signInCatalogChunks: catalogChunks,
                signedOutReactAdminMarkers: found.length,
                // Not loaded at all is no saving: the page would not install (NaN misses any budget).
                swRegistrationGzipKb: registration.length === 1 ? kib(registrationBytes) : Number.NaN,
            },
            details,
        };
    } finally {
        await browser.close();
        server.close();
    }
};

/**
 * Prints each figure beside its budget and answers how many were missed. A budget is a ceiling,
 * unless its name is in `exact` (must equal) or `floors` (must reach at least).
 */
export const report = <K extends string>(
    figures: Record<K, number>,
    budgets: Record<K, number>,
    exact: readonly K[] = [],
    floors: readonly K[] = [],
): number => {
    let missed = 0;
    for (const name of Object.keys(budgets) as K[]) {
        const value = figures[name];
        const budget = budgets[name];
        const kind = exact.includes(name) ? '= ' : floors.includes(name) ? '≥ ' : '≤ ';
        const ok = kind === '= ' ? value === budget : kind === '≥ ' ? value >= budget : value <= budget;
        if (!ok) missed++;
        const shown = Number.isInteger(value) ? String(value) : value < 1 ? value.toFixed(3) : value.toFixed(1);
        console.log(`${ok ? 'ok  ' : 'MISS'} ${name.padEnd(26)} ${shown.padStart(8)}  (budget ${kind}${budget})`);
    }
    return missed;
};

export const EXACT_SIZE_FIGURES = ['signInCatalogChunks'] as const;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
    const { figures, details } = await measureSizes();
    details.forEach(line => console.log(`     ${line}`));
    process.exit(report(figures, SIZE_BUDGETS, EXACT_SIZE_FIGURES) ? 1 : 0);
}
