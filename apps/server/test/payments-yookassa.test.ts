import {
  OrderStatusId,
  PayResultSchema,
  RefundStornoPlanSchema,
  RepaymentResultSchema,
  paymentsApi,
} from '@cabinet/contract';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { notificationMessages } from '../src/modules/payments/routes-notifications';
import { YookassaError, YookassaProvider } from '../src/modules/payments/providers/yookassa';
import type { TestApp } from './helpers';
import {
  awaitingOrder,
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  idemKey,
  orderRow,
  pay,
  payCustomer,
  type PayCustomer,
} from './payments-fixtures';
import { customerWithPhone, verify } from './payments-verify-fixtures';
import { startFakeYookassa, type FakeYookassa } from './support/fake-yookassa';

const SHOP_ID = '100500';
const SECRET = 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0';
const NOTIFY = paymentsApi.notifications('yookassa');
const basic = (user: string, secret: string) =>
  `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;

function yookassaEnv(fake: FakeYookassa, over: Record<string, string> = {}) {
  return {
    PAYMENTS_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: SHOP_ID,
    YOOKASSA_SECRET_KEY: SECRET,
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_NOTIFY_IPS: '127.0.0.1,::1',
    ...over,
  };
}

/** What YooKassa posts: the event and the object as it was when the event happened. */
function notification(event: string, object: Record<string, unknown>) {
  return { type: 'notification', event, object };
}

function notify(
  t: TestApp,
  body: unknown,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url: NOTIFY, payload: body as object, remoteAddress, headers });
}

/**
 * A pending order payment through the provider, as pay/ starts one: our row first (its id is the
 * idempotence key's base and the provider's metadata), then the provider's payment.
 */
async function startPayment(
  t: TestApp,
  customer: PayCustomer,
  orderId: number,
  amount: number,
  method = 'bank_card',
) {
  const at = nowIso();
  const row = await t.app.database.db
    .insertInto('payments')
    .values({
      user_id: customer.id,
      purpose: 'order',
      object_id: orderId,
      title: `Заказ №${orderId}: Курсовая работа «Маркетинговая стратегия»`,
      amount,
      payment_method: method,
      status: 'pending',
      provider: 'yookassa',
      data: JSON.stringify({ orders: [{ id: orderId, amount }] }),
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const remote = await t.app.paymentProvider.createPayment({
    paymentId: row.id,
    amount,
    description: `Заказ №${orderId}`,
    method,
    returnUrl: 'http://localhost:3000/payment?status=success',
    customer: { email: customer.email, phone: null },
    idempotenceKey: `pay-${row.id}`,
  });
  await t.app.database.db
    .updateTable('payments')
    .set({ provider_payment_id: remote.id, confirmation_url: remote.confirmationUrl })
    .where('id', '=', row.id)
    .execute();
  return { payId: row.id, remote };
}

/** Everything a notification could have moved: payment rows, orders, ledger txns. */
async function snapshot(t: TestApp) {
  const db = t.app.database.db;
  return {
    payments: await db.selectFrom('payments').select(['id', 'status', 'paid_at']).orderBy('id').execute(),
    orders: await db.selectFrom('orders').select(['id', 'status_id', 'paid']).orderBy('id').execute(),
    txns: await db.selectFrom('ledger_txns').select(['id']).orderBy('id').execute(),
  };
}

describe('YooKassa: paying through its API and settling by its notifications', () => {
  let fake: FakeYookassa;
  let t: TestApp;
  let customer: PayCustomer;

  beforeAll(async () => {
    fake = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
    t = await buildPaymentsApp(yookassaEnv(fake));
    customer = await payCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('pays an order: the API gets the documented request, and only its word settles the order', async () => {
    const orderId = await awaitingOrder(t.app, customer, 123450);
    const before = fake.requests.length;
    const { payId, remote } = await startPayment(t, customer, orderId, 123450);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/payments',
      headers: {
        authorization: basic(SHOP_ID, SECRET),
        'idempotence-key': `pay-${payId}`,
        'content-type': 'application/json',
      },
    });
    const amount = { value: '1234.50', currency: 'RUB' };
    expect(sent[0]!.body).toEqual({
      amount,
      capture: true,
      confirmation: { type: 'redirect', return_url: 'http://localhost:3000/payment?status=success' },
      description: `Заказ №${orderId}`,
      metadata: { payment_id: String(payId) },
      payment_method_data: { type: 'bank_card' },
      receipt: {
        customer: { email: customer.email },
        items: [
          {
            description: `Заказ №${orderId}`,
            quantity: '1.00',
            amount,
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
      },
    });
    expect(remote).toEqual({
      id: expect.any(String) as string,
      status: 'pending',
      amount: 123450,
      confirmationUrl: fake.payments.get(remote.id)!.confirmation!.confirmation_url,
      paymentId: payId,
    });

    // Still pending at YooKassa: a notification changes nothing, whatever it claims.
    const still = await snapshot(t);
    const early = await notify(t, notification('payment.succeeded', { id: remote.id, status: 'succeeded' }));
    expect(early.statusCode, early.body).toBe(200);
    expect(await snapshot(t)).toEqual(still);
    expect((await orderRow(t.app, orderId)).status_id).toBe(OrderStatusId.awaitingPayment);

    // The customer pays; YooKassa says so.
    const paid = fake.succeed(remote.id);
    const getsBefore = fake.requests.filter((r) => r.method === 'GET').length;
    const res = await notify(t, notification('payment.succeeded', { ...paid }));
    expect(res.statusCode, res.body).toBe(200);
    // The body was not believed: the payment was asked for again.
    const gets = fake.requests.filter((r) => r.method === 'GET');
    expect(gets).toHaveLength(getsBefore + 1);
    expect(gets.at(-1)).toMatchObject({
      path: `/payments/${remote.id}`,
      headers: { authorization: basic(SHOP_ID, SECRET) },
    });

    const order = await orderRow(t.app, orderId);
    expect(order.status_id).toBe(OrderStatusId.searchingAuthor);
    expect(order.paid).toBe(123450);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select(['status', 'paid_at'])
      .where('id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('succeeded');
    expect(row.paid_at).not.toBeNull();
    const txns = await t.app.database.db
      .selectFrom('ledger_txns')
      .select('kind')
      .where('payment_id', '=', payId)
      .execute();
    expect(txns.map((x) => x.kind)).toContain('payment');
    await expectLedgerOk(t.app);

    // YooKassa repeats a notification until it gets a 200, and may repeat it after: nothing moves.
    const settled = await snapshot(t);
    for (let i = 0; i < 3; i += 1) {
      const again = await notify(t, notification('payment.succeeded', { ...paid }));
      expect(again.statusCode).toBe(200);
    }
    expect(await snapshot(t)).toEqual(settled);
    await expectLedgerOk(t.app);
  });

  it('settles once when YooKassa delivers the same notification many times at once', async () => {
    const orderId = await awaitingOrder(t.app, customer, 99900);
    const { payId, remote } = await startPayment(t, customer, orderId, 99900);
    const paid = fake.succeed(remote.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => notify(t, notification('payment.succeeded', { ...paid }))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const order = await orderRow(t.app, orderId);
    expect(order.status_id).toBe(OrderStatusId.searchingAuthor);
    expect(order.paid).toBe(99900);
    const txns = await t.app.database.db
      .selectFrom('ledger_txns')
      .select('kind')
      .where('payment_id', '=', payId)
      .where('kind', '=', 'payment')
      .execute();
    expect(txns).toHaveLength(1);
    await expectLedgerOk(t.app);
  });

  it('believes no forged body: «succeeded» of a payment the API still has pending changes nothing', async () => {
    const orderId = await awaitingOrder(t.app, customer, 50000);
    const { remote } = await startPayment(t, customer, orderId, 50000);
    const before = await snapshot(t);
    const forged = notification('payment.succeeded', {
      id: remote.id,
      status: 'succeeded',
      paid: true,
      amount: { value: '500.00', currency: 'RUB' },
      metadata: { payment_id: '1' },
    });
    const res = await notify(t, forged);
    expect(res.statusCode).toBe(200);
    expect(await snapshot(t)).toEqual(before);
    expect(fake.payments.get(remote.id)!.status).toBe('pending');
  });

  it('moves nothing when YooKassa collected another amount than ours', async () => {
    const orderId = await awaitingOrder(t.app, customer, 100000);
    const { payId, remote } = await startPayment(t, customer, orderId, 100000);
    // As if the payment had been created for less (a bug, or a tampered request).
    fake.payments.get(remote.id)!.amount = { value: '900.00', currency: 'RUB' };
    fake.succeed(remote.id);
    const before = await snapshot(t);
    const res = await notify(t, notification('payment.succeeded', { id: remote.id }));
    expect(res.statusCode).toBe(200);
    expect(await snapshot(t)).toEqual(before);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it('answers 200 to an unknown object and changes nothing, so YooKassa stops retrying', async () => {
    const before = await snapshot(t);
    // Unknown to the API.
    const unknown = await notify(
      t,
      notification('payment.succeeded', { id: '2f00dead-000f-5000-8000-000000000000', status: 'succeeded' }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({});
    // Known to the API, not ours (another shop's integration, or a payment we never stored).
    const stranger = await t.app.paymentProvider.createPayment({
      paymentId: 987654,
      amount: 10000,
      description: 'Чужой платёж',
      method: 'bank_card',
      returnUrl: 'http://localhost:3000/payment?status=success',
      customer: { email: 'someone@example.com', phone: null },
      idempotenceKey: 'stranger-1',
    });
    fake.succeed(stranger.id);
    const notOurs = await notify(t, notification('payment.succeeded', { id: stranger.id }));
    expect(notOurs.statusCode).toBe(200);
    expect(await snapshot(t)).toEqual(before);
  });

  it('cancels a payment YooKassa canceled, and the order keeps waiting', async () => {
    const orderId = await awaitingOrder(t.app, customer, 300000);
    const { payId, remote } = await startPayment(t, customer, orderId, 300000);
    const txns = (await snapshot(t)).txns;
    fake.cancel(remote.id);
    const res = await notify(t, notification('payment.canceled', { id: remote.id, status: 'canceled' }));
    expect(res.statusCode).toBe(200);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('canceled');
    expect((await orderRow(t.app, orderId)).status_id).toBe(OrderStatusId.awaitingPayment);
    expect((await snapshot(t)).txns).toEqual(txns);
    // A late «succeeded» for it (forged, or out of order) finds the API saying canceled.
    const late = await notify(t, notification('payment.succeeded', { id: remote.id, status: 'succeeded' }));
    expect(late.statusCode).toBe(200);
    expect((await orderRow(t.app, orderId)).status_id).toBe(OrderStatusId.awaitingPayment);
  });

  it('acknowledges refund and other events without acting on them', async () => {
    const before = await snapshot(t);
    for (const event of ['refund.succeeded', 'payout.succeeded', 'deal.closed']) {
      const res = await notify(t, notification(event, { id: 'x-1', status: 'succeeded' }));
      expect(res.statusCode, event).toBe(200);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('refuses a body that is not a notification with 400', async () => {
    for (const body of [
      {},
      { type: 'notification', event: 'payment.succeeded' },
      { type: 'other', event: 'x', object: { id: 'a' } },
    ]) {
      const res = await notify(t, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('asks for installments, СБП and ЮMoney by their YooKassa types, with a phone receipt when there is no e-mail', async () => {
    const cases = [
      ['yookassa_installments', 'installments'],
      ['sbp', 'sbp'],
      ['yoo_money', 'yoo_money'],
      ['bank_card', 'bank_card'],
    ] as const;
    for (const [method, type] of cases) {
      const before = fake.requests.length;
      const remote = await t.app.paymentProvider.createPayment({
        paymentId: 42,
        amount: 1500000,
        description: 'Дипломная работа',
        method,
        returnUrl: 'http://localhost:3000/payment?status=success',
        customer: { email: '', phone: '+7 (900) 123-45-67' },
        idempotenceKey: `shape-${method}`,
      });
      expect(remote.amount).toBe(1500000);
      const body = fake.requests[before]!.body as Record<string, unknown>;
      expect(body.payment_method_data, method).toEqual({ type });
      expect(body.amount).toEqual({ value: '15000.00', currency: 'RUB' });
      expect((body.receipt as { customer: unknown }).customer).toEqual({ phone: '79001234567' });
    }
    await expect(
      t.app.paymentProvider.createPayment({
        paymentId: 43,
        amount: 100,
        description: 'x',
        method: 'balance',
        returnUrl: 'http://localhost:3000/',
        customer: { email: 'a@example.com', phone: null },
        idempotenceKey: 'shape-balance',
      }),
    ).rejects.toThrow(YookassaError);
  });

  it('clips a description to YooKassa’s 128 characters', async () => {
    const before = fake.requests.length;
    await t.app.paymentProvider.createPayment({
      paymentId: 44,
      amount: 100,
      description: `Заказ №44: ${'очень длинная тема '.repeat(20)}`,
      method: 'bank_card',
      returnUrl: 'http://localhost:3000/',
      customer: { email: 'a@example.com', phone: null },
      idempotenceKey: 'long-description',
    });
    const body = fake.requests[before]!.body as {
      description: string;
      receipt: { items: Array<{ description: string }> };
    };
    expect([...body.description]).toHaveLength(128);
    expect(body.description.endsWith('…')).toBe(true);
    expect(body.receipt.items[0]!.description).toBe(body.description);
  });

  it('gets the first payment back for a repeated Idempotence-Key', async () => {
    const input = {
      paymentId: 45,
      amount: 77700,
      description: 'Повтор',
      method: 'sbp',
      returnUrl: 'http://localhost:3000/',
      customer: { email: 'a@example.com', phone: null },
      idempotenceKey: 'pay-45',
    };
    const first = await t.app.paymentProvider.createPayment(input);
    const second = await t.app.paymentProvider.createPayment(input);
    expect(second.id).toBe(first.id);
    expect([...fake.payments.values()].filter((p) => p.metadata.payment_id === '45')).toHaveLength(1);
    // The same key with another body is YooKassa's 400, passed on with its words.
    await expect(t.app.paymentProvider.createPayment({ ...input, amount: 77800 })).rejects.toThrow(
      /POST \/payments → 400: invalid_request Idempotence key duplicated/,
    );
  });

  it('refunds through POST /refunds with the amount as a decimal string, and passes refusals on', async () => {
    const orderId = await awaitingOrder(t.app, customer, 250000);
    const { remote } = await startPayment(t, customer, orderId, 250000);
    fake.succeed(remote.id);
    const before = fake.requests.length;
    const refund = await t.app.paymentProvider.refund({
      providerPaymentId: remote.id,
      amount: 100050,
      idempotenceKey: 'refund-1',
      description: 'Возврат по заказу',
    });
    expect(refund).toEqual({ id: expect.any(String) as string, status: 'succeeded' });
    expect(fake.requests[before]).toMatchObject({
      method: 'POST',
      path: '/refunds',
      headers: { authorization: basic(SHOP_ID, SECRET), 'idempotence-key': 'refund-1' },
      body: {
        payment_id: remote.id,
        amount: { value: '1000.50', currency: 'RUB' },
        description: 'Возврат по заказу',
      },
    });
    const tooMuch = t.app.paymentProvider.refund({
      providerPaymentId: remote.id,
      amount: 200000,
      idempotenceKey: 'refund-2',
      description: 'Ещё',
    });
    await expect(tooMuch).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
    await expect(tooMuch).rejects.toThrow(/Refund amount exceeds/);
  });

  it('pays out to a card through POST /payouts', async () => {
    const before = fake.requests.length;
    const payout = await t.app.paymentProvider.payout({
      payoutId: 7,
      amount: 500000,
      cardNumber: '5555555555554477',
      description: 'Вывод средств с баланса',
      idempotenceKey: 'payout-7',
    });
    expect(payout).toEqual({ id: expect.any(String) as string, status: 'succeeded' });
    expect(fake.requests[before]).toMatchObject({
      method: 'POST',
      path: '/payouts',
      headers: { authorization: basic(SHOP_ID, SECRET), 'idempotence-key': 'payout-7' },
    });
    expect(fake.requests[before]!.body).toEqual({
      amount: { value: '5000.00', currency: 'RUB' },
      payout_destination_data: { type: 'bank_card', card: { number: '5555555555554477' } },
      description: 'Вывод средств с баланса',
      metadata: { payout_id: '7' },
    });
  });
});

describe('YooKassa: the whole loop through pay/', () => {
  let fake: FakeYookassa;
  let t: TestApp;
  let customer: PayCustomer;

  beforeAll(async () => {
    fake = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
    t = await buildPaymentsApp(yookassaEnv(fake));
    customer = await payCustomer(t.app);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('pays an order: pay/ → YooKassa’s page → its notification → «Оплачен, ищем автора»', async () => {
    const orderId = await awaitingOrder(t.app, customer, 123450);
    const before = fake.requests.length;
    const key = idemKey();
    const res = await pay(
      t.app,
      customer.auth,
      { purpose: 'order', object_id: orderId, payment_method: 'bank_card' },
      key,
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = PayResultSchema.parse(res.json());
    expect(result.status).toBe('pending');

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const remoteId = [...fake.payments.values()].find(
      (p) => p.metadata.payment_id === String(result.pay_id),
    )!.id;
    expect(result.confirmation_url).toBe(fake.payments.get(remoteId)!.confirmation!.confirmation_url);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select(['title', 'provider', 'provider_payment_id', 'status'])
      .where('id', '=', result.pay_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider: 'yookassa', provider_payment_id: remoteId, status: 'pending' });
    const amount = { value: '1234.50', currency: 'RUB' };
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/payments',
      headers: { authorization: basic(SHOP_ID, SECRET), 'idempotence-key': `pay-${result.pay_id}` },
    });
    expect(sent[0]!.body).toEqual({
      amount,
      capture: true,
      confirmation: {
        type: 'redirect',
        return_url: `http://localhost:3000/payment?status=success&pay_id=${result.pay_id}`,
      },
      description: row.title,
      metadata: { payment_id: String(result.pay_id) },
      payment_method_data: { type: 'bank_card' },
      receipt: {
        customer: { email: customer.email },
        items: [
          {
            description: row.title,
            quantity: '1.00',
            amount,
            vat_code: 1,
            payment_mode: 'full_payment',
            payment_subject: 'service',
          },
        ],
      },
    });

    // Our Idempotency-Key again: the first answer, and YooKassa is not asked twice.
    const repeat = await pay(
      t.app,
      customer.auth,
      { purpose: 'order', object_id: orderId, payment_method: 'bank_card' },
      key,
    );
    expect(repeat.json()).toEqual(res.json());
    expect(fake.requests.length).toBe(before + 1);
    expect((await orderRow(t.app, orderId)).status_id).toBe(OrderStatusId.awaitingPayment);

    const paid = fake.succeed(remoteId);
    const done = await notify(t, notification('payment.succeeded', { ...paid }));
    expect(done.statusCode).toBe(200);
    const order = await orderRow(t.app, orderId);
    expect(order.status_id).toBe(OrderStatusId.searchingAuthor);
    expect(order.paid).toBe(123450);

    const settled = await snapshot(t);
    expect((await notify(t, notification('payment.succeeded', { ...paid }))).statusCode).toBe(200);
    expect(await snapshot(t)).toEqual(settled);
    await expectLedgerOk(t.app);
  });

  it('tops up the balance through YooKassa once it says the money arrived', async () => {
    const res = await pay(t.app, customer.auth, {
      purpose: 'replenish',
      amount: 70000,
      payment_method: 'sbp',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pay_id } = PayResultSchema.parse(res.json());
    const remote = [...fake.payments.values()].find((p) => p.metadata.payment_id === String(pay_id))!;
    expect(remote.payment_method?.type).toBe('sbp');
    expect(remote.amount).toEqual({ value: '700.00', currency: 'RUB' });
    const before = await finances(t.app, customer.id);
    fake.succeed(remote.id);
    expect((await notify(t, notification('payment.succeeded', { id: remote.id }))).statusCode).toBe(200);
    expect((await finances(t.app, customer.id)).money).toBe(before.money + 70000);
    await expectLedgerOk(t.app);
  });

  it('asks YooKassa for installments from 3 000 ₽', async () => {
    const orderId = await awaitingOrder(t.app, customer, 450000);
    const before = fake.requests.length;
    const res = await pay(t.app, customer.auth, {
      purpose: 'order',
      object_id: orderId,
      payment_method: 'yookassa_installments',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = fake.requests[before]!.body as Record<string, unknown>;
    expect(body.payment_method_data).toEqual({ type: 'installments' });
    expect(body.amount).toEqual({ value: '4500.00', currency: 'RUB' });
  });

  it('answers 502 and keeps the order waiting when YooKassa refuses the payment', async () => {
    const wrong = await buildPaymentsApp(yookassaEnv(fake, { YOOKASSA_SECRET_KEY: 'not-the-secret' }));
    try {
      const c = await payCustomer(wrong.app);
      const orderId = await awaitingOrder(wrong.app, c, 50000);
      const res = await pay(wrong.app, c.auth, {
        purpose: 'order',
        object_id: orderId,
        payment_method: 'bank_card',
      });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.body).not.toContain('not-the-secret');
      expect((await orderRow(wrong.app, orderId)).status_id).toBe(OrderStatusId.awaitingPayment);
    } finally {
      await wrong.close();
    }
  });
});

