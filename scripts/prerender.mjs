// Prerenders, next to the client build, the pages that paint before any script has run (main.tsx
// then takes them over):
// - dist/prerendered/<name>.html: the screens a visitor lands on first, served for their path;
// - dist/prerendered/cabinet/<name>.html: the cabinet shell (header, navigation, a skeleton of the
//   screen) for each cabinet address of the route table, and dist/prerendered/cabinet/index.json,
//   which address (a route pattern such as /order/:id/edit) gets which file.
// Each is index.html with the markup in #root and the scripts held back (see below).
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

const { render, cabinetPatterns, renderCabinetShell } = await import(
  pathToFileURL(join(ssr, 'prerender.js')).href
);
const index = readFileSync(join(dist, 'index.html'), 'utf8');
const emptyRoot = '<div id="root"></div>';
if (!index.includes(emptyRoot)) throw new Error('index.html has no empty #root to fill');
const themeInit = '<script src="/theme-init.js"></script>';
if (!index.includes(themeInit)) throw new Error('index.html does not load /theme-init.js');

function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** index.html with `markup` in #root, marked as prerendered for `name`, its scripts held back. */
function page(markup, name, { head = '' } = {}) {
  // The screen paints without the scripts, so the page does not ask for them until it has painted:
  // theme-init.js loads the ones listed in data-scripts then (the stylesheet and fonts go first).
  const scripts = [];
  const html = index
    .replace(themeInit, head + themeInit)
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
      `<div id="root" data-prerendered="${name}" data-scripts="${scripts.join(' ')}">${markup}</div>`,
    );
  if (!scripts.some((s) => s.startsWith('module:'))) throw new Error('index.html has no entry script');
  return html;
}

rmSync(join(dist, 'prerendered'), { recursive: true, force: true });
mkdirSync(join(dist, 'prerendered', 'cabinet'), { recursive: true });
for (const [path, name] of Object.entries(PRERENDERED)) {
  const markup = (await render(path))
    // Before the app takes over, a form must not submit natively (it would put the fields in the
    // URL): a disabled default button turns off implicit submission too.
    .replace(/<button([^>]*?) type="submit"/g, '<button$1 type="submit" disabled=""');
  writeFileSync(join(dist, 'prerendered', `${name}.html`), page(markup, path));
  console.log(`prerendered ${path}`);
}

// The cabinet shell, one page per address: the layout as it looks there (its section highlighted,
// the sidebar shown or not) and the screen's title. cabinet-init.js, in the head before anything
// paints, sends a visitor without a session to /login at once instead of showing them a cabinet.
const manifest = [];
for (const pattern of cabinetPatterns()) {
  const { markup, title } = await renderCabinetShell(pattern.replace(/:[^/]+/g, '0'));
  const file = `${pattern.slice(1).replace(/:/g, '').replace(/\//g, '-') || 'cabinet'}.html`;
  if (manifest.some((entry) => entry.file === file)) throw new Error(`two cabinet addresses make ${file}`);
  const html = page(markup, 'cabinet', { head: '<script src="/cabinet-init.js"></script>\n    ' }).replace(
    /<title>[^<]*<\/title>/,
    () => `<title>${escapeHtml(title)}</title>`,
  );
  writeFileSync(join(dist, 'prerendered', 'cabinet', file), html);
  manifest.push({ pattern, file });
}
writeFileSync(join(dist, 'prerendered', 'cabinet', 'index.json'), `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`prerendered the cabinet shell for ${manifest.length} addresses`);
rmSync(ssr, { recursive: true, force: true });
