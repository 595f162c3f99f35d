// Prerenders the screens a visitor lands on first into static HTML next to the client build:
// dist/prerendered/<name>.html is index.html with the screen's markup in #root, served by the
// server for that path so the screen paints before any script has run (main.tsx then takes over).
// Usage: prerender.mjs <web dist> <ssr bundle dir>
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Path → file name under dist/prerendered. Only screens that need no session. */
export const PRERENDERED = { '/login': 'login', '/registration': 'registration', '/restore': 'restore' };

const [distArg, ssrArg] = process.argv.slice(2);
if (!distArg || !ssrArg) throw new Error('usage: prerender.mjs <web dist> <ssr bundle dir>');
const dist = resolve(distArg);
const ssr = resolve(ssrArg);

const { render } = await import(pathToFileURL(join(ssr, 'prerender.js')).href);
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!index.includes(emptyRoot)) throw new Error('index.html has no empty #root to fill');

mkdirSync(join(dist, 'prerendered'), { recursive: true });
for (const [path, name] of Object.entries(PRERENDERED)) {
  const markup = (await render(path))
    // Before the app takes over, a form must not submit natively (it would put the fields in the
    // URL): a disabled default button turns off implicit submission too.
    .replace(/<button([^>]*?) type="submit"/g, '<button$1 type="submit" disabled=""');
  // The screen paints without the scripts, so the page does not ask for them until it has painted:
  // theme-init.js loads the ones listed in data-scripts then (the stylesheet and fonts go first).
  const scripts = [];
  const page = index
    .replace(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href) => {
      scripts.push(`preload:${href}`);
      return '';
    })
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_, src) => {
      scripts.push(`module:${src}`);
      return '';
    })
    .replace(
      emptyRoot,
      `<div id="root" data-prerendered="${path}" data-scripts="${scripts.join(' ')}">${markup}</div>`,
    );
  if (!scripts.some((s) => s.startsWith('module:'))) throw new Error('index.html has no entry script');
  writeFileSync(join(dist, 'prerendered', `${name}.html`), page);
  console.log(`prerendered ${path}`);
}
rmSync(ssr, { recursive: true, force: true });
