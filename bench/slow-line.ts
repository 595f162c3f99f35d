/// <reference lib="dom" />
// The functions passed to the page run in Chromium, hence the DOM types.
// The demo customer's two busiest screens opened directly on a slow line (CDP throttling:
// 400 kbit/s down and up, 400 ms latency, empty cache, 1280×800): when the first orders are on
// screen on /home/active and when the latest message is on /order/{id}/chat, counted from the
// request, and the request waterfall behind each: how many requests, one after another, stand
// between the HTML and the screen's data (a request's depth is one more than the deepest script or
// document on its initiator stack, async parents included). Beside it, in the same run and
// interleaved, the baseline: the same screens from a copy of the build whose cabinet-init.js has
// its data preload (the PRELOAD-START…PRELOAD-END block, ADR 029) cut out, on a second server, so
// each screen asks for its data only from its own code. BENCH_RUNS sets the runs per case (3, the median is shown),
// WEB_DIST a build to measure instead of apps/web/dist; BENCH_VERBOSE=1 lists every request.
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { call, customerToken, DEMO_CUSTOMER, PERFORMER, staffToken } from '../e2e/support/api';
import { launch } from '../e2e/support/browser';
import { repoRoot, startServer, type RunningServer } from '../e2e/support/server';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LINE = { latency: 400, downloadThroughput: (400 * 1000) / 8, uploadThroughput: (400 * 1000) / 8 };

if (!process.env.WEB_DIST) execSync('node scripts/ensure-web-build.mjs', { cwd: repoRoot, stdio: 'inherit' });
const dist = resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');

/**
 * The baseline build: the same files with the shell's data preload taken out of cabinet-init.js
 * (the marked block), so the screens ask for their data only from their own code, as before it.
 */
const bare = mkdtempSync(join(tmpdir(), 'bench-no-preload-'));
// Removed however the run ends (a server that did not start throws before the try below).
process.on('exit', () => rmSync(bare, { recursive: true, force: true }));
cpSync(dist, bare, { recursive: true });
const initPath = join(bare, 'cabinet-init.js');
const init = readFileSync(initPath, 'utf8');
const withoutPreload = init.replace(/\/\/ PRELOAD-START[\s\S]*?\/\/ PRELOAD-END/, '');
const hasPreload = withoutPreload !== init;
writeFileSync(initPath, withoutPreload);
// The compressed copies would still carry it.
for (const suffix of ['.gz', '.br']) rmSync(initPath + suffix, { force: true });

interface Sample {
  /** From the request to the marker on screen. */
  shown: number | null;
  /** Requests in the chain from the HTML (0) to the screen's data request. */
  depth: number | null;
  /** The chain itself, for the log. */
  chain: string[];
  /** Requests made and bytes received until the marker showed. */
  requests: number;
  kilobytes: number;
}

interface Request {
  url: string;
  parents: string[];
  sent: number;
  bytes: number;
}

/** Every script URL on the request's initiator stack, async parents included. */
function initiatorUrls(initiator: { type: string; url?: string; stack?: StackTrace }): string[] {
  const urls = new Set<string>();
  if (initiator.url) urls.add(initiator.url);
  for (let stack = initiator.stack; stack; stack = stack.parent)
    for (const frame of stack.callFrames) if (frame.url) urls.add(frame.url);
  return [...urls];
}
interface StackTrace {
  callFrames: Array<{ url: string }>;
  parent?: StackTrace;
}

/**
 * Records every request with the scripts (or the document, or the stylesheet) that asked for it.
 * A request's depth is one more than the deepest of those: the code that asked for it could not
 * run before they had arrived.
 */
