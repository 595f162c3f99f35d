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
function page(markup, name, { head = '', preloads = [] } = {}) {
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
  if (preloads.length > 0)
    return html.replace(
      / data-scripts="([^"]*)"/,
      (_, list) => ` data-scripts="${list} ${preloads.join(' ')}"`,
    );
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

// The chunks a cabinet address needs besides the entry, its layouts' and its screen's (ADR 031):
// listed in data-scripts as preloads, they leave with the entry instead of once it has run. By the
// route pattern; the first entry holds for every address. The build's manifest turns a module into
// its chunk and the chunks that one imports.
const SCREEN_MODULES = [
  [/^/, ['cabinet']],
  [/^\/home(\/:tab)?$/, ['orders-list']],
  [/^\/order\/:id(\/(chat|files|care|reworks))?$/, ['order-workspace']],
  [/^\/order\/:id(\/chat)?$/, ['order-chat']],
  [/^\/order\/:id\/files$/, ['src/features/order-workspace/routes/files-tab.tsx']],
  [/^\/order\/:id\/care$/, ['src/features/order-workspace/routes/care-tab.tsx']],
  [/^\/order\/:id\/reworks$/, ['src/features/order-workspace/routes/reworks-tab.tsx']],
  [/^\/order-new$/, ['src/features/order-form/routes/order-new-page.tsx']],
  [/^\/payments(\/|$)/, ['src/features/payments/routes/payments-layout.tsx']],
  [/^\/profile$/, ['src/features/profile/routes/profile-page.tsx']],
];
const viteManifestPath = join(dist, '.vite', 'manifest.json');
const viteManifest = JSON.parse(readFileSync(viteManifestPath, 'utf8'));
const entryFiles = new Set();
for (const chunk of Object.values(viteManifest)) if (chunk.isEntry) chunkFiles(chunk.src, entryFiles);

/**
 * The chunk of a module (a path under apps/web, or the name of a section chunk, whose modules the
 * manifest does not list: build/section-chunks.ts) and every chunk it imports statically, into
 * `into`, as /assets/ paths.
 */
function chunkFiles(key, into) {
  const chunk = viteManifest[key] ?? Object.values(viteManifest).find((c) => !c.src && c.name === key);
  if (!chunk) throw new Error(`${key} is not in the build's manifest (SCREEN_MODULES in prerender.mjs)`);
  if (into.has(`/${chunk.file}`)) return into;
  into.add(`/${chunk.file}`);
  // Its stylesheets too: the app asks for them only once the script that imports the chunk has
  // run, a round trip before the screen can show (on the slow line, 0.4 s at least).
  for (const css of chunk.css ?? []) into.add(`/${css}`);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, into);
  return into;
}

/**
 * `preload:` items of data-scripts for the chunks of a cabinet address, beyond the entry's, and
 * `style:` items for their stylesheets.
 */
function screenPreloads(pattern) {
  const files = new Set();
  for (const [test, modules] of SCREEN_MODULES) {
    if (test.test(pattern)) for (const module of modules) chunkFiles(module, files);
  }
  return [...files]
    .filter((file) => !entryFiles.has(file))
    .map((file) => `${file.endsWith('.css') ? 'style' : 'preload'}:${file}`);
}

// The cabinet shell, one page per address: the layout as it looks there (its section highlighted,
// the sidebar shown or not) and the screen's title. cabinet-init.js, in the head before anything
// paints, sends a visitor without a session to /login at once instead of showing them a cabinet.
const manifest = [];
for (const pattern of cabinetPatterns()) {
  const { markup, title } = await renderCabinetShell(pattern.replace(/:[^/]+/g, '0'));
  const file = `${pattern.slice(1).replace(/:/g, '').replace(/\//g, '-') || 'cabinet'}.html`;
  if (manifest.some((entry) => entry.file === file)) throw new Error(`two cabinet addresses make ${file}`);
  const html = page(markup, 'cabinet', {
    head: '<script src="/cabinet-init.js"></script>\n    ',
    preloads: screenPreloads(pattern),
  }).replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  writeFileSync(join(dist, 'prerendered', 'cabinet', file), html);
  manifest.push({ pattern, file });
}
writeFileSync(join(dist, 'prerendered', 'cabinet', 'index.json'), `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`prerendered the cabinet shell for ${manifest.length} addresses`);
rmSync(ssr, { recursive: true, force: true });
// The manifest served its purpose here; it is not for the browser.
rmSync(join(dist, '.vite'), { recursive: true, force: true });
