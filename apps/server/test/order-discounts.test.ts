import {
  OrderPacketListSchema,
  OrderSchema,
  OrderStatusId,
  StaffOrderSchema,
  api,
  referenceApi,
  staffApi,
  staffMessages,
  type OrderDiscount,
  type WorkType,
} from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as migration023 from '../src/db/migrations/023-order-discounts';
import type { TestApp } from './helpers';
import { dayIn, orderBody, placeOrder, workTypes } from './orders-fixtures';
import {
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  giveMoney,
  orderRow,
  pay,
  payCustomer,
  type Auth,
  type PayCustomer,
} from './payments-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';

/**
 * The discounts a customer had when placing an order are the order's own (ADR 027): they apply to
 * whatever price the manager sets, the customer pays that price less them, and every answer shows
 * the same breakdown. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */
describe('the order keeps its discounts from the quote to the payment', () => {
  let t: TestApp;
  let manager: TestStaff;
  let workType: WorkType;

  beforeAll(async () => {
    t = await buildPaymentsApp();
    manager = await createStaff(t.app, 'manager');
    const c = await payCustomer(t.app);
    workType = (await workTypes(t.app, c.auth))[0]!;
  });
  afterAll(() => t.close());

  const customerOrder = async (auth: Auth, id: number) => {
    const res = await t.app.inject({ method: 'GET', url: api.orders.byId(id), headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return OrderSchema.parse(res.json());
  };
  const staffOrder = async (id: number) => {
    const res = await t.app.inject({ method: 'GET', url: staffApi.order(id), headers: manager.auth });
    expect(res.statusCode, res.body).toBe(200);
    return StaffOrderSchema.parse(res.json());
  };
  const reprice = (id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: staffApi.order(id), headers: manager.auth, payload });
  const firstOrder = (amount: number): OrderDiscount => ({
    kind: 'first_order',
    name: 'Скидка на первый заказ',
    percent: 10,
    fixed: null,
    amount,
  });

  it('keeps the first-order discount and the promo code through the manager’s price and the payment', async () => {
    const c: PayCustomer = await payCustomer(t.app);
    const placed = await placeOrder(t.app, c.auth, orderBody(workType, { promo_code: 'student10' }));
    // The estimate: both discounts, as the form quoted them.
    expect(placed.discounts.map((d) => [d.kind, d.name, d.percent])).toEqual([
      ['first_order', 'Скидка на первый заказ', 10],
      ['promo', 'Промокод STUDENT10', 10],
    ]);
    expect(placed.discounts.reduce((sum, d) => sum + d.amount, 0)).toBe(placed.discount);
    expect(placed.price).toBe(placed.cost - placed.discount);

    // The manager sets 5 280 ₽ before discounts: each discount takes 528 ₽ of it.
    const res = await reprice(placed.id, { cost: 5_280_00 });
    expect(res.statusCode, res.body).toBe(200);
    const promo: OrderDiscount = {
      kind: 'promo',
      name: 'Промокод STUDENT10',
      percent: 10,
      fixed: null,
      amount: 528_00,
    };
    const expected = {
      cost: 5_280_00,
      discount: 1_056_00,
      price: 4_224_00,
      discounts: [firstOrder(528_00), promo],
    };
    expect(StaffOrderSchema.parse(res.json())).toMatchObject({ ...expected, status: { id: 2 } });
    expect(await staffOrder(placed.id)).toMatchObject(expected);
    expect(await customerOrder(c.auth, placed.id)).toMatchObject(expected);

    // A second price: the same discounts on it (5 200 ₽ − 520 − 520 = 4 160 ₽).
    expect((await reprice(placed.id, { cost: 5_200_00 })).statusCode).toBe(200);
    expect(await customerOrder(c.auth, placed.id)).toMatchObject({
      cost: 5_200_00,
      discount: 1_040_00,
      price: 4_160_00,
      discounts: [firstOrder(520_00), { ...promo, amount: 520_00 }],
    });
    const events = await t.app.database.db
      .selectFrom('order_events')
      .select('data')
      .where('order_id', '=', placed.id)
      .where('kind', '=', 'priced')
      .orderBy('id')
      .execute();
    expect(events.map((e) => JSON.parse(e.data) as object)).toEqual([
      { from: 1, to: 2, price: 4_224_00, cost: 5_280_00 },
      { price: 4_160_00, cost: 5_200_00 },
    ]);

    // The payment takes what the breakdown says.
    await giveMoney(t.app, c.id, 10_000_00);
    const paid = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: placed.id,
      payment_method: 'balance',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await orderRow(t.app, placed.id)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      paid: 4_160_00,
    });
    expect((await finances(t.app, c.id)).money).toBe(10_000_00 - 4_160_00);
    await expectLedgerOk(t.app);

    // The customer's next order is no longer the first: only what it has.
    const next = await placeOrder(t.app, c.auth, orderBody(workType));
    expect(next.discounts).toEqual([]);
    expect((await reprice(next.id, { price: 3_000_00 })).statusCode).toBe(200);
    expect(await customerOrder(c.auth, next.id)).toMatchObject({
      cost: 3_000_00,
      discount: 0,
      price: 3_000_00,
      discounts: [],
    });
  });

  it('keeps a packet’s discount on each of its orders through a new price', async () => {
    const c = await payCustomer(t.app);
    // Not the customer's first order: the packet's discount alone.
    await placeOrder(t.app, c.auth, orderBody(workType));
    const packets = OrderPacketListSchema.parse(
      (await t.app.inject({ method: 'GET', url: referenceApi.orderPackets, headers: c.auth })).json(),
    );
    const packet = packets[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: api.orders.root,
      headers: c.auth,
      payload: { topic: 'Маркетинговая стратегия компании', deadline: dayIn(45), packet_id: packet.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ids = (res.json() as { packet_order_ids: number[] }).packet_order_ids;
    expect(ids.length).toBeGreaterThan(1);
    const name = `Скидка пакета «${packet.title}»`;
    for (const id of ids) {
      const order = await customerOrder(c.auth, id);
      expect(order.discounts.map((d) => [d.kind, d.name, d.percent])).toEqual([
        ['packet', name, packet.discount_percent],
      ]);
      expect(order.discounts[0]!.amount).toBe(order.discount);
    }

    const repriced = await reprice(ids[1]!, { cost: 3_000_00 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const amount = Math.floor((3_000_00 * packet.discount_percent) / 100 / 100) * 100;
    expect(StaffOrderSchema.parse(repriced.json())).toMatchObject({
      cost: 3_000_00,
      discount: amount,
      price: 3_000_00 - amount,
      discounts: [{ kind: 'packet', name, percent: packet.discount_percent, fixed: null, amount }],
    });
    expect((await customerOrder(c.auth, ids[1]!)).price).toBe(3_000_00 - amount);
  });

  it('asks only the rest after a re-price of an order paid by halves, never below what is paid', async () => {
    const c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 20_000_00);
    const { id } = await placeOrder(t.app, c.auth, orderBody(workType));
    expect((await reprice(id, { cost: 4_000_00 })).statusCode).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({ price: 3_600_00, paid: 0 });

    const half = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      part: 'half',
    });
    expect(half.statusCode, half.body).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      paid: 1_800_00,
    });

    // More work agreed: 5 000 ₽ before the first-order discount, 4 500 ₽ to pay, 2 700 ₽ left.
    const more = await reprice(id, { cost: 5_000_00 });
    expect(more.statusCode, more.body).toBe(200);
    expect(StaffOrderSchema.parse(more.json())).toMatchObject({
      status: { id: OrderStatusId.searchingAuthor },
      cost: 5_000_00,
      discount: 500_00,
      price: 4_500_00,
      paid: 1_800_00,
      discounts: [firstOrder(500_00)],
    });
    const waiting = await t.app.inject({
      method: 'GET',
      url: '/api/client/payments/waiting/',
      headers: c.auth,
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(JSON.stringify(waiting.json())).toContain('270000');

    // A price whose sum to pay is below what is paid is refused, and nothing changes.
    const below = await reprice(id, { cost: 1_500_00 });
    expect(below.statusCode).toBe(409);
    expect((below.json() as { detail: string }).detail).toMatch(
      /^Цена со скидками не может быть меньше уже оплаченного: 1\s800\s₽$/,
    );
    expect(await customerOrder(c.auth, id)).toMatchObject({
      cost: 5_000_00,
      price: 4_500_00,
      discounts: [firstOrder(500_00)],
    });

    const rest = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({ paid: 4_500_00 });
    expect((await finances(t.app, c.id)).money).toBe(20_000_00 - 4_500_00);

    // Paid in full: the price is locked.
    const locked = await reprice(id, { cost: 6_000_00 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ detail: staffMessages.priceLocked });
    await expectLedgerOk(t.app);
  });

  it('gives orders placed before the migration their discounts from what they kept, their sums unchanged', async () => {
    const c = await payCustomer(t.app);
    const { id } = await placeOrder(t.app, c.auth, orderBody(workType, { promo_code: 'STUDENT10' }));
    expect((await reprice(id, { cost: 5_280_00 })).statusCode).toBe(200);
    const before = await customerOrder(c.auth, id);
    expect(before.discounts).toHaveLength(2);
    const db = t.app.database.db;
    // Back to before migration 023 and up again: the rows come from the order's own columns.
    await migration023.down(db);
    await migration023.up(db);
    const after = await customerOrder(c.auth, id);
    expect(after.discounts).toEqual(before.discounts);
    expect(after).toMatchObject({ cost: before.cost, discount: before.discount, price: before.price });
  });

  it('refuses two different prices in one request', async () => {
    const c = await payCustomer(t.app);
    const { id } = await placeOrder(t.app, c.auth, orderBody(workType));
    const res = await reprice(id, { cost: 3_000_00, price: 2_000_00 });
    expect(res.statusCode).toBe(400);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: OrderStatusId.pricing });
  });
});