async function recordRequests(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  const byUrl = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (event) => {
    const request: Request = {
      url: event.request.url,
      parents: initiatorUrls(event.initiator as Parameters<typeof initiatorUrls>[0]),
      sent: event.timestamp,
      bytes: 0,
    };
    requests.set(event.requestId, request);
    if (!byUrl.has(request.url)) byUrl.set(request.url, request);
  });
  cdp.on('Network.dataReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.bytes += event.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.bytes = Math.max(request.bytes, event.encodedDataLength);
  });
  await cdp.send('Network.enable');
  // Async stacks: a fetch after an `await` names the code that awaited, not only the last frame.
  await cdp.send('Debugger.enable');
  await cdp.send('Debugger.setAsyncCallStackDepth', { maxDepth: 64 });
  const depthMemo = new Map<string, { depth: number; chain: string[] }>();
  const chainOf = (url: string, seen = new Set<string>()): { depth: number; chain: string[] } => {
    const known = depthMemo.get(url);
    if (known) return known;
    const request = byUrl.get(url);
    if (!request || seen.has(url)) return { depth: 0, chain: [] };
    seen.add(url);
    let best = { depth: 0, chain: [] as string[] };
    for (const parent of request.parents) {
      if (parent === url || !byUrl.has(parent)) continue;
      const found = chainOf(parent, seen);
      if (found.depth + 1 > best.depth) best = { depth: found.depth + 1, chain: [...found.chain, parent] };
    }
    depthMemo.set(url, best);
    return best;
  };
  return {
    /** The chain from the document to the first request whose URL matches. */
    chainTo(match: (url: string) => boolean) {
      const request = [...requests.values()].find((r) => match(r.url));
      if (!request) return null;
      const found = chainOf(request.url);
      return { depth: found.depth, chain: [...found.chain, request.url].map(shortUrl) };
    },
    /** Every request: when it was sent (s from the first), its size and its address. */
    list() {
      const list = [...requests.values()];
      const first = Math.min(...list.map((r) => r.sent));
      return list.map(
        (r) =>
          `${(r.sent - first).toFixed(2).padStart(6)} s ${(r.bytes / 1024).toFixed(1).padStart(6)} KB  ${shortUrl(r.url)}`,
      );
    },
    totals() {
      const list = [...requests.values()];
      return { requests: list.length, kilobytes: list.reduce((sum, r) => sum + r.bytes, 0) / 1024 };
    },
  };
}

