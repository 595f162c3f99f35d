// Prints the gzipped JS a first visit to /login downloads, and the largest chunk.
// Reads the real build: the entry script of index.html plus its static imports and
// modulepreloads, and the chunks the /login route loads lazily (found by loading the page
// in Chromium and recording every script response). Then the same for a signed-in customer's
// /home/active and the chat of an order at work, with an empty cache, until the network is idle
// (the lazy banners and FAQ included): how many scripts, and how many KB (ADR 031).
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { call, customerToken, DEMO_CUSTOMER } from '../e2e/support/api';
import { launch } from '../e2e/support/browser';
import { startServer, repoRoot } from '../e2e/support/server';

const dist = resolve(repoRoot, 'apps/web/dist');
execSync('node scripts/ensure-web-build.mjs', { cwd: repoRoot, stdio: 'inherit' });

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const server = await startServer();
const browser = await launch();
try {
  const page = await browser.newPage();
  const scripts = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
  let total = 0;
  console.log('JS downloaded by a first visit to /login (gzip -9):');
  for (const path of [...scripts].sort()) {
    const size = gz(join(dist, path));
    total += size;
    console.log(`  ${path.padEnd(48)} ${kb(size)}`);
  }
  console.log(`TOTAL /login JS gzipped: ${kb(total)} (target ≤ 150 KB)`);

  const token = await customerToken(server.url, DEMO_CUSTOMER);
  const list = await call<{ results: Array<{ id: number; status: { id: number } }> }>(
    server.url,
    token,
    'GET',
    '/api/client/orders/?tab=active',
  );
  const atWork = list.results.find((order) => order.status.id === 4);
  if (!atWork) throw new Error('the demo customer has no order at work');
  console.log('A signed-in customer, empty cache (gzip -9, until the network is idle):');
  for (const path of ['/home/active', `/order/${atWork.id}/chat`]) {
    const context = await browser.newContext();
    await context.addInitScript(`localStorage.setItem('key', ${JSON.stringify(token)});`);
    const signedIn = await context.newPage();
    const files: string[] = [];
    signedIn.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js')) files.push(url.pathname);
    });
    await signedIn.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
    const bytes = files.reduce((sum, file) => sum + gz(join(dist, file)), 0);
    console.log(`  ${path.padEnd(20)} ${String(files.length).padStart(3)} scripts, ${kb(bytes)}`);
    await context.close();
  }

  const chunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ f, raw: statSync(join(dist, 'assets', f)).size, gz: gz(join(dist, 'assets', f)) }))
    .sort((a, b) => b.gz - a.gz);
  const largest = chunks[0];
  if (largest) console.log(`LARGEST chunk: ${largest.f} ${kb(largest.gz)} gzipped (${kb(largest.raw)} raw)`);
  console.log(`Chunks in the build: ${chunks.length}`);
} finally {
  await browser.close();
  await server.stop();
}
