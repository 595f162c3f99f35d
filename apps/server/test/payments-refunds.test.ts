import {
  RefundCountriesSchema,
  RefundExtraSchema,
  RefundStornoPlanSchema,
  RepaymentResultSchema,
  StaffRefundClaimListSchema,
  StaffRefundClaimSchema,
  paymentMessages,
  staffMessages,
  staffApi,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../src/db/index';
import { CLAIMS_HOLD } from '../src/modules/payments/payouts';
import type { TestApp } from './helpers';
import {
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  giveMoney,
  idemKey,
  payCustomer,
  type Auth,
} from './payments-fixtures';
import { customerWithPhone, verify } from './payments-verify-fixtures';
import { createStaff, type TestStaff } from './staff-fixtures';
import { accounts, balanceOf, postTxn } from '../src/modules/ledger';

const CARD = '4111111111111111';
const repayment = (over: Record<string, unknown> = {}) => ({
  amount: 1_000_00,
  card_number: CARD,
  recipient_name: 'Иван Петров',
  country: 'RU',
  ...over,
});

/**
 * A payment the test bank collected by card: its bank row, our payment row and — for a top-up —
 * the money on the balance, as settling writes them.
 */
async function cardPayment(
  app: FastifyInstance,
  userId: number,
  amount: number,
  purpose: 'replenish' | 'order' = 'replenish',
): Promise<number> {
  const bankId = `tb_${randomUUID()}`;
  const at = nowIso();
  return app.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('test_bank_payments')
      .values({
        id: bankId,
        payment_id: 0,
        amount,
        description: 'Пополнение баланса',
        method: 'bank_card',
        return_url: 'http://localhost:3000/payment',
        idempotence_key: bankId,
        status: 'succeeded',
        created_at: at,
      })
      .execute();
    const { id } = await trx
      .insertInto('payments')
      .values({
        user_id: userId,
        purpose,
        object_id: null,
        title: purpose === 'replenish' ? 'Пополнение баланса' : 'Заказ',
        amount,
        payment_method: 'bank_card',
        status: 'succeeded',
        provider: 'test',
        provider_payment_id: bankId,
        created_at: at,
        paid_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('test_bank_payments').set({ payment_id: id }).where('id', '=', bankId).execute();
    await postTxn(trx, { kind: purpose, user_id: userId, payment_id: id, title: 'Оплата картой' }, [
      { account: accounts.providerClearing, amount: -amount },
      {
        account: purpose === 'replenish' ? accounts.customerMoney(userId) : accounts.revenue,
        amount,
      },
    ]);
    return id;
  });
}

const refunded = async (app: FastifyInstance, payId: number) => {
  const p = await app.database.db
    .selectFrom('payments')
    .select(['refunded', 'provider_payment_id'])
    .where('id', '=', payId)
    .executeTakeFirstOrThrow();
  const bank = await app.database.db
    .selectFrom('test_bank_payments')
    .select('refunded')
    .where('id', '=', p.provider_payment_id!)
    .executeTakeFirstOrThrow();
  // Our books and the bank's agree.
  expect(bank.refunded).toBe(p.refunded);
  return p.refunded;
};

/** A POST with a fresh Idempotency-Key (money-moving POSTs need one; staff routes ignore it). */
const post = (
  app: FastifyInstance,
  url: string,
  auth: Auth,
  payload?: object,
  key: string | null = idemKey(),
) =>
  app.inject({
    method: 'POST',
    url,
    headers: key === null ? auth : { ...auth, 'idempotency-key': key },
    ...(payload ? { payload } : {}),
  });

describe('repayment of the balance to a card', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerOk(t.app));

  it('refuses an unverified customer with 403 and moves nothing, then pays out after verification', async () => {
    const c = await customerWithPhone(t.app);
    await giveMoney(t.app, c.id, 5_000_00);
    const refused = await post(t.app, paymentsApi.repayment, c.auth, repayment());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: paymentMessages.verificationRequired });
    expect((await finances(t.app, c.id)).money).toBe(5_000_00);

    // A code requested but not confirmed is no verification, nor is one for bonus.
    await post(t.app, paymentsApi.verificateCode('repayment'), c.auth);
    expect((await post(t.app, paymentsApi.repayment, c.auth, repayment())).statusCode).toBe(403);
    await verify(t.app, c, 'bonus');
    expect((await post(t.app, paymentsApi.repayment, c.auth, repayment())).statusCode).toBe(403);
    expect((await finances(t.app, c.id)).money).toBe(5_000_00);
    // A minute on, a new code for repayment.
    await t.app.database.db
      .updateTable('verifications')
      .set({ code_sent_at: '2000-01-01T00:00:00.000Z' })
      .where('user_id', '=', c.id)
      .where('purpose', '=', 'repayment')
      .execute();
    await verify(t.app, c);
    const res = await post(t.app, paymentsApi.repayment, c.auth, repayment());
    expect(res.statusCode, res.body).toBe(200);
    const body = RepaymentResultSchema.parse(res.json());
    expect(body).toMatchObject({ status: 'succeeded', money: 4_000_00 });
    expect((await finances(t.app, c.id)).money).toBe(4_000_00);
    const row = await t.app.database.db
      .selectFrom('payouts')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: c.id, kind: 'repayment', amount: 1_000_00, status: 'succeeded' });
    expect(row.provider_payout_id).toMatch(/^tp_/);
    expect(JSON.parse(row.data)).toMatchObject({
      card: '**** 1111',
      recipient_name: 'Иван Петров',
      country: 'RU',
    });
    // Only the last four digits are kept, anywhere.
    expect(row.data).not.toContain(CARD);
    const titles = await t.app.database.db
      .selectFrom('ledger_txns')
      .select(['kind', 'title'])
      .where('user_id', '=', c.id)
      .where('kind', '=', 'repayment')
      .execute();
    expect(titles).toEqual([{ kind: 'repayment', title: 'Вывод на карту **** 1111' }]);
  });

  it('refuses more than the balance with 409, and amounts and countries out of range with 400', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 500_00);
    const short = await post(t.app, paymentsApi.repayment, c.auth, repayment({ amount: 500_01 }));
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ detail: paymentMessages.balanceShort });
    for (const amount of [99_99, 500_000_01]) {
      const res = await post(t.app, paymentsApi.repayment, c.auth, repayment({ amount }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: paymentMessages.payoutAmountRange,
        errors: { amount: [paymentMessages.payoutAmountRange] },
      });
    }
    const country = await post(t.app, paymentsApi.repayment, c.auth, repayment({ country: 'US' }));
    expect(country.statusCode).toBe(400);
    expect(country.json()).toMatchObject({ errors: { country: [paymentMessages.countryUnknown] } });
    const card = await post(t.app, paymentsApi.repayment, c.auth, repayment({ card_number: '4111' }));
    expect(card.statusCode).toBe(400);
    expect(card.json()).toMatchObject({ errors: { card_number: ['Номер карты — от 16 до 19 цифр'] } });
    expect((await finances(t.app, c.id)).money).toBe(500_00);
    const payouts = await t.app.database.db
      .selectFrom('payouts')
      .select('id')
      .where('user_id', '=', c.id)
      .execute();
    expect(payouts).toHaveLength(0);
    const all = await post(t.app, paymentsApi.repayment, c.auth, repayment({ amount: 500_00 }));
    expect(all.statusCode).toBe(200);
    expect((all.json() as { money: number }).money).toBe(0);
  });

  it('lets at most the balance go out when 50 repayments race (money for 10)', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 10 * 100_00);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(t.app, paymentsApi.repayment, c.auth, repayment({ amount: 100_00 })),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(10);
    expect(codes.filter((s) => s === 409)).toHaveLength(40);
    expect((await finances(t.app, c.id)).money).toBe(0);
    const rows = await t.app.database.db
      .selectFrom('payouts')
      .select(['status', 'amount'])
      .where('user_id', '=', c.id)
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === 'succeeded' && r.amount === 100_00)).toBe(true);
  });

  it('answers a repeat with the same Idempotency-Key once, refuses another body (409) and a missing key (400)', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 3_000_00);
    const key = idemKey();
    const first = await post(t.app, paymentsApi.repayment, c.auth, repayment(), key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(t.app, paymentsApi.repayment, c.auth, repayment(), key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await finances(t.app, c.id)).money).toBe(2_000_00);
    const other = await post(t.app, paymentsApi.repayment, c.auth, repayment({ amount: 200_00 }), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: paymentMessages.idempotencyKeyReused });
    const keyless = await post(t.app, paymentsApi.repayment, c.auth, repayment(), null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json()).toMatchObject({ detail: paymentMessages.idempotencyKeyRequired });

    // The same for a storno and a claim.
    const d = await customerWithPhone(t.app);
    await verify(t.app, d);
    await cardPayment(t.app, d.id, 2_000_00);
    const stornoKey = idemKey();
    for (let i = 0; i < 2; i += 1) {
      const res = await post(t.app, paymentsApi.refundStorno, d.auth, { refund_sum: 500_00 }, stornoKey);
      expect(res.statusCode, res.body).toBe(200);
    }
    const claimKey = idemKey();
    const claimBody = { amount: 500_00, reason: 'Прошу вернуть остаток на карту' };
    for (let i = 0; i < 2; i += 1) {
      expect((await post(t.app, paymentsApi.refundClaim, d.auth, claimBody, claimKey)).statusCode).toBe(200);
    }
    expect((await finances(t.app, d.id)).money).toBe(1_000_00);
    expect(
      (await post(t.app, paymentsApi.refundStorno, d.auth, { refund_sum: 100_00 }, null)).statusCode,
    ).toBe(400);
    expect((await post(t.app, paymentsApi.refundClaim, d.auth, claimBody, null)).statusCode).toBe(400);
  });

  it('gives the payout form its countries and limits', async () => {
    const c = await payCustomer(t.app);
    const countries = await t.app.inject({
      method: 'GET',
      url: paymentsApi.refundRecipientCountries,
      headers: c.auth,
    });
    expect(countries.statusCode).toBe(200);
    const list = RefundCountriesSchema.parse(countries.json()).results;
    expect(list.slice(0, 3)).toEqual([
      { code: 'RU', title: 'Россия' },
      { code: 'KZ', title: 'Казахстан' },
      { code: 'BY', title: 'Беларусь' },
    ]);
    const extra = await t.app.inject({ method: 'GET', url: paymentsApi.refundExtra, headers: c.auth });
    expect(RefundExtraSchema.parse(extra.json())).toEqual({
      min_amount: 100_00,
      max_amount: 500_000_00,
      fee_percent: 0,
      days: 'до 3 рабочих дней',
    });
    expect((await t.app.inject({ method: 'GET', url: paymentsApi.refundExtra })).statusCode).toBe(401);
  });
});

