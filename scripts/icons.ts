/**
 * Draws the installable portal's icons (public/icons/, named in the web app manifest, vite.config.ts)
 * from the favicon, once: `npx tsx scripts/icons.ts`, then commit the PNGs. Chromium renders the
 * SVG at each size, so the icons are the favicon's shapes, not a copy drawn again by hand.
 * - `icon-192.png`, `icon-512.png`: the favicon as it is, its corners transparent;
 * - `maskable-512.png`: the brand red to every edge and the phone within the central 80 % circle
 *   that every launcher's mask keeps (the maskable icon's safe zone), so no mask crops it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
/** The brand's red (src/config.ts BRAND_PRIMARY; that module reads Vite's environment, which Node has not). */
const BRAND_PRIMARY = '#E60000';

const favicon = readFileSync(resolve('public/favicon.svg'), 'utf8');

/** The favicon's shapes but its rounded background, which the maskable icon replaces with a full square. */
const glyph = favicon
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/<rect x="2" y="2"[^>]*\/>/, '');
if (glyph === favicon || glyph.includes('x="2" y="2"'))
    throw new Error('public/favicon.svg changed shape: update scripts/icons.ts');

/** The glyph spans 32 of the 48 units high; at 0.8 its bounding box's diagonal stays inside the safe zone's 38.4. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="${BRAND_PRIMARY}"/><g transform="translate(24 24) scale(0.8) translate(-24 -24)">${glyph}</g></svg>`;

const ICONS: [file: string, svg: string, px: number][] = [
    ['public/icons/icon-192.png', favicon, 192],
    ['public/icons/icon-512.png', favicon, 512],
    ['public/icons/maskable-512.png', maskable, 512],
];

const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
});
try {
    for (const [file, svg, px] of ICONS) {
        const page = await browser.newPage({ viewport: { width: px, height: px }, deviceScaleFactor: 1 });
        const sized = svg.replace('<svg ', `<svg width="${px}" height="${px}" `);
        await page.setContent(
            `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`,
        );
        await page.screenshot({ path: resolve(file), omitBackground: true, clip: { x: 0, y: 0, width: px, height: px } });
        await page.close();
        console.log(`wrote ${file}`);
    }
} finally {
    await browser.close();
}
