/// <reference lib="dom" />
// The functions passed to the page run in Chromium, hence the DOM types.
// Opens a cabinet address in Chromium on a slow line (CDP throttling: 400 kbit/s down and up,
// 400 ms latency, empty cache) as a signed-in customer, and prints when the page first painted
// (FCP), when the cabinet's navigation was on screen and when the app had the screen ready, beside
// baselines of the same run: the same address served without the prerendered cabinet shell (a copy
// of the build without prerendered/cabinet, on a second server), the address opened by a visitor
// without a session (who ends on /login), and /login itself. Times count from the request.
// BENCH_PATH sets the address (/home/active), BENCH_RUNS the runs per case (3, the median is shown),
// WEB_DIST a build to measure instead of apps/web/dist.
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { createCustomer } from '../e2e/support/auth';
import { launch } from '../e2e/support/browser';
import { repoRoot, startServer, type RunningServer } from '../e2e/support/server';

const PATH = process.env.BENCH_PATH ?? '/home/active';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LINE = { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };

if (!process.env.WEB_DIST) execSync('node scripts/ensure-web-build.mjs', { cwd: repoRoot, stdio: 'inherit' });
const dist = resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');

// The baseline build: the same files without the cabinet shell, so the server sends the empty page.
const bare = mkdtempSync(join(tmpdir(), 'bench-no-shell-'));
cpSync(dist, bare, { recursive: true });
rmSync(join(bare, 'prerendered', 'cabinet'), { recursive: true, force: true });

interface Times {
  fcp: number | null;
  nav: number | null;
  ready: number | null;
}

/**
 * Records, frame by frame, when the navigation and the finished screen were first on screen. A
 * string, not a function: tsx would wrap the inner functions in a helper the page does not have.
 */
const WATCH_FRAMES = `(() => {
  const times = (window.__times = { nav: null, ready: null, fcp: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') times.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const shown = (el) =>
    !!el && el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden';
  const frame = () => {
    const now = performance.now();
    if (times.nav === null && shown(document.getElementById('cabinet-nav'))) times.nav = now;
    const root = document.getElementById('root');
    const done =
      root &&
      !root.hasAttribute('data-prerendered') &&
      !document.querySelector('[data-screen-skeleton]') &&
      shown(document.querySelector('h1'));
    if (times.ready === null && done) times.ready = now;
    if (times.ready === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

async function signedInToken(server: RunningServer): Promise<string> {
  const creds = await createCustomer(server.url, 'bench-shell');
  const r = await fetch(`${server.url}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (!r.ok) throw new Error(`login failed: ${r.status}`);
  return ((await r.json()) as { tokens: { access: string } }).tokens.access;
}

async function measure(
  browser: Browser,
  server: RunningServer,
  path: string,
  signedIn: boolean,
): Promise<Times> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    if (signedIn) {
      const token = await signedInToken(server);
      await context.addInitScript(`localStorage.setItem('key', ${JSON.stringify(token)});`);
    }
    await context.addInitScript(WATCH_FRAMES);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINE });
    const start = Date.now();
    await page.goto(`${server.url}${path}`, { waitUntil: 'commit', timeout: 60_000 });
    // Until the screen is ready and its first contentful paint has been reported (a moment later).
    await page.waitForFunction(
      () => {
        const t = (window as unknown as { __times?: Times }).__times;
        return t?.ready != null && t.fcp != null;
      },
      null,
      { timeout: 90_000, polling: 250 },
    );
    // From the moment the address was asked for: a visitor sent on to /login is timed on that page,
    // whose clock starts at its own navigation.
    const { times, origin } = await page.evaluate(() => ({
      times: (window as unknown as { __times: Times }).__times,
      origin: performance.timeOrigin,
    }));
    const since = (t: number | null) => (t === null ? null : origin + t - start);
    const fcp = since(times.fcp);
    const nav = since(times.nav);
    // The navigation cannot be on screen before anything is.
    return { fcp, nav: nav !== null && fcp !== null ? Math.max(nav, fcp) : nav, ready: since(times.ready) };
  } finally {
    await context.close();
  }
}

const median = (values: Array<number | null>) => {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
};
const ms = (v: number | null) => (v === null ? '—' : `${(v / 1000).toFixed(2)} s`);

const env = { RATE_MAX_PER_IP: '10000', LOG_LEVEL: 'error' };
const withShell = await startServer({ ...env, WEB_DIST: dist });
const withoutShell = await startServer({ ...env, WEB_DIST: bare });
const browser = await launch();
try {
  const cases = [
    { name: `${PATH} with the shell`, server: withShell, path: PATH, signedIn: true },
    { name: `${PATH} without the shell`, server: withoutShell, path: PATH, signedIn: true },
    // A visitor without a session on a cabinet address ends on /login either way.
    { name: `${PATH}, a visitor, with the shell`, server: withShell, path: PATH, signedIn: false },
    { name: `${PATH}, a visitor, without`, server: withoutShell, path: PATH, signedIn: false },
    { name: '/login, a visitor', server: withShell, path: '/login', signedIn: false },
  ];
  const results = new Map<string, Times[]>(cases.map((c) => [c.name, []]));
  console.log(`400 kbit/s down and up, 400 ms latency, empty cache, 1280×800; ${RUNS} runs per case`);
  // Interleaved, so that whatever else the machine does falls on every case alike.
  for (let run = 1; run <= RUNS; run++) {
    for (const c of cases) {
      const t = await measure(browser, c.server, c.path, c.signedIn);
      results.get(c.name)!.push(t);
      console.log(
        `run ${run} ${c.name.padEnd(42)} FCP ${ms(t.fcp)}, navigation ${ms(t.nav)}, ready ${ms(t.ready)}`,
      );
    }
  }
  console.log(
    `\n${'median'.padEnd(44)} ${'FCP'.padStart(8)} ${'navigation'.padStart(11)} ${'ready'.padStart(8)}`,
  );
  for (const c of cases) {
    const list = results.get(c.name)!;
    console.log(
      `${c.name.padEnd(44)} ${ms(median(list.map((t) => t.fcp))).padStart(8)} ` +
        `${ms(median(list.map((t) => t.nav))).padStart(11)} ${ms(median(list.map((t) => t.ready))).padStart(8)}`,
    );
  }
} finally {
  await browser.close();
  await withShell.stop();
  await withoutShell.stop();
  rmSync(bare, { recursive: true, force: true });
}
