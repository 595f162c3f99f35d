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
  smsCode,
  textOf,
  topUp,
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

    await page.waitForURL('**/payment?status=success&pay_id=*');
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

    await page.waitForURL('**/payment?status=fail&pay_id=*');
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
    await page.waitForURL('**/payment?status=success&pay_id=*');
    expect((await finances(base, customer.token)).money).toBe(amount);
    // The result screen sits in the public card; its link leads back into the cabinet.
    await page.getByRole('link', { name: 'К платежам', exact: true }).click();
    await page.waitForURL('**/payments/pay');
    await expect.poll(() => textOf(headerMoney(page))).toContain(rub(amount));

    // Paid from the balance at once: no bank page, the result screen reached inside the app, and
    // back in the cabinet the header shows the money and the bonuses earned, with no reload.
    await page.goto(`/order/${id}/pay`);
    await page.getByText(rub(PRICE)).first().waitFor();
    await markDocument(page);
    await chooseMethod(page, 'С баланса');
    await page.getByRole('button', { name: `Оплатить ${rub(PRICE)}`, exact: true }).click();
    await page.waitForURL('**/payment?status=success&pay_id=*');
    await page.getByRole('heading', { name: 'Оплата прошла успешно' }).waitFor();
    expect(await orderStatusId(base, customer.token, id)).toBe(3);
    const after = await finances(base, customer.token);
    expect(after.money).toBe(amount - PRICE);
    // A fully paid order earns bonuses (kopecks of them; the header counts whole ones).
    expect(after.bonus).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'К платежам', exact: true }).click();
    await page.waitForURL('**/payments/pay');
    await expect.poll(() => textOf(headerMoney(page))).toContain(rub(amount - PRICE));
    expect(await textOf(headerMoney(page))).toContain(`Бонусы: ${after.bonus / 100} бонус`);
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('returns money from the balance to the card it came from by storno, on /payments/balance', async () => {
    const { page, errors, customer } = await signedIn('storno');
    await topUp(page, base, customer, 3_000_00);
    const refund = 1_200_00;

    await page.goto('/payments/balance');
    await expect.poll(() => textOf(headerMoney(page))).toContain(rub(3_000_00));
    await markDocument(page);
    await page.getByRole('button', { name: 'Возврат платежей', exact: true }).click();
    const storno = page.getByRole('region', { name: 'Возврат платежей' });
    await storno.getByLabel('Сколько вернуть, ₽').fill('1200');
    await storno.getByRole('button', { name: 'Рассчитать', exact: true }).click();
    // The plan: the top-up it reverses and by how much, its row checked (spec §9: storno by default).
    const plan = storno.getByRole('group', { name: 'Что вернём' });
    const rows = plan.getByRole('checkbox');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().isChecked()).toBe(true);
    expect(await textOf(plan)).toContain(`Пополнение баланса — ${rub(refund)}`);
    await storno.getByRole('button', { name: `Вернуть ${rub(refund)}`, exact: true }).click();
    await page.getByText('Возврат оформлен', { exact: false }).first().waitFor();

    await expect.poll(() => textOf(headerMoney(page))).toContain(rub(3_000_00 - refund));
    expect(await sameDocument(page)).toBe(true);
    expect((await finances(base, customer.token)).money).toBe(3_000_00 - refund);
    expect(errors).toEqual([]);
  });

  it('verifies the phone by the SMS code from the outbox and withdraws to a card', async () => {
    const { page, errors, customer } = await signedIn('withdraw');
    await topUp(page, base, customer, 5_000_00);

    // The profile has the phone: the code goes to it at once.
    await page.goto('/payments/balance');
    const sent = new Date(Date.now() - 1000).toISOString();
    await page.getByRole('button', { name: 'Подтвердить телефон', exact: true }).click();
    const code = await smsCode(base, customer.phone, sent);
    await page.getByLabel('Код из SMS').fill(code);
    await page.getByRole('button', { name: 'Подтвердить', exact: true }).click();
    await page.getByText('Телефон подтверждён').first().waitFor();

    await page.goto('/withdraw?amountInit=2000');
    const amount = page.getByLabel('Сумма, ₽');
    await expect.poll(() => amount.inputValue()).toMatch(/^2\s?000(,00)?$/);
    expect(new URL(page.url()).pathname).toBe('/withdraw');
    const card = page.getByLabel('Номер карты');
    await card.click();
    await card.pressSequentially('2200000000000004');
    await page.getByLabel('Имя получателя, как на карте').fill('PLATEZHNAYA STUDENTKA');
    expect(await page.getByLabel('Страна банка карты').inputValue()).toBe('RU');
    await markDocument(page);
    await page.getByRole('button', { name: 'Продолжить', exact: true }).click();
    await page.getByText(`Вывести ${rub(2_000_00)} на карту`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Подтвердить вывод', exact: true }).click();
    await page.getByText('Заявка на вывод принята', { exact: false }).first().waitFor();
    await page.waitForURL('**/payments/balance');

    await expect.poll(() => textOf(headerMoney(page))).toContain(rub(3_000_00));
    expect(await sameDocument(page)).toBe(true);
    expect((await finances(base, customer.token)).money).toBe(3_000_00);
    expect(errors).toEqual([]);
  });

  it('sends an unverified customer from /withdraw to /payments/balance', async () => {
    const { page, errors } = await signedIn('unverified');
    await page.goto('/withdraw?amountInit=500');
    await page.waitForURL('**/payments/balance');
    expect(errors).toEqual([]);
  });
});
