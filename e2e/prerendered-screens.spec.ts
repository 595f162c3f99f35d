import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { newPage, openWithTheAppHeld } from './support/browser';
import { useBrowser } from './support/fixtures';

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
    const app = await openWithTheAppHeld(page, '/login');
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
    const app = await openWithTheAppHeld(page, '/registration');
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    await app.release();
    expect(await page.getByRole('checkbox', { name: /Я принимаю/ }).isChecked()).toBe(true);
    await context.close();
  });

  it('switches the theme from the prerendered screen before the app has taken over', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    const app = await openWithTheAppHeld(page, '/login');
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

/** Signs a fresh customer in through the login screen; the page is then on /home/active. */
async function signIn(page: Page, tag: string) {
  const creds = await createCustomer(inject('baseUrl'), tag);
  await login(page, creds);
  await page.waitForURL('**/home/active');
  await page.getByRole('heading', { name: 'Мои заказы', level: 1 }).waitFor();
}

/**
 * Where the header, the sidebar and the main column are, to see that nothing moves when the app
 * takes over. The main column's height is its screen's content (a long /profile grows it), so only
 * where it starts and how wide it is count.
 */
function frameBoxes(page: Page) {
  return page.evaluate(() =>
    ['header', '#cabinet-nav', 'main'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return (
        box && {
          selector,
          x: box.x,
          y: box.y,
          width: box.width,
          height: selector === 'main' ? null : box.height,
        }
      );
    }),
  );
}

/** A cabinet address opened directly paints the cabinet shell (scripts/prerender.mjs). */
describe('prerendered cabinet shell', () => {
  const browser = useBrowser();

  it('shows the header, the navigation and a busy skeleton with JavaScript off', async () => {
    const context = await browser().newContext({
      baseURL: inject('baseUrl'),
      locale: 'ru-RU',
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/order-new');
    expect(await page.title()).toBe('Новый заказ — Кабинет студента');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    const nav = page.getByRole('navigation', { name: 'Основное меню' });
    expect(await nav.isVisible()).toBe(true);
    const current = nav.getByRole('link', { name: 'Новый заказ' });
    expect(await current.getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Мои заказы' }).getAttribute('href')).toBe('/home/active');
    const skeleton = page.getByRole('main').locator('[aria-busy="true"]');
    expect(await skeleton.isVisible()).toBe(true);
    expect(await page.getByRole('main').innerText()).toBe('');
    await context.close();
  });

  it('paints the shell for a customer before the scripts, in the stored dark theme, and fits 360 px', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'), {
      viewport: { width: 360, height: 740 },
    });
    await signIn(page, 'shell-dark');
    await page.evaluate(() => localStorage.setItem('app_theme', 'dark'));
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/payments/history');
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('cabinet');
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(
      'rgb(255, 255, 255)',
    );
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    // On a phone the sidebar waits behind the burger, out of the Tab order, and the bottom bar is
    // there at once.
    expect(await page.locator('#cabinet-nav').isVisible()).toBe(false);
    const stops: string[] = [];
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Tab');
      stops.push(
        await page.evaluate(() => (document.activeElement?.closest('#cabinet-nav') ? 'nav' : 'other')),
      );
    }
    expect(stops).not.toContain('nav');
    const bar = page.getByRole('navigation', { name: 'Быстрый переход' });
    expect(await bar.isVisible()).toBe(true);
    expect(await bar.getByRole('link', { name: 'Платежи' }).getAttribute('aria-current')).toBe('page');
    // Nothing wider than the screen, the header on one row.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const header = await page.getByRole('banner').boundingBox();
    expect(header?.height).toBe(60);
    await context.close();
  });

  it('is taken over by the app without a page error, a second shell or a move', async () => {
    const { page, context, errors } = await newPage(browser(), inject('baseUrl'));
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signIn(page, 'shell-takeover');
    const app = await openWithTheAppHeld(page, '/profile');
    await page.getByRole('navigation', { name: 'Основное меню' }).waitFor();
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('cabinet');
    const before = await frameBoxes(page);

    await app.release();
    await page.getByRole('heading', { name: 'Профиль', level: 1 }).waitFor();
    expect(await page.locator('[data-screen-skeleton]').count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.locator('#cabinet-nav').count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Основное меню' }).count()).toBe(1);
    expect(await frameBoxes(page)).toEqual(before);
    expect(errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a session to /login before painting a cabinet, without the app', async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    const seen: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.push(new URL(frame.url()).pathname);
    });
    await page.route(/\/assets\/[^/]+\.js$/, (route) => route.abort());
    await page.goto('/order/5/edit?x=1&msg=%D0%9F%D1%80%D0%B8%D0%B2%D0%B5%D1%82');
    await page.waitForURL('**/login?**');
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/order/5/edit?x=1');
    expect(url.searchParams.get('msg')).toBe('Привет');
    expect(await page.locator('#root').getAttribute('data-prerendered')).toBe('/login');
    // Straight from the cabinet address, which only ran its head (public/cabinet-init.js, whose
    // unit test shows that it hides the cabinet meanwhile), to the prerendered /login.
    expect(seen).toEqual(['/order/5/edit', '/login']);
    await context.close();
  });
});
