import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createCustomer, login } from './support/auth';
import { axeViolations } from './support/axe';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';

/** A calendar day this many days from today in Moscow, where deadlines are kept. */
function dayIn(days: number): string {
  return new Date(Date.now() + 3 * 60 * 60 * 1000 + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function accessToken(base: string, creds: { email: string; password: string }): Promise<string> {
  const r = await fetch(`${base}/api/client/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  const body = (await r.json()) as { tokens?: { access: string }; access?: string };
  const access = body.tokens?.access ?? body.access;
  if (!access) throw new Error(`login failed: ${r.status}`);
  return access;
}

/** Places orders through the API, as the order form would; returns their ids. */
async function placeOrders(base: string, token: string, count: number): Promise<number[]> {
  const auth = { authorization: `Bearer ${token}` };
  const types = (await (await fetch(`${base}/api/worktypes/`, { headers: auth })).json()) as Array<{
    id: number;
    min_pages: number;
  }>;
  const workType = types[0];
  if (!workType) throw new Error('no work types');
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const r = await fetch(`${base}/api/client/orders/`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        work_type_id: workType.id,
        topic: `Тема заказа ${i}`,
        deadline: dayIn(30 + i),
        pages: workType.min_pages,
        originality: 60,
      }),
    });
    if (r.status !== 201) throw new Error(`create failed: ${r.status} ${await r.text()}`);
    ids.push(((await r.json()) as { id: number }).id);
  }
  return ids;
}

const card = (page: Page, id: number) => page.getByRole('article', { name: `Заказ №${id}`, exact: true });
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** The work's title shown on a card, which the card's link names. */
async function workTitle(page: Page, id: number): Promise<string> {
  return (await card(page, id).getByRole('link').textContent()) ?? '';
}

/**
 * Where the tabs sit: on one row (same top), each inside the list's visible box (nothing cut),
 * whether the list had to scroll to hold them, and the page's own width (no sideways scroll).
 */
function tabsLayout(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('[role="tablist"]');
    if (!list) throw new Error('no tablist');
    const frame = list.getBoundingClientRect();
    const tabs = Array.from(list.querySelectorAll('[role="tab"]'), (t) => t.getBoundingClientRect());
    return {
      oneRow: tabs.every((t) => Math.abs(t.top - (tabs[0]?.top ?? 0)) < 1),
      allVisible: tabs.every((t) => t.left >= frame.left - 0.5 && t.right <= frame.right + 0.5),
      listScrolls: list.scrollWidth > list.clientWidth,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

describe('orders list', () => {
  const browser = useBrowser();

  it('shows the orders with counters, trashes one to the archive, restores it, and pages', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'orders-list');
    const token = await accessToken(base, creds);
    const ids = await placeOrders(base, token, 3);
    const newest = ids[2] ?? 0;

    const { page, context, errors } = await newPage(browser(), base, {
      viewport: { width: 360, height: 740 },
    });
    await login(page, creds);
    await page.waitForURL('**/home/active');
    for (const id of ids) await card(page, id).waitFor();
    await expect.poll(() => tab(page, 'Активные').textContent()).toBe('Активные3');
    expect(await tab(page, 'Архив').textContent()).toBe('Архив0');
    expect(await card(page, newest).textContent()).toContain('Уточняем стоимость');
    expect(await axeViolations(page)).toEqual([]);

    // Trash: gone at once, counter −1, undo offered.
    await page.getByRole('button', { name: `Действия с заказом №${newest}` }).click();
    await page.getByRole('menuitem', { name: 'Переместить в архив' }).click();
    await card(page, newest).waitFor({ state: 'detached' });
    await expect.poll(() => tab(page, 'Активные').textContent()).toBe('Активные2');
    await page.getByText('Заказ перемещён в архив').waitFor();
    await page.getByRole('button', { name: 'Отменить' }).waitFor();

    // The archive tab shows it as «Архивный заказ».
    await tab(page, 'Архив').click();
    await page.waitForURL('**/home/archive');
    await card(page, newest).waitFor();
    expect(await card(page, newest).textContent()).toContain('Архивный заказ');
    await expect.poll(() => tab(page, 'Архив').textContent()).toBe('Архив1');
    expect(await axeViolations(page)).toEqual([]);

    // A trashed order's own address lands on the archive tab (the order guard, spec §4).
    await page.goto(`/order/${newest}`);
    await page.waitForURL('**/home/archive');
    await card(page, newest).waitFor();

    // Restore from the archive: it leaves the list and goes back to the active tab.
    await page.getByRole('button', { name: `Действия с заказом №${newest}` }).click();
    await page.getByRole('menuitem', { name: 'Восстановить' }).click();
    await card(page, newest).waitFor({ state: 'detached' });
    await expect.poll(() => tab(page, 'Архив').textContent()).toBe('Архив0');
    await expect.poll(() => tab(page, 'Активные').textContent()).toBe('Активные3');
    await tab(page, 'Активные').click();
    await card(page, newest).waitFor();

    // More than 20: the second page holds the oldest.
    await placeOrders(base, token, 20);
    await page.reload();
    await expect.poll(() => tab(page, 'Активные').textContent()).toBe('Активные23');
    await expect.poll(() => page.getByRole('article').count()).toBe(20);
    await page.getByRole('button', { name: 'Страница 2' }).click();
    await page.waitForURL('**/home/active?page=2');
    await card(page, ids[0] ?? 0).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(3);

    // Nothing scrolls sideways, and the tabs (with a two-digit counter) keep one row, whole.
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await tabsLayout(page), `at ${width} px`).toEqual({
        oneRow: true,
        allVisible: true,
        listScrolls: false,
        pageWidth: width,
      });
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens an order from anywhere on its card, or by Enter on its link; the menu keeps its own clicks', async () => {
    const base = inject('baseUrl');
    const creds = await createCustomer(base, 'orders-card');
    const [id = 0] = await placeOrders(base, await accessToken(base, creds), 1);
    const { page, context, errors } = await newPage(browser(), base);
    await login(page, creds);
    await page.waitForURL('**/home/active');
    await card(page, id).waitFor();

    // The ⋯ menu opens over the card and the list stays.
    await page.getByRole('button', { name: `Действия с заказом №${id}` }).click();
    await page.getByRole('menuitem', { name: 'Открыть' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home/active');
    await page.keyboard.press('Escape');

    // A click on the card's empty lower corner, away from the title, opens the order.
    await page.getByRole('menu').waitFor({ state: 'detached' });
    const box = await card(page, id).boundingBox();
    if (!box) throw new Error('no card');
    await page.mouse.click(box.x + box.width - 24, box.y + box.height - 8);
    await page.waitForURL(`**/order/${id}/chat`);

    // By keyboard: the card's link has the number and the topic in its name.
    await page.goBack();
    await page.waitForURL('**/home/active');
    const link = page.getByRole('link', {
      name: `Заказ №${id}: ${await workTitle(page, id)} — Тема заказа 1`,
    });
    await page.getByRole('button', { name: `Действия с заказом №${id}` }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await link.evaluate((el) => el === document.activeElement)).toBe(true);
    // The app's focus ring goes round the whole card (the link's ::after covers it), not the title.
    expect(
      await link.evaluate((el) => {
        const ring = getComputedStyle(el, '::after');
        const appRing = getComputedStyle(document.documentElement).getPropertyValue('--app-focus-ring');
        const probe = document.createElement('i');
        probe.style.color = appRing;
        document.body.append(probe);
        const expected = getComputedStyle(probe).color;
        probe.remove();
        return {
          style: ring.outlineStyle,
          wide: parseFloat(ring.outlineWidth) >= 2,
          app: ring.outlineColor === expected,
          title: getComputedStyle(el).outlineStyle,
        };
      }),
    ).toEqual({ style: 'solid', wide: true, app: true, title: 'none' });
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/order/${id}/chat`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
