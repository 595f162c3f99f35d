import {
  BONUS_HISTORY_PAGE_SIZE,
  BONUS_MAX_PERCENT,
  BonusSchema,
  api,
  referralMessages,
  paymentsApi,
} from '@cabinet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredBonuses } from '../src/modules/referrals/expiry';
import { buildTestApp, type TestApp } from './helpers';
import { expectLedgerOk, finances, payCustomer, type Auth } from './payments-fixtures';
import { accounts, postTxn } from '../src/modules/ledger';

/**
 * GET bonus/ and the expiry sweep: the balance, the rules, the history newest first by
 * pages, what expires when, and bonuses older than BONUS_TTL_DAYS taken away once (FIFO against
 * spending), however many sweeps run at once. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */

const TTL = 30;
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ BONUS_TTL_DAYS: String(TTL) });
});
afterAll(async () => {
  await expectLedgerOk(t.app);
  await t.close();
});

async function credit(
  app: FastifyInstance,
  userId: number,
  amount: number,
  at: string,
  kind = 'bonus_accrual',
) {
  await app.database.db.transaction().execute((trx) =>
    postTxn(trx, { kind, user_id: userId, title: `Бонусы ${amount}`, at }, [
      { account: accounts.bonusPool, amount: -amount },
      { account: accounts.customerBonus(userId), amount },
    ]),
  );
}

async function spend(app: FastifyInstance, userId: number, amount: number, at: string) {
  await app.database.db.transaction().execute((trx) =>
    postTxn(trx, { kind: 'bonus_spent', user_id: userId, title: `Оплата бонусами ${amount}`, at }, [
      { account: accounts.customerBonus(userId), amount: -amount },
      { account: accounts.bonusPool, amount },
    ]),
  );
}

async function bonusOf(auth: Auth, page?: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: page ? `${api.bonus.root}?page=${page}` : api.bonus.root,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return BonusSchema.parse(res.json());
}

async function expiredTxns(userId: number) {
  return t.app.database.db
    .selectFrom('ledger_txns as t')
    .innerJoin('ledger_entries as e', 'e.txn_id', 't.id')
    .select(['t.id', 'e.amount', 't.title'])
    .where('t.kind', '=', 'bonus_expired')
    .where('t.user_id', '=', userId)
    .where('e.account', '=', accounts.customerBonus(userId))
    .execute();
}

