import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { axeViolations } from './support/axe';
import { appTookOver, newPage } from './support/browser';
import { backgroundOf, contrast, parseColor, shadowColor, styleOf } from './support/contrast';
import { useBrowser } from './support/fixtures';
import { VISITOR_SCREENS } from './support/screens';
import { startServer, type RunningServer } from './support/server';

const SCAN_TIMEOUT_MS = 150_000;

describe.each(['light', 'dark'] as const)('axe finds no violation in the %s theme', (theme) => {
  const browser = useBrowser();

  // Each scans a dozen screens one after another: more than the default minute on a busy machine.
  it('on every auth screen', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const { page, context } = await newPage(browser(), inject('baseUrl'));
    await page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
    const found: string[] = [];
    for (const path of VISITOR_SCREENS) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
    await context.close();
  });

  it('on the cabinet layout, desktop and phone', { timeout: SCAN_TIMEOUT_MS }, async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, `axe-${theme}`);
    const { page, context } = await newPage(browser(), base);
    await page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    const found: string[] = [];
    for (const path of [
      '/home/active',
      '/profile',
      '/email-edit',
      '/order-new',
      '/payments',
      '/certificates',
      '/bonus',
      '/friend',
    ]) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/home/active', '/certificates', '/friend']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
      found.push(...(await axeViolations(page)).map((v) => `phone ${path}: ${v}`));
    }
    if (found.length) console.log(found.join('\n'));
    expect(found).toEqual([]);
    await context.close();
  });
});

/**
 * Starts the Tab order at the top of the document, whatever the screen focused on its own: the
 * focus goes to a script-only stop put before everything else.
 */
async function focusTopOfPage(page: Page) {
  await page.evaluate(() => {
    const top = document.createElement('span');
    top.tabIndex = -1;
    document.body.prepend(top);
    top.focus();
  });
}

