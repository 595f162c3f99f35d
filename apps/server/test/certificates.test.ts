import {
  BalanceSchema,
  CertificateListSchema,
  CertificateRedeemResultSchema,
  CertificateSchema,
  OrderStatusId,
  PayResultSchema,
  PaymentMethodsSchema,
  api,
  certificateMessages,
  normalizeCertificateCode,
  type Certificate,
  paymentsApi,
} from '@cabinet/contract';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEEM_MAX_FAILURES_PER_USER } from '../src/modules/certificates/plugin';
import { newCertificateCode } from '../src/modules/certificates/repo';
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
import { balanceOf } from '../src/modules/ledger';

/**
 * Gift certificates through the API on a real database: bought, paid through the test
 * bank's page, listed with counters, downloaded as a PDF that holds the code, redeemed once (also
 * under concurrent attempts), onto an order, never another customer's, guessing limited, and the
 * books balanced at the end.
 */

let t: TestApp;
const PUBLIC = 'http://localhost:3000';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const CARD = { card: '4242 4242 4242 4242', exp: '12/35', cvc: '123' };

beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(() => t.close());

async function buy(customer: PayCustomer, value: number): Promise<Certificate> {
  const res = await t.app.inject({
    method: 'POST',
    url: api.certificates.root,
    headers: customer.auth,
    payload: { value },
  });
  expect(res.statusCode, res.body).toBe(201);
  return CertificateSchema.parse(res.json());
}

/** Pays the certificate by card through the test bank's page; returns where the bank sent the browser. */
async function payByCard(customer: PayCustomer, id: number): Promise<{ payId: number; location: string }> {
  const res = await pay(t.app, customer.auth, {
    purpose: 'certificate',
    object_id: id,
    payment_method: 'bank_card',
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = PayResultSchema.parse(res.json());
  expect(result.status).toBe('pending');
  const path = new URL(result.confirmation_url ?? '').pathname;
  const bank = await t.app.inject({
    method: 'POST',
    url: path,
    headers: FORM,
    payload: new URLSearchParams({ action: 'pay', ...CARD }).toString(),
  });
  expect(bank.statusCode, bank.body).toBe(303);
  return { payId: result.pay_id, location: String(bank.headers.location) };
}

async function activeCertificate(customer: PayCustomer, value: number): Promise<Certificate> {
  const cert = await buy(customer, value);
  await payByCard(customer, cert.id);
  return getOne(customer, cert.id);
}

async function getOne(customer: PayCustomer, id: number): Promise<Certificate> {
  const res = await t.app.inject({ method: 'GET', url: api.certificates.one(id), headers: customer.auth });
  expect(res.statusCode, res.body).toBe(200);
  return CertificateSchema.parse(res.json());
}

async function list(customer: PayCustomer, query = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `${api.certificates.root}${query}`,
    headers: customer.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return CertificateListSchema.parse(res.json());
}

function redeem(customer: PayCustomer, payload: Record<string, unknown>, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url: api.certificates.redeem,
    headers: customer.auth,
    payload,
    remoteAddress: ip,
  });
}

