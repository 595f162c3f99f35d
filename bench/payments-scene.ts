// The customer of the money bench (bench/payments.ts): signed in with a phone and the SMS
// verification passed, orders priced by the manager, the balance topped up through the test bank —
// each as the web app and the staff screens do it, over HTTP.
import { randomUUID } from 'node:crypto';
import { api, paymentsApi, staffApi } from '../packages/contract/src/index';
import { sleep } from './chat-support';

/** An order's price, in kopecks: every request asks for 300–700 ₽. */
const ORDER_PRICES = [300_00, 450_00, 500_00, 700_00];
/** The demo manager (SEED_DEMO=1) prices the orders, as in the staff screens. */
const MANAGER = { email: 'manager@example.com', password: 'manager12345' };
const PASSWORD = 'Zelenyi-Kit-2026';

export interface Answer {
  status: number;
  body: string;
}

export async function request(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: await res.text() };
}

/** A call that must succeed; its JSON. */
export async function must<T>(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  const r = await request(base, method, path, opts);
  if (r.status < 200 || r.status > 299) throw new Error(`${method} ${path}: ${r.status} ${r.body}`);
  return (r.body ? JSON.parse(r.body) : null) as T;
}

export const money = async (base: string, token: string) =>
  (await must<{ money: number; bonus: number }>(base, 'PATCH', api.profile.status, { token })).money;

/**
 * Settles a card payment on the test bank's page as a person would: the page's form posted with
 * its «Оплатить» button. The page is HTML; its form's action and fields are read from it.
 */
async function payOnBankPage(confirmationUrl: string): Promise<void> {
  const page = await fetch(confirmationUrl);
  const html = await page.text();
  if (!page.ok) throw new Error(`the bank page answered ${page.status}`);
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('no form on the bank page');
  const fields = new URLSearchParams();
  for (const input of form[2]!.matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name) fields.set(name, value.replace(/&amp;/g, '&'));
  }
  const button = [...form[2]!.matchAll(/<button[^>]*>([\s\S]*?)<\/button>/gi)].find((b) =>
    b[1]!.includes('Оплатить'),
  );
  const buttonName = button ? /name="([^"]*)"/.exec(button[0])?.[1] : undefined;
  const buttonValue = button ? /value="([^"]*)"/.exec(button[0])?.[1] : undefined;
  if (buttonName) fields.set(buttonName, buttonValue ?? '');
  const action = new URL(form[1]!.replace(/&amp;/g, '&'), confirmationUrl);
  const done = await fetch(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const location = done.headers.get('location') ?? '';
  if (!location.includes('status=success'))
    throw new Error(`the bank page sent the browser to ${location || done.status}`);
}

export interface Scene {
  base: string;
  token: string;
  phone: string;
  managerToken: string;
}

/** One customer with a phone, signed in; the SMS verification for withdrawals passed. */
export async function scene(base: string): Promise<Scene> {
  const email = `bench-payments-${Date.now().toString(36)}@example.com`;
  const phone = `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  await must(base, 'POST', api.profile.root, {
    body: { email, password: PASSWORD, fio: 'Нагрузочная Проверка', phone, agree: true },
  });
  const login = await must<{ tokens?: { access: string }; access?: string }>(base, 'POST', api.auth.login, {
    body: { email, password: PASSWORD },
  });
  const token = login.tokens?.access ?? login.access ?? '';
  const staff = await must<{ access: string }>(base, 'POST', staffApi.login, { body: MANAGER });

  const sent = new Date(Date.now() - 1000).toISOString();
  await must(base, 'POST', paymentsApi.verificateCode('repayment'), { token, body: {} });
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i += 1) {
    const r = await request(base, 'GET', `/dev/outbox/latest?to=${encodeURIComponent(phone)}`);
    if (r.status === 200) {
      const sms = JSON.parse(r.body) as { text: string; created_at: string };
      if (sms.created_at > sent) code = /\b(\d{6})\b/.exec(sms.text)?.[1];
    }
    if (!code) await sleep(100);
  }
  if (!code) throw new Error(`no SMS code to ${phone} in the dev outbox`);
  await must(base, 'PATCH', paymentsApi.verificateCode('repayment'), { token, body: { code } });
  const status = await must<{ verified: boolean }>(base, 'GET', paymentsApi.verificationStatus('repayment'), {
    token,
  });
  if (!status.verified) throw new Error('the customer is not verified after the code');
  return { base, token, phone, managerToken: staff.access };
}

/** Orders of the customer, priced by the manager: «Ожидает оплаты», each with the sum it asks. */
export async function awaitingOrders(s: Scene, count: number): Promise<Array<{ id: number; price: number }>> {
  const types = await must<Array<{ id: number; min_pages: number }>>(s.base, 'GET', '/api/worktypes/', {
    token: s.token,
  });
  const workType = types[0];
  if (!workType) throw new Error('no work types');
  const deadline = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const orders: Array<{ id: number; price: number }> = [];
  // A few at a time: placing is not what is measured. All placed before any is priced: on
  // PostgreSQL, placing one of a customer's orders while the manager prices another of theirs
  // has deadlocked (lockCustomer in orders/placement.ts against the pricing's transaction).
  for (let at = 0; at < count; at += 10) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(10, count - at) }, async (_, k) => {
        const price = ORDER_PRICES[(at + k) % ORDER_PRICES.length] as number;
        const { id } = await must<{ id: number }>(s.base, 'POST', api.orders.root, {
          token: s.token,
          body: {
            work_type_id: workType.id,
            topic: `Нагрузочный заказ ${at + k}`,
            deadline,
            pages: workType.min_pages,
            originality: 60,
          },
        });
        return { id, price };
      }),
    );
    orders.push(...batch);
  }
  for (let at = 0; at < count; at += 10) {
    await Promise.all(
      orders
        .slice(at, at + 10)
        .map((o) =>
          must(s.base, 'PATCH', staffApi.order(o.id), { token: s.managerToken, body: { price: o.price } }),
        ),
    );
  }
  // What the customer pays: the manager's price less the order's own discounts (ADR 027; the
  // customer's first order has one), as the order answers it.
  for (let at = 0; at < count; at += 10) {
    await Promise.all(
      orders.slice(at, at + 10).map(async (o) => {
        o.price = (
          await must<{ price: number }>(s.base, 'GET', api.orders.byId(o.id), { token: s.token })
        ).price;
      }),
    );
  }
  return orders;
}

/** Tops the balance up by card through the test bank, as the customer would. */
export async function topUp(s: Scene, kopecks: number): Promise<void> {
  const before = await money(s.base, s.token);
  const started = await must<{ confirmation_url?: string }>(s.base, 'POST', paymentsApi.pay, {
    token: s.token,
    headers: { 'idempotency-key': randomUUID() },
    body: { purpose: 'replenish', amount: kopecks, payment_method: 'bank_card' },
  });
  if (!started.confirmation_url) throw new Error('a card top-up came back without the bank page');
  await payOnBankPage(started.confirmation_url);
  for (let i = 0; i < 100; i += 1) {
    if ((await money(s.base, s.token)) === before + kopecks) return;
    await sleep(100);
  }
  throw new Error('the top-up did not reach the balance');
}
