import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
    plugins: [react(), precompress()],
    server: {
        port: 5173,
        proxy: { '/portal_api': `http://127.0.0.1:${apiPort}` },
    },
    build: { outDir: 'dist', sourcemap, chunkSizeWarningLimit: 2000 },
});
