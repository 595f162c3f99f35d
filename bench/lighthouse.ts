// Runs Lighthouse (mobile preset) three times on each page against the started server and prints
// the median performance and accessibility scores: /login for a visitor, and /home/active and
// /order/{id}/chat for the demo customer, signed in (the access token stored under `key` before the
// page loads, as the app stores it; the HTTP cache still empty). BENCH_PAGES picks pages by name
// (login,home,chat), BENCH_LH_RUNS the runs per page (3), WEB_DIST a build other than apps/web/dist.
import { execSync } from 'node:child_process';
import { loadavg, tmpdir } from 'node:os';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumPath } from './env';
import { call, customerToken, DEMO_CUSTOMER } from '../e2e/support/api';
import { repoRoot, startServer } from '../e2e/support/server';

if (!process.env.WEB_DIST) execSync('node scripts/ensure-web-build.mjs', { cwd: repoRoot, stdio: 'inherit' });
const server = await startServer(
  {
    RATE_MAX_PER_IP: '10000',
    ...(process.env.WEB_DIST ? { WEB_DIST: resolve(repoRoot, process.env.WEB_DIST) } : {}),
  },
  // A machine shared with other builds and tests can take more than the usual 30 s to start one.
  { startTimeoutMs: 180_000 },
);
const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);

/** The pages: a path and whether the demo customer is signed in there. */
const orders = await call<{ results: Array<{ id: number; status: { id: number } }> }>(
  server.url,
  await customerToken(server.url, DEMO_CUSTOMER),
  'GET',
  '/api/client/orders/?tab=active',
);
const atWork = orders.results.find((o) => o.status.id === 4) ?? orders.results[0];
const ALL_PAGES = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'home', path: '/home/active', signedIn: true },
  { name: 'chat', path: `/order/${atWork?.id ?? 1}/chat`, signedIn: true },
];
const wanted = (process.env.BENCH_PAGES ?? 'login,home,chat').split(',');
const PAGES = ALL_PAGES.filter((p) => wanted.includes(p.name));

/**
 * Stores a fresh access token for the origin in the browser Lighthouse drives, from a page of the
 * origin that loads nothing of the app (the favicon), so the app's files are still uncached.
 */
