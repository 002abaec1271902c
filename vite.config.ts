import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
// With its extension, as Node's own loader takes it: see contract/version.ts.
import { API_BASE, PORTAL_VERSION } from './contract/version.ts';

const apiPort = process.env.PORT ?? '8080';

/** Source maps hand out the portal's source: only when a build asks (`VITE_SOURCEMAP=on`). */
const sourcemap = /^(1|true|on|yes)$/i.test(process.env.VITE_SOURCEMAP ?? '');

const COMPRESSIBLE = /\.(js|css|svg|html|json)$/;
/** Below this a compressed copy saves less than the headers around it. */
const MIN_BYTES = 1024;

const filesUnder = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap(entry => {
        const full = path.join(folder, entry.name);
        return entry.isDirectory() ? filesUnder(full) : [full];
    });

/**
 * Writes `.br` (brotli, best quality) and `.gz` (gzip -9) beside every text asset over 1 KiB in
 * the build, once, so the server (server/portal.ts, preCompressed) sends them without compressing
 * per request. A copy that would not be smaller is not written.
 */
const precompress = (): Plugin => {
    let outDir = 'dist';
    return {
        name: 'portal-precompress',
        apply: 'build',
        configResolved: config => {
            outDir = path.resolve(config.root, config.build.outDir);
        },
        closeBundle: () => {
            for (const file of filesUnder(outDir)) {
                if (!COMPRESSIBLE.test(file) || statSync(file).size <= MIN_BYTES) continue;
                const source = readFileSync(file);
                const copies = {
                    br: brotliCompressSync(source, {
                        params: {
                            [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                            [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                        },
                    }),
                    gz: gzipSync(source, { level: zlib.Z_BEST_COMPRESSION }),
                };
                for (const [extension, bytes] of Object.entries(copies)) {
                    if (bytes.length < source.length) writeFileSync(`${file}.${extension}`, bytes);
                }
            }
        },
    };
};

/**
 * Each language's catalog parts (src/i18n/en.public.ts, en.app.ts, and sw, pt): the public part
 * `catalog-en-…js`, the app part `catalog-app-en-…js`, so a size budget can find them (bench/size.ts).
 */
const CATALOG = /[\\/]src[\\/]i18n[\\/](en|sw|pt)\.(public|app)\.ts$/;

/**
 * `vendor-charts`: the packages that draw the BI page's charts (src/pages/analytics/), and the library
 * modules only they use: reselect and use-sync-external-store's selector, a Babel helper, and the
 * parts of MUI their tooltip and toolbar use that nothing else of the portal does. Left out, such
 * a module goes with the page, and the charts' chunk imports the page's, which imports the
 * charts': a cycle, which runs the charts before what they import exists. Put in, a module
 * anything else uses would make that page load the charts. `chartsChunkCheck` fails the build on
 * either, naming the modules.
 */
const CHART_PACKAGES = new RegExp(
    [
        String.raw`[\\/]node_modules[\\/]`,
        '(',
        [
            String.raw`@mui[\\/](x-charts|x-charts-vendor|x-internals|x-internal-gestures)[\\/]`,
            String.raw`@base-ui[\\/]utils[\\/]`,
            String.raw`(d3-[a-z-]+|internmap|flatqueue|bezier-easing|reselect|use-sync-external-store)[\\/]`,
            String.raw`@mui[\\/]material[\\/](NoSsr|ToggleButton|ToggleButtonGroup)[\\/]`,
            String.raw`@mui[\\/]utils[\\/]getValidReactChildren[\\/]`,
            String.raw`@babel[\\/]runtime[\\/]helpers[\\/]esm[\\/]objectWithoutPropertiesLoose\.js$`,
        ].join('|'),
        ')',
    ].join(''),
);
const BI_PAGE = /[\\/]src[\\/]pages[\\/]analytics[\\/]/;

/** The charts' chunk is loaded by the BI page alone, and imports nothing that imports it. */
const chartsChunkCheck = (): Plugin => ({
    name: 'portal-charts-chunk',
    apply: 'build',
    generateBundle(_options, bundle) {
        const chunks = Object.values(bundle).flatMap(output => (output.type === 'chunk' ? [output] : []));
        const charts = chunks.find(chunk => chunk.name === 'vendor-charts');
        if (!charts) return;
        const importers = chunks.filter(chunk => chunk.imports.includes(charts.fileName));
        const strangers = importers.filter(chunk => !chunk.moduleIds.some(id => BI_PAGE.test(id)));
        if (strangers.length > 0) {
            this.error(
                `vendor-charts is loaded by ${strangers.map(chunk => chunk.name).join(', ')}: a library module they share with the charts went into it (CHART_PACKAGES in vite.config.ts)`,
            );
        }
        const cycle = importers.filter(chunk => charts.imports.includes(chunk.fileName));
        if (cycle.length > 0) {
            const libraries = cycle.flatMap(chunk => chunk.moduleIds.filter(id => id.includes('node_modules')));
            this.error(
                `vendor-charts imports ${cycle.map(chunk => chunk.name).join(', ')}, which imports it: one of its library modules is the charts' alone (CHART_PACKAGES in vite.config.ts): ${libraries.join(', ')}`,
            );
        }
    },
});

/** Where the portal is served from: the manifest's scope, and the service worker's. */
const BASE = '/';
/** The launcher's label under the icon: the company's name when it is short enough to show whole. */
const SHORT_NAME_MAX = 12;

/**
 * The installable portal (vite-plugin-pwa, whose peer range takes Vite 8; Workbox's generateSW):
 * - the web app manifest, named by the build's company setting (`VITE_COMPANY_NAME`, src/config.ts),
 *   with the icons scripts/icons.ts draws from the favicon;
 * - `sw.js`, precaching the shell (index.html), every language's catalog parts (a few KiB each) and
 *   every screen's chunk but the BI page's charts (`vendor-charts`, and the page itself, ~40 % of all
 *   script, for the office, not the field): a field agent's screens share most of their chunks with
 *   the rest of the portal, so listing theirs would save little and break when a chunk is shared
 *   differently. A navigation answers the precached index.html, so a reload offline opens the shell;
 *   nothing under the API is ever routed by the worker (no runtime caching at all), so no answer that
 *   holds personal data is kept in a cache.
 * - `registerType: 'prompt'`: a new worker waits until the user chooses "Reload to update"
 *   (layout/UpdatePrompt.tsx), so an open page never runs two releases' chunks at once.
 */
const installable = (mode: string): PluginOption => {
    const companyName = loadEnv(mode, process.cwd(), 'VITE_').VITE_COMPANY_NAME || 'Phone Finance';
    return VitePWA({
        registerType: 'prompt',
        // lib/serviceWorker.ts registers the worker, in layout/UpdatePrompt.tsx's chunk after the page has rendered.
        injectRegister: false,
        manifest: {
            id: `${BASE}dashboard`,
            name: `${companyName} staff portal`,
            short_name: companyName.length <= SHORT_NAME_MAX ? companyName : 'Staff portal',
            description: `Customers, loans and devices for ${companyName} staff, in the shop, in the field and in the office.`,
            lang: 'en',
            start_url: `${BASE}dashboard`,
            scope: BASE,
            display: 'standalone',
            theme_color: BRAND_PRIMARY,
            background_color: '#FFFFFF',
            icons: [
                { src: `${BASE}icons/icon-192.png`, sizes: '192x192', type: 'image/png', purpose: 'any' },
                { src: `${BASE}icons/icon-512.png`, sizes: '512x512', type: 'image/png', purpose: 'any' },
                { src: `${BASE}icons/maskable-512.png`, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
        },
        workbox: {
            globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
            globIgnores: ['**/vendor-charts-*.js', '**/BiApp-*.js'],
            navigateFallback: `${BASE}index.html`,
            navigateFallbackDenylist: [new RegExp(`^${API_BASE}(/|$)`)],
            cleanupOutdatedCaches: true,
            // One file: the worker and its Workbox runtime update together.
            inlineWorkboxRuntime: true,
        },
    });
};

/** The brand's red (src/config.ts BRAND_PRIMARY, which reads Vite's environment and so is not loaded here). */
const BRAND_PRIMARY = '#E60000';

export default defineConfig(({ mode }) => ({
    plugins: [react(), precompress(), chartsChunkCheck(), installable(mode)],
    // The contract's constants for src/config.ts, without contract/index.ts (which lists every call) in the bundle.
    define: { __API_BASE__: JSON.stringify(API_BASE), __PORTAL_VERSION__: JSON.stringify(PORTAL_VERSION) },
    resolve: {
        // Polyfills of node-polyglot (ra-i18n-polyglot) for what every supported browser has.
        alias: [
            { find: /^object\.entries$/, replacement: path.resolve('src/shims/object-entries.cjs') },
            { find: /^hasown$/, replacement: path.resolve('src/shims/hasown.cjs') },
        ],
    },
    server: {
        port: 5173,
        proxy: { '/portal_api': `http://127.0.0.1:${apiPort}` },
    },
    build: {
        outDir: 'dist',
        sourcemap,
        chunkSizeWarningLimit: 2000,
        rolldownOptions: {
            treeshake: {
                // contract/ only defines calls and schemas: a page that takes one constant from a
                // contract file must not bring every schema of it (and zod) along.
                moduleSideEffects: [{ test: /[\\/]contract[\\/][^\\/]+\.ts$/, sideEffects: false }],
            },
            output: {
                chunkFileNames: chunk => {
                    const catalog = chunk.facadeModuleId?.match(CATALOG);
                    if (!catalog) return 'assets/[name]-[hash].js';
                    return catalog[2] === 'app'
                        ? `assets/catalog-app-${catalog[1]}-[hash].js`
                        : `assets/catalog-${catalog[1]}-[hash].js`;
                },
                // What every page needs, by library, in chunks of its own (`vendor-*`, kept by the browser
                // across releases of the portal); the rest is split by route. Of each, only what the
                // entry itself loads ($initial): a screen's own parts of a library stay with the screen.
                codeSplitting: {
                    groups: [
                        // The BI page's charts: their own chunk, cached apart and loaded by that page alone (CHART_PACKAGES).
                        { name: 'vendor-charts', test: CHART_PACKAGES, includeDependenciesRecursively: false, priority: 4 },
                        { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                        {
                            name: 'vendor-router',
                            test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/,
                            tags: ['$initial'],
                            priority: 2,
                        },
                        {
                            name: 'vendor-mui',
                            test: /[\\/]node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|react-transition-group|react-is|hoist-non-react-statics|clsx)[\\/]/,
                            tags: ['$initial'],
                            priority: 1,
                        },
                    ],
                },
            },
        },
    },
}));
