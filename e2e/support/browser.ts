import { chromium, type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context whose page fails the test on any uncaught page error. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  opts: { viewport?: { width: number; height: number } } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

/** Waits until the app has taken over a prerendered screen (main.tsx drops `data-prerendered`). */
export async function appTookOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root')?.dataset.prerendered);
}

/**
 * Opens `path` with the app's entry script held back, as on a slow line: the prerendered screen is
 * there and the app is not. `release()` lets the script go and waits for the app to take over.
 */
export async function openWithTheAppHeld(page: Page, path: string): Promise<{ release(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/index-[^/]+\.js$/, (route) => (released ? route.continue() : held.push(route)));
  await page.goto(path, { waitUntil: 'commit' }); // the held script holds the load event back
  await expect.poll(() => held.length).toBe(1);
  return {
    async release() {
      released = true;
      for (const route of held) await route.continue();
      await appTookOver(page);
    },
  };
}
