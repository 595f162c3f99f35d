import { ORDER_STATUSES, STAFF_STATUS_TITLES, api, staffApi } from '@cabinet/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  call,
  MANAGER,
  PERFORMER,
  PERFORMER_NAME,
  placeOrder,
  samplePdf,
  staffToken,
  upload,
} from './support/api';
import { login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import { staffLogin, staffOrderHeading } from './support/staff';
import {
  markDocument,
  orderStatus,
  pay,
  payCustomer,
  payOnBankPage,
  rub,
  sameDocument,
  textOf,
} from './support/payments';

/** The workspace's own header (the order at a glance). */
const header = (page: Page) => page.locator('main header');

/**
 * Live order events (ADR 026): the customer keeps /order/{id} open while the manager and the
 * author work through the staff API; each step shows on the open page without a reload, and the
 * time from the staff call's answer to the page showing it is printed.
 */
describe('the customer’s open order follows the staff’s work by itself', () => {
  const browser = useBrowser();

  it('shows the new price, the payment, the author, «В работе» and the delivered work without a reload', async () => {
    const base = inject('baseUrl');
    const customer = await payCustomer(base, 'live');
    const manager = await staffToken(base, MANAGER);
    const author = await staffToken(base, PERFORMER);
    const id = await placeOrder(base, customer.token, `Живой заказ ${Date.now().toString(36)}`);
    await call(base, manager, 'PATCH', staffApi.order(id), { price: 500_000 });

    const { page, context, errors } = await newPage(browser(), base);
    await login(page, customer);
    await page.waitForURL('**/home/active');
    await page.goto(`/order/${id}`);
    await page.waitForURL(`**/order/${id}/chat`);
    await orderStatus(page, ORDER_STATUSES[2].title).waitFor();
    /** What the customer pays now (the manager's price less the customer's discounts). */
    const toPay = async () =>
      (await call<{ price: number }>(base, customer.token, 'GET', api.orders.byId(id))).price;
    const before = await toPay();
    expect(await textOf(header(page))).toContain(rub(before));
    // A reload would start a new document: the mark on this one proves there was none.
    await markDocument(page);
    let loads = 0;
    page.on('load', () => (loads += 1));

    const timings: Record<string, number> = {};
    /** Runs the staff's step, then waits for the page to show it; records the milliseconds. */
    const step = async (name: string, act: () => Promise<unknown>, shown: () => Promise<boolean>) => {
      await act();
      const answered = Date.now();
      await expect.poll(shown, { timeout: 5_000, interval: 25 }).toBe(true);
      timings[name] = Date.now() - answered;
    };
    const headerHas = (text: string) => async () => (await textOf(header(page))).includes(text);
    const statusShown = (title: string) => () => orderStatus(page, title).isVisible();

    // The manager re-prices: 5 000 → 5 200 (the customer's discounts apply to either).
    let after = before;
    await step(
      'price',
      async () => {
        await call(base, manager, 'PATCH', staffApi.order(id), { price: 520_000 });
        after = await toPay();
      },
      async () => (await textOf(header(page))).includes(rub(after)),
    );
    expect(after).toBeGreaterThan(before);

    // The customer pays by card in another tab, on the test bank's page.
    const started = await pay(base, customer.token, {
      purpose: 'order',
      object_id: id,
      payment_method: 'bank_card',
    });
    const bank = await context.newPage();
    await step(
      'payment',
      async () => {
        await bank.goto(started.confirmation_url ?? '');
        await payOnBankPage(bank);
        await bank.waitForURL(/\/payment\?status=success/);
      },
      async () => !(await orderStatus(page, ORDER_STATUSES[2].title).isVisible()),
    );
    await bank.close();

    // The manager assigns the author: the header names them.
    const performers = await call<{ results: Array<{ id: number; name: string }> }>(
      base,
      manager,
      'GET',
      staffApi.performers,
    );
    const performerId = performers.results.find((p) => p.name === PERFORMER_NAME)?.id;
    expect(performerId).toBeDefined();
    await step(
      'author',
      () => call(base, manager, 'POST', staffApi.assign(id), { performer_id: performerId }),
      headerHas(`Автор ${PERFORMER_NAME}`),
    );

    // «В работе» (the assignment may have moved it there already).
    const staffOrder = await call<{ status: { id: number } }>(base, manager, 'GET', staffApi.order(id));
    if (staffOrder.status.id !== 4) {
      await step(
        'in progress',
        () =>
          call(base, manager, 'POST', staffApi.status(id), {
            status_id: 4,
            from_status_id: staffOrder.status.id,
          }),
        statusShown(ORDER_STATUSES[4].title),
      );
    }
    await orderStatus(page, ORDER_STATUSES[4].title).waitFor();

    // The author delivers the final file: «Проверьте работу» and the two buttons.
    await step(
      'delivered',
      () =>
        upload(base, author, `${staffApi.files(id)}?kind=final`, [
          { name: 'Курсовая работа.pdf', mimeType: 'application/pdf', buffer: samplePdf('live final') },
        ]),
      async () =>
        (await statusShown(ORDER_STATUSES[5].title)()) &&
        (await page.getByRole('button', { name: 'Принять работу' }).isVisible()) &&
        (await page.getByRole('button', { name: 'Отправить на доработку' }).isVisible()),
    );

    expect(loads).toBe(0);
    expect(await sameDocument(page)).toBe(true);
    console.log(
      `live order events, staff API answer → customer's page shows it: ${Object.entries(timings)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', ')}`,
    );
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(5_000);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the manager’s open staff order the author’s delivery and the customer’s rework without a reload', async () => {
    const base = inject('baseUrl');
    const customer = await payCustomer(base, 'live-staff');
    const manager = await staffToken(base, MANAGER);
    const author = await staffToken(base, PERFORMER);
    const id = await placeOrder(base, customer.token, `Живой заказ менеджера ${Date.now().toString(36)}`);
    await call(base, manager, 'PATCH', staffApi.order(id), { price: 300_000 });
    const started = await pay(base, customer.token, {
      purpose: 'order',
      object_id: id,
      payment_method: 'bank_card',
    });
    const { page, context, errors } = await newPage(browser(), base);
    const bank = await context.newPage();
    await bank.goto(started.confirmation_url ?? '');
    await payOnBankPage(bank);
    await bank.waitForURL(/\/payment\?status=success/);
    await bank.close();
    const performers = await call<{ results: Array<{ id: number; name: string }> }>(
      base,
      manager,
      'GET',
      staffApi.performers,
    );
    const performerId = performers.results.find((p) => p.name === PERFORMER_NAME)?.id;
    await call(base, manager, 'POST', staffApi.assign(id), { performer_id: performerId });
    const atWork = await call<{ status: { id: number } }>(base, manager, 'GET', staffApi.order(id));
    if (atWork.status.id !== 4) {
      await call(base, manager, 'POST', staffApi.status(id), {
        status_id: 4,
        from_status_id: atWork.status.id,
      });
    }

    await staffLogin(page, MANAGER);
    await page.goto(`/staff/orders/${id}`);
    await staffOrderHeading(page, id).waitFor();
    /** The status line under the heading (not a move button of the same title). */
    const status = (title: string) =>
      staffOrderHeading(page, id).locator('xpath=..').getByText(title, { exact: true });
    await status(STAFF_STATUS_TITLES[4] ?? '').waitFor();
    await markDocument(page);

    const timings: Record<string, number> = {};
    const step = async (name: string, act: () => Promise<unknown>, title: string) => {
      await act();
      const answered = Date.now();
      await expect.poll(() => status(title).isVisible(), { timeout: 5_000, interval: 25 }).toBe(true);
      timings[name] = Date.now() - answered;
    };
    await step(
      'delivered',
      () =>
        upload(base, author, `${staffApi.files(id)}?kind=final`, [
          { name: 'Работа.pdf', mimeType: 'application/pdf', buffer: samplePdf('live staff final') },
        ]),
      STAFF_STATUS_TITLES[5] ?? '',
    );
    await page.getByRole('button', { name: 'Скачать Работа.pdf' }).waitFor();
    const customerAuth = customer.token;
    await step(
      'rework',
      () =>
        call(base, customerAuth, 'POST', api.orders.reworks(id), {
          comment: 'Добавьте, пожалуйста, выводы ко второй главе.',
        }),
      STAFF_STATUS_TITLES[6] ?? '',
    );

    expect(await sameDocument(page)).toBe(true);
    console.log(
      `live order events, API answer → manager's order screen shows it: ${Object.entries(timings)
        .map(([name, ms]) => `${name} ${ms} ms`)
        .join(', ')}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
