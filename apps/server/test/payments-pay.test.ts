import {
  BONUS_MAX_PERCENT,
  FinancesSchema,
  OrderStatusId,
  PacketWaitingSchema,
  PayResultSchema,
  PaymentMethodsSchema,
  api,
  orderMessages,
  paymentMessages,
  paymentsApi,
} from '@cabinet/contract';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_EMAIL } from '../src/db/seed';
import { DEMO_BONUS, DEMO_MONEY, DEMO_REDEEMED_CERTIFICATE } from '../src/db/seed-money';
import { ensureInvoices } from '../src/modules/payments/invoices';
import type { TestProvider } from '../src/modules/payments/providers/test';
import { bonusCap, firstHalf, installmentRefusal, payMessages } from '../src/modules/payments/service';
import { applyProviderPayment, settlePayment } from '../src/modules/payments/settle';
import type { TestApp } from './helpers';
import {
  awaitingOrder,
  awaitingPacket,
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  giveBonus,
  giveMoney,
  orderRow,
  pay,
  payCustomer,
  performer,
  type PayCustomer,
} from './payments-fixtures';
import { accounts, balanceOf } from '../src/modules/ledger';

describe('the payment rules', () => {
  it('offers installments only for orders and packets, when on, from 3 000 ₽ to 150 000 ₽', () => {
    expect(installmentRefusal(true, 3_000_00, 'order')).toBeNull();
    expect(installmentRefusal(true, 150_000_00, 'packet')).toBeNull();
    expect(installmentRefusal(true, 2_999_99, 'order')).toBe(paymentMessages.installmentsTooSmall);
    expect(installmentRefusal(true, 150_000_01, 'order')).toBe(paymentMessages.installmentsTooBig);
    expect(installmentRefusal(false, 10_000_00, 'order')).toBe(paymentMessages.installmentsOff);
    expect(installmentRefusal(true, 10_000_00, 'tip')).toBe(payMessages.installmentsOrdersOnly);
    expect(installmentRefusal(true, 10_000_00, 'replenish')).toBe(payMessages.installmentsOrdersOnly);
  });

  it('caps bonuses at the share of the price and rounds the first half up to the rouble', () => {
    expect(bonusCap(10_000_00, 30)).toBe(3_000_00);
    expect(bonusCap(3_333, 30)).toBe(999);
    expect(bonusCap(10_000_00, 10)).toBe(1_000_00);
    expect(bonusCap(10_000_00, 0)).toBe(0);
    expect(firstHalf(3_000_00)).toBe(1_500_00);
    expect(firstHalf(3_001_00)).toBe(1_501_00);
    expect(firstHalf(3_000_01)).toBe(1_501_00);
  });
});

