import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newPage } from './support/browser';

describe('the served product', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('serves the web app for a deep path with a CSP it passes', async () => {
    const { page, errors, context } = await newPage(browser, inject('baseUrl'));
    const csp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    const res = await page.goto('/some/deep/path');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('no-cache');
    await expect.poll(() => page.locator('#root').innerText()).not.toBe('');
    expect(errors).toEqual([]);
    expect(csp).toEqual([]);
    await context.close();
  });

  it('serves hashed assets pre-compressed and immutable', async () => {
    const base = inject('baseUrl');
    const html = await (await fetch(`${base}/`)).text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const r = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('cache-control')).toContain('immutable');
  });
});
