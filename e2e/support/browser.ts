import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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
