// Builds the service worker (apps/web/src/service-worker/sw.ts, ADR 045) into <web dist>/sw.js once
// the prerender has written the pages it serves: Vite bundles the worker with the Workbox modules it
// imports, and workbox-build's injectManifest writes the precache list (each file with its
// revision) into it. vite-plugin-pwa would build it at the end of the client build, before
// scripts/prerender.mjs has written the cabinet shells the precache must hold.
// Usage: build-service-worker.mjs <web dist>
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';

const [distArg] = process.argv.slice(2);
if (!distArg) throw new Error('usage: build-service-worker.mjs <web dist>');
const dist = resolve(distArg);
const web = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web');

// The pages a navigation is answered with, as the server picks them (apps/server/src/plugins/web.ts).
const prerendered = join(dist, 'prerendered');
const cabinetIndex = join(prerendered, 'cabinet', 'index.json');
if (!existsSync(cabinetIndex)) throw new Error(`${cabinetIndex} is missing: run the prerender first`);
const shells = {
  visitor: Object.fromEntries(
    readdirSync(prerendered)
      .filter((name) => name.endsWith('.html'))
      .map((name) => [`/${name.slice(0, -'.html'.length)}`, `/prerendered/${name}`]),
  ),
  cabinet: JSON.parse(readFileSync(cabinetIndex, 'utf8')).map(({ pattern, file }) => ({
    pattern,
    url: `/prerendered/cabinet/${file}`,
  })),
  fallback: '/index.html',
};

await build({
  configFile: false,
  root: web,
  logLevel: 'warn',
  define: {
    __APP_SHELLS__: JSON.stringify(shells),
    // Workbox logs its every step outside production.
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  build: {
    outDir: dist,
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    copyPublicDir: false,
    lib: {
      entry: resolve(web, 'src/service-worker/sw.ts'),
      formats: ['iife'],
      name: 'serviceWorker',
      fileName: () => 'sw.js',
    },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: join(dist, 'sw.js'),
  swDest: join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: [
    'index.html',
    'prerendered/**/*.html',
    '*.{js,svg,webmanifest}',
    'icons/*.png',
    'assets/**/*.{js,css,woff2}',
  ],
  globIgnores: [
    'sw.js',
    // A customer's browser never loads the staff section's chunks: the runtime cache keeps them
    // for the staff once loaded (sw.ts).
    'assets/staff-*',
  ],
  // Hashed names need no revision of their own.
  dontCacheBustURLsMatching: /^assets\//,
});
for (const warning of warnings) console.warn(warning);
console.log(`service worker: ${count} files precached, ${(size / 1024).toFixed(0)} KB`);
