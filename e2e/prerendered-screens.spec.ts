import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

/**
 * Opens `path` with the app's entry script held back, as on a slow line: the page shows only the
 * prerendered screen until `release`, which then waits for the app to take the screen over.
 */
async function openBeforeTheApp(page: Page, path: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => (released ? route.continue() : held.push(route)));
  await page.goto(path, { waitUntil: 'commit' }); // the held script holds the load event back
  await expect.poll(() => held.length).toBe(1);
  return {
    async release() {
      released = true;
      for (const route of held) await route.continue();
      await expect
        .poll(() => page.locator('#root').getAttribute('data-prerendered'), { timeout: 15_000 })
        .toBeNull();
    },
  };
}

/** /login, /registration and /restore arrive prerendered (scripts/prerender.mjs). */
describe('prerendered visitor screens', () => {
  const browser = useBrowser();

  it('answers /login with the screen already in the HTML, compressed, its scripts deferred', async () => {
    const base = inject('baseUrl');
    const r = await fetch(`${base}/login?redirect=%2Fhome%2Factive`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('vary')).toContain('accept-encoding');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    const html = await r.text();
    expect(html).toContain('<h1');
    expect(html).toContain('Вход в кабинет');
    expect(html).toMatch(/<div id="root" data-prerendered="\/login" data-scripts="[^"]*module:\/assets\//);
    // No script tag asks for the app before the screen has painted; no form submits natively.
    expect(html).not.toMatch(/<script type="module"/);
    expect(html).toMatch(/type="submit" disabled=""/);

    const plain = await fetch(`${base}/registration`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('data-prerendered="/registration"');
    // Other screens still get the empty shell.
    const other = await (await fetch(`${base}/documents/privacy-policy`)).text();
    expect(other).toContain('<div id="root"></div>');
  });

  it('shows the screen before any script runs and keeps what the visitor typed meanwhile', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'prerender');
    const { page, context, errors } = await newPage(browser(), base, {
      viewport: { width: 390, height: 844 },
    });
    // The visitor types before the app has arrived.
    const app = await openBeforeTheApp(page, '/login');
    const submit = page.getByRole('button', { name: 'Войти', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('E-mail').fill(creds.email);
    await page.getByLabel('Пароль', { exact: true }).fill(creds.password);
    await page.keyboard.press('Enter'); // must not submit the fields natively (into the URL)
    expect(page.url()).toBe(`${base}/login`);
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/login');

    await app.release();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(creds.email);
    expect(await page.getByLabel('Пароль', { exact: true }).inputValue()).toBe(creds.password);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('password');

    await submit.click();
    await page.waitForURL('**/home/active');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a ticked box of the prerendered registration form', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    const app = await openBeforeTheApp(page, '/registration');
    await page.getByRole('checkbox').check();
    await app.release();
    expect(await page.getByRole('checkbox').isChecked()).toBe(true);
    await context.close();
  });

  it('switches the theme from the prerendered screen before the app has taken over', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    const app = await openBeforeTheApp(page, '/login');
    await page.getByRole('button', { name: /тёмн|темн/i }).click();
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    expect(await scheme()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('app_theme'))).toBe('dark');
    await app.release();
    // The app starts in the chosen scheme and its own toggle takes over.
    expect(await scheme()).toBe('dark');
    await page.getByRole('button', { name: /светл/i }).click();
    await expect.poll(scheme).toBe('light');
    await context.close();
  });

  it('paints the prerendered screen in the stored dark theme', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.addInitScript(() => localStorage.setItem('app_theme', 'dark'));
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto('/restore');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await context.close();
  });
});
