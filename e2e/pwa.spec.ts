import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, customerToken, DEMO_CUSTOMER } from './support/api';
import { login } from './support/auth';
import { axeViolations, DESKTOP, PHONE, SHOTS_DIR } from './support/axe';
import { useBrowser } from './support/fixtures';
import { repoRoot, startServer, type RunningServer } from './support/server';

// The installable app (ADR 045): the manifest, the service worker that answers a reload without a
// network with the cabinet, and the prompt for a new version. The server serves a copy of the build,
// so that a new version of the worker can be put in its place without touching the shared build.

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until a service worker controls the page, and returns its script's address. */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

describe('the installable app', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'cabinet-pwa-dist-'));
    cpSync(join(repoRoot, 'apps/web/dist'), dist, { recursive: true });
    server = await startServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  async function signedIn(
    theme: 'light' | 'dark' = 'light',
    viewport = DESKTOP,
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser().newContext({ baseURL: server.url, locale: 'ru-RU', viewport });
    await context.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
    const page = await context.newPage();
    await login(page, DEMO_CUSTOMER);
    await page.waitForURL('**/home/active');
    return { context, page };
  }

  it('has a manifest, linked from every page, served as application/manifest+json, whose icons load', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      lang: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Кабинет студента',
      start_url: '/home/active',
      display: 'standalone',
      lang: 'ru',
    });
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons) {
      const file = await fetch(new URL(icon.src, server.url));
      expect(file.status, icon.src).toBe(200);
      expect(file.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await file.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }

    // The visitor screens, the cabinet shell and the empty shell all link it, with both theme colours.
    for (const path of ['/login', '/home/active', '/order/1/chat', '/payment?status=success']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, path).toContain('media="(prefers-color-scheme: dark)"');
    }

    // And Chromium reads it as an installable app's.
    const context = await browser().newContext({ baseURL: server.url });
    const page = await context.newPage();
    await page.goto('/login');
    const cdp = await context.newCDPSession(page);
    const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: Array<{ message: string }> };
    expect(errors.map((e) => e.message)).toEqual([]);
    await context.close();
  });

  it('installs a worker that takes control, and a reload without a network shows the cabinet, offline', async () => {
    const token = await customerToken(server.url, DEMO_CUSTOMER);
    const orders = await call<{ results: Array<{ id: number }> }>(
      server.url,
      token,
      'GET',
      '/api/client/orders/?tab=active',
    );
    const orderId = orders.results[0]?.id;
    if (orderId === undefined) throw new Error('the demo customer has no active order');
    const { context, page } = await signedIn();
    expect(await controlled(page)).toBe(`${server.url}/sw.js`);
    // The precache is complete once the worker is active: wait for that, not for a time.
    await page.evaluate(() => navigator.serviceWorker.ready);

    await context.setOffline(true);
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    await page.getByRole('navigation').first().waitFor();
    await expect.poll(() => page.getByText('Нет соединения').first().isVisible()).toBe(true);
    expect(await page.title()).not.toMatch(/недоступ|ERR_/i);
    await expect
      .poll(() => page.evaluate(() => document.getElementById('root')?.dataset.prerendered ?? 'app'))
      .toBe('app');

    // Another cabinet address never opened in this browser comes from the precache too.
    await page.goto('/payments');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => page.getByText('Нет соединения').first().isVisible()).toBe(true);

    // An order's chat opened offline: its shell under the banner, not a 404; online again, the chat.
    await page.goto(`/order/${orderId}/chat`);
    await expect.poll(() => page.getByText('Нет соединения').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`/order/${orderId}/chat`);
    await context.setOffline(false);
    await page.getByRole('log', { name: 'Переписка по заказу' }).waitFor();
    await context.setOffline(true);

    // The API is never answered from the cache: offline, it fails as a network error.
    const api = await page.evaluate(() =>
      fetch('/api/client/profile/').then(
        (r) => `status ${r.status}`,
        () => 'network error',
      ),
    );
    expect(api).toBe('network error');

    await context.setOffline(false);
    await context.close();
  });

  it('shows a push message as a notification with the title and text the server sent', async () => {
    const { context, page } = await signedIn();
    await context.grantPermissions(['notifications'], { origin: server.url });
    await controlled(page);
    // The browser's push service is out of reach here: DevTools hands the worker the message as
    // the push service would, decrypted (the server's side is tested against a local one: ADR 044).
    const cdp = await context.newCDPSession(page);
    const registrations: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) =>
      registrations.push(...event.registrations.filter((r) => !r.isDeleted).map((r) => r.registrationId)),
    );
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.length).toBeGreaterThan(0);
    const message = {
      title: 'Новое сообщение по заказу №7',
      body: 'Автор: план готов',
      url: '/order/7/chat',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registrations[0] ?? '',
      data: JSON.stringify(message),
    });
    const shown = () =>
      page.evaluate(() =>
        navigator.serviceWorker.ready
          .then((r) => r.getNotifications())
          .then((list) => list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }))),
      );
    await expect
      .poll(shown)
      .toEqual([{ title: message.title, body: message.body, data: { url: message.url } }]);
    await context.close();
  });

  it('offers a new version, and «Обновить» reloads the page under the new worker', async () => {
    const { context, page } = await signedIn();
    await controlled(page);
    await page.evaluate(() => navigator.serviceWorker.ready);

    // A new deploy: the worker's script changes (its precache list would, with new files).
    const sw = join(dist, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// the next version\n`);
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await page.waitForFunction(() =>
      navigator.serviceWorker.getRegistration().then((r) => r?.waiting?.state === 'installed'),
    );
    // The page that installed the first version loaded no more than the registration (the /login
    // budget); a page the worker controls from its start watches for a new one, and offers it.
    await page.reload();

    const prompt = page.getByRole('alert').filter({ hasText: 'Доступна новая версия' });
    await prompt.waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    for (const theme of ['light', 'dark'] as const) {
      for (const viewport of [DESKTOP, PHONE]) {
        await page.evaluate(
          (t) => document.documentElement.setAttribute('data-mantine-color-scheme', t),
          theme,
        );
        await page.setViewportSize(viewport);
        if (theme === 'dark') expect(await axeViolations(page)).toEqual([]);
        if (SHOTS_DIR)
          await page.screenshot({
            path: join(SHOTS_DIR, `pwa-update-prompt-${theme}-${viewport.width}.png`),
          });
      }
    }

    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    await Promise.all([
      page.waitForEvent('framenavigated'),
      prompt.getByRole('button', { name: 'Обновить' }).click(),
    ]);
    await page.waitForLoadState();
    await expect.poll(() => page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
    await controlled(page);
    // The new worker is the active one now, and nothing waits any more.
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting ?? null)),
    ).toBeNull();
    await context.close();
  });

  it('shows the browser notifications control on the profile, clean for axe in both themes', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const { context, page } = await signedIn(theme);
      await page.goto('/profile');
      const control = page.getByRole('region', { name: 'Уведомления в браузере' });
      await control.getByRole('button', { name: 'Включить уведомления в браузере' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
      for (const viewport of [DESKTOP, PHONE]) {
        await page.setViewportSize(viewport);
        if (SHOTS_DIR) {
          await control.scrollIntoViewIfNeeded();
          await page.screenshot({ path: join(SHOTS_DIR, `pwa-push-control-${theme}-${viewport.width}.png`) });
        }
      }
      await context.close();
    }
  });
});
