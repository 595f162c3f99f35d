import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, customerToken } from './support/api';
import { createCustomer, login } from './support/auth';
import { newPage } from './support/browser';
import { buildChatScene, composer } from './support/chat';
import { useBrowser } from './support/fixtures';
import {
  awaitingOrder,
  chooseMethod,
  DECLINED_CARD,
  payCustomer,
  payOnBankPage,
  rub,
} from './support/payments';
import { startServer, type RunningServer } from './support/server';

/**
 * What a customer sees around an order, in Chromium against a real server: the payment result
 * that names what was (not) paid, the chat's composer on a phone's first screen, and the saved
 * drafts on «Мои заказы».
 */
describe('around the order, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  const opened: BrowserContext[] = [];

  async function fresh(viewport?: {
    width: number;
    height: number;
  }): Promise<{ page: Page; errors: string[] }> {
    const { context, page, errors } = await newPage(browser(), server.url, viewport ? { viewport } : {});
    opened.push(context);
    return { page, errors };
  }

  beforeAll(async () => {
    server = await startServer({ PAYMENTS_PROVIDER: 'test' });
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a declined card: /payment names the order and the sum, «Попробовать ещё раз» leads back, the history says «Отклонён»', async () => {
    const price = 1_700_00;
    const customer = await payCustomer(server.url, 'declined');
    const id = await awaitingOrder(server.url, customer, 'Отклонённая карта', price);
    const { page, errors } = await fresh();
    await login(page, customer);
    await page.waitForURL('**/home/active');
    await page.goto(`/order/${id}/pay`);
    await page.getByText(rub(price)).first().waitFor();
    await chooseMethod(page, 'Банковская карта');
    await page.getByRole('button', { name: `Оплатить ${rub(price)}`, exact: true }).click();
    await page.waitForURL(/\/test-bank\/pay\//);
    await payOnBankPage(page, DECLINED_CARD);

    await page.waitForURL('**/payment?status=fail&pay_id=*');
    await page.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
    const what = (await page.getByTestId('payment-what').textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(what).toContain(`Заказ №${id}`);
    expect(what).toContain(rub(price).replace(/\s+/g, ' '));
    await page.getByText(/Банк отклонил платёж/).waitFor();
    await page.getByRole('link', { name: 'Попробовать ещё раз' }).click();
    await page.waitForURL(`**/order/${id}/pay`);
    await page.getByText(rub(price)).first().waitFor();

    await page.goto('/payments/history');
    const row = page.getByRole('listitem').filter({ hasText: `Заказ №${id}` });
    await row.getByText('Отклонён', { exact: true }).first().waitFor();
    expect(await row.getByText('Отменён').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('keeps the chat composer on a 390×844 phone screen: the header folds to one line', async () => {
    const scene = await buildChatScene(server, `Композер ${Date.now().toString(36)}`);
    const { page, errors } = await fresh({ width: 390, height: 844 });
    await login(page, scene.customer);
    await page.waitForURL('**/home/active');
    await page.goto(`/order/${scene.orderId}/chat`);
    const box = composer(page);
    await box.waitFor();
    const line = page.getByTestId('workspace-header-line');
    await line.getByRole('heading', { level: 1, name: `Заказ № ${scene.orderId}` }).waitFor();
    const header = await line.boundingBox();
    expect(header?.height ?? 999).toBeLessThan(60);
    await expect
      .poll(async () => {
        const b = await box.boundingBox();
        return b !== null && b.y >= 0 && b.y + b.height <= 844;
      })
      .toBe(true);
    // Typing needs no scrolling either: the page has not moved.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // The whole header is a tap away, and folds back.
    await line.getByRole('button', { name: 'Подробнее о заказе' }).click();
    await page.getByText('Срок сдачи', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Свернуть сведения о заказе' }).click();
    await page.getByTestId('workspace-header-line').waitFor();
    expect(errors).toEqual([]);
  });

  it('lists a saved draft on «Мои заказы» to continue or delete, and the new-order form asks for no missing draft', async () => {
    const creds = await createCustomer(server.url, 'drafts');
    const { page, errors } = await fresh();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await login(page, creds);
    await page.waitForURL('**/home/active');
    await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
    expect(await page.getByRole('region', { name: /Черновики/ }).count()).toBe(0);

    // A newcomer opens the form: no draft, and no 404 asked for one.
    await page.goto('/order-new');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);

    const token = await customerToken(server.url, creds);
    const kept = await call<{ id: number }>(
      server.url,
      token,
      'POST',
      '/api/client/orders/',
      { is_fake: true, topic: 'Эссе о Достоевском' },
      [201],
    );
    const dropped = await call<{ id: number }>(
      server.url,
      token,
      'POST',
      '/api/client/orders/',
      { is_fake: true, topic: 'Лишний черновик' },
      [201],
    );

    await page.goto('/home/active');
    const strip = page.getByRole('region', { name: 'Черновики · 2' });
    await strip.waitFor();
    await strip.getByText('Эссе о Достоевском').waitFor();

    await strip
      .getByRole('button', { name: 'Удалить черновик: Заказ без типа работы — Лишний черновик' })
      .click();
    await strip.getByRole('button', { name: 'Да, удалить' }).click();
    await page.getByRole('region', { name: 'Черновики · 1' }).waitFor();
    expect(await page.getByText('Лишний черновик').count()).toBe(0);
    const gone = await fetch(`${server.url}/api/client/orders/fake/${dropped.id}/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(gone.status).toBe(404);

    await page
      .getByRole('link', { name: 'Продолжить черновик: Заказ без типа работы — Эссе о Достоевском' })
      .click();
    await page.waitForURL(`**/order-continue/${kept.id}`);
    await expect.poll(() => page.getByLabel(/Тема/).first().inputValue()).toBe('Эссе о Достоевском');
    expect(errors).toEqual([]);
  });
});
