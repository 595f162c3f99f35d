import { FriendsSchema, PayResultSchema, api, paymentsApi } from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerCustomer, type TestApp } from './helpers';
import {
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  pay,
  type PayCustomer,
  awaitingOrder,
} from './payments-fixtures';
import { startFakeYookassa, type FakeYookassa } from './support/fake-yookassa';

/**
 * The referral bonus when the provider's notifications arrive twice and at once:
 * YooKassa (a local fake of its API) repeats a notification until it gets a 200 and may send it in
 * parallel; two payments of two orders may settle at the same moment. Both sides get the bonus
 * exactly once. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const SHOP_ID = '100500';
const SECRET = 'test_Fh8hUAVVBGUGbjmlzba6TB0iyUbos_lueTHE-axOwM0';
const NOTIFY = paymentsApi.notifications('yookassa');
const REWARD = 500_00;

let fake: FakeYookassa;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeYookassa({ shopId: SHOP_ID, secretKey: SECRET });
  t = await buildPaymentsApp({
    PAYMENTS_PROVIDER: 'yookassa',
    YOOKASSA_SHOP_ID: SHOP_ID,
    YOOKASSA_SECRET_KEY: SECRET,
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_NOTIFY_IPS: '127.0.0.1,::1',
  });
});
afterAll(async () => {
  await expectLedgerOk(t.app);
  await t.close();
  await fake.close();
});

async function customer(app: FastifyInstance, body: Record<string, unknown> = {}): Promise<PayCustomer> {
  const c = await registerCustomer(app, body);
  const row = await app.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', c.email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email: c.email, auth: bearer(c.access) };
}

async function referredPair() {
  const inviter = await customer(t.app, { fio: 'Анна Петрова' });
  const res = await t.app.inject({ method: 'GET', url: api.friends.root, headers: inviter.auth });
  const { code } = FriendsSchema.parse(res.json());
  const friend = await customer(t.app, { invite: code });
  return { inviter, friend };
}

/** POST pay/ by card at YooKassa: the provider's payment id. */
async function startCardPayment(c: PayCustomer, orderId: number): Promise<string> {
  const res = await pay(t.app, c.auth, { purpose: 'order', object_id: orderId, payment_method: 'bank_card' });
  expect(res.statusCode, res.body).toBe(200);
  const { pay_id } = PayResultSchema.parse(res.json());
  const row = await t.app.database.db
    .selectFrom('payments')
    .select('provider_payment_id')
    .where('id', '=', pay_id)
    .executeTakeFirstOrThrow();
  return row.provider_payment_id!;
}

function notify(object: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: NOTIFY,
    payload: { type: 'notification', event: 'payment.succeeded', object },
    remoteAddress: '127.0.0.1',
  });
}

async function referralTxns(userIds: number[]) {
  return t.app.database.db
    .selectFrom('ledger_txns')
    .select(['id', 'user_id'])
    .where('kind', '=', 'referral_bonus')
    .where('user_id', 'in', userIds)
    .execute();
}

describe('the referral bonus under repeated and concurrent notifications', () => {
  it('the same notification ten times at once, then again: both get the bonus once', async () => {
    const { inviter, friend } = await referredPair();
    const remoteId = await startCardPayment(friend, await awaitingOrder(t.app, friend, 1_500_00));
    const paid = fake.succeed(remoteId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify({ ...paid })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect((await notify({ ...paid })).statusCode).toBe(200);

    expect(await referralTxns([inviter.id, friend.id])).toHaveLength(2);
    expect((await finances(t.app, inviter.id)).bonus).toBe(REWARD);
    expect((await finances(t.app, friend.id)).bonus).toBe(REWARD + 45_00);
    await expectLedgerOk(t.app);
  });

  it('two orders paid by two payments whose notifications arrive together, each twice: once', async () => {
    const { inviter, friend } = await referredPair();
    const first = await startCardPayment(friend, await awaitingOrder(t.app, friend, 1_000_00));
    const second = await startCardPayment(friend, await awaitingOrder(t.app, friend, 2_000_00));
    const a = fake.succeed(first);
    const b = fake.succeed(second);
    const answers = await Promise.all([
      notify({ ...a }),
      notify({ ...b }),
      notify({ ...a }),
      notify({ ...b }),
    ]);
    expect(answers.map((x) => x.statusCode)).toEqual([200, 200, 200, 200]);

    expect(await referralTxns([inviter.id, friend.id])).toHaveLength(2);
    expect((await finances(t.app, inviter.id)).bonus).toBe(REWARD);
    // The friend: the referral bonus once and 3 % of both orders.
    expect((await finances(t.app, friend.id)).bonus).toBe(REWARD + 30_00 + 60_00);
    await expectLedgerOk(t.app);
  });
});
