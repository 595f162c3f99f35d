import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { companyApi } from '@cabinet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { payCustomer } from './support/payments';
import { startServer, type RunningServer } from './support/server';

/** Where `SHOTS_DIR=/tmp/shots` asks for screenshots of the ribbon, for a person to look at. */
const SHOTS_DIR = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Money screens of both layouts: the balance, a top-up, bonuses, certificates, a payment's result. */
const MONEY_SCREENS = [
  '/payments/balance',
  '/payments/replenish',
  '/bonus',
  '/certificates',
  '/payment?status=success',
];

/** One screen of the cabinet layout and one of the public layout. */
const AXE_SCREENS = ['/payments/replenish', '/payment?status=success'];

const ribbon = (page: Page) => page.getByRole('status', { name: 'Тестовые платежи' });

/** Opens a screen and waits until it and its calls (the company answer among them) are done. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** A fresh customer signed in on the server, in the theme. */
async function signedIn(browser: Browser, server: RunningServer, theme: 'light' | 'dark') {
  const customer = await payCustomer(server.url, `ribbon-${theme}`);
  const { context, page, errors } = await newPage(browser, server.url, { viewport: DESKTOP });
  await page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
  page.setDefaultTimeout(15_000);
  await login(page, customer);
  await page.waitForURL('**/home/active');
  return { context, page, errors };
}

/**
 * «Тестовые платежи» on the money screens, in Chromium: shown while the server's test bank takes
 * the payments (the default outside production; in production only with ALLOW_TEST_PAYMENTS),
 * absent when YooKassa does. Readable in both themes and at 390 px (axe, no sideways scroll).
 */
describe('the test payments ribbon, in the browser', () => {
  const browser = useBrowser();

  describe('while the test bank takes the payments', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({ PAYMENTS_PROVIDER: 'test' });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it.each(['light', 'dark'] as const)(
      'is on every money screen and on no other, readable in the %s theme on a desktop and a phone',
      async (theme) => {
        const { context, page, errors } = await signedIn(browser(), server, theme);
        const found: string[] = [];
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          for (const path of MONEY_SCREENS) {
            await open(page, path);
            await ribbon(page).waitFor();
            expect(await ribbon(page).innerText()).toContain('Деньги не списываются');
            const label = `${viewport.width} ${path}`;
            // The ribbon is one component: axe on one screen of each layout is enough (the screens
            // themselves are scanned in accessibility.spec.ts), and keeps this file off CI's long pole.
            if (AXE_SCREENS.includes(path)) {
              found.push(...(await axeViolations(page)).map((v) => `${label}: ${v}`));
            }
            // Nothing runs off the side of a phone.
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            if (overflow > 0) found.push(`${label}: ${overflow} px wider than the window`);
            await shoot(page, path, theme);
          }
          await open(page, '/home/active');
          expect(await ribbon(page).count()).toBe(0);
        }
        if (found.length) console.log(found.join('\n'));
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      },
      180_000,
    );
  });

  describe('while YooKassa takes them', () => {
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer({
        PAYMENTS_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '100500',
        YOOKASSA_SECRET_KEY: 'test_not-a-real-key',
        // Nothing here reaches the provider; if anything did, it would fail at once.
        YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
      });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it('is on no money screen', async () => {
      const { context, page, errors } = await signedIn(browser(), server, 'light');
      for (const path of MONEY_SCREENS) {
        const company = page.waitForResponse((r) => new URL(r.url()).pathname === companyApi);
        await open(page, path);
        expect(((await (await company).json()) as { test_payments: boolean }).test_payments).toBe(false);
        expect(await ribbon(page).count()).toBe(0);
      }
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  });
});

/** A screenshot named after the screen, the theme and the width, when asked for. */
async function shoot(page: Page, path: string, theme: string): Promise<void> {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const name = path.replace(/\?.*/, '').replace(/\W+/g, '-').replace(/^-|-$/g, '');
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(SHOTS_DIR, `ribbon-${name}-${theme}-${width}.png`) });
}