async function signIn(port: number): Promise<void> {
  const token = await customerToken(server.url, DEMO_CUSTOMER);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${server.url}/favicon.svg`);
    await page.evaluate((value) => localStorage.setItem('key', value), token);
    await page.close();
  } finally {
    await browser.close();
  }
}

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  lcpElement: string;
}
interface Diagnosis {
  /** Main-thread time by category and by script, and the longest tasks, of the run. */
  breakdown: string;
  bootup: string;
  longTasks: string;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const results: Array<{ name: string; path: string; runs: Run[]; diagnosis?: Diagnosis }> = [];
try {
  for (const target of PAGES) results.push({ ...target, runs: [] });
  // Interleaved (a run of each page in turn), so that whatever else the machine does falls on each alike.
  for (let round = 0; round < RUNS; round++) {
    for (const result of results) {
      const target = PAGES.find((p) => p.name === result.name)!;
      await runOnce(target, result, round);
    }
  }
} finally {
  await server.stop();
}

async function runOnce(
  target: (typeof PAGES)[number],
  result: (typeof results)[number],
  round: number,
): Promise<void> {
  const runs = result.runs;
  // A run Lighthouse could not finish (a runtime error, no paint) is reported and retried, not scored.
  for (let tries = 0; runs.length <= round && tries < 2; tries++) {
    // A profile of its own per run: nothing cached from another page or run.
    const userDataDir = join(tmpdir(), `lh-profile-${process.pid}-${target.name}-${round}-${tries}`);
    mkdirSync(userDataDir, { recursive: true });
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      userDataDir,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      if (target.signedIn) await signIn(chrome.port);
      const run = await lighthouse(`${server.url}${target.path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Keeps the stored token; the profile is new, so the HTTP cache holds only the favicon.
        disableStorageReset: target.signedIn,
      });
      const lhr = run?.lhr;
      if (!lhr) throw new Error('Lighthouse returned no result');
      // The whole report of the last run, and its trace, for a closer look (bench/out is not committed).
      mkdirSync(join(repoRoot, 'bench/out'), { recursive: true });
      writeFileSync(join(repoRoot, `bench/out/lighthouse-${target.name}.json`), JSON.stringify(lhr, null, 1));
      const trace = (run.artifacts as { Trace?: unknown }).Trace;
      if (trace)
        writeFileSync(
          join(repoRoot, `bench/out/lighthouse-${target.name}.trace.json`),
          JSON.stringify(trace),
        );
      if (lhr.runtimeError) {
        console.log(
          `${target.path} run ${round + 1}: not scored — ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
        );
        continue;
      }
      if (target.signedIn && !lhr.finalDisplayedUrl.includes(target.path)) {
        console.log(`${target.path} run ${round + 1}: not scored — ended on ${lhr.finalDisplayedUrl}`);
        continue;
      }
      result.diagnosis = diagnose(lhr.audits);
      runs.push({
        performance: lhr.categories.performance?.score ?? 0,
        accessibility: lhr.categories.accessibility?.score ?? 0,
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        si: lhr.audits['speed-index']?.numericValue ?? 0,
        lcpElement: lcpElementOf(lhr.audits['lcp-breakdown-insight']?.details),
      });
      const r = runs.at(-1)!;
      console.log(
        `${target.path} run ${round + 1}: performance ${Math.round(r.performance * 100)}, accessibility ${Math.round(r.accessibility * 100)}, ` +
          `FCP ${Math.round(r.fcp)} ms, LCP ${Math.round(r.lcp)} ms, TBT ${Math.round(r.tbt)} ms, ` +
          `SI ${Math.round(r.si)} ms, CLS ${r.cls.toFixed(3)}; LCP element: ${r.lcpElement}`,
      );
      if (r.accessibility < 1) {
        const failed = Object.values(lhr.audits).filter(
          (a) => a.score === 0 && a.scoreDisplayMode === 'binary',
        );
        for (const a of failed) console.log(`   a11y/perf audit failed: ${a.id} — ${a.title}`);
      }
    } finally {
      await chrome.kill();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  }
}

type Audits = Record<string, { details?: unknown; numericValue?: number } | undefined>;
type Items = Array<Record<string, unknown>>;
function itemsOf(audit: Audits[string]): Items {
  return (audit?.details as { items?: Items } | undefined)?.items ?? [];
}

/** Where the main thread's time went in a run (Lighthouse's own audits, already CPU-scaled). */
function diagnose(audits: Audits): Diagnosis {
  const ms = (v: unknown) => `${Math.round(Number(v))} ms`;
  const breakdown = itemsOf(audits['mainthread-work-breakdown'])
    .slice(0, 5)
    .map((i) => `${String(i.groupLabel ?? i.group)} ${ms(i.duration)}`)
    .join(', ');
  const bootup = itemsOf(audits['bootup-time'])
    .slice(0, 4)
    .map(
      (i) => `${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(i.total)} (script ${ms(i.scripting)})`,
    )
    .join(', ');
  const longTasks = itemsOf(audits['long-tasks'])
    .slice(0, 5)
    .map(
      (i) =>
        `${String(i.url).replace(/^https?:\/\/[^/]+/, '') || 'other'} ${ms(i.duration)} at ${ms(i.startTime)}`,
    )
    .join(', ');
  return { breakdown, bootup, longTasks };
}
/** The LCP element's label, from the LCP breakdown insight (a list of a table and a node). */
function lcpElementOf(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"nodeLabel":"((?:[^"\\]|\\.)*)"/);
  return found?.[1]?.slice(0, 80) ?? 'unknown';
}

console.log(
  `\nload average at the end: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (const { path, runs, diagnosis } of results) {
  console.log(
    `${path} — MEDIAN of ${runs.length}: performance ${Math.round(median(runs.map((r) => r.performance)) * 100)} ` +
      `(target ≥ 95), TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms (target ≤ 150 ms), ` +
      `LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms, ` +
      `accessibility ${Math.round(median(runs.map((r) => r.accessibility)) * 100)} (target 100)`,
  );
  if (diagnosis)
    console.log(
      `   last run's main thread: ${diagnosis.breakdown}\n   by script: ${diagnosis.bootup}\n` +
        `   long tasks: ${diagnosis.longTasks}`,
    );
}
