import { PayRequestSchema, PayResultSchema, paymentMessages, paymentsApi } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ABANDONED_AFTER_MS,
  canonicalJson,
  idempotencyInFlight,
  requestHash,
} from '../src/modules/payments/idempotency';
import type { TestApp } from './helpers';
import {
  awaitingOrder,
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  giveMoney,
  idemKey,
  orderRow,
  pay,
  payCustomer,
  type PayCustomer,
} from './payments-fixtures';

describe('Idempotency-Key on the money-moving POSTs', () => {
  let t: TestApp;
  let c: PayCustomer;

  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.app);
    await t.close();
  });

  const paymentsOf = (userId: number) =>
    t.app.database.db.selectFrom('payments').select(['id', 'status']).where('user_id', '=', userId).execute();

  it('hashes a body the same whatever the order of its keys', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(requestHash({ a: 1, b: 2 })).toBe(requestHash({ b: 2, a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
  });

  it('answers a repeat with the first answer and moves nothing again', async () => {
    c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 10_000_00);
    const id = await awaitingOrder(t.app, c, 3_000_00);
    const key = idemKey();
    const body = { purpose: 'order', object_id: id, payment_method: 'balance' };
    const first = await pay(t.app, c.auth, body, key);
    expect(first.statusCode, first.body).toBe(200);
    const money = (await finances(t.app, c.id)).money;
    expect(money).toBe(7_000_00);
    // The same body with its keys in another order is the same request.
    const again = await pay(
      t.app,
      c.auth,
      { payment_method: 'balance', object_id: id, purpose: 'order' },
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(PayResultSchema.parse(again.json()).status).toBe('succeeded');
    expect((await finances(t.app, c.id)).money).toBe(money);
    expect(await paymentsOf(c.id)).toHaveLength(1);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 3, paid: 3_000_00 });
  });

  it('returns the same provider page for a repeated provider payment', async () => {
    c = await payCustomer(t.app);
    const id = await awaitingOrder(t.app, c, 3_000_00);
    const key = idemKey();
    const body = { purpose: 'order', object_id: id, payment_method: 'bank_card' };
    const first = PayResultSchema.parse((await pay(t.app, c.auth, body, key)).json());
    const again = PayResultSchema.parse((await pay(t.app, c.auth, body, key)).json());
    expect(again).toEqual(first);
    expect(first.confirmation_url).toBeDefined();
    expect(await paymentsOf(c.id)).toEqual([{ id: first.pay_id, status: 'pending' }]);
  });

  it('refuses the same key with another body or on another route (409), running nothing', async () => {
    c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 10_000_00);
    const a = await awaitingOrder(t.app, c, 1_000_00);
    const b = await awaitingOrder(t.app, c, 2_000_00);
    const key = idemKey();
    expect(
      (await pay(t.app, c.auth, { purpose: 'order', object_id: a, payment_method: 'balance' }, key))
        .statusCode,
    ).toBe(200);
    const other = await pay(
      t.app,
      c.auth,
      { purpose: 'order', object_id: b, payment_method: 'balance' },
      key,
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ detail: paymentMessages.idempotencyKeyReused });
    const many = await t.app.inject({
      method: 'POST',
      url: paymentsApi.payMany,
      headers: { ...c.auth, 'idempotency-key': key },
      payload: { pay_ids: [1], payment_method: 'balance' },
    });
    expect(many.statusCode).toBe(409);
    expect(many.json()).toMatchObject({ detail: paymentMessages.idempotencyKeyReused });
    expect(await orderRow(t.app, b)).toMatchObject({ status_id: 2, paid: 0 });
    expect((await finances(t.app, c.id)).money).toBe(9_000_00);
  });

  it('keeps keys apart per customer', async () => {
    const one = await payCustomer(t.app);
    const two = await payCustomer(t.app);
    const key = idemKey();
    const res1 = await pay(
      t.app,
      one.auth,
      { purpose: 'replenish', amount: 100_00, payment_method: 'sbp' },
      key,
    );
    const res2 = await pay(
      t.app,
      two.auth,
      { purpose: 'replenish', amount: 100_00, payment_method: 'sbp' },
      key,
    );
    expect(res1.statusCode).toBe(200);
    expect(res2.statusCode).toBe(200);
    expect(PayResultSchema.parse(res1.json()).pay_id).not.toBe(PayResultSchema.parse(res2.json()).pay_id);
  });

  it('requires the header: missing or malformed → 400, nothing written', async () => {
    c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 10_000_00);
    const id = await awaitingOrder(t.app, c, 1_000_00);
    const body = { purpose: 'order', object_id: id, payment_method: 'balance' };
    for (const key of [null, '', 'ключ', 'x'.repeat(256)]) {
      const res = await pay(t.app, c.auth, body, key);
      expect(res.statusCode, String(key)).toBe(400);
      expect(res.json()).toMatchObject({ detail: paymentMessages.idempotencyKeyRequired });
    }
    expect(await paymentsOf(c.id)).toEqual([]);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 2, paid: 0 });
  });

  it('releases the key of a refused request, so a retry after topping up runs', async () => {
    c = await payCustomer(t.app);
    const id = await awaitingOrder(t.app, c, 1_000_00);
    const key = idemKey();
    const body = { purpose: 'order', object_id: id, payment_method: 'balance' };
    const short = await pay(t.app, c.auth, body, key);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ detail: paymentMessages.balanceShort });
    await giveMoney(t.app, c.id, 1_000_00);
    const retry = await pay(t.app, c.auth, body, key);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await finances(t.app, c.id)).toMatchObject({ money: 0 });
  });

  it('lets only one of two simultaneous requests with one key run', async () => {
    c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 10_000_00);
    const id = await awaitingOrder(t.app, c, 1_000_00);
    const key = idemKey();
    const body = { purpose: 'order', object_id: id, payment_method: 'balance' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(t.app, c.auth, body, key)));
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of ok) expect(r.json()).toEqual(ok[0]!.json());
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ detail: idempotencyInFlight });
    }
    expect((await finances(t.app, c.id)).money).toBe(9_000_00);
    expect(await paymentsOf(c.id)).toHaveLength(1);
  });

  it('runs a key again whose request never came back (its process died): 409 until it is abandoned', async () => {
    c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 1_000_00);
    const id = await awaitingOrder(t.app, c, 1_000_00);
    const key = idemKey();
    const body = { purpose: 'order', object_id: id, payment_method: 'balance' };
    // What a request leaves when it dies between writing its key and its answer (ADR 041).
    const leftBehind = (ageMs: number) =>
      t.app.database.db
        .insertInto('idempotency_keys')
        .values({
          user_id: c.id,
          key,
          route: 'pay',
          // As the route hashes it: the body its schema parsed.
          request_hash: requestHash(PayRequestSchema.parse(body)),
          status_code: null,
          response: null,
          created_at: new Date(Date.now() - ageMs).toISOString(),
        })
        .execute();
    await leftBehind(60_000);
    const recent = await pay(t.app, c.auth, body, key);
    expect(recent.statusCode).toBe(409);
    expect(recent.json()).toMatchObject({ detail: idempotencyInFlight });

    await t.app.database.db.deleteFrom('idempotency_keys').where('user_id', '=', c.id).execute();
    await leftBehind(ABANDONED_AFTER_MS + 60_000);
    const taken = await pay(t.app, c.auth, body, key);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(PayResultSchema.parse(taken.json()).status).toBe('succeeded');
    expect(await finances(t.app, c.id)).toMatchObject({ money: 0 });
    const again = await pay(t.app, c.auth, body, key);
    expect(again.json()).toEqual(taken.json());
  });
});
