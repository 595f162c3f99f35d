import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/client/api', '/channels', '/dev'];

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    assetsInlineLimit: 0,
    // Every browser of the es2022 target but Safari 15–16 preloads modules itself; there the
    // preload is only a hint lost, so the polyfill (0.3 KB on every first visit) is left out.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, ws: p === '/channels' }])),
  },
});