describe('YooKassa: money going out through refund-storno/ and repayment/', () => {
  let fake: FakeYookassa;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
    t = await buildPaymentsApp(yookassaEnv(fake));
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** A top-up YooKassa collected and notified us of. */
  async function topUp(c: PayCustomer, amount: number) {
    const res = await pay(t.app, c.auth, { purpose: 'replenish', amount, payment_method: 'bank_card' });
    expect(res.statusCode, res.body).toBe(200);
    const { pay_id } = PayResultSchema.parse(res.json());
    const remote = [...fake.payments.values()].find((p) => p.metadata.payment_id === String(pay_id))!;
    fake.succeed(remote.id);
    expect((await notify(t, notification('payment.succeeded', { id: remote.id }))).statusCode).toBe(200);
    return remote.id;
  }

  it('refunds a storno through POST /refunds to the payment the money came from', async () => {
    const c = await payCustomer(t.app);
    const remoteId = await topUp(c, 200000);
    expect((await finances(t.app, c.id)).money).toBe(200000);
    const before = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: paymentsApi.refundStorno,
      headers: { ...c.auth, 'idempotency-key': idemKey() },
      payload: { refund_sum: 150050 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RefundStornoPlanSchema.parse(res.json()).refund_sum).toBe(150050);
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/refunds',
      headers: { authorization: basic(SHOP_ID, SECRET) },
      body: { payment_id: remoteId, amount: { value: '1500.50', currency: 'RUB' } },
    });
    expect(sent[0]!.headers['idempotence-key']).toBeTruthy();
    expect(fake.payments.get(remoteId)!.refunded_amount).toEqual({ value: '1500.50', currency: 'RUB' });
    expect((await finances(t.app, c.id)).money).toBe(200000 - 150050);
    await expectLedgerOk(t.app);
  });

  it('pays the balance out to a card through POST /payouts after SMS verification', async () => {
    const c = await customerWithPhone(t.app);
    await topUp(c, 300000);
    await verify(t.app, c);
    const before = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: paymentsApi.repayment,
      headers: { ...c.auth, 'idempotency-key': idemKey() },
      payload: {
        amount: 100000,
        card_number: '5555555555554477',
        recipient_name: 'Иван Петров',
        country: 'RU',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(RepaymentResultSchema.parse(res.json())).toMatchObject({ status: 'succeeded', money: 200000 });
    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/payouts',
      body: {
        amount: { value: '1000.00', currency: 'RUB' },
        payout_destination_data: { type: 'bank_card', card: { number: '5555555555554477' } },
      },
    });
    await expectLedgerOk(t.app);
  });
});

