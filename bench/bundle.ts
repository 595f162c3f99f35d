// Prints the gzipped JS a first visit to /login downloads, and the largest chunk.
// Reads the real build: the entry script of index.html plus its static imports and
// modulepreloads, and the chunks the /login route loads lazily (found by loading the page
// in Chromium and recording every script response).
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
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