describe('GET bonus/', () => {
  it('an empty account: zero, the rules from configuration and the payments contract', async () => {
    const c = await payCustomer(t.app);
    expect(await bonusOf(c.auth)).toEqual({
      balance: 0,
      rules: {
        accrual_percent: 3,
        referral_bonus: 500_00,
        max_share_percent: BONUS_MAX_PERCENT,
        ttl_days: TTL,
      },
      history: [],
      count: 0,
      page: 1,
      page_size: BONUS_HISTORY_PAGE_SIZE,
      expiring: [],
    });
  });

  it('the history newest first with signs and each credit’s expiry; the next lots to expire', async () => {
    const c = await payCustomer(t.app);
    await credit(t.app, c.id, 100_00, ago(20));
    await credit(t.app, c.id, 50_00, ago(10), 'referral_bonus');
    await spend(t.app, c.id, 120_00, ago(5));
    const bonus = await bonusOf(c.auth);
    expect(bonus.balance).toBe(30_00);
    expect(bonus.history.map((h) => [h.kind, h.amount])).toEqual([
      ['bonus_spent', -120_00],
      ['referral_bonus', 50_00],
      ['bonus_accrual', 100_00],
    ]);
    // The first credit was spent whole: it no longer expires; 30 ₽ of the second do.
    expect(bonus.history[2]!.expires_at).toBeUndefined();
    const due = new Date(Date.parse(bonus.history[1]!.at) + TTL * DAY).toISOString();
    expect(bonus.history[1]!.expires_at).toBe(due);
    expect(bonus.expiring).toEqual([{ amount: 30_00, expires_at: due }]);
  });

  it('pages the history (?page=), and refuses a bad page with 400', async () => {
    const c = await payCustomer(t.app);
    for (let i = 0; i < BONUS_HISTORY_PAGE_SIZE + 3; i += 1) await credit(t.app, c.id, 1_00 + i, ago(1));
    const first = await bonusOf(c.auth);
    const second = await bonusOf(c.auth, 2);
    expect(first.count).toBe(BONUS_HISTORY_PAGE_SIZE + 3);
    expect(first.history).toHaveLength(BONUS_HISTORY_PAGE_SIZE);
    expect(second.history.map((h) => h.amount)).toEqual([1_02, 1_01, 1_00]);
    expect(first.history[0]!.amount).toBe(1_00 + BONUS_HISTORY_PAGE_SIZE + 2);
    const bad = await t.app.inject({ method: 'GET', url: `${api.bonus.root}?page=0`, headers: c.auth });
    expect(bad.statusCode).toBe(400);
  });

  it('takes away what expired before answering, so the balance never holds dead bonuses', async () => {
    const c = await payCustomer(t.app);
    await credit(t.app, c.id, 200_00, ago(TTL + 2));
    await spend(t.app, c.id, 50_00, ago(TTL + 1));
    await credit(t.app, c.id, 40_00, ago(3));
    const bonus = await bonusOf(c.auth);
    expect(bonus.balance).toBe(40_00);
    expect(bonus.history[0]).toMatchObject({
      kind: 'bonus_expired',
      amount: -150_00,
      title: referralMessages.expiredTitle,
    });
    expect((await bonusOf(c.auth)).history.filter((h) => h.kind === 'bonus_expired')).toHaveLength(1);
    const balance = await t.app.inject({ method: 'GET', url: paymentsApi.balance, headers: c.auth });
    expect(balance.json<{ results: Array<{ kind: string; bonus: number }> }>().results[0]).toMatchObject({
      kind: 'bonus_expired',
      bonus: -150_00,
    });
    expect(await finances(t.app, c.id)).toMatchObject({ bonus: 40_00 });
  });
});

describe('the expiry sweep', () => {
  it('expires what is left of old lots for every customer, once, even with sweeps running at once', async () => {
    const a = await payCustomer(t.app);
    const b = await payCustomer(t.app);
    const fresh = await payCustomer(t.app);
    await credit(t.app, a.id, 100_00, ago(TTL + 5));
    await spend(t.app, a.id, 30_00, ago(TTL + 4));
    await credit(t.app, a.id, 20_00, ago(1));
    await credit(t.app, b.id, 10_00, ago(TTL + 1));
    await credit(t.app, fresh.id, 70_00, ago(TTL - 1));

    const totals = await Promise.all([
      sweepExpiredBonuses(t.app.database.db, TTL),
      sweepExpiredBonuses(t.app.database.db, TTL),
      sweepExpiredBonuses(t.app.database.db, TTL),
    ]);
    // Other tests' customers may expire here too; ours add 80 ₽, counted once across the sweeps.
    expect(totals.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(80_00);
    expect((await expiredTxns(a.id)).map((x) => Number(x.amount))).toEqual([-70_00]);
    expect((await expiredTxns(b.id)).map((x) => Number(x.amount))).toEqual([-10_00]);
    expect(await expiredTxns(fresh.id)).toEqual([]);
    expect((await finances(t.app, a.id)).bonus).toBe(20_00);
    expect((await finances(t.app, b.id)).bonus).toBe(0);
    expect((await finances(t.app, fresh.id)).bonus).toBe(70_00);

    // Again later: nothing more, until the fresh lot's day comes.
    expect(await sweepExpiredBonuses(t.app.database.db, TTL)).toBe(0);
    expect(await sweepExpiredBonuses(t.app.database.db, TTL, new Date(Date.now() + 2 * DAY))).toBe(70_00);
    expect((await finances(t.app, fresh.id)).bonus).toBe(0);
    await expectLedgerOk(t.app);
  });
});