describe('the skip link', () => {
  const browser = useBrowser();

  /** From the top of the page: the first Tab stop, shown on screen; Enter puts the focus in main. */
  async function skipFromTop(page: Page) {
    await page.waitForLoadState('networkidle');
    await focusTopOfPage(page);
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Перейти к содержимому');
    const box = await focused.boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
    // Tab goes on from the main content, not from the header.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  }

  it('is the first stop on /login and moves the focus into main', async () => {
    const { page, context, errors } = await newPage(browser(), inject('baseUrl'));
    await page.goto('/login');
    await appTookOver(page);
    await skipFromTop(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is the first stop on the orders list and moves the focus into main', async () => {
    const base = inject('baseUrl');
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, await createCustomer(base, 'skip'));
    await page.waitForURL('**/home/active');
    // The address changes before the cabinet's chunk has replaced the sign-in screen.
    await page.locator('#cabinet-nav').waitFor();
    await skipFromTop(page);
    expect(page.url()).toBe(`${base}/home/active`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * WCAG 1.4.11: the parts of components that say what they are and what state they are in reach 3:1
 * against what surrounds them; text 4.5:1. axe reads neither, so the computed colours are measured.
 */
describe.each(['light', 'dark'] as const)('component colours in the %s theme', (theme) => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    // Its own server: the demo customer's orders (one past editing) and no other file's sign-ins.
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function themedPage() {
    const opened = await newPage(browser(), server.url);
    await opened.page.addInitScript((t) => localStorage.setItem('app_theme', t), theme);
    return opened;
  }

  /** The focus ring of each of the first stops of the Tab order: 2 px or more, 3:1 on what is under it. */
  async function checkFocusRings(page: Page, stops: number): Promise<string[]> {
    const weak: string[] = [];
    await focusTopOfPage(page);
    for (let i = 0; i < stops; i++) {
      await page.keyboard.press('Tab');
      const focused = page.locator(':focus');
      const [style, width, color, offset, name] = await focused.evaluate((el) => {
        const s = getComputedStyle(el);
        const label = el.getAttribute('aria-label') ?? el.textContent ?? el.tagName;
        return [s.outlineStyle, s.outlineWidth, s.outlineColor, s.outlineOffset, label.trim().slice(0, 30)];
      });
      // A ring drawn outside lies on the parent's background, one drawn inside on the element's.
      const under = parseFloat(offset) < 0 ? focused : focused.locator('xpath=..');
      const ratio = contrast(color, await backgroundOf(under));
      if (style === 'none' || parseFloat(width) < 2 || ratio < 3) {
        weak.push(`${name}: ${style} ${width} ${color} at ${ratio}:1`);
      }
    }
    return weak;
  }

  it('keeps the placeholder of a field in error grey', async () => {
    const { page, context } = await themedPage();
    await page.goto('/login');
    // The prerendered markup is swapped for the app's: an element read before that is detached.
    await appTookOver(page);
    await page.waitForLoadState('networkidle');
    const email = page.getByLabel('E-mail');
    const grey = await styleOf(email, 'color', '::placeholder');
    await page.getByRole('button', { name: 'Войти', exact: true }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    const error = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-error'),
    );
    expect(parseColor(await styleOf(email, 'color', '::placeholder'))).toEqual(parseColor(grey));
    expect(parseColor(grey)).not.toEqual(parseColor(error.trim()));
    await context.close();
  });

  it('on the visitor screens: tab indicator, input and check-box borders, focus ring', async () => {
    const { page, context } = await themedPage();
    await page.goto('/login');
    // The prerendered markup is swapped for the app's: an element read before that is detached.
    await appTookOver(page);
    await page.waitForLoadState('networkidle');
    const tab = page.locator('[role=tab][aria-selected=true]').first();
    expect(
      contrast(await styleOf(tab, 'border-bottom-color'), await backgroundOf(tab)),
    ).toBeGreaterThanOrEqual(3);
    expect(await checkFocusRings(page, 8)).toEqual([]);

    await page.goto('/registration');
    await appTookOver(page);
    await page.waitForLoadState('networkidle');
    const controls = page.locator('.mantine-Input-input, .mantine-Checkbox-input');
    expect(await controls.count()).toBeGreaterThan(2);
    for (const control of await controls.all()) {
      const border = await styleOf(control, 'border-top-color');
      expect(contrast(border, await backgroundOf(control.locator('xpath=../..')))).toBeGreaterThanOrEqual(3);
    }
    await context.close();
  });

  it('in the cabinet: selected sidebar item, orders tab, not-editable notice, focus ring', async () => {
    const { page, context } = await themedPage();
    await login(page, { email: 'demo@example.com', password: 'demo12345' });
    await page.waitForURL('**/home/active');
    await page.waitForLoadState('networkidle');

    const nav = page.locator('#cabinet-nav');
    const selected = nav.locator('[aria-current=page]');
    const bar = shadowColor(await styleOf(selected, 'box-shadow'));
    expect(bar, 'the selected item has no indicator').not.toBeNull();
    expect(contrast(bar!, await backgroundOf(nav))).toBeGreaterThanOrEqual(3);

    // The orders' tabs, not the banners carousel's indicators above them (also role=tab).
    const tab = page
      .getByRole('tablist', { name: 'Вкладки заказов' })
      .locator('[role=tab][aria-selected=true]');
    expect(
      contrast(await styleOf(tab, 'border-bottom-color'), await backgroundOf(tab)),
    ).toBeGreaterThanOrEqual(3);
    expect(await checkFocusRings(page, 14)).toEqual([]);

    const token = await page.evaluate(() => localStorage.getItem('key'));
    const r = await fetch(`${server.url}/api/client/orders/?tab=active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await r.json()) as { results: Array<{ id: number; is_editable: boolean }> };
    const locked = list.results.find((order) => !order.is_editable);
    if (!locked) throw new Error('the demo customer has no order past editing');
    await page.goto(`/order/${locked.id}/edit`);
    const notice = page.locator('.mantine-Alert-root', { hasText: 'Заказ уже нельзя изменить' });
    await notice.waitFor();
    const background = await backgroundOf(notice);
    for (const part of ['.mantine-Alert-title', '.mantine-Alert-message']) {
      expect(contrast(await styleOf(notice.locator(part), 'color'), background)).toBeGreaterThanOrEqual(4.5);
    }
    await context.close();
  });
});
