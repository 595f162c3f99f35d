import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { VISITOR_SCREENS } from './support/screens';
import { startServer, type RunningServer } from './support/server';

/**
 * Every screen that exists, at the phone widths of DESIGN.md (360 and 390 px), light theme: the page
 * never scrolls sideways, nothing is cut at the right edge (an element or a line of text past the
 * viewport or past the box that clips it) and no row of tabs wraps. Lists that scroll sideways on
 * purpose are allowed.
 */

const WIDTHS = [360, 390] as const;
const LONG_EMAIL = 'aleksandrakonstantinopolskayavinogradova2026@studentuniversityexample.com';

/** What sticks out: the page's own overflow, then elements and text lines past their clip edge. */
async function overflowAt(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    const page = document.scrollingElement!;
    if (page.scrollWidth > width) found.push(`the page scrolls sideways: ${page.scrollWidth} > ${width}`);

    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
      return `<${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> «${text}»`;
    };
    /** The right edge that clips the element: the viewport's or a clipping ancestor's; null if it scrolls. */
    const clipEdge = (el: Element): number | null => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible') continue;
        if (s.overflowX === 'auto' || s.overflowX === 'scroll') return null;
        // Deliberate truncation with an ellipsis shows that it is cut.
        if (s.textOverflow === 'ellipsis') return null;
        const box = a.getBoundingClientRect();
        // A box of a pixel or less is text for screen readers only (VisuallyHidden).
        if (box.width < 2 || box.height < 2) return null;
        return Math.min(width, box.right);
      }
      return width;
    };
    const shown = (el: Element) => {
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && !el.closest('[inert], [aria-hidden=true]');
    };

    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || !shown(el)) continue;
      const edge = clipEdge(el);
      if (edge !== null && r.right > edge + 1)
        found.push(`${describe(el)} ends at ${Math.round(r.right)} > ${Math.round(edge)}`);
    }
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !shown(parent)) continue;
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (r.width < 2) continue;
      const edge = clipEdge(node as unknown as Element);
      if (edge !== null && r.right > edge + 1)
        found.push(`text ${describe(parent)} ends at ${Math.round(r.right)} > ${Math.round(edge)}`);
    }
    // A row of tabs reads as one control only on one row (it may scroll sideways instead).
    for (const list of Array.from(document.querySelectorAll('[role=tablist]'))) {
      const tabs = Array.from(list.querySelectorAll('[role=tab]')).filter(shown);
      const rows = new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      if (rows.size > 1) found.push(`the tabs ${describe(list)} wrap onto ${rows.size} rows`);
    }
    return [...new Set(found)];
  });
}

describe('narrow screens', () => {
  const browser = useBrowser();
  let server: RunningServer;
  beforeAll(async () => {
    // Its own server: the demo customer's orders and nobody else's sign-ins against its limits.
    server = await startServer({ RATE_MAX_PER_IP: '1000' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function phone(width: number) {
    const opened = await newPage(browser(), server.url, { viewport: { width, height: 800 } });
    await opened.page.addInitScript(() => localStorage.setItem('app_theme', 'light'));
    return opened;
  }

  async function open(page: Page, path: string) {
    await page.goto(path);
    await page.locator('main').first().waitFor();
    await page.waitForLoadState('networkidle');
  }

  it.each(WIDTHS)('keeps every visitor screen within %i px', async (width) => {
    const { page, context } = await phone(width);
    const found: string[] = [];
    for (const path of VISITOR_SCREENS) {
      await open(page, path);
      found.push(...(await overflowAt(page)).map((o) => `${path}: ${o}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)('keeps the «code sent» message of a long e-mail within %i px', async (width) => {
    const { page, context } = await phone(width);
    await open(page, '/login');
    await page.getByRole('tab', { name: 'По коду из письма' }).click();
    await page.getByLabel('E-mail').fill(LONG_EMAIL);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page.getByText(LONG_EMAIL, { exact: false }).first().waitFor();
    expect(await overflowAt(page)).toEqual([]);
    await context.close();
  });

  it.each(WIDTHS)('keeps every cabinet screen within %i px', async (width) => {
    const { page, context } = await phone(width);
    await login(page, { email: 'demo@example.com', password: 'demo12345' });
    await page.waitForURL('**/home/active');
    const token = await page.evaluate(() => localStorage.getItem('key'));
    const r = await fetch(`${server.url}/api/client/orders/?tab=active`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { results } = (await r.json()) as { results: Array<{ id: number; is_editable: boolean }> };
    const editable = results.find((order) => order.is_editable);
    const locked = results.find((order) => !order.is_editable);
    if (!editable || !locked) throw new Error('the demo customer lacks an editable and a locked order');

    const screens = [
      '/home/active',
      '/home/archive',
      '/home/done',
      '/order-new',
      `/order/${editable.id}/edit`,
      `/order/${locked.id}/edit`,
      `/order/${locked.id}/chat`,
      `/order/${editable.id}/welcome`,
      `/order/${editable.id}/success`,
      `/order/${editable.id}/pay`,
      '/payments/pay',
      '/payments/history',
      '/profile',
      '/email-edit',
      '/bonus',
      '/friend',
      '/withdraw',
      '/certificates-terms-of-composable',
      '/documents/service-contract',
    ];
    const found: string[] = [];
    for (const path of screens) {
      await open(page, path);
      found.push(...(await overflowAt(page)).map((o) => `${path}: ${o}`));
    }
    expect(found).toEqual([]);
    await context.close();
  });
});