describe('YooKassa notifications: who may send them', () => {
  let fake: FakeYookassa;
  beforeAll(async () => {
    fake = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
  });
  afterAll(() => fake.close());

  const ping = notification('payment.succeeded', { id: 'no-such-payment' });

  it('refuses an address outside YOOKASSA_NOTIFY_IPS with 403, before asking the API anything', async () => {
    const t = await buildPaymentsApp(
      yookassaEnv(fake, { YOOKASSA_NOTIFY_IPS: '185.71.76.0/27,2a02:5180::/32' }),
    );
    try {
      const before = fake.requests.length;
      const res = await notify(t, ping);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: notificationMessages.notFromProvider });
      // Without TRUST_PROXY a claimed X-Forwarded-For is nobody's word.
      const spoofed = await notify(t, ping, '127.0.0.1', { 'x-forwarded-for': '185.71.76.10' });
      expect(spoofed.statusCode).toBe(403);
      expect(fake.requests.length).toBe(before);
      // Inside the ranges, IPv4 and IPv6 (and IPv4 seen through an IPv6 socket).
      for (const address of ['185.71.76.10', '2a02:5180::7', '::ffff:185.71.76.20']) {
        const ok = await notify(t, ping, address);
        expect(ok.statusCode, address).toBe(200);
      }
      expect((await notify(t, ping, '185.71.76.32')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('takes the address the trusted proxy saw when TRUST_PROXY says so', async () => {
    const t = await buildPaymentsApp(
      yookassaEnv(fake, { YOOKASSA_NOTIFY_IPS: '185.71.76.0/27', TRUST_PROXY: '127.0.0.1' }),
    );
    try {
      const proxied = await notify(t, ping, '127.0.0.1', { 'x-forwarded-for': '185.71.76.10' });
      expect(proxied.statusCode).toBe(200);
      const outside = await notify(t, ping, '127.0.0.1', { 'x-forwarded-for': '203.0.113.5' });
      expect(outside.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });

  it('answers 404 when the provider is not YooKassa', async () => {
    const t = await buildPaymentsApp({ YOOKASSA_NOTIFY_IPS: '127.0.0.1' });
    try {
      const res = await notify(t, ping);
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the API cannot be asked, so YooKassa delivers it again', async () => {
    const gone = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
    await gone.close();
    const t = await buildPaymentsApp(yookassaEnv(fake, { YOOKASSA_API_URL: gone.url }));
    try {
      const res = await notify(t, ping);
      expect(res.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });

  it('refuses to start with a malformed range', async () => {
    await expect(
      buildPaymentsApp(yookassaEnv(fake, { YOOKASSA_NOTIFY_IPS: '185.71.76.0/33' })),
    ).rejects.toThrow(/YOOKASSA_NOTIFY_IPS: «185.71.76.0\/33»/);
  });
});

describe('the YooKassa adapter’s failures', () => {
  let fake: FakeYookassa;
  beforeAll(async () => {
    fake = await startFakeYookassa({
      shopId: SHOP_ID,
      secretKey: SECRET,
      agentId: '250000',
      agentSecret: 'agent-secret-key',
    });
  });
  afterAll(() => fake.close());

  it('says what YooKassa said on a refusal, and never the secret', async () => {
    const provider = new YookassaProvider({
      shopId: SHOP_ID,
      secretKey: 'wrong-secret-key',
      apiUrl: fake.url,
    });
    const error = await provider.getPayment('anything').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(YookassaError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials' });
    const message = (error as Error).message;
    expect(message).toMatch(/GET \/payments\/\{id\} → 401: invalid_credentials Basic authentication failed/);
    expect(message).not.toContain('wrong-secret-key');
    expect(message).not.toContain(Buffer.from(`${SHOP_ID}:wrong-secret-key`).toString('base64'));
  });

  it('pays out with the payout agent’s credentials when they are given', async () => {
    const provider = new YookassaProvider({
      shopId: SHOP_ID,
      secretKey: SECRET,
      apiUrl: fake.url,
      payoutAgentId: '250000',
      payoutSecretKey: 'agent-secret-key',
    });
    const before = fake.requests.length;
    await provider.payout({
      payoutId: 8,
      amount: 10000,
      cardNumber: '4111111111111111',
      description: 'Вывод',
      idempotenceKey: 'payout-8',
    });
    expect(fake.requests[before]!.headers.authorization).toBe(basic('250000', 'agent-secret-key'));
    // The shop's own credentials are refused by the payouts API.
    const shopOnly = new YookassaProvider({ shopId: SHOP_ID, secretKey: SECRET, apiUrl: fake.url });
    await expect(
      shopOnly.payout({
        payoutId: 9,
        amount: 10000,
        cardNumber: '4111111111111111',
        description: 'Вывод',
        idempotenceKey: 'payout-9',
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('says why when the API cannot be reached', async () => {
    const gone = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
    await gone.close();
    const provider = new YookassaProvider({ shopId: SHOP_ID, secretKey: SECRET, apiUrl: gone.url });
    await expect(provider.getPayment('x')).rejects.toMatchObject({
      status: 0,
      message: 'yookassa: GET /payments/{id}: fetch failed: ECONNREFUSED',
    });
  });

  it('gives up after its timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const provider = new YookassaProvider({
        shopId: SHOP_ID,
        secretKey: SECRET,
        apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v3`,
        timeoutMs: 100,
      });
      const started = Date.now();
      await expect(provider.getPayment('slow')).rejects.toMatchObject({
        status: 0,
        message: 'yookassa: GET /payments/{id}: no answer in 100 ms',
      });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await closeServer(silent);
    }
  });
});

function closeServer(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
