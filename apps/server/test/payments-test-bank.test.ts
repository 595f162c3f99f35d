import {
  OrderStatusId,
  PayResultSchema,
  PaymentListSchema,
  PaymentSchema,
  BalanceSchema,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bankMessages, cardError, luhnValid } from '../src/modules/payments/routes-test-bank';
import type { TestApp } from './helpers';
import {
  awaitingOrder,
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  orderRow,
  pay,
  payCustomer,
  type PayCustomer,
} from './payments-fixtures';

/**
 * The test provider's bank page over HTTP: POST pay/ with a card gives the bank's
 * confirmation_url; the page shows the amount and the buttons; its answers settle the payment
 * through the provider path and send the browser back to /payment?status=success|fail.
 */

let t: TestApp;
const PUBLIC = 'http://localhost:3000';
/** Back to the result screen, which looks the payment up by its id. */
const SUCCESS = (payId: number) => `${PUBLIC}/payment?status=success&pay_id=${payId}`;
const FAIL = (payId: number) => `${PUBLIC}/payment?status=fail&pay_id=${payId}`;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DEFAULT_CARD = { card: '4242 4242 4242 4242', exp: '12/35', cvc: '123' };

beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(() => t.close());

/** An order waiting for payment, paid by card through POST pay/: the pay id and the bank page's path. */
async function cardPayment(customer: PayCustomer, price: number) {
  const orderId = await awaitingOrder(t.app, customer, price);
  const res = await pay(t.app, customer.auth, {
    purpose: 'order',
    object_id: orderId,
    payment_method: 'bank_card',
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = PayResultSchema.parse(res.json());
  expect(result.status).toBe('pending');
  const url = new URL(result.confirmation_url ?? '');
  expect(url.origin).toBe(PUBLIC);
  expect(url.pathname).toMatch(/^\/test-bank\/pay\/[^/]+\/$/);
  return { orderId, payId: result.pay_id, path: url.pathname };
}

function post(path: string, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: path,
    headers: FORM,
    payload: new URLSearchParams(form).toString(),
  });
}

async function paymentStatus(payId: number) {
  const row = await t.app.database.db
    .selectFrom('payments')
    .select(['status'])
    .where('id', '=', payId)
    .executeTakeFirstOrThrow();
  return row.status;
}

async function paidEvents(orderId: number) {
  const rows = await t.app.database.db
    .selectFrom('order_events')
    .select('id')
    .where('order_id', '=', orderId)
    .where('kind', '=', 'paid')
    .execute();
  return rows.length;
}