describe('paying (pay/, pay-many/, methods/, orders-packet-waiting/)', () => {
  let t: TestApp;
  let c: PayCustomer;

  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.app);
    await t.close();
  });

  const fresh = async (money = 0, bonus = 0) => {
    c = await payCustomer(t.app);
    if (money) await giveMoney(t.app, c.id, money);
    if (bonus) await giveBonus(t.app, c.id, bonus);
    return c;
  };
  const bank = () => t.app.paymentProvider as TestProvider;
  const paymentRow = (id: number) =>
    t.app.database.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('pays an order from the balance at once: status 3, paid = price, money down, a timeline event', async () => {
    await fresh(10_000_00);
    const id = await awaitingOrder(t.app, c, 4_000_00);
    const res = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' });
    expect(res.statusCode, res.body).toBe(200);
    const result = PayResultSchema.parse(res.json());
    expect(result.status).toBe('succeeded');
    expect(result.confirmation_url).toBeUndefined();
    expect(await orderRow(t.app, id)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      paid: 4_000_00,
    });
    // 3 % of the money paid comes back as bonuses.
    expect(await finances(t.app, c.id)).toEqual({ money: 6_000_00, bonus: 120_00 });
    expect(await balanceOf(t.app.database.db, accounts.revenue)).toBeGreaterThanOrEqual(4_000_00);
    const row = await paymentRow(result.pay_id);
    expect(row).toMatchObject({ status: 'succeeded', provider: 'balance', amount: 4_000_00, object_id: id });
    const events = await t.app.database.db
      .selectFrom('order_events')
      .select(['kind', 'actor_role', 'data'])
      .where('order_id', '=', id)
      .where('kind', '=', 'paid')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.actor_role).toBe('system');
    expect(JSON.parse(events[0]!.data)).toMatchObject({ amount: 4_000_00, from: 2, to: 3 });
    const timeline = await t.app.inject({ method: 'GET', url: api.orders.timeline(id), headers: c.auth });
    expect(timeline.body).toContain('Заказ оплачен');
    await expectLedgerOk(t.app);
  });

  it('refuses a balance payment when the balance is short: 409, nothing moves', async () => {
    await fresh(1_000_00);
    const id = await awaitingOrder(t.app, c, 4_000_00);
    const res = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: paymentMessages.balanceShort });
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 2, paid: 0 });
    expect(await finances(t.app, c.id)).toEqual({ money: 1_000_00, bonus: 0 });
    const rows = await t.app.database.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', c.id)
      .where('status', '=', 'succeeded')
      .execute();
    expect(rows).toEqual([]);
  });

  it('pays through the provider: confirmation_url, the order waits until settled, settles once', async () => {
    await fresh();
    const id = await awaitingOrder(t.app, c, 2_500_00);
    const res = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'bank_card' });
    expect(res.statusCode, res.body).toBe(200);
    const result = PayResultSchema.parse(res.json());
    expect(result.status).toBe('pending');
    expect(result.confirmation_url).toMatch(/^http:\/\/localhost:3000\/test-bank\/pay\/tb_/);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 2, paid: 0 });
    const row = await paymentRow(result.pay_id);
    expect(row).toMatchObject({ status: 'pending', provider: 'test', payment_method: 'bank_card' });
    expect(row.provider_payment_id).toMatch(/^tb_/);
    expect(row.confirmation_url).toBe(result.confirmation_url);
    const asked = await t.app.database.db
      .selectFrom('test_bank_payments')
      .select(['amount', 'return_url', 'idempotence_key', 'method'])
      .where('id', '=', row.provider_payment_id!)
      .executeTakeFirstOrThrow();
    expect(asked).toEqual({
      amount: 2_500_00,
      // The result screen looks the payment up by its id, to name it.
      return_url: `http://localhost:3000/payment?status=success&pay_id=${result.pay_id}`,
      idempotence_key: `pay-${result.pay_id}`,
      method: 'bank_card',
    });

    // The customer has not confirmed yet: a notification now changes nothing.
    expect(await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!)).toBe('unchanged');
    await bank().complete(row.provider_payment_id!, 'succeeded');
    expect(await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!)).toBe('settled');
    expect(await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!)).toBe('unchanged');
    expect(
      await settlePayment(t.app.database.db, result.pay_id, { status: 'succeeded', amount: 2_500_00 }),
    ).toBe('unchanged');
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 3, paid: 2_500_00 });
    expect((await paymentRow(result.pay_id)).status).toBe('succeeded');
    // Paid through the provider, the balance is untouched (only the bonus accrual).
    expect(await finances(t.app, c.id)).toEqual({ money: 0, bonus: 75_00 });
    await expectLedgerOk(t.app);
  });

  it('answers 502 when the provider fails, leaving the attempt canceled and the order waiting', async () => {
    await fresh();
    const id = await awaitingOrder(t.app, c, 2_000_00);
    const spy = vi.spyOn(bank(), 'createPayment').mockRejectedValueOnce(new Error('bank down'));
    try {
      const res = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'bank_card' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ detail: payMessages.providerFailed });
    } finally {
      spy.mockRestore();
    }
    const rows = await t.app.database.db
      .selectFrom('payments')
      .select('status')
      .where('user_id', '=', c.id)
      .execute();
    expect(rows).toEqual([{ status: 'canceled' }]);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 2, paid: 0 });
    const retry = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'bank_card' });
    expect(retry.statusCode, retry.body).toBe(200);
  });

  it('a declined payment moves nothing and the order keeps waiting', async () => {
    await fresh(0, 500_00);
    const id = await awaitingOrder(t.app, c, 2_500_00);
    const res = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'sbp',
      bonus: 300_00,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pay_id } = PayResultSchema.parse(res.json());
    const row = await paymentRow(pay_id);
    expect(row).toMatchObject({ amount: 2_200_00, bonus: 300_00 });
    await bank().complete(row.provider_payment_id!, 'canceled');
    expect(await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!)).toBe('settled');
    expect((await paymentRow(pay_id)).status).toBe('canceled');
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 2, paid: 0 });
    // Bonuses are spent only on success.
    expect(await finances(t.app, c.id)).toEqual({ money: 0, bonus: 500_00 });
  });

  it('never settles on a wrong amount or a payment that is not ours', async () => {
    await fresh();
    const id = await awaitingOrder(t.app, c, 2_500_00);
    const { pay_id } = PayResultSchema.parse(
      (await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'bank_card' })).json(),
    );
    const row = await paymentRow(pay_id);
    await t.app.database.db
      .updateTable('test_bank_payments')
      .set({ amount: 1_00, status: 'succeeded' })
      .where('id', '=', row.provider_payment_id!)
      .execute();
    expect(await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!)).toBe('mismatch');
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 2, paid: 0 });
    const stranger = await bank().createPayment({
      paymentId: 999_999,
      amount: 100,
      description: 'чужой',
      method: 'bank_card',
      returnUrl: 'http://localhost:3000/payment',
      customer: { email: 'x@example.com', phone: null },
      idempotenceKey: 'stranger',
    });
    await bank().complete(stranger.id, 'succeeded');
    expect(await applyProviderPayment(t.app.database.db, bank(), stranger.id)).toBe('unknown');
  });

  it('pays the first half where allowed (moving the order to 3), and refuses it elsewhere', async () => {
    await fresh(10_000_00);
    const id = await awaitingOrder(t.app, c, 3_001_00);
    const res = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      part: 'half',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 3, paid: 1_501_00 });
    expect((await finances(t.app, c.id)).money).toBe(10_000_00 - 1_501_00);

    const cheap = await awaitingOrder(t.app, c, 1_999_00);
    const refused = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: cheap,
      payment_method: 'balance',
      part: 'half',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: paymentMessages.halfNotAllowed,
      errors: { part: [paymentMessages.halfNotAllowed] },
    });
    const started = await awaitingOrder(t.app, c, 5_000_00, { paid: 1_000_00 });
    const again = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: started,
      payment_method: 'bank_card',
      part: 'half',
    });
    expect(again.statusCode).toBe(400);
    expect(await orderRow(t.app, cheap)).toMatchObject({ status_id: 2, paid: 0 });
  });

  it('pays the second half later, whatever stage the work is at, and invoices it meanwhile', async () => {
    await fresh(10_000_00);
    const id = await awaitingOrder(t.app, c, 4_000_00);
    const half = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      part: 'half',
    });
    expect(half.statusCode, half.body).toBe(200);
    await t.app.database.db
      .updateTable('orders')
      .set({ status_id: OrderStatusId.inProgress })
      .where('id', '=', id)
      .execute();
    await t.app.database.db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    const invoice = await t.app.database.db
      .selectFrom('payments')
      .select(['id', 'amount'])
      .where('user_id', '=', c.id)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(invoice.amount).toBe(2_000_00);
    const halfAgain = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      part: 'half',
    });
    expect(halfAgain.statusCode).toBe(400);
    const rest = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(PayResultSchema.parse(rest.json()).pay_id).toBe(invoice.id);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: OrderStatusId.inProgress, paid: 4_000_00 });
    // Fully paid now: 3 % of the price comes back as bonuses.
    expect(await finances(t.app, c.id)).toEqual({ money: 6_000_00, bonus: 120_00 });
    const more = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' });
    expect(more.statusCode).toBe(409);
    await expectLedgerOk(t.app);
  });

  it('answers a second attempt of the same payment with the provider’s first page, another method with a new one', async () => {
    await fresh();
    const id = await awaitingOrder(t.app, c, 2_000_00);
    const body = { purpose: 'order', object_id: id, payment_method: 'bank_card' };
    const first = PayResultSchema.parse((await pay(t.app, c.auth, body)).json());
    const second = PayResultSchema.parse((await pay(t.app, c.auth, body)).json());
    expect(second).toEqual(first);
    const sbp = PayResultSchema.parse((await pay(t.app, c.auth, { ...body, payment_method: 'sbp' })).json());
    expect(sbp.pay_id).not.toBe(first.pay_id);
    expect(sbp.confirmation_url).not.toBe(first.confirmation_url);
    const rows = await t.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', c.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('spends bonuses up to 30 % of the price and only those held', async () => {
    await fresh(10_000_00, 2_000_00);
    const id = await awaitingOrder(t.app, c, 5_000_00);
    const tooMuch = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      bonus: 1_500_01,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ errors: { bonus: [paymentMessages.bonusTooMuch(30)] } });

    const big = await awaitingOrder(t.app, c, 9_000_00);
    const short = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: big,
      payment_method: 'balance',
      bonus: 2_000_01,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errors: { bonus: [paymentMessages.bonusShort] } });
    expect(await finances(t.app, c.id)).toEqual({ money: 10_000_00, bonus: 2_000_00 });

    const ok = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: id,
      payment_method: 'balance',
      bonus: 1_500_00,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await orderRow(t.app, id)).toMatchObject({ status_id: 3, paid: 5_000_00 });
    // 3 500 ₽ from the balance, 1 500 ₽ of bonuses, 3 % of 3 500 ₽ back.
    expect(await finances(t.app, c.id)).toEqual({ money: 6_500_00, bonus: 500_00 + 105_00 });
    const bonusOnTip = await pay(t.app, c.auth, {
      purpose: 'replenish',
      amount: 100_00,
      payment_method: 'bank_card',
      bonus: 1_00,
    });
    expect(bonusOnTip.statusCode).toBe(400);
    expect(bonusOnTip.json()).toMatchObject({ errors: { bonus: [payMessages.bonusOrdersOnly] } });
    await expectLedgerOk(t.app);
  });

  it('takes the bonus cap from BONUS_MAX_PERCENT: refused above it, told by methods/ and the bonus rules', async () => {
    const capped = await buildPaymentsApp({ BONUS_MAX_PERCENT: '10' });
    try {
      const d = await payCustomer(capped.app);
      await giveMoney(capped.app, d.id, 10_000_00);
      await giveBonus(capped.app, d.id, 2_000_00);
      const id = await awaitingOrder(capped.app, d, 5_000_00);
      const methods = await capped.app.inject({
        method: 'GET',
        url: `${paymentsApi.methods}?purpose=order&amount=500000`,
        headers: d.auth,
      });
      expect(methods.json()).toMatchObject({ bonus_max_percent: 10 });
      const rules = await capped.app.inject({ method: 'GET', url: api.bonus.root, headers: d.auth });
      expect(rules.json()).toMatchObject({ rules: { max_share_percent: 10 } });
      const tooMuch = await pay(capped.app, d.auth, {
        purpose: 'order',
        object_id: id,
        payment_method: 'balance',
        bonus: 500_01,
      });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json()).toMatchObject({ errors: { bonus: [paymentMessages.bonusTooMuch(10)] } });
      expect(await finances(capped.app, d.id)).toEqual({ money: 10_000_00, bonus: 2_000_00 });
      const ok = await pay(capped.app, d.auth, {
        purpose: 'order',
        object_id: id,
        payment_method: 'balance',
        bonus: 500_00,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await finances(capped.app, d.id)).toMatchObject({ money: 5_500_00 });
      await expectLedgerOk(capped.app);
    } finally {
      await capped.close();
    }
    // By default the cap is the contract's 30 %.
    const methods = await t.app.inject({
      method: 'GET',
      url: `${paymentsApi.methods}?purpose=order`,
      headers: c.auth,
    });
    expect(methods.json()).toMatchObject({ bonus_max_percent: BONUS_MAX_PERCENT });
  });

  it('refuses installments by the rule and offers them only where they can pay', async () => {
    await fresh();
    const small = await awaitingOrder(t.app, c, 2_999_00);
    const big = await awaitingOrder(t.app, c, 150_001_00);
    const fine = await awaitingOrder(t.app, c, 3_000_00);
    const attempt = (id: number) =>
      pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'yookassa_installments' });
    const tooSmall = await attempt(small);
    expect(tooSmall.statusCode).toBe(400);
    expect(tooSmall.json()).toMatchObject({ detail: paymentMessages.installmentsTooSmall });
    const tooBig = await attempt(big);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({ detail: paymentMessages.installmentsTooBig });
    const ok = await attempt(fine);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(PayResultSchema.parse(ok.json()).confirmation_url).toBeDefined();
    const tip = await pay(t.app, c.auth, {
      purpose: 'replenish',
      amount: 5_000_00,
      payment_method: 'yookassa_installments',
    });
    expect(tip.statusCode).toBe(400);

    const methods = async (query: string) =>
      PaymentMethodsSchema.parse(
        (
          await t.app.inject({ method: 'GET', url: `${paymentsApi.methods}?${query}`, headers: c.auth })
        ).json(),
      ).payment_methods;
    expect((await methods('purpose=order&amount=300000')).map((m) => m.id)).toEqual([
      'bank_card',
      'sbp',
      'yoo_money',
      'balance',
      'yookassa_installments',
    ]);
    expect((await methods('purpose=order&amount=299999')).map((m) => m.id)).not.toContain(
      'yookassa_installments',
    );
    expect((await methods('purpose=order&amount=15000001')).map((m) => m.id)).not.toContain(
      'yookassa_installments',
    );
    const forTopUp = await methods('purpose=replenish&amount=300000');
    expect(forTopUp.map((m) => m.id)).toEqual(['bank_card', 'sbp', 'yoo_money']);
    const balance = (await methods('purpose=order&amount=100')).find((m) => m.id === 'balance');
    expect(balance).toEqual({
      id: 'balance',
      title: 'С баланса',
      unavailable_reason: paymentMessages.balanceShort,
    });

    const off = await buildPaymentsApp({ INSTALLMENTS_ENABLED: 'false' });
    try {
      const d = await payCustomer(off.app);
      const order = await awaitingOrder(off.app, d, 10_000_00);
      const res = await pay(off.app, d.auth, {
        purpose: 'order',
        object_id: order,
        payment_method: 'yookassa_installments',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ detail: paymentMessages.installmentsOff });
      const list = await off.app.inject({
        method: 'GET',
        url: `${paymentsApi.methods}?purpose=order&amount=1000000`,
        headers: d.auth,
      });
      expect(PaymentMethodsSchema.parse(list.json()).payment_methods.map((m) => m.id)).not.toContain(
        'yookassa_installments',
      );
    } finally {
      await off.close();
    }
  });

  it('refuses orders that cannot be paid: not waiting (409), not found (404), no object (400)', async () => {
    await fresh(10_000_00);
    const pricing = await awaitingOrder(t.app, c, 1_000_00, { status: OrderStatusId.pricing });
    const res = await pay(t.app, c.auth, { purpose: 'order', object_id: pricing, payment_method: 'balance' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: paymentMessages.notPayable });
    const missing = await pay(t.app, c.auth, {
      purpose: 'order',
      object_id: 987_654,
      payment_method: 'balance',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ detail: orderMessages.orderNotFound });
    const noObject = await pay(t.app, c.auth, { purpose: 'order', payment_method: 'balance' });
    expect(noObject.statusCode).toBe(400);
    expect(noObject.json()).toMatchObject({ errors: { object_id: [payMessages.objectRequired] } });
    expect(await finances(t.app, c.id)).toEqual({ money: 10_000_00, bonus: 0 });
  });

  it('tips the author of a completed order, and only there', async () => {
    await fresh(1_000_00);
    const author = await performer(t.app);
    const done = await awaitingOrder(t.app, c, 5_000_00, {
      status: OrderStatusId.completed,
      paid: 5_000_00,
      performer_id: author,
    });
    const noAmount = await pay(t.app, c.auth, { purpose: 'tip', object_id: done, payment_method: 'balance' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toMatchObject({ errors: { amount: [paymentMessages.amountRequired] } });
    const res = await pay(t.app, c.auth, {
      purpose: 'tip',
      object_id: done,
      amount: 300_00,
      payment_method: 'balance',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(t.app.database.db, accounts.tips(author))).toBe(300_00);
    expect(await finances(t.app, c.id)).toEqual({ money: 700_00, bonus: 0 });

    const byCard = await pay(t.app, c.auth, {
      purpose: 'tip',
      object_id: done,
      amount: 200_00,
      payment_method: 'bank_card',
    });
    const row = await paymentRow(PayResultSchema.parse(byCard.json()).pay_id);
    await bank().complete(row.provider_payment_id!, 'succeeded');
    await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!);
    expect(await balanceOf(t.app.database.db, accounts.tips(author))).toBe(500_00);

    const inWork = await awaitingOrder(t.app, c, 5_000_00, {
      status: OrderStatusId.inProgress,
      performer_id: author,
    });
    const refused = await pay(t.app, c.auth, {
      purpose: 'tip',
      object_id: inWork,
      amount: 100_00,
      payment_method: 'balance',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: paymentMessages.tipNotAllowed });
    await expectLedgerOk(t.app);
  });

  it('tops up the balance through the provider, never from the balance itself', async () => {
    await fresh();
    const fromBalance = await pay(t.app, c.auth, {
      purpose: 'replenish',
      amount: 1_000_00,
      payment_method: 'balance',
    });
    expect(fromBalance.statusCode).toBe(400);
    const noAmount = await pay(t.app, c.auth, { purpose: 'replenish', payment_method: 'bank_card' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json()).toMatchObject({ detail: paymentMessages.amountRequired });
    const res = await pay(t.app, c.auth, {
      purpose: 'replenish',
      amount: 1_234_56,
      payment_method: 'yoo_money',
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await paymentRow(PayResultSchema.parse(res.json()).pay_id);
    expect(row).toMatchObject({ purpose: 'replenish', amount: 1_234_56, title: 'Пополнение баланса' });
    expect(await finances(t.app, c.id)).toEqual({ money: 0, bonus: 0 });
    await bank().complete(row.provider_payment_id!, 'succeeded');
    await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!);
    expect(await finances(t.app, c.id)).toEqual({ money: 1_234_56, bonus: 0 });
    const status = await t.app.inject({ method: 'PATCH', url: api.profile.status, headers: c.auth });
    expect(status.statusCode).toBe(200);
    expect(FinancesSchema.parse(status.json())).toEqual({ money: 1_234_56, bonus: 0 });
    await expectLedgerOk(t.app);
  });

  it('pays a placed packet at once: its waiting orders, their sum, every order moves', async () => {
    await fresh(50_000_00);
    const packet = await awaitingPacket(t.app, c, 2_000_00);
    const waiting = await t.app.inject({
      method: 'GET',
      url: paymentsApi.packetWaiting(packet.placedId),
      headers: c.auth,
    });
    expect(waiting.statusCode, waiting.body).toBe(200);
    const body = PacketWaitingSchema.parse(waiting.json());
    expect(body.id).toBe(packet.placedId);
    expect(body.orders.map((o) => o.id).sort()).toEqual([...packet.orderIds].sort());
    expect(body.amount).toBe(2_000_00 * packet.orderIds.length);
    const res = await pay(t.app, c.auth, {
      purpose: 'packet',
      object_id: packet.placedId,
      payment_method: 'balance',
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const id of packet.orderIds) {
      expect(await orderRow(t.app, id)).toMatchObject({ status_id: 3, paid: 2_000_00 });
    }
    expect((await finances(t.app, c.id)).money).toBe(50_000_00 - body.amount);
    const again = await pay(t.app, c.auth, {
      purpose: 'packet',
      object_id: packet.placedId,
      payment_method: 'balance',
    });
    expect(again.statusCode).toBe(409);
    await expectLedgerOk(t.app);
  });

  it('keeps one invoice per waiting order and pays several together (pay-many)', async () => {
    await fresh(10_000_00);
    const a = await awaitingOrder(t.app, c, 1_000_00);
    const b = await awaitingOrder(t.app, c, 2_000_00, { paid: 500_00 });
    const db = t.app.database.db;
    await db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    await db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    const invoices = await db
      .selectFrom('payments')
      .select(['id', 'object_id', 'amount', 'title', 'provider'])
      .where('user_id', '=', c.id)
      .orderBy('object_id')
      .execute();
    expect(invoices.map((i) => [i.object_id, i.amount, i.provider])).toEqual([
      [a, 1_000_00, null],
      [b, 1_500_00, null],
    ]);
    expect(invoices[0]!.title).toMatch(
      new RegExp(`^Заказ №${a}: .+ «Влияние цифровизации на малый бизнес»$`),
    );
    // A new price changes the invoice on the next look.
    await db.updateTable('orders').set({ price: 1_200_00 }).where('id', '=', a).execute();
    await db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    expect((await paymentRow(invoices[0]!.id)).amount).toBe(1_200_00);

    const noKey = await t.app.inject({
      method: 'POST',
      url: paymentsApi.payMany,
      headers: c.auth,
      payload: { pay_ids: invoices.map((i) => i.id), payment_method: 'balance' },
    });
    expect(noKey.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: paymentsApi.payMany,
      headers: { ...c.auth, 'idempotency-key': `many-${c.id}` },
      payload: { pay_ids: invoices.map((i) => i.id), payment_method: 'balance' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = PayResultSchema.parse(res.json());
    expect(result.status).toBe('succeeded');
    expect(await orderRow(t.app, a)).toMatchObject({ status_id: 3, paid: 1_200_00 });
    expect(await orderRow(t.app, b)).toMatchObject({ status_id: 3, paid: 2_000_00 });
    expect((await finances(t.app, c.id)).money).toBe(10_000_00 - 2_700_00);
    const left = await db
      .selectFrom('payments')
      .select(['id', 'status', 'amount'])
      .where('user_id', '=', c.id)
      .execute();
    expect(left).toEqual([{ id: result.pay_id, status: 'succeeded', amount: 2_700_00 }]);
    await expectLedgerOk(t.app);
  });

  it('settles a packet and several invoices paid through the provider, each order moving', async () => {
    await fresh();
    const packet = await awaitingPacket(t.app, c, 1_500_00);
    const res = await pay(t.app, c.auth, {
      purpose: 'packet',
      object_id: packet.placedId,
      payment_method: 'sbp',
    });
    expect(res.statusCode, res.body).toBe(200);
    const packetRow = await paymentRow(PayResultSchema.parse(res.json()).pay_id);
    expect(packetRow).toMatchObject({ purpose: 'packet', amount: 1_500_00 * packet.orderIds.length });
    for (const id of packet.orderIds) expect((await orderRow(t.app, id)).status_id).toBe(2);
    await bank().complete(packetRow.provider_payment_id!, 'succeeded');
    expect(await applyProviderPayment(t.app.database.db, bank(), packetRow.provider_payment_id!)).toBe(
      'settled',
    );
    for (const id of packet.orderIds) {
      expect(await orderRow(t.app, id)).toMatchObject({ status_id: 3, paid: 1_500_00 });
    }

    const a = await awaitingOrder(t.app, c, 700_00);
    const b = await awaitingOrder(t.app, c, 800_00);
    await t.app.database.db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    const invoices = await t.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', c.id)
      .where('status', '=', 'pending')
      .execute();
    expect(invoices).toHaveLength(2);
    const many = await t.app.inject({
      method: 'POST',
      url: paymentsApi.payMany,
      headers: { ...c.auth, 'idempotency-key': `many-card-${c.id}` },
      payload: { pay_ids: invoices.map((i) => i.id), payment_method: 'bank_card' },
    });
    expect(many.statusCode, many.body).toBe(200);
    const result = PayResultSchema.parse(many.json());
    expect(result.status).toBe('pending');
    expect(result.confirmation_url).toBeDefined();
    const row = await paymentRow(result.pay_id);
    expect(row).toMatchObject({ amount: 1_500_00, object_id: null });
    expect(row.title).toBe(`Оплата заказов №${a}, №${b}`);
    await bank().complete(row.provider_payment_id!, 'succeeded');
    await applyProviderPayment(t.app.database.db, bank(), row.provider_payment_id!);
    expect(await orderRow(t.app, a)).toMatchObject({ status_id: 3, paid: 700_00 });
    expect(await orderRow(t.app, b)).toMatchObject({ status_id: 3, paid: 800_00 });
    const pending = await t.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', c.id)
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
    await expectLedgerOk(t.app);
  });

  it('pay/ takes over the order’s invoice instead of adding a second row', async () => {
    await fresh();
    const id = await awaitingOrder(t.app, c, 1_000_00);
    await t.app.database.db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    const invoice = await t.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    const res = await pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'bank_card' });
    expect(PayResultSchema.parse(res.json()).pay_id).toBe(invoice.id);
    // The attempt stands for the invoice: looking again adds none.
    await t.app.database.db.transaction().execute((trx) => ensureInvoices(trx, c.id));
    const rows = await t.app.database.db
      .selectFrom('payments')
      .select(['id', 'provider'])
      .where('user_id', '=', c.id)
      .execute();
    expect(rows).toEqual([{ id: invoice.id, provider: 'test' }]);
  });
});

describe('the demo money and npm run ledger:check', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildPaymentsApp({ SEED_DEMO: '1' });
  });
  afterAll(() => t.close());

  it('seeds the demo customer 5 000 ₽ topped up and 1 000 ₽ of a redeemed certificate, 300 ₽ of bonuses and the paid orders’ payments, all in the ledger', async () => {
    const db = t.app.database.db;
    const demo = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    expect(await finances(t.app, demo.id)).toEqual({
      money: DEMO_MONEY + DEMO_REDEEMED_CERTIFICATE,
      bonus: DEMO_BONUS,
    });
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'status_id', 'price', 'paid'])
      .where('user_id', '=', demo.id)
      .execute();
    const completed = orders.find((o) => o.status_id === OrderStatusId.completed)!;
    const payments = await db
      .selectFrom('payments')
      .select(['purpose', 'object_id', 'amount', 'status'])
      .where('user_id', '=', demo.id)
      .execute();
    expect(payments).toContainEqual({
      purpose: 'order',
      object_id: completed.id,
      amount: completed.price,
      status: 'succeeded',
    });
    expect(payments).toContainEqual({
      purpose: 'replenish',
      object_id: null,
      amount: DEMO_MONEY,
      status: 'succeeded',
    });
    // Every order marked paid has its payment, and the money is in the books.
    for (const o of orders.filter((x) => x.paid > 0)) {
      expect(
        payments.filter((p) => p.purpose === 'order' && p.object_id === o.id && p.status === 'succeeded'),
      ).toHaveLength(1);
    }
    const waiting = orders.find((o) => o.status_id === OrderStatusId.awaitingPayment)!;
    expect(waiting.price).toBeGreaterThan(0);
    expect(waiting.paid).toBe(0);
    const txns = await db.selectFrom('ledger_txns').select('kind').where('user_id', '=', demo.id).execute();
    expect(txns.map((x) => x.kind).sort()).toEqual(
      [
        'bonus_accrual',
        'replenish',
        ...orders.filter((x) => x.paid > 0).map(() => 'payment'),
        // Two certificates bought (one active, one redeemed into the balance).
        'certificate_sale',
        'certificate_sale',
        'certificate_redeem',
      ].sort(),
    );
    await expectLedgerOk(t.app);
  });

  it('ledger:check prints the check and exits 0 when the books balance, 1 when they do not', async () => {
    const script = fileURLToPath(new URL('../src/scripts/ledger-check.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const env = { ...process.env, SQLITE_PATH: t.config.SQLITE_PATH, DATABASE_URL: '' };
    if (process.env.TEST_DATABASE_URL) env.DATABASE_URL = t.config.DATABASE_URL ?? '';
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(tsx, [script], { env }, (err, stdout) =>
          resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout }),
        );
      });
    const good = await run();
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain('"ok": true');
    await t.app.database.db
      .updateTable('ledger_balances')
      .set((eb) => ({ balance: eb('balance', '+', 1) }))
      .where('account', '=', accounts.revenue)
      .execute();
    const bad = await run();
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('"ok": false');
    expect(bad.out).toContain(accounts.revenue);
    await t.app.database.db
      .updateTable('ledger_balances')
      .set((eb) => ({ balance: eb('balance', '-', 1) }))
      .where('account', '=', accounts.revenue)
      .execute();
  });
});
