import react from '@vitejs/plugin-react';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, minifySync, type Plugin } from 'vite';
import { checkMantineStyles } from './build/mantine-css';
import { sectionChunkName } from './build/section-chunks';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/client/api', '/channels', '/dev', '/test-bank'];

// Where the browser opens the socket (spec §7; `socketUrl` in the contract): the page's own origin
// by default, the spec's :81 / :8443 behind its nginx with SOCKET_PORT_RULE=spec.
const socketPortRule = process.env.SOCKET_PORT_RULE === 'spec' ? 'spec' : 'origin';

/**
 * public/ is copied as it is, comments included; theme-init.js runs on every first visit before the
 * paint, so the build writes it minified (gzip -9: 987 → 512 bytes of the /login budget).
 */
function minifyThemeInit(): Plugin {
  let file = '';
  return {
    name: 'minify-theme-init',
    apply: 'build',
    configResolved(config) {
      file = resolve(config.root, config.build.outDir, 'theme-init.js');
    },
    writeBundle() {
      if (!existsSync(file)) return;
      const { code, errors } = minifySync('theme-init.js', readFileSync(file, 'utf8'));
      if (errors.length > 0) throw new Error(`theme-init.js: ${errors.map((e) => e.message).join('; ')}`);
      writeFileSync(file, code);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), minifyThemeInit(), ...(isSsrBuild ? [] : [checkMantineStyles(import.meta.dirname)])],
  define: { __SOCKET_PORT_RULE__: JSON.stringify(socketPortRule) },
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: true,
    assetsInlineLimit: 0,
    // Every browser of the es2022 target but Safari 15–16 preloads modules itself; there the
    // preload is only a hint lost, so the polyfill (0.3 KB on every first visit) is left out.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically (react-dom, the router, the login screen and the
    // Mantine pieces it uses) in ONE chunk: left to itself the bundler splits what the entry shares
    // with lazy screens into some twenty small chunks, each a request and each gzipped without the
    // others' context (7 KB more on a first visit to /login; bench/README.md, ADR 016).
    // Lazy screens import what they share from it. The SSR build (prerender) keeps the default.
    ...(isSsrBuild
      ? {}
      : {
          // Read by scripts/prerender.mjs (which then deletes it): a cabinet page's chunks.
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'index', tags: ['$initial'], priority: 3 },
                  // What Mantine's dialogs and popovers stand on (the positioning library, the scroll
                  // area, the focus trap, the portal), 22 KB gzipped: only what opens loads it, in one
                  // request. Left to the bundler, the first section chunk to reach these through
                  // Mantine's index took them (the order's pages downloaded them unused), or each
                  // became a chunk of its own. Their own imports stay where they are.
                  {
                    name: 'overlays',
                    test: /[\\/]node_modules[\\/](@floating-ui[\\/]|@mantine[\\/](core[\\/]esm[\\/](components[\\/](ScrollArea|FocusTrap|Portal|Modal|ModalBase|Overlay)[\\/]|core[\\/]utils[\\/](get-single-element-child|is-element)[\\/])|hooks[\\/]esm[\\/](utils[\\/])?(use-callback-ref|use-debounced-callback|use-focus-trap|use-focus-return)[\\/]))/,
                    priority: 2,
                    includeDependenciesRecursively: false,
                  },
                  { name: sectionChunkName(import.meta.dirname), priority: 1 },
                ],
              },
            },
          },
        }),
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, ws: p === '/channels' }])),
  },
}));