async function ledgerTxns() {
  const row = await t.app.database.db
    .selectFrom('ledger_txns')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function waitingOf(app: FastifyInstance, customer: PayCustomer) {
  const res = await app.inject({ method: 'GET', url: paymentsApi.waiting, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return PaymentListSchema.parse(res.json());
}

async function historyOf(app: FastifyInstance, customer: PayCustomer) {
  const res = await app.inject({ method: 'GET', url: paymentsApi.history, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return PaymentListSchema.parse(res.json());
}

async function balanceOf(app: FastifyInstance, customer: PayCustomer) {
  const res = await app.inject({ method: 'GET', url: paymentsApi.balance, headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return BalanceSchema.parse(res.json());
}

describe('the bank page', () => {
  it('shows the amount, the description, the pre-filled card and both buttons, in Russian, without scripts', async () => {
    const customer = await payCustomer(t.app);
    const { path, orderId } = await cardPayment(customer, 1_500_00);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    const html = res.body;
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<title>Оплата картой — Тестовый банк</title>');
    expect(html).toContain('1\u00a0500\u00a0₽');
    expect(html).toContain(`Заказ №${orderId}`);
    expect(html).toContain('value="4242 4242 4242 4242"');
    expect(html).toMatch(/name="exp"[^>]*value="\d{2}\/\d{2}"/);
    expect(html).toContain('name="cvc" inputmode="numeric" autocomplete="cc-csc" value="123"');
    expect(html).toContain('<button class="pay" type="submit" name="action" value="pay">Оплатить</button>');
    expect(html).toContain(
      '<button class="decline" type="submit" name="action" value="decline">Отклонить</button>',
    );
    expect(html).toContain(`<form method="post" action="${path}">`);
    expect(html).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain('<link rel="stylesheet" href="/test-bank/bank.css">');

    const css = await t.app.inject({ method: 'GET', url: '/test-bank/bank.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.pay{');
  });

  it('escapes what it shows', async () => {
    const customer = await payCustomer(t.app);
    const { path } = await cardPayment(customer, 100_00);
    const id = decodeURIComponent(path.split('/')[3]!);
    await t.app.database.db
      .updateTable('test_bank_payments')
      .set({ description: '<script>alert("x")</script> & \'ещё\'' })
      .where('id', '=', id)
      .execute();
    const html = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;ещё&#39;');
    // What the customer typed comes back escaped too.
    const res = await post(path, { action: 'pay', card: '"><script>1</script>', exp: '12/35', cvc: '123' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('value="&#34;&#62;&#60;script&#62;1&#60;/script&#62;"');
    expect(res.body).not.toContain('<script>');
  });

  it('answers an unknown payment with a 404 page', async () => {
    const res = await t.app.inject({ method: 'GET', url: paymentsApi.testBank('tb_nope') });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain(bankMessages.notFound);
    const posted = await post(paymentsApi.testBank('tb_nope'), { action: 'pay', ...DEFAULT_CARD });
    expect(posted.statusCode).toBe(404);
    expect(posted.body).toContain(bankMessages.notFound);
  });
  it('is not there when another provider takes the payments', async () => {
    const other = await buildPaymentsApp({ PAYMENTS_PROVIDER: 'yookassa' });
    try {
      for (const method of ['GET', 'POST'] as const) {
        const res = await other.app.inject({
          method,
          url: paymentsApi.testBank('tb_any'),
          ...(method === 'POST' ? { headers: FORM, payload: 'action=pay' } : {}),
        });
        expect(res.statusCode).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toContain(bankMessages.notTestProvider);
      }
    } finally {
      await other.close();
    }
  });
});

describe('paying', () => {
  it('«Оплатить» pays: 303 to /payment?status=success, the order paid, history and balance tell it', async () => {
    const customer = await payCustomer(t.app);
    const before = await balanceOf(t.app, customer);
    const { orderId, payId, path } = await cardPayment(customer, 2_000_00);
    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.awaitingPayment,
      paid: 0,
    });

    const res = await post(path, { action: 'pay', ...DEFAULT_CARD });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(SUCCESS(payId));

    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      price: 2_000_00,
      paid: 2_000_00,
    });
    expect(await paymentStatus(payId)).toBe('succeeded');
    expect(await paidEvents(orderId)).toBe(1);
    // Nothing waits any more: the attempt is settled and the order's invoice is gone.
    expect((await waitingOf(t.app, customer)).count).toBe(0);

    const history = await historyOf(t.app, customer);
    expect(history.results).toHaveLength(1);
    expect(history.results[0]).toMatchObject({
      pay_id: payId,
      purpose: 'order',
      object_id: orderId,
      amount: 2_000_00,
      status: 'succeeded',
      payment_method: 'bank_card',
      checked: true,
      refund_mode: 'storno',
    });
    expect(history.results[0]!.paid_at).not.toBeNull();

    // A card payment never touches the money on the balance (bonuses for it may come).
    const after = await balanceOf(t.app, customer);
    expect(after.money).toBe(before.money);
    expect(after.results.filter((m) => m.money !== 0)).toEqual(before.results.filter((m) => m.money !== 0));
    expect(await finances(t.app, customer.id)).toMatchObject({ money: 0 });

    // The page now says the payment is done, with the way back.
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(bankMessages.completedSucceeded);
    expect(again.body).toContain(`href="${SUCCESS(payId).replace(/&/g, '&#38;')}"`);
    await expectLedgerOk(t.app);
  });

  it('a repeated POST changes nothing: one paid event, the same ledger, a page saying it is done', async () => {
    const customer = await payCustomer(t.app);
    const { orderId, path } = await cardPayment(customer, 700_00);
    expect((await post(path, { action: 'pay', ...DEFAULT_CARD })).statusCode).toBe(303);
    const txns = await ledgerTxns();

    for (const form of [
      { action: 'pay', ...DEFAULT_CARD },
      { action: 'decline' },
      { action: 'pay', card: '4000 0000 0000 0002', exp: '12/35', cvc: '123' },
    ]) {
      const res = await post(path, form);
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain(bankMessages.completedSucceeded);
    }
    const threeDs = await post(`${path}3ds/`, { action: 'confirm', code: '123456' });
    expect(threeDs.statusCode).toBe(409);

    expect(await ledgerTxns()).toBe(txns);
    expect(await paidEvents(orderId)).toBe(1);
    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      paid: 700_00,
    });
    await expectLedgerOk(t.app);
  });

  it('two POSTs at once settle the payment once', async () => {
    const customer = await payCustomer(t.app);
    const { orderId, payId, path } = await cardPayment(customer, 900_00);
    const txns = await ledgerTxns();
    const answers = await Promise.all([
      post(path, { action: 'pay', ...DEFAULT_CARD }),
      post(path, { action: 'pay', ...DEFAULT_CARD }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual(
      answers.some((a) => a.statusCode === 409) ? [303, 409] : [303, 303],
    );
    expect(await paymentStatus(payId)).toBe('succeeded');
    expect(await paidEvents(orderId)).toBe(1);
    // The payment and the bonus for it: two txns, whatever the race.
    expect(await ledgerTxns()).toBe(txns + 2);
    await expectLedgerOk(t.app);
  });
});

describe('declining', () => {
  it('the declined card sends the browser to ?status=fail; the order still waits, the payment is declined', async () => {
    const customer = await payCustomer(t.app);
    const { orderId, payId, path } = await cardPayment(customer, 1_200_00);
    const txns = await ledgerTxns();
    const res = await post(path, { action: 'pay', card: '4000 0000 0000 0002', exp: '12/35', cvc: '123' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(FAIL(payId));
    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.awaitingPayment,
      paid: 0,
    });
    expect(await paymentStatus(payId)).toBe('canceled');
    expect(await paidEvents(orderId)).toBe(0);
    expect(await ledgerTxns()).toBe(txns);
    // The order waits again: its invoice is back on the list.
    const waiting = await waitingOf(t.app, customer);
    expect(waiting.results.map((p) => [p.object_id, p.amount, p.status])).toEqual([
      [orderId, 1_200_00, 'pending'],
    ]);
    const history = await historyOf(t.app, customer);
    // The bank turned it down: «Отклонён» in the history, not «Отменён».
    expect(history.results.map((p) => [p.pay_id, p.status])).toEqual([[payId, 'declined']]);

    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain(bankMessages.completedCanceled);
    expect(again.body).toContain(`href="${FAIL(payId).replace(/&/g, '&#38;')}"`);
    await expectLedgerOk(t.app);
  });

  it('«Отклонить» cancels whatever the card', async () => {
    const customer = await payCustomer(t.app);
    const { orderId, payId, path } = await cardPayment(customer, 1_000_00);
    const res = await post(path, { action: 'decline', card: '', exp: '', cvc: '' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(FAIL(payId));
    expect(await paymentStatus(payId)).toBe('canceled');
    expect(await orderRow(t.app, orderId)).toMatchObject({ status_id: OrderStatusId.awaitingPayment });
  });

  it('wrong card details are shown on the page and change nothing', async () => {
    const customer = await payCustomer(t.app);
    const { payId, path } = await cardPayment(customer, 1_000_00);
    const cases: Array<[Record<string, string>, string]> = [
      [{ ...DEFAULT_CARD, card: '4242 4242 4242 4241' }, bankMessages.cardInvalid],
      [{ ...DEFAULT_CARD, exp: '13/35' }, bankMessages.expiryInvalid],
      [{ ...DEFAULT_CARD, exp: '01/20' }, bankMessages.expiryPast],
      [{ ...DEFAULT_CARD, cvc: '12' }, bankMessages.cvcInvalid],
    ];
    for (const [form, message] of cases) {
      const res = await post(path, { action: 'pay', ...form });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(`<p class="error" role="alert">${message}</p>`);
      expect(res.body).toContain(`value="${form.card}"`);
    }
    expect(await paymentStatus(payId)).toBe('pending');
  });
});

describe('3-D Secure', () => {
  it('asks for the code; a wrong one is shown, the right one pays', async () => {
    const customer = await payCustomer(t.app);
    const { orderId, payId, path } = await cardPayment(customer, 3_000_00);
    const ask = await post(path, { action: 'pay', card: '4000 0000 0000 3220', exp: '12/35', cvc: '123' });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('3-D Secure');
    expect(ask.body).toContain(`<form method="post" action="${path}3ds/">`);
    expect(ask.body).toContain('name="code"');
    expect(await paymentStatus(payId)).toBe('pending');

    const wrong = await post(`${path}3ds/`, { action: 'confirm', code: '654321' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(bankMessages.codeWrong);
    const malformed = await post(`${path}3ds/`, { action: 'confirm', code: '12a' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toContain(bankMessages.codeFormat);
    expect(await paymentStatus(payId)).toBe('pending');
    expect(await orderRow(t.app, orderId)).toMatchObject({ status_id: OrderStatusId.awaitingPayment });

    const right = await post(`${path}3ds/`, { action: 'confirm', code: '123456' });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe(SUCCESS(payId));
    expect(await paymentStatus(payId)).toBe('succeeded');
    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      paid: 3_000_00,
    });
    await expectLedgerOk(t.app);
  });

  it('«Отклонить» on the code page cancels', async () => {
    const customer = await payCustomer(t.app);
    const { payId, path } = await cardPayment(customer, 500_00);
    await post(path, { action: 'pay', card: '4000000000003220', exp: '12/35', cvc: '123' });
    const res = await post(`${path}3ds/`, { action: 'decline', code: '' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(FAIL(payId));
    expect(await paymentStatus(payId)).toBe('canceled');
  });
});

describe('the result screen’s lookup', () => {
  const lookup = (customer: PayCustomer, payId: number) =>
    t.app.inject({ method: 'GET', url: paymentsApi.result(payId), headers: customer.auth });

  it('names what was paid, how much and how it ended; another customer’s payment is 404', async () => {
    const customer = await payCustomer(t.app);
    const { orderId, payId, path } = await cardPayment(customer, 1_300_00);
    let res = await lookup(customer, payId);
    expect(res.statusCode, res.body).toBe(200);
    expect(PaymentSchema.parse(res.json())).toMatchObject({
      pay_id: payId,
      purpose: 'order',
      object_id: orderId,
      amount: 1_300_00,
      status: 'pending',
    });
    expect(res.json().title).toContain(`Заказ №${orderId}`);

    await post(path, { action: 'pay', card: '4000 0000 0000 0002', exp: '12/35', cvc: '123' });
    res = await lookup(customer, payId);
    expect(res.json()).toMatchObject({ pay_id: payId, status: 'declined' });

    const stranger = await payCustomer(t.app);
    const foreign = await lookup(stranger, payId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: 'Платёж не найден' });
    expect((await lookup(customer, 987_654)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: paymentsApi.result(payId) })).statusCode).toBe(401);
  });

  it('a payment the provider never took stays «canceled», not «declined»', async () => {
    const customer = await payCustomer(t.app);
    const { payId } = await cardPayment(customer, 400_00);
    // As service.ts leaves a payment whose provider did not answer: canceled, no provider id.
    await t.app.database.db
      .updateTable('payments')
      .set({ status: 'canceled', provider_payment_id: null })
      .where('id', '=', payId)
      .execute();
    expect((await lookup(customer, payId)).json()).toMatchObject({ status: 'canceled' });
  });
});

describe('the card checks', () => {
  it('takes the test cards and refuses broken numbers, expiries and CVCs', () => {
    for (const card of ['4242424242424242', '4000000000000002', '4000000000003220']) {
      expect(luhnValid(card)).toBe(true);
    }
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('42424242')).toBe(false);
    const now = new Date('2026-11-25T12:00:00Z');
    expect(cardError('4242 4242 4242 4242', '11/26', '123', now)).toBeNull();
    expect(cardError('4242 4242 4242 4242', '10/26', '123', now)).toBe(bankMessages.expiryPast);
    expect(cardError('4242-4242-4242-4242', ' 1/27', '123', now)).toBe(bankMessages.expiryInvalid);
    expect(cardError('4242 4242 4242 4242', '00/27', '123', now)).toBe(bankMessages.expiryInvalid);
    expect(cardError('4242 4242 4242 4242', '01/27', '1234', now)).toBe(bankMessages.cvcInvalid);
  });
});
