import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { ORDER_STATUSES, api, staffApi, paymentsApi } from '@cabinet/contract';
import { call, customerToken, MANAGER, placeOrder, staffToken, type Credentials } from './api';
import { PASSWORD } from './auth';
import { uniqueEmail } from './outbox';
import { OUTCOME_TIMEOUT_MS } from './waits';

/**
 * Payments and money as the journeys see them: fresh customers with orders that wait
 * for payment, top-ups settled on the test bank's page, SMS codes read from the dev outbox, and
 * the screens' parts found by role and name.
 */

/** The customer's titles of the two statuses a payment moves between (the contract's). */
export const AWAITING_PAYMENT = ORDER_STATUSES[2].title;
export const PAID = ORDER_STATUSES[3].title;

/** The test bank's cards: the pre-filled one pays, this one is declined. */
export const DECLINED_CARD = '4000 0000 0000 0002';

export interface PayCustomer extends Credentials {
  token: string;
  /** In the +7… form the dev outbox is asked with (`/dev/outbox/latest?to=`). */
  phone: string;
}

/** A fresh phone number, so that codes and resend limits of one customer never meet another's. */
function freshPhone(): string {
  return `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** Registers a fresh customer with a phone through the API and signs them in there. */
export async function payCustomer(base: string, tag: string): Promise<PayCustomer> {
  const email = uniqueEmail(tag);
  const phone = freshPhone();
  const r = await fetch(`${base}${api.profile.root}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, fio: 'Платёжная Студентка', phone, agree: true }),
  });
  if (r.status !== 200 && r.status !== 201) throw new Error(`registration: ${r.status} ${await r.text()}`);
  const creds = { email, password: PASSWORD };
  return { ...creds, phone, token: await customerToken(base, creds) };
}

/**
 * An order of the customer's that the manager has priced so that the customer pays `priceKopecks`:
 * «Ожидает оплаты». The manager sets the price before the customer's discounts (ADR 027; a new
 * customer's order is their first, 10 % off), so the price is found in a few steps. Returns its id.
 */
export async function awaitingOrder(
  base: string,
  customer: PayCustomer,
  topic: string,
  priceKopecks: number,
): Promise<number> {
  const id = await placeOrder(base, customer.token, topic);
  const manager = await staffToken(base, MANAGER);
  let cost = priceKopecks;
  for (let step = 0; step < 10; step += 1) {
    await call(base, manager, 'PATCH', staffApi.order(id), { cost });
    const { price } = await call<{ price: number }>(base, customer.token, 'GET', api.orders.byId(id));
    if (price === priceKopecks) break;
    // Discounts take a share of each rouble: move the price before them by the gap, grown by it.
    const gap = priceKopecks - price;
    cost += Math.round((gap * cost) / price / 100) * 100 || Math.sign(gap) * 100;
  }
  const priced = await call<{ price: number }>(base, customer.token, 'GET', api.orders.byId(id));
  if (priced.price !== priceKopecks)
    throw new Error(`order ${id} costs ${priced.price}, not ${priceKopecks}`);
  const status = await orderStatusId(base, customer.token, id);
  if (status !== 2) throw new Error(`order ${id} is in status ${status} after pricing, not 2`);
  return id;
}

/** The order's status id, as the customer's API answers it. */
export async function orderStatusId(base: string, token: string, id: number): Promise<number> {
  const order = await call<{ status: { id: number } }>(base, token, 'GET', api.orders.byId(id));
  return order.status.id;
}

/** The customer's money and bonus in kopecks (`PATCH profile/status/`, what the header shows). */
export async function finances(base: string, token: string): Promise<{ money: number; bonus: number }> {
  return call(base, token, 'PATCH', api.profile.status, {});
}

