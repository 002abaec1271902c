import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiPort = process.env.PORT ?? '8080';

export default defineConfig({
    plugins: [react()],
    server: {
        port: 5173,
        proxy: { '/portal_api': `http://127.0.0.1:${apiPort}` },
    },
    build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
});