let ipCounter = 1;
/** A fresh client address, so that the per-address limits of one test do not reach the next. */
const freshIp = () => `10.13.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

describe('buying', () => {
  it('creates a certificate awaiting payment, its code hidden until paid', async () => {
    const alice = await payCustomer(t.app);
    const cert = await buy(alice, 3_000_00);
    expect(cert).toMatchObject({
      value: 3_000_00,
      status: 'awaiting_payment',
      code: null,
      paid_at: null,
      expires_at: null,
      redeemed_at: null,
    });
    expect(await getOne(alice, cert.id)).toEqual(cert);
  });

  it('refuses values outside 500–50 000 ₽ or not in whole roubles, in Russian, per field', async () => {
    const alice = await payCustomer(t.app);
    const cases: Array<[unknown, string]> = [
      [499_00, certificateMessages.valueRange],
      [50_001_00, certificateMessages.valueRange],
      [1_000_50, certificateMessages.valueWhole],
      [1000.5, certificateMessages.valueWhole],
      ['1000', certificateMessages.valueRequired],
      [undefined, certificateMessages.valueRequired],
    ];
    for (const [value, message] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: api.certificates.root,
        headers: alice.auth,
        payload: value === undefined ? {} : { value },
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json(), String(value)).toMatchObject({ errors: { value: [message] } });
    }
    for (const value of [500_00, 1_234_00, 50_000_00]) expect((await buy(alice, value)).value).toBe(value);
    expect((await list(alice)).count).toBe(3);
  });

  it('draws 16 Crockford base32 characters, different every time', () => {
    const codes = new Set(Array.from({ length: 500 }, () => newCertificateCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  });
});

describe('paying', () => {
  it('offers only the provider’s methods and refuses the balance, bonuses, installments', async () => {
    const alice = await payCustomer(t.app);
    const cert = await buy(alice, 5_000_00);
    const methods = await t.app.inject({
      method: 'GET',
      url: `${paymentsApi.methods}?purpose=certificate&amount=${cert.value}`,
      headers: alice.auth,
    });
    expect(PaymentMethodsSchema.parse(methods.json()).payment_methods.map((m) => m.id)).toEqual([
      'bank_card',
      'sbp',
      'yoo_money',
    ]);
    const balance = await pay(t.app, alice.auth, {
      purpose: 'certificate',
      object_id: cert.id,
      payment_method: 'balance',
    });
    expect(balance.statusCode).toBe(400);
    expect(balance.json()).toMatchObject({
      errors: { payment_method: [certificateMessages.balanceNotAllowed] },
    });
    const installments = await pay(t.app, alice.auth, {
      purpose: 'certificate',
      object_id: cert.id,
      payment_method: 'yookassa_installments',
    });
    expect(installments.statusCode).toBe(400);
    const bonus = await pay(t.app, alice.auth, {
      purpose: 'certificate',
      object_id: cert.id,
      payment_method: 'bank_card',
      bonus: 100_00,
    });
    expect(bonus.statusCode).toBe(400);
    expect((await getOne(alice, cert.id)).status).toBe('awaiting_payment');
  });

  it('pays through the test bank, comes back to /certificate/{id}/success, and shows the code in the list', async () => {
    const alice = await payCustomer(t.app);
    const cert = await buy(alice, 2_000_00);
    const clearingBefore = await balanceOf(t.app.database.db, 'certificates');
    const { payId, location } = await payByCard(alice, cert.id);
    expect(location).toBe(`${PUBLIC}/certificate/${cert.id}/success?source=bank_card`);

    const paid = await getOne(alice, cert.id);
    expect(paid.status).toBe('active');
    expect(paid.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(paid.paid_at).not.toBeNull();
    const days = (Date.parse(paid.expires_at!) - Date.parse(paid.paid_at!)) / 86_400_000;
    expect(days).toBe(365);
    expect(await balanceOf(t.app.database.db, 'certificates')).toBe(clearingBefore + 2_000_00);
    // Buying a certificate is not a top-up: the buyer's balance does not grow.
    expect(await finances(t.app, alice.id)).toEqual({ money: 0, bonus: 0 });

    const page = await list(alice);
    expect(page).toMatchObject({ count: 1, next: null, previous: null, counters: { active: 1, trash: 0 } });
    expect(page.results[0]).toEqual(paid);
    expect((await list(alice, '?status=trash')).results).toEqual([]);

    // Paying again is refused, and the payment is in the history.
    const again = await pay(t.app, alice.auth, {
      purpose: 'certificate',
      object_id: cert.id,
      payment_method: 'bank_card',
    });
    expect(again.statusCode).toBe(409);
    const history = await t.app.inject({ method: 'GET', url: paymentsApi.history, headers: alice.auth });
    expect(history.json()).toMatchObject({
      results: [
        { pay_id: payId, purpose: 'certificate', object_id: cert.id, status: 'succeeded', amount: 2_000_00 },
      ],
    });
    await expectLedgerOk(t.app);
  });

  it('reuses the pending payment when the customer pays again after leaving the bank’s page', async () => {
    const alice = await payCustomer(t.app);
    const cert = await buy(alice, 1_000_00);
    const body = { purpose: 'certificate', object_id: cert.id, payment_method: 'bank_card' };
    const first = PayResultSchema.parse((await pay(t.app, alice.auth, body)).json());
    const second = PayResultSchema.parse((await pay(t.app, alice.auth, body)).json());
    expect(second.pay_id).toBe(first.pay_id);
    expect(second.confirmation_url).toBe(first.confirmation_url);
  });

  it('pages the list: next and previous links, counters of both tabs', async () => {
    const bob = await payCustomer(t.app);
    for (let i = 0; i < 3; i += 1) await buy(bob, 1_000_00 + i * 100_00);
    const first = await list(bob, '?page_size=2');
    expect(first).toMatchObject({ count: 3, previous: null, counters: { active: 3, trash: 0 } });
    expect(first.results.map((c) => c.value)).toEqual([1_200_00, 1_100_00]);
    expect(first.next).toBe(`${PUBLIC}${api.certificates.root}?status=active&page=2&page_size=2`);
    const second = await list(bob, '?page=2&page_size=2');
    expect(second.results.map((c) => c.value)).toEqual([1_000_00]);
    expect(second.next).toBeNull();
    const past = await t.app.inject({
      method: 'GET',
      url: `${api.certificates.root}?page=3`,
      headers: bob.auth,
    });
    expect(past.statusCode).toBe(404);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `${api.certificates.root}?status=all`,
      headers: bob.auth,
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('the PDF', () => {
  it('is an attachment holding the code, the value and the expiry date', async () => {
    const alice = await payCustomer(t.app);
    const cert = await activeCertificate(alice, 5_000_00);
    const res = await t.app.inject({
      method: 'GET',
      url: api.certificates.download(cert.id),
      headers: alice.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment;.*\.pdf"?$/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(res.rawPayload) });
    try {
      const text = (await parser.getText()).text.replace(/\s+/g, ' ');
      expect(text).toContain(cert.code!);
      expect(text).toContain('ПОДАРОЧНЫЙ СЕРТИФИКАТ');
      expect(text).toMatch(/5\s000\s₽/);
      expect(text).toContain('Действует до');
      expect(text).toContain('Активировать сертификат');
    } finally {
      await parser.destroy();
    }
  });

  it('is refused (409) while the certificate awaits payment, and after it is redeemed', async () => {
    const alice = await payCustomer(t.app);
    const unpaid = await buy(alice, 1_000_00);
    const res = await t.app.inject({
      method: 'GET',
      url: api.certificates.download(unpaid.id),
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: certificateMessages.notActive });
    const used = await activeCertificate(alice, 1_000_00);
    expect((await redeem(alice, { code: used.code }, freshIp())).statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: api.certificates.download(used.id),
      headers: alice.auth,
    });
    expect(after.statusCode).toBe(409);
  });
});

describe('redeeming', () => {
  it('credits the balance once; a second time is refused with the same words as an unknown code', async () => {
    const alice = await payCustomer(t.app);
    const friend = await payCustomer(t.app);
    const cert = await activeCertificate(alice, 3_000_00);
    const liability = await balanceOf(t.app.database.db, 'certificates');
    // Typed in lower case, with spaces instead of dashes: the same code.
    const typed = cert.code!.toLowerCase().replaceAll('-', ' ');
    const res = await redeem(friend, { code: ` ${typed} ` }, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(CertificateRedeemResultSchema.parse(res.json())).toEqual({
      amount: 3_000_00,
      order_paid: 0,
      order_id: null,
      money: 3_000_00,
    });
    expect(await finances(t.app, friend.id)).toEqual({ money: 3_000_00, bonus: 0 });
    expect(await balanceOf(t.app.database.db, 'certificates')).toBe(liability - 3_000_00);

    // The redemption is a row on the friend's balance screen.
    const balance = BalanceSchema.parse(
      (await t.app.inject({ method: 'GET', url: paymentsApi.balance, headers: friend.auth })).json(),
    );
    expect(balance.results[0]).toMatchObject({ kind: 'certificate_redeem', money: 3_000_00, bonus: 0 });
    expect(balance.results[0]!.title).toContain('3\u00a0000\u00a0₽');

    for (const who of [friend, alice]) {
      const again = await redeem(who, { code: cert.code }, freshIp());
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        detail: certificateMessages.codeInvalid,
        errors: { code: [certificateMessages.codeInvalid] },
      });
    }
    const unknown = await redeem(friend, { code: newCertificateCode() }, freshIp());
    expect(unknown.json()).toEqual(
      (await redeem(friend, { code: cert.code }, freshIp())).json() as Record<string, unknown>,
    );
    expect(await finances(t.app, friend.id)).toEqual({ money: 3_000_00, bonus: 0 });

    // The buyer sees it in the trash now.
    const trash = await list(alice, '?status=trash');
    expect(trash).toMatchObject({ count: 1, counters: { active: 0, trash: 1 } });
    expect(trash.results[0]).toMatchObject({ id: cert.id, status: 'redeemed' });
    expect(trash.results[0]!.redeemed_at).not.toBeNull();
    await expectLedgerOk(t.app);
  });

  it('refuses a malformed code per field, and an unpaid one like an unknown one', async () => {
    const alice = await payCustomer(t.app);
    for (const code of ['', 'ABC', 'ABCD-EFGH-JKMN-PQR!']) {
      const res = await redeem(alice, { code }, freshIp());
      expect(res.statusCode, code).toBe(400);
      expect((res.json() as { errors: Record<string, string[]> }).errors.code).toBeDefined();
    }
    const unpaid = await buy(alice, 1_000_00);
    const row = await t.app.database.db
      .selectFrom('certificates')
      .select('code')
      .where('id', '=', unpaid.id)
      .executeTakeFirstOrThrow();
    const res = await redeem(alice, { code: row.code }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: certificateMessages.codeInvalid });
    expect((await getOne(alice, unpaid.id)).status).toBe('awaiting_payment');
  });

  it('lets exactly one of many concurrent redemptions win; the balance grows once', async () => {
    const alice = await payCustomer(t.app);
    const cert = await activeCertificate(alice, 2_500_00);
    const takers = await Promise.all(Array.from({ length: 6 }, () => payCustomer(t.app)));
    const answers = await Promise.all(
      [...takers, takers[0]!, takers[0]!].map((c) => redeem(c, { code: cert.code }, freshIp())),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 400)).toHaveLength(answers.length - 1);
    const money = await Promise.all(takers.map(async (c) => (await finances(t.app, c.id)).money));
    expect(money.reduce((a, b) => a + b, 0)).toBe(2_500_00);
    expect(money.filter((m) => m > 0)).toEqual([2_500_00]);
    const txns = await t.app.database.db
      .selectFrom('ledger_txns')
      .select('id')
      .where('kind', '=', 'certificate_redeem')
      .where(
        'user_id',
        'in',
        takers.map((c) => c.id),
      )
      .execute();
    expect(txns).toHaveLength(1);
    await expectLedgerOk(t.app);
  });

  it('pays an order waiting for payment in the same step; what is left stays on the balance', async () => {
    const alice = await payCustomer(t.app);
    const friend = await payCustomer(t.app);
    const orderId = await awaitingOrder(t.app, friend, 3_500_00);
    const cert = await activeCertificate(alice, 5_000_00);
    const res = await redeem(friend, { code: cert.code, order_id: orderId }, freshIp());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      amount: 5_000_00,
      order_paid: 3_500_00,
      order_id: orderId,
      money: 1_500_00,
    });
    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.searchingAuthor,
      paid: 3_500_00,
    });
    expect(await finances(t.app, friend.id)).toMatchObject({ money: 1_500_00 });
    const history = await t.app.inject({ method: 'GET', url: paymentsApi.history, headers: friend.auth });
    expect(history.json()).toMatchObject({
      results: [{ purpose: 'order', object_id: orderId, payment_method: 'balance', amount: 3_500_00 }],
    });
    await expectLedgerOk(t.app);
  });

  it('pays part of a dearer order and leaves it waiting for the rest', async () => {
    const alice = await payCustomer(t.app);
    const friend = await payCustomer(t.app);
    const orderId = await awaitingOrder(t.app, friend, 8_000_00);
    const cert = await activeCertificate(alice, 5_000_00);
    const res = await redeem(friend, { code: cert.code, order_id: orderId }, freshIp());
    expect(res.json()).toMatchObject({ order_paid: 5_000_00, money: 0 });
    expect(await orderRow(t.app, orderId)).toMatchObject({
      status_id: OrderStatusId.awaitingPayment,
      paid: 5_000_00,
    });
    await expectLedgerOk(t.app);
  });

  it('keeps the code usable when the order is another’s (404) or not waiting for payment (409)', async () => {
    const alice = await payCustomer(t.app);
    const friend = await payCustomer(t.app);
    const cert = await activeCertificate(alice, 1_000_00);
    const alicesOrder = await awaitingOrder(t.app, alice, 1_000_00);
    const paidOrder = await awaitingOrder(t.app, friend, 1_000_00, {
      status: OrderStatusId.searchingAuthor,
      paid: 1_000_00,
    });
    const foreign = await redeem(friend, { code: cert.code, order_id: alicesOrder }, freshIp());
    expect(foreign.statusCode).toBe(404);
    const notWaiting = await redeem(friend, { code: cert.code, order_id: paidOrder }, freshIp());
    expect(notWaiting.statusCode).toBe(409);
    expect(await orderRow(t.app, alicesOrder)).toMatchObject({ paid: 0 });
    expect(await finances(t.app, friend.id)).toEqual({ money: 0, bonus: 0 });
    expect((await getOne(alice, cert.id)).status).toBe('active');
    expect((await redeem(friend, { code: cert.code }, freshIp())).statusCode).toBe(200);
  });

  it('an expired certificate cannot be redeemed and shows as expired', async () => {
    const alice = await payCustomer(t.app);
    const cert = await activeCertificate(alice, 1_000_00);
    await t.app.database.db
      .updateTable('certificates')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', cert.id)
      .execute();
    const res = await redeem(alice, { code: cert.code }, freshIp());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: certificateMessages.codeInvalid });
    expect((await getOne(alice, cert.id)).status).toBe('expired');
    expect((await list(alice)).counters).toEqual({ active: 0, trash: 1 });
  });

  it('limits guessing per customer (429), even with a right code after, and counts right codes for free', async () => {
    const alice = await payCustomer(t.app);
    const guesser = await payCustomer(t.app);
    const cert = await activeCertificate(alice, 1_000_00);
    const spare = await activeCertificate(alice, 1_000_00);
    // A right code does not use up the allowance.
    expect((await redeem(guesser, { code: spare.code }, freshIp())).statusCode).toBe(200);
    for (let i = 0; i < REDEEM_MAX_FAILURES_PER_USER; i += 1) {
      const res = await redeem(guesser, { code: newCertificateCode() }, freshIp());
      expect(res.statusCode, `guess ${i}`).toBe(400);
    }
    const blocked = await redeem(guesser, { code: cert.code }, freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getOne(alice, cert.id)).status).toBe('active');
    // Another customer is not blocked by it.
    expect((await redeem(alice, { code: cert.code }, freshIp())).statusCode).toBe(200);
  });

  it('limits guessing per address across customers', async () => {
    const ip = freshIp();
    const guessers = await Promise.all(Array.from({ length: 4 }, () => payCustomer(t.app)));
    let refused = 0;
    for (let i = 0; i < 40; i += 1) {
      const res = await redeem(guessers[i % 4]!, { code: newCertificateCode() }, ip);
      if (res.statusCode === 429) refused += 1;
      else expect(res.statusCode).toBe(400);
    }
    expect(refused).toBe(10);
  });

  it('normalises Crockford look-alikes: O as 0, I and L as 1', () => {
    expect(normalizeCertificateCode('oil0-abcd efgh_jkmn')).toBe('0110ABCDEFGHJKMN');
  });
});

describe("another customer's certificate", () => {
  it('is not found (404) for reading, downloading or paying, and nothing changes', async () => {
    const alice = await payCustomer(t.app);
    const bob = await payCustomer(t.app);
    const unpaid = await buy(alice, 1_000_00);
    const active = await activeCertificate(alice, 1_000_00);
    for (const url of [
      api.certificates.one(active.id),
      api.certificates.download(active.id),
      api.certificates.one(unpaid.id),
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bob.auth });
      expect(res.statusCode, url).toBe(404);
    }
    const payRes = await pay(t.app, bob.auth, {
      purpose: 'certificate',
      object_id: unpaid.id,
      payment_method: 'bank_card',
    });
    expect(payRes.statusCode).toBe(404);
    expect((await list(bob)).counters).toEqual({ active: 0, trash: 0 });
    expect(await getOne(alice, unpaid.id)).toEqual(unpaid);
    await expectLedgerOk(t.app);
  });
});