/** `POST pay/` with a fresh Idempotency-Key, as the screens send it. */
export async function pay(
  base: string,
  token: string,
  body: { purpose: string; object_id?: number; amount?: number; payment_method: string },
): Promise<{ pay_id: number; status: string; confirmation_url?: string }> {
  const r = await fetch(`${base}${paymentsApi.pay}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status !== 200 && r.status !== 201) throw new Error(`POST pay/: ${r.status} ${text}`);
  return JSON.parse(text) as { pay_id: number; status: string; confirmation_url?: string };
}

/**
 * Tops the balance up by card through the API and pays on the test bank's page in a browser tab
 * of its own (the scene for refunds and withdrawals: money that came through the provider).
 */
export async function topUp(page: Page, base: string, customer: PayCustomer, kopecks: number) {
  const before = (await finances(base, customer.token)).money;
  const started = await pay(base, customer.token, {
    purpose: 'replenish',
    amount: kopecks,
    payment_method: 'bank_card',
  });
  if (!started.confirmation_url) throw new Error('a card top-up came back without the bank page');
  await page.goto(started.confirmation_url);
  await payOnBankPage(page);
  await page.waitForURL('**/payment?status=success&pay_id=*');
  await waitForMoney(base, customer.token, before + kopecks);
}

/** Waits until the customer's balance is this many kopecks (settling is the provider's pace). */
export async function waitForMoney(
  base: string,
  token: string,
  kopecks: number,
  timeoutMs = OUTCOME_TIMEOUT_MS,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { money } = await finances(base, token);
    if (money === kopecks) return;
    if (Date.now() > deadline) throw new Error(`the balance is ${money} kopecks, not ${kopecks}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The test bank's page: its heading says which bank it is. */
export const bankHeading = (page: Page) => page.getByRole('heading', { name: 'Тестовый банк' });

/** On the test bank's page: optionally another card, then «Оплатить». */
export async function payOnBankPage(page: Page, card?: string): Promise<void> {
  await bankHeading(page).waitFor();
  if (card) await page.getByLabel('Номер карты').fill(card);
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
}

/**
 * A payment method on the pay and top-up screens, by the server's title («Банковская карта»,
 * «С баланса»): a radio, or a button of a segmented choice.
 */
export const method = (page: Page, title: string): Locator =>
  page
    .getByRole('radio', { name: title, exact: true })
    .or(page.getByRole('button', { name: title, exact: true }));

/** Chooses a method; a radio is checked, a button pressed. */
export async function chooseMethod(page: Page, title: string): Promise<void> {
  const choice = method(page, title).first();
  await choice.waitFor();
  if ((await choice.getAttribute('type')) === 'radio' || (await choice.getAttribute('role')) === 'radio')
    await choice.check();
  else await choice.click();
}

/** The workspace header's status badge: the customer's title of the order's status. */
export const orderStatus = (page: Page, title: string) =>
  page.locator('main header').getByText(title, { exact: true });

/** The cabinet header's money (its link to the payments reads «Баланс 5 000 ₽ …»). */
export const headerMoney = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Баланс/ });

/** What a part of the page reads, its spaces (the formatters' no-break ones too) made plain. */
export const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

/** «5 000 ₽» the way the web app writes kopecks as roubles (no-break spaces made plain). */
export function rub(kopecks: number): string {
  const text = new Intl.NumberFormat('ru-RU', {
    style: 'currency',
    currency: 'RUB',
    maximumFractionDigits: kopecks % 100 === 0 ? 0 : 2,
  }).format(kopecks / 100);
  return text.replace(/\s+/g, ' ');
}

/**
 * Marks the document so that a reload or a navigation by the browser (not the app's router)
 * can be told apart: the mark is gone after one.
 */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: string }).__e2eMark = 'same document';
  });
}

export async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: string }).__e2eMark === 'same document');
}

/**
 * The newest SMS to a phone in the dev outbox (`/dev/outbox/latest?to=+7…`) after `after`, and
 * the 6-digit code in it.
 */
export async function smsCode(
  base: string,
  phone: string,
  after: string,
  timeoutMs = OUTCOME_TIMEOUT_MS,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const r = await fetch(`${base}/dev/outbox/latest?to=${encodeURIComponent(phone)}`);
    last = `${r.status} ${await r.text()}`;
    if (r.ok) {
      const sms = JSON.parse(last.slice(4)) as { text: string; created_at: string };
      const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
      if (code && sms.created_at > after) return code;
    }
    if (Date.now() > deadline) throw new Error(`no SMS code to ${phone} in the outbox: ${last}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}
