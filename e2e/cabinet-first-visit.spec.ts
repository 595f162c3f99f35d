import type { BrowserContext } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { customerToken } from './support/api';
import { createCustomer } from './support/auth';
import { appTookOver, openWithTheAppHeld } from './support/browser';
import { useBrowser } from './support/fixtures';

/**
 * What a customer's browser fetches to open a cabinet address directly with an empty cache: the
 * section chunks leave with the entry, listed in the prerendered page (build/section-chunks.ts,
 * scripts/prerender.mjs), and the web font waits until the app runs (shared/web-fonts.ts). ADR 031.
 */
describe('a cabinet address opened with an empty cache', () => {
  const browser = useBrowser();

  /** A fresh browser with a new customer's session stored, as after signing in earlier. */
  async function signedInContext(tag: string): Promise<BrowserContext> {
    const base = inject('baseUrl');
    const token = await customerToken(base, await createCustomer(base, tag));
    const context = await browser().newContext({ baseURL: base, locale: 'ru-RU' });
    await context.addInitScript(`localStorage.setItem('key', ${JSON.stringify(token)});`);
    return context;
  }

  it('lists its section chunks in the page, to leave with the entry', async () => {
    const base = inject('baseUrl');
    const scriptsOf = async (path: string) => {
      const html = await (await fetch(`${base}${path}`)).text();
      return (/data-scripts="([^"]*)"/.exec(html)?.[1] ?? '').split(' ');
    };
    const home = await scriptsOf('/home/active');
    expect(home[0]).toMatch(/^module:\/assets\/index-/);
    expect(home).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^preload:\/assets\/cabinet-[\w-]+\.js$/),
        expect.stringMatching(/^preload:\/assets\/orders-list-[\w-]+\.js$/),
        // And their stylesheets, which the app would ask for only once the scripts have run.
        expect.stringMatching(/^style:\/assets\/orders-list-[\w-]+\.css$/),
      ]),
    );
    const chat = await scriptsOf('/order/1/chat');
    for (const section of ['cabinet', 'order-workspace', 'order-chat'])
      expect(chat).toContainEqual(
        expect.stringMatching(new RegExp(`^preload:/assets/${section}-[\\w-]+\\.js$`)),
      );
    // Every one is there to fetch.
    for (const item of new Set([...home, ...chat])) {
      const r = await fetch(`${base}${item.slice(item.indexOf(':') + 1)}`);
      expect(r.status, item).toBe(200);
    }
  });

  it('shows the orders after a handful of scripts, not one per piece of shared code', async () => {
    const context = await signedInContext('first-visit-scripts');
    const page = await context.newPage();
    const scripts: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/[^/]+\.js$/.test(request.url())) scripts.push(new URL(request.url()).pathname);
      if (/\/assets\/[^/]+\.css$/.test(request.url())) stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto('/home/active');
    await appTookOver(page);
    await page.getByRole('heading', { name: 'Мои заказы', level: 1 }).waitFor();
    await page.getByText('Активных заказов нет').waitFor();
    // The entry, the cabinet's chunk and the list's; beside them, as the network allows, the
    // layout's lazy parts (the banners and the FAQ search, preloaded when the page idles), some
    // seven more at most. The bundler's own splitting made it some 70. Nothing of the order's.
    expect(scripts.length, scripts.join('\n')).toBeLessThanOrEqual(12);
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/cabinet-[\w-]+\.js$/));
    expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/orders-list-[\w-]+\.js$/));
    expect(scripts.filter((path) => /\/(order-chat|order-workspace)-/.test(path))).toEqual([]);
    // The list's stylesheet, asked for once: from the page's list, not again by the app.
    expect(stylesheets.filter((path) => /\/orders-list-[\w-]+\.css$/.test(path))).toHaveLength(1);
    await context.close();
  });

  it('fetches the web font only once the app runs, and uses it from then on', async () => {
    const context = await signedInContext('first-visit-fonts');
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fonts.push(request.url());
    });
    const app = await openWithTheAppHeld(page, '/home/active');
    await page.getByRole('navigation', { name: 'Основное меню' }).waitFor();
    const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
    // The shell has painted in the system's font, and no font file is on the line.
    expect(await bodyFont()).not.toContain('Inter');
    expect(fonts).toEqual([]);

    await app.release();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('app_fonts'))).toBe('1');
    expect(fonts.length).toBeGreaterThanOrEqual(1);
    // Not under the reader's eyes: the font changes with the next screen.
    expect(await bodyFont()).not.toContain('Inter');
    await page
      .getByRole('navigation', { name: 'Основное меню' })
      .getByRole('link', { name: 'Профиль' })
      .click();
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor();
    expect(await bodyFont()).toContain('Inter Variable');

    // The next visit has it from the first paint.
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.reload();
    await page.getByRole('navigation', { name: 'Основное меню' }).waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('cabinet');
    expect(await bodyFont()).toContain('Inter Variable');
    await context.close();
  });
});