describe('storno refunds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerOk(t.app));

  const plan = (auth: Auth, sum: number) =>
    t.app.inject({ method: 'GET', url: `${paymentsApi.refundStorno}?refund_sum=${sum}`, headers: auth });

  it('plans the newest payment first, never more than was paid, and refunds it through the provider', async () => {
    const c = await payCustomer(t.app);
    const older = await cardPayment(t.app, c.id, 3_000_00);
    const newer = await cardPayment(t.app, c.id, 2_000_00);
    const res = await plan(c.auth, 2_500_00);
    expect(res.statusCode, res.body).toBe(200);
    expect(RefundStornoPlanSchema.parse(res.json())).toEqual({
      refund_sum: 2_500_00,
      results: [
        { pay_id: newer, title: 'Пополнение баланса', amount: 2_000_00 },
        { pay_id: older, title: 'Пополнение баланса', amount: 500_00 },
      ],
    });
    // A plan moves nothing.
    expect((await finances(t.app, c.id)).money).toBe(5_000_00);

    const done = await post(t.app, paymentsApi.refundStorno, c.auth, { refund_sum: 2_500_00 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual(res.json());
    expect((await finances(t.app, c.id)).money).toBe(2_500_00);
    expect(await refunded(t.app, newer)).toBe(2_000_00);
    expect(await refunded(t.app, older)).toBe(500_00);

    // What is left: only the older payment's rest.
    expect((await plan(c.auth, 2_500_00)).json()).toEqual({
      refund_sum: 2_500_00,
      results: [{ pay_id: older, title: 'Пополнение баланса', amount: 2_500_00 }],
    });
    const tooMuch = await plan(c.auth, 2_500_01);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      detail: paymentMessages.refundTooMuch,
      errors: { refund_sum: [paymentMessages.refundTooMuch] },
    });
    const tooMuchPost = await post(t.app, paymentsApi.refundStorno, c.auth, { refund_sum: 2_500_01 });
    expect(tooMuchPost.statusCode).toBe(400);
    expect((await finances(t.app, c.id)).money).toBe(2_500_00);
  });

  it('returns only what the balance holds (409), not an order’s price already paid', async () => {
    const c = await payCustomer(t.app);
    await cardPayment(t.app, c.id, 4_000_00, 'order');
    const res = await plan(c.auth, 1_000_00);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: paymentMessages.balanceShort });
    const posted = await post(t.app, paymentsApi.refundStorno, c.auth, { refund_sum: 1_000_00 });
    expect(posted.statusCode).toBe(409);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select('refunded')
      .where('user_id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row.refunded).toBe(0);
    // Balance money that came from no card (a bonus of the service) has nowhere to go back to.
    const d = await payCustomer(t.app);
    await giveMoney(t.app, d.id, 1_000_00);
    expect((await plan(d.auth, 100_00)).statusCode).toBe(400);
  });

  it('never refunds more than was paid when stornos race', async () => {
    const c = await payCustomer(t.app);
    const first = await cardPayment(t.app, c.id, 1_000_00);
    const second = await cardPayment(t.app, c.id, 1_000_00);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => post(t.app, paymentsApi.refundStorno, c.auth, { refund_sum: 300_00 })),
    );
    const codes = answers.map((a) => a.statusCode);
    // 2 000 ₽ refundable: six stornos of 300 ₽ fit, the rest find too little left.
    expect(codes.filter((s) => s === 200)).toHaveLength(6);
    expect(codes.filter((s) => s === 400)).toHaveLength(6);
    expect((await refunded(t.app, first)) + (await refunded(t.app, second))).toBe(1_800_00);
    expect((await finances(t.app, c.id)).money).toBe(200_00);
  });

  it('never touches another customer’s payments', async () => {
    const a = await payCustomer(t.app);
    const b = await payCustomer(t.app);
    const paidByA = await cardPayment(t.app, a.id, 1_000_00);
    await giveMoney(t.app, b.id, 1_000_00);
    expect((await plan(b.auth, 500_00)).statusCode).toBe(400);
    expect((await post(t.app, paymentsApi.refundStorno, b.auth, { refund_sum: 500_00 })).statusCode).toBe(
      400,
    );
    expect(await refunded(t.app, paidByA)).toBe(0);
  });

  it('gives the money back to the balance when the provider refuses a refund', async () => {
    const c = await payCustomer(t.app);
    const payId = await cardPayment(t.app, c.id, 1_000_00);
    // The bank no longer holds it as paid: its refund fails.
    await t.app.database.db
      .updateTable('test_bank_payments')
      .set({ status: 'canceled' })
      .where('payment_id', '=', payId)
      .execute();
    const res = await post(t.app, paymentsApi.refundStorno, c.auth, { refund_sum: 400_00 });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ detail: paymentMessages.refundFailed });
    expect((await finances(t.app, c.id)).money).toBe(1_000_00);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select('refunded')
      .where('id', '=', payId)
      .executeTakeFirstOrThrow();
    expect(row.refunded).toBe(0);
  });
});