const shortUrl = (url: string) => {
  const { pathname, search } = new URL(url);
  return (pathname + search).replace(/^\/assets\//, '').slice(0, 60);
};

/**
 * Installed in the page: when `text` is in the app's own markup (not the prerendered shell) inside
 * `within` and on screen, the time; else false. A string, not a function: tsx would wrap inner
 * functions in a helper the page does not have (and the CSP forbids evaluating strings later).
 */
const SHOWN = `window.__shown = (text, within) => {
  const root = document.getElementById('root');
  if (!root || root.hasAttribute('data-prerendered')) return false;
  for (const scope of within ? document.querySelectorAll(within) : [root]) {
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue || !node.nodeValue.includes(text)) continue;
      const box = node.parentElement && node.parentElement.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) return performance.now();
    }
  }
  return false;
};`;

async function measure(
  browser: Browser,
  server: RunningServer,
  token: string,
  path: string,
  marker: { text: string; within: string },
  dataRequest: (url: string) => boolean,
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  try {
    await context.addInitScript(`localStorage.setItem('key', ${JSON.stringify(token)});`);
    await context.addInitScript(SHOWN);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = await recordRequests(cdp);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINE });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const start = Date.now();
    await page.goto(`${server.url}${path}`, { waitUntil: 'commit', timeout: 60_000 });
    const handle = await page.waitForFunction(
      ([text, within]) =>
        (window as unknown as { __shown: (t: string, w: string) => number | false }).__shown(text, within),
      [marker.text, marker.within] as const,
      { timeout: 120_000, polling: 50 },
    );
    const at = (await handle.jsonValue()) as number;
    const origin = await page.evaluate(() => performance.timeOrigin);
    const found = network.chainTo(dataRequest);
    if (process.env.BENCH_VERBOSE) console.log(network.list().join('\n'));
    return {
      shown: origin + at - start,
      depth: found?.depth ?? null,
      chain: found?.chain ?? [],
      ...network.totals(),
    };
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
const seconds = (v: number | null) => (v === null ? '—' : `${(v / 1000).toFixed(2)} s`);

const env = { RATE_MAX_PER_IP: '10000', LOG_LEVEL: 'error' };
// A machine shared with other builds and tests can take more than the usual 30 s to start one.
const patiently = { startTimeoutMs: 180_000 };
const withPreload = await startServer({ ...env, WEB_DIST: dist }, patiently);
const noPreload = await startServer({ ...env, WEB_DIST: bare }, patiently).catch(async (error: unknown) => {
  await withPreload.stop();
  throw error;
});
const browser = await launch();
try {
  /** The demo customer's order at work gets a few messages, the last one the marker. */
  const scene = async (server: RunningServer) => {
    const token = await customerToken(server.url, DEMO_CUSTOMER);
    const list = await call<{ results: Array<{ id: number; title: string; status: { id: number } }> }>(
      server.url,
      token,
      'GET',
      '/api/client/orders/?tab=active',
    );
    const first = list.results[0];
    const atWork = list.results.find((o) => o.status.id === 4);
    if (!first || !atWork) throw new Error('the demo customer has no orders, or none at work');
    const author = await staffToken(server.url, PERFORMER);
    let latest = '';
    for (let i = 1; i <= 30; i++) {
      latest = `Сообщение ${i} из 30: ${'проверяю главу '.repeat(1 + (i % 4))}`.trim();
      await call(
        server.url,
        author,
        'POST',
        `/api/staff/orders/${atWork.id}/messages/`,
        { text: latest, client_id: `bench-${i}-${Date.now().toString(36)}` },
        [201],
      );
    }
    return { token, firstTitle: first.title, orderId: atWork.id, latest };
  };
  const scenes = new Map([
    [withPreload, await scene(withPreload)],
    [noPreload, await scene(noPreload)],
  ]);
  const cases = [
    { name: 'first orders, /home/active', screen: 'orders' as const, server: withPreload },
    { name: 'first orders, no preload', screen: 'orders' as const, server: noPreload },
    { name: 'latest message, /order/{id}/chat', screen: 'chat' as const, server: withPreload },
    { name: 'latest message, no preload', screen: 'chat' as const, server: noPreload },
  ].filter((c) => hasPreload || c.server === withPreload);
  const results = new Map<string, Sample[]>(cases.map((c) => [c.name, []]));
  console.log(
    `400 kbit/s down and up, 400 ms latency, empty cache, 1280×800; ${RUNS} runs per case; ` +
      `load average ${(await import('node:os'))
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}` +
      (hasPreload ? '' : '\n(no preload block in cabinet-init.js: no baseline)'),
  );
  for (let run = 1; run <= RUNS; run++) {
    for (const c of cases) {
      const s = scenes.get(c.server)!;
      // A fresh access token per run: they live five minutes.
      const token = await customerToken(c.server.url, DEMO_CUSTOMER);
      const sample =
        c.screen === 'orders'
          ? await measure(
              browser,
              c.server,
              token,
              '/home/active',
              { text: s.firstTitle, within: 'main article' },
              (url) => /\/api\/client\/orders\/\?/.test(url),
            )
          : await measure(
              browser,
              c.server,
              token,
              `/order/${s.orderId}/chat`,
              { text: s.latest, within: '[role="log"]' },
              (url) => url.includes(`/orders/${s.orderId}/messages/`),
            );
      results.get(c.name)!.push(sample);
      console.log(
        `run ${run} ${c.name.padEnd(36)} ${seconds(sample.shown).padStart(8)}, depth ${sample.depth ?? '—'} ` +
          `(${sample.requests} requests, ${sample.kilobytes.toFixed(0)} KB): ${sample.chain.join(' → ')}`,
      );
    }
  }
  console.log(`\n${'median'.padEnd(38)} ${'shown'.padStart(8)} ${'depth'.padStart(6)} ${'KB'.padStart(6)}`);
  for (const c of cases) {
    const list = results.get(c.name)!;
    console.log(
      `${c.name.padEnd(38)} ${seconds(median(list.map((s) => s.shown))).padStart(8)} ` +
        `${String(median(list.map((s) => s.depth)) ?? '—').padStart(6)} ` +
        `${(median(list.map((s) => s.kilobytes)) ?? 0).toFixed(0).padStart(6)}`,
    );
  }
  console.log('targets: first orders ≤ 6 s, latest message ≤ 7 s, data ≤ 2 requests after the HTML');
} finally {
  await browser.close();
  await withPreload.stop();
  await noPreload.stop();
  rmSync(bare, { recursive: true, force: true });
}
