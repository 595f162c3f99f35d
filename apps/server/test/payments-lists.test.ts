import {
  BalanceSchema,
  OrderStatusId,
  PayResultSchema,
  PaymentListSchema,
  orderMessages,
  type PaymentPurpose,
  paymentsApi,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMessages, moscowDayBounds } from '../src/modules/payments/lists';
import type { TestApp } from './helpers';
import {
  awaitingOrder,
  buildPaymentsApp,
  expectLedgerOk,
  giveBonus,
  giveMoney,
  orderRow,
  pay,
  payCustomer,
  type PayCustomer,
} from './payments-fixtures';
import { accounts, postTxn } from '../src/modules/ledger';

/**
 * The customer's payment lists: waiting/ (invoices of the orders waiting for payment, and
 * attempts still pending), history/ (settled payments, by period and purpose) and balance/ (money,
 * bonus and the movements that made them) — each the customer's own only, paged like the orders.
 */

let t: TestApp;
const PUBLIC = 'http://localhost:3000';

beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(() => t.close());

async function get(customer: PayCustomer, url: string) {
  return t.app.inject({ method: 'GET', url, headers: customer.auth });
}

async function list(customer: PayCustomer, url: string) {
  const res = await get(customer, url);
  expect(res.statusCode, res.body).toBe(200);
  return PaymentListSchema.parse(res.json());
}

async function balance(customer: PayCustomer, url: string = paymentsApi.balance) {
  const res = await get(customer, url);
  expect(res.statusCode, res.body).toBe(200);
  return BalanceSchema.parse(res.json());
}

