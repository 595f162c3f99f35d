import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTookOver, launch, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

// The first visit to /login stays within its budget of 150 KB of gzipped script (bench/README.md,
// ADR 016): every script the page downloads until the network is idle, gzipped at level 9 as
// `npm run bundle -w bench` counts them. The banners carousel and the FAQ search load
// only in the cabinet, on their own.

const LOGIN_BUDGET_KB = 150;

describe('the first visit to /login', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launch()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(`downloads at most ${LOGIN_BUDGET_KB} KB of gzipped script, none of it the carousel's or the FAQ's`, async () => {
    const { page, context } = await newPage(browser, server.url);
    const scripts = new Map<string, number>();
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.endsWith('.js')) return;
      pending.push(
        response.body().then((body) => {
          scripts.set(url.pathname, gzipSync(body, { level: 9 }).length);
        }),
      );
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await appTookOver(page);
    await Promise.all(pending);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const report = [...scripts].map(([path, size]) => `${path} ${(size / 1024).toFixed(1)} KB`).join('\n');
    console.log(`/login first visit, gzip -9:\n${report}\nTOTAL ${(total / 1024).toFixed(1)} KB`);
    expect(total / 1024).toBeLessThanOrEqual(LOGIN_BUDGET_KB);
    expect([...scripts.keys()].filter((p) => /banners-carousel|faq-search|lazy-/.test(p))).toEqual([]);
    await context.close();
  });
});
