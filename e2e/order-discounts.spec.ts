import { mkdirSync } from 'node:fs';
import { api, staffApi } from '@cabinet/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { call, MANAGER, staffToken } from './support/api';
import { login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { payCustomer, rub, textOf } from './support/payments';
import { staffLogin } from './support/staff';

/** Where to leave screenshots of the screens (light and dark, 1280 and 390 px) when set. */
const SHOTS = process.env.SHOTS_DIR;

const rows = async (page: Page, table: string) =>
  (await page.getByRole('table', { name: table }).getByRole('row').allInnerTexts()).map((t) =>
    t.replace(/\s+/g, ' ').trim(),
  );

async function shoot(page: Page, name: string, ready: () => Promise<unknown>): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    // The app keeps its own scheme (the header's switch), not the system's.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate((value) => localStorage.setItem('app_theme', value), scheme);
    await page.reload();
    await ready();
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // A phone folds the order's header to one line: unfold it to show the breakdown.
    const more = page.getByRole('button', { name: 'Подробнее о заказе' });
    if (await more.isVisible()) await more.click();
    await page.screenshot({ path: `${SHOTS}/${name}-${scheme}-390.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('app_theme', 'light'));
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * The discounts a customer had when placing an order stay the order's own (ADR 027): a first order
 * with the promo code STUDENT10, re-priced by the manager, asks the new price less both discounts,
 * each named on the order's header, the pay page and the staff order screen.
 */
describe('the order’s discounts survive the manager’s price', () => {
  const browser = useBrowser();

  it('shows the price before discounts, both discounts by name and «К оплате» after a re-price', async () => {
    const base = inject('baseUrl');
    const customer = await payCustomer(base, 'discounts');
    const types = await call<Array<{ id: number; min_pages: number }>>(
      base,
      customer.token,
      'GET',
      '/api/worktypes/',
    );
    const workType = types[0]!;
    const placed = await call<{ id: number; discounts: Array<{ name: string }> }>(
      base,
      customer.token,
      'POST',
      api.orders.root,
      {
        work_type_id: workType.id,
        topic: 'Скидки остаются с заказом',
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        pages: workType.min_pages,
        originality: 60,
        promo_code: 'STUDENT10',
      },
      [201],
    );
    expect(placed.discounts.map((d) => d.name)).toEqual(['Скидка на первый заказ', 'Промокод STUDENT10']);
    const id = placed.id;

    // The manager prices it at 5 000 ₽, then re-prices at 5 200 ₽: 5 200 − 520 − 520 = 4 160 ₽.
    const manager = await staffToken(base, MANAGER);
    await call(base, manager, 'PATCH', staffApi.order(id), { cost: 5_000_00 });
    await call(base, manager, 'PATCH', staffApi.order(id), { cost: 5_200_00 });
    const expected = [
      `Цена без скидок ${rub(5_200_00)}`,
      `Скидка на первый заказ (10 %) −${rub(520_00)}`,
      `Промокод STUDENT10 (10 %) −${rub(520_00)}`,
    ];

    const { page, errors } = await newPage(browser(), base);
    await login(page, customer);
    await page.waitForURL('**/home/active');

    // The order's header.
    await page.goto(`/order/${id}`);
    await page.waitForURL(`**/order/${id}/chat`);
    const breakdown = 'Из чего складывается цена';
    await page.getByRole('table', { name: breakdown }).waitFor();
    expect(await rows(page, breakdown)).toEqual([...expected, `К оплате ${rub(4_160_00)}`]);
    await shoot(page, 'order-header', () => page.getByRole('table', { name: breakdown }).waitFor());

    // The pay page asks 4 160 ₽ and says why.
    await page.goto(`/order/${id}/pay`);
    await page.getByRole('table', { name: 'Сумма' }).waitFor({ timeout: 60_000 });
    const summary = await rows(page, 'Сумма');
    expect(summary.slice(0, 3)).toEqual(expected);
    expect(summary.at(-1)).toBe(`К оплате ${rub(4_160_00)}`);
    expect(await textOf(page.getByRole('button', { name: /^Оплатить/ }))).toBe(`Оплатить ${rub(4_160_00)}`);
    await shoot(page, 'pay-page', () => page.getByRole('table', { name: 'Сумма' }).waitFor());
    expect(errors).toEqual([]);

    // The manager sees the same on the staff order screen, and the field is the price before discounts.
    const { page: staff } = await newPage(browser(), base);
    await staffLogin(staff, MANAGER);
    await staff.goto(`/staff/orders/${id}`);
    await staff.getByRole('table', { name: breakdown }).waitFor();
    expect(await rows(staff, breakdown)).toEqual([...expected, `К оплате ${rub(4_160_00)}`]);
    expect(await staff.getByLabel('Цена до скидок, ₽').inputValue()).toBe('5200');
    await shoot(staff, 'staff-order', () => staff.getByRole('table', { name: breakdown }).waitFor());
    // Three screens and a staff sign-in on a loaded two-core machine: more than the default minute.
  }, 150_000);
});