/** A past payment written as settling leaves it (the lists only read them). */
async function pastPayment(
  customer: PayCustomer,
  over: {
    status: 'pending' | 'succeeded' | 'canceled';
    created_at: string;
    purpose?: PaymentPurpose;
    amount?: number;
    title?: string;
  },
): Promise<number> {
  const row = await t.app.database.db
    .insertInto('payments')
    .values({
      user_id: customer.id,
      purpose: over.purpose ?? 'replenish',
      object_id: null,
      title: over.title ?? 'Пополнение баланса',
      amount: over.amount ?? 1_000_00,
      payment_method: 'bank_card',
      status: over.status,
      provider: 'test',
      created_at: over.created_at,
      paid_at: over.status === 'succeeded' ? over.created_at : null,
      updated_at: over.created_at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('waiting/', () => {
  it('lists an invoice per order waiting for payment, newest first, checked and storno by default', async () => {
    const customer = await payCustomer(t.app);
    const first = await awaitingOrder(t.app, customer, 1_000_00);
    const second = await awaitingOrder(t.app, customer, 2_500_00, { paid: 500_00 });
    // Not waiting for payment: no invoice.
    await awaitingOrder(t.app, customer, 3_000_00, { status: OrderStatusId.searchingAuthor, paid: 3_000_00 });
    const page = await list(customer, paymentsApi.waiting);
    expect(page.count).toBe(2);
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(page.results.map((p) => [p.object_id, p.amount])).toEqual(
      expect.arrayContaining([
        [first, 1_000_00],
        [second, 2_000_00],
      ]),
    );
    for (const p of page.results) {
      expect(p).toMatchObject({ purpose: 'order', status: 'pending', checked: true, refund_mode: 'storno' });
      expect(p.title).toContain(`Заказ №${p.object_id}`);
    }
    const times = page.results.map((p) => `${p.created_at}#${String(p.pay_id).padStart(9, '0')}`);
    expect(times).toEqual([...times].sort().reverse());

    // Read again: the same invoices, not new ones.
    const again = await list(customer, paymentsApi.waiting);
    expect(again.results.map((p) => p.pay_id).sort()).toEqual(page.results.map((p) => p.pay_id).sort());
  });

  it('adds one invoice per order however many read the list at once', async () => {
    const customer = await payCustomer(t.app);
    const orders = [
      await awaitingOrder(t.app, customer, 1_000_00),
      await awaitingOrder(t.app, customer, 2_000_00),
    ];
    const pages = await Promise.all(Array.from({ length: 8 }, () => list(customer, paymentsApi.waiting)));
    for (const page of pages) expect(page.count).toBe(2);
    const rows = await t.app.database.db
      .selectFrom('payments')
      .select(['object_id'])
      .where('user_id', '=', customer.id)
      .execute();
    expect(rows.map((r) => r.object_id).sort()).toEqual([...orders].sort());
  });

  it('shows a customer only their own payments', async () => {
    const alice = await payCustomer(t.app);
    const bob = await payCustomer(t.app);
    const aliceOrder = await awaitingOrder(t.app, alice, 1_000_00);
    await pastPayment(alice, { status: 'pending', created_at: new Date().toISOString() });
    const bobPage = await list(bob, paymentsApi.waiting);
    expect(bobPage).toEqual({ results: [], next: null, previous: null, count: 0 });
    const alicePage = await list(alice, paymentsApi.waiting);
    expect(alicePage.count).toBe(2);
    expect(alicePage.results.some((p) => p.object_id === aliceOrder)).toBe(true);
  });

  it('pages with absolute next and previous URLs, and 404 past the last page', async () => {
    const customer = await payCustomer(t.app);
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(
        await pastPayment(customer, { status: 'pending', created_at: `2026-05-0${i + 1}T10:00:00.000Z` }),
      );
    }
    const base = `${PUBLIC}${paymentsApi.waiting}`;
    const p1 = await list(customer, `${paymentsApi.waiting}?page_size=2`);
    expect(p1).toMatchObject({ count: 5, next: `${base}?page=2&page_size=2`, previous: null });
    expect(p1.results.map((p) => p.pay_id)).toEqual([ids[4], ids[3]]);
    const p2 = await list(customer, `${paymentsApi.waiting}?page=2&page_size=2`);
    expect(p2).toMatchObject({ next: `${base}?page=3&page_size=2`, previous: `${base}?page_size=2` });
    expect(p2.results.map((p) => p.pay_id)).toEqual([ids[2], ids[1]]);
    const p3 = await list(customer, `${paymentsApi.waiting}?page=3&page_size=2`);
    expect(p3).toMatchObject({ next: null, previous: `${base}?page=2&page_size=2` });
    expect(p3.results.map((p) => p.pay_id)).toEqual([ids[0]]);

    const past = await get(customer, `${paymentsApi.waiting}?page=4&page_size=2`);
    expect(past.statusCode).toBe(404);
    expect(past.json()).toMatchObject({ detail: orderMessages.invalidPage });
    const bad = await get(customer, `${paymentsApi.waiting}?page=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { page: [expect.any(String)] } });
  });

  it('needs a customer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: paymentsApi.waiting });
    expect(res.statusCode).toBe(401);
    for (const url of [paymentsApi.history, paymentsApi.balance]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('history/', () => {
  it('lists succeeded and canceled payments, newest first, never pending ones or another customer’s', async () => {
    const customer = await payCustomer(t.app);
    const other = await payCustomer(t.app);
    const a = await pastPayment(customer, { status: 'succeeded', created_at: '2026-03-01T09:00:00.000Z' });
    const b = await pastPayment(customer, { status: 'canceled', created_at: '2026-03-02T09:00:00.000Z' });
    await pastPayment(customer, { status: 'pending', created_at: '2026-03-03T09:00:00.000Z' });
    await pastPayment(other, { status: 'succeeded', created_at: '2026-03-04T09:00:00.000Z' });
    const page = await list(customer, paymentsApi.history);
    expect(page.count).toBe(2);
    expect(page.results.map((p) => [p.pay_id, p.status])).toEqual([
      [b, 'canceled'],
      [a, 'succeeded'],
    ]);
    expect(page.results[1]).toMatchObject({
      paid_at: '2026-03-01T09:00:00.000Z',
      checked: true,
      refund_mode: 'storno',
      payment_method: 'bank_card',
    });
  });

  it('filters by Moscow days, both ends inclusive, and by purpose; the links keep the filters', async () => {
    const customer = await payCustomer(t.app);
    // 10 March in Moscow is 2026-03-09T21:00Z … 2026-03-10T20:59:59.999Z.
    const before = await pastPayment(customer, {
      status: 'succeeded',
      created_at: '2026-03-09T20:59:59.999Z',
    });
    const start = await pastPayment(customer, {
      status: 'succeeded',
      created_at: '2026-03-09T21:00:00.000Z',
    });
    const tip = await pastPayment(customer, {
      status: 'succeeded',
      created_at: '2026-03-10T12:00:00.000Z',
      purpose: 'tip',
      title: 'Чаевые автору',
    });
    const end = await pastPayment(customer, { status: 'canceled', created_at: '2026-03-11T20:59:59.999Z' });
    const after = await pastPayment(customer, {
      status: 'succeeded',
      created_at: '2026-03-11T21:00:00.000Z',
    });

    const ids = async (query: string) =>
      (await list(customer, `${paymentsApi.history}?${query}`)).results.map((p) => p.pay_id);
    expect(await ids('from=2026-03-10&to=2026-03-11')).toEqual([end, tip, start]);
    expect(await ids('from=2026-03-10')).toEqual([after, end, tip, start]);
    expect(await ids('to=2026-03-10')).toEqual([tip, start, before]);
    expect(await ids('from=2026-03-10&to=2026-03-10')).toEqual([tip, start]);
    expect(await ids('purpose=tip')).toEqual([tip]);
    expect(await ids('purpose=replenish&from=2026-03-11')).toEqual([after, end]);
    expect(await ids('purpose=order')).toEqual([]);

    const p1 = await list(customer, `${paymentsApi.history}?from=2026-03-10&purpose=replenish&page_size=2`);
    expect(p1.count).toBe(3);
    const next = new URL(p1.next ?? '');
    expect(`${next.origin}${next.pathname}`).toBe(`${PUBLIC}${paymentsApi.history}`);
    expect(Object.fromEntries(next.searchParams)).toEqual({
      from: '2026-03-10',
      purpose: 'replenish',
      page: '2',
      page_size: '2',
    });
    const p2 = await list(customer, `${next.pathname}${next.search}`);
    expect(p2.results.map((p) => p.pay_id)).toEqual([start]);
    expect(p2.next).toBeNull();
    expect(Object.fromEntries(new URL(p2.previous ?? '').searchParams)).toEqual({
      from: '2026-03-10',
      purpose: 'replenish',
      page_size: '2',
    });
  });

  it('refuses a reversed period, a malformed date and an unknown purpose in Russian', async () => {
    const customer = await payCustomer(t.app);
    const reversed = await get(customer, `${paymentsApi.history}?from=2026-03-11&to=2026-03-10`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      detail: listMessages.periodReversed,
      errors: { from: [listMessages.periodReversed] },
    });
    for (const query of ['from=10.03.2026', 'to=2026-02-30', 'purpose=gift']) {
      const res = await get(customer, `${paymentsApi.history}?${query}`);
      expect(res.statusCode, query).toBe(400);
      const body = res.json() as { detail: string; errors: Record<string, string[]> };
      expect(Object.keys(body.errors)).toEqual([query.split('=')[0]]);
      expect(body.detail).toMatch(/[а-яё]/i);
    }
  });

  it('reads a Moscow day as its UTC bounds', () => {
    expect(moscowDayBounds('2026-01-01')).toEqual({
      start: '2025-12-31T21:00:00.000Z',
      end: '2026-01-01T21:00:00.000Z',
    });
  });
});

describe('balance/', () => {
  it('gives money and bonus and every movement that made them, signed, newest first', async () => {
    const customer = await payCustomer(t.app);
    const other = await payCustomer(t.app);
    await giveMoney(t.app, customer.id, 5_000_00);
    await giveBonus(t.app, customer.id, 300_00);
    await giveMoney(t.app, other.id, 7_000_00);
    // One movement touching both accounts: 1 000 ₽ from the balance and 200 bonuses for an order.
    await t.app.database.db.transaction().execute((trx) =>
      postTxn(trx, { kind: 'balance_payment', user_id: customer.id, title: 'Заказ №1' }, [
        { account: accounts.customerMoney(customer.id), amount: -1_000_00 },
        { account: accounts.customerBonus(customer.id), amount: -200_00 },
        { account: accounts.bonusPool, amount: 200_00 },
        { account: accounts.revenue, amount: 1_000_00 },
      ]),
    );
    // A movement of the service alone is nobody's row.
    await t.app.database.db.transaction().execute((trx) =>
      postTxn(trx, { kind: 'payment', user_id: customer.id, title: 'Заказ №2' }, [
        { account: accounts.providerClearing, amount: -900_00 },
        { account: accounts.revenue, amount: 900_00 },
      ]),
    );

    const b = await balance(customer);
    expect(b.money).toBe(4_000_00);
    expect(b.bonus).toBe(100_00);
    expect(b.count).toBe(3);
    expect(b.results.map((m) => [m.kind, m.title, m.money, m.bonus])).toEqual([
      ['balance_payment', 'Заказ №1', -1_000_00, -200_00],
      ['bonus_accrual', 'Бонусы', 0, 300_00],
      ['replenish', 'Пополнение баланса', 5_000_00, 0],
    ]);
    // The movements add up to the balances.
    expect(b.results.reduce((s, m) => s + m.money, 0)).toBe(b.money);
    expect(b.results.reduce((s, m) => s + m.bonus, 0)).toBe(b.bonus);

    const theirs = await balance(other);
    expect(theirs).toMatchObject({ money: 7_000_00, bonus: 0, count: 1 });
    expect(theirs.results.map((m) => m.money)).toEqual([7_000_00]);
    await expectLedgerOk(t.app);
  });

  it('pages the movements; a new customer has none', async () => {
    const customer = await payCustomer(t.app);
    expect(await balance(customer)).toEqual({
      money: 0,
      bonus: 0,
      results: [],
      next: null,
      previous: null,
      count: 0,
    });
    for (let i = 1; i <= 3; i += 1) await giveMoney(t.app, customer.id, i * 100_00);
    const base = `${PUBLIC}${paymentsApi.balance}`;
    const p1 = await balance(customer, `${paymentsApi.balance}?page_size=2`);
    expect(p1).toMatchObject({ money: 600_00, count: 3, next: `${base}?page=2&page_size=2`, previous: null });
    expect(p1.results.map((m) => m.money)).toEqual([300_00, 200_00]);
    const p2 = await balance(customer, `${paymentsApi.balance}?page=2&page_size=2`);
    expect(p2).toMatchObject({ money: 600_00, next: null, previous: `${base}?page_size=2` });
    expect(p2.results.map((m) => m.money)).toEqual([100_00]);
    expect((await get(customer, `${paymentsApi.balance}?page=3&page_size=2`)).statusCode).toBe(404);
  });
});

describe('the lists after paying through the API', () => {
  it('a card top-up through the bank page: money and a replenish movement on balance/, the payment in history/', async () => {
    const customer = await payCustomer(t.app);
    const res = await pay(t.app, customer.auth, {
      purpose: 'replenish',
      amount: 1_500_00,
      payment_method: 'bank_card',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pay_id, confirmation_url } = PayResultSchema.parse(res.json());
    // Waiting for the bank: on waiting/, not yet on history/ or the balance.
    expect((await list(customer, paymentsApi.waiting)).results.map((p) => p.pay_id)).toEqual([pay_id]);
    expect((await list(customer, paymentsApi.history)).count).toBe(0);
    expect((await balance(customer)).count).toBe(0);

    const bank = await t.app.inject({
      method: 'POST',
      url: new URL(confirmation_url ?? '').pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay&card=4242+4242+4242+4242&exp=12%2F35&cvc=123',
    });
    expect(bank.statusCode).toBe(303);

    expect((await list(customer, paymentsApi.waiting)).count).toBe(0);
    const history = await list(customer, paymentsApi.history);
    expect(history.results).toMatchObject([
      { pay_id, purpose: 'replenish', amount: 1_500_00, status: 'succeeded', payment_method: 'bank_card' },
    ]);
    expect(await list(customer, `${paymentsApi.history}?purpose=replenish`)).toMatchObject({ count: 1 });
    expect(await list(customer, `${paymentsApi.history}?purpose=order`)).toMatchObject({ count: 0 });
    const b = await balance(customer);
    expect(b).toMatchObject({ money: 1_500_00, bonus: 0, count: 1 });
    expect(b.results[0]).toMatchObject({ kind: 'replenish', money: 1_500_00, bonus: 0 });
    await expectLedgerOk(t.app);
  });

  it('an order paid from the balance: a balance_payment movement of minus its price, the order off waiting/', async () => {
    const customer = await payCustomer(t.app);
    await giveMoney(t.app, customer.id, 3_000_00);
    const orderId = await awaitingOrder(t.app, customer, 2_000_00);
    expect((await list(customer, paymentsApi.waiting)).results.map((p) => p.object_id)).toEqual([orderId]);
    const res = await pay(t.app, customer.auth, {
      purpose: 'order',
      object_id: orderId,
      payment_method: 'balance',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(PayResultSchema.parse(res.json())).toMatchObject({ status: 'succeeded' });
    expect(await orderRow(t.app, orderId)).toMatchObject({ status_id: OrderStatusId.searchingAuthor });

    expect((await list(customer, paymentsApi.waiting)).count).toBe(0);
    expect((await list(customer, paymentsApi.history)).results).toMatchObject([
      { object_id: orderId, amount: 2_000_00, status: 'succeeded', payment_method: 'balance' },
    ]);
    const b = await balance(customer);
    expect(b.money).toBe(1_000_00);
    const moneyMoves = b.results.filter((m) => m.money !== 0).map((m) => [m.kind, m.money]);
    expect(moneyMoves).toEqual([
      ['balance_payment', -2_000_00],
      ['replenish', 3_000_00],
    ]);
    expect(b.results.reduce((sum, m) => sum + m.bonus, 0)).toBe(b.bonus);
    await expectLedgerOk(t.app);
  });
});