describe('refund claims a manager decides', () => {
  let t: TestApp;
  let manager: TestStaff;
  let author: TestStaff;
  beforeAll(async () => {
    t = await buildPaymentsApp();
    manager = await createStaff(t.app, 'manager');
    author = await createStaff(t.app, 'performer');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerOk(t.app));

  const claim = (auth: Auth, over: Record<string, unknown> = {}) =>
    post(t.app, paymentsApi.refundClaim, auth, {
      amount: 1_500_00,
      reason: 'Работа не понадобилась, прошу вернуть деньги',
      ...over,
    });
  const list = async () => {
    const res = await t.app.inject({ method: 'GET', url: staffApi.refundClaims, headers: manager.auth });
    expect(res.statusCode, res.body).toBe(200);
    return StaffRefundClaimListSchema.parse(res.json());
  };

  it('refuses an unverified customer with 403, then holds the amount until a manager approves', async () => {
    const c = await customerWithPhone(t.app);
    const payId = await cardPayment(t.app, c.id, 5_000_00);
    const refused = await claim(c.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: paymentMessages.verificationRequired });
    await verify(t.app, c);

    const res = await claim(c.auth, { pay_ids: [payId] });
    expect(res.statusCode, res.body).toBe(200);
    const created = RepaymentResultSchema.parse(res.json());
    expect(created).toMatchObject({ status: 'pending', money: 3_500_00 });
    expect(await balanceOf(t.app.database.db, CLAIMS_HOLD)).toBeGreaterThanOrEqual(1_500_00);

    const pending = (await list()).results.find((r) => r.id === created.id);
    expect(pending).toMatchObject({
      user_id: c.id,
      email: c.email,
      amount: 1_500_00,
      status: 'pending',
      pay_ids: [payId],
      reason: 'Работа не понадобилась, прошу вернуть деньги',
    });

    const holdBefore = await balanceOf(t.app.database.db, CLAIMS_HOLD);
    const approved = await post(t.app, staffApi.refundClaimApprove(created.id), manager.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(StaffRefundClaimSchema.parse(approved.json())).toMatchObject({
      id: created.id,
      status: 'succeeded',
    });
    expect(await balanceOf(t.app.database.db, CLAIMS_HOLD)).toBe(holdBefore - 1_500_00);
    expect(await refunded(t.app, payId)).toBe(1_500_00);
    expect((await finances(t.app, c.id)).money).toBe(3_500_00);

    const twice = await post(t.app, staffApi.refundClaimApprove(created.id), manager.auth);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ detail: paymentMessages.claimDecided });
    expect((await post(t.app, staffApi.refundClaimReject(created.id), manager.auth)).statusCode).toBe(409);
    expect(await refunded(t.app, payId)).toBe(1_500_00);
  });

  it('refunds a claim that names no payment to the newest ones, and keeps it pending if the provider refuses', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    const older = await cardPayment(t.app, c.id, 1_000_00);
    const newer = await cardPayment(t.app, c.id, 600_00);
    const created = RepaymentResultSchema.parse((await claim(c.auth, { amount: 800_00 })).json());
    const approved = await post(t.app, staffApi.refundClaimApprove(created.id), manager.auth);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await refunded(t.app, newer)).toBe(600_00);
    expect(await refunded(t.app, older)).toBe(200_00);

    // The bank refuses the next refund: nothing is refunded, the amount waits on hold again.
    const next = RepaymentResultSchema.parse((await claim(c.auth, { amount: 300_00 })).json());
    await t.app.database.db
      .updateTable('test_bank_payments')
      .set({ status: 'canceled' })
      .where('payment_id', '=', older)
      .execute();
    const hold = await balanceOf(t.app.database.db, CLAIMS_HOLD);
    const refusedByBank = await post(t.app, staffApi.refundClaimApprove(next.id), manager.auth);
    expect(refusedByBank.statusCode).toBe(502);
    expect(refusedByBank.json()).toEqual({ detail: paymentMessages.refundFailed });
    expect(await balanceOf(t.app.database.db, CLAIMS_HOLD)).toBe(hold);
    const row = await t.app.database.db
      .selectFrom('payments')
      .select('refunded')
      .where('id', '=', older)
      .executeTakeFirstOrThrow();
    expect(row.refunded).toBe(200_00);
    expect((await list()).results.find((r) => r.id === next.id)).toMatchObject({
      status: 'pending',
      amount: 300_00,
    });
    expect((await post(t.app, staffApi.refundClaimReject(next.id), manager.auth)).statusCode).toBe(200);
    expect((await finances(t.app, c.id)).money).toBe(800_00);
  });

  it('gives the held amount back to the balance when a manager rejects', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 2_000_00);
    const created = RepaymentResultSchema.parse((await claim(c.auth)).json());
    expect((await finances(t.app, c.id)).money).toBe(500_00);
    const rejected = await post(t.app, staffApi.refundClaimReject(created.id), manager.auth);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ id: created.id, status: 'canceled' });
    expect((await finances(t.app, c.id)).money).toBe(2_000_00);
  });

  it('lists pending claims first', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 10_000_00);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push(RepaymentResultSchema.parse((await claim(c.auth, { amount: 100_00 })).json()).id);
    await post(t.app, staffApi.refundClaimReject(ids[0]!), manager.auth);
    const { results, count } = await list();
    expect(count).toBe(results.length);
    const statuses = results.map((r) => r.status);
    const firstDecided = statuses.findIndex((s) => s !== 'pending');
    expect(statuses.slice(firstDecided).every((s) => s !== 'pending')).toBe(true);
    const mine = results.filter((r) => ids.includes(r.id)).map((r) => r.id);
    expect(mine).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('refuses a short balance (409), another customer’s payment (404), and an approval no payment covers (409)', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 1_000_00);
    const short = await claim(c.auth);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toEqual({ detail: paymentMessages.balanceShort });
    const other = await payCustomer(t.app);
    const foreign = await cardPayment(t.app, other.id, 1_000_00);
    const res = await claim(c.auth, { amount: 500_00, pay_ids: [foreign] });
    expect(res.statusCode).toBe(404);
    expect((await finances(t.app, c.id)).money).toBe(1_000_00);
    const tooShort = await claim(c.auth, { reason: 'Верните' });
    expect(tooShort.statusCode).toBe(400);

    // The balance came from no card: nothing to refund to, so only a rejection is possible.
    const created = RepaymentResultSchema.parse((await claim(c.auth, { amount: 500_00 })).json());
    const approve = await post(t.app, staffApi.refundClaimApprove(created.id), manager.auth);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toEqual({ detail: paymentMessages.claimNotCovered });
    expect((await list()).results.find((r) => r.id === created.id)?.status).toBe('pending');
    expect((await post(t.app, staffApi.refundClaimReject(created.id), manager.auth)).statusCode).toBe(200);
    expect((await finances(t.app, c.id)).money).toBe(1_000_00);
  });

  it('lets only a manager decide: an author and a customer get 403, an unknown claim 404', async () => {
    const c = await customerWithPhone(t.app);
    await verify(t.app, c);
    await giveMoney(t.app, c.id, 1_000_00);
    const created = RepaymentResultSchema.parse((await claim(c.auth, { amount: 500_00 })).json());
    for (const action of [staffApi.refundClaimApprove, staffApi.refundClaimReject]) {
      const byAuthor = await post(t.app, action(created.id), author.auth);
      expect(byAuthor.statusCode).toBe(403);
      expect(byAuthor.json()).toEqual({ detail: staffMessages.managerOnly });
      const byCustomer = await post(t.app, action(created.id), c.auth);
      expect(byCustomer.statusCode).toBe(403);
      const unknown = await post(t.app, action(999_999), manager.auth);
      expect(unknown.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: staffApi.refundClaims, headers: author.auth })).statusCode,
    ).toBe(403);
    expect((await list()).results.find((r) => r.id === created.id)?.status).toBe('pending');
    expect((await finances(t.app, c.id)).money).toBe(500_00);
  });
});
