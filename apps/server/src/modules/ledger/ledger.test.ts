import { paymentMessages } from '@cabinet/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/index';
import { migrateToLatest } from '../../db/migrate';
import { accounts, balanceOf, checkLedger, financesOf, postTxn } from './ledger';

// The ledger's own rules, on an in-memory database: a movement balances or is refused, a
// customer's account never goes below zero, and the check finds any drift of the cached balances.

describe('ledger', () => {
  let database: Database;
  let userId = 0;

  beforeAll(async () => {
    database = openDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
    const row = await database.db
      .insertInto('users')
      .values({ email: 'ledger@example.com', password_hash: 'x', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = row.id;
  });
  afterAll(() => database.close());

  const move = (entries: Array<{ account: string; amount: number }>, kind = 'replenish') =>
    database.db
      .transaction()
      .execute((trx) => postTxn(trx, { kind, user_id: userId, title: 'Тест' }, entries));

  it('writes a balanced movement and keeps the cached balances', async () => {
    await move([
      { account: accounts.providerClearing, amount: -500_00 },
      { account: accounts.customerMoney(userId), amount: 500_00 },
    ]);
    expect(await balanceOf(database.db, accounts.customerMoney(userId))).toBe(500_00);
    expect(await financesOf(database.db, userId)).toEqual({ money: 500_00, bonus: 0 });
    expect(await checkLedger(database.db)).toMatchObject({ ok: true, unbalanced: [], drifted: [] });
  });

  it('refuses an unbalanced movement, fractions of a kopeck and an empty one, writing nothing', async () => {
    const before = await checkLedger(database.db);
    await expect(
      move([
        { account: accounts.providerClearing, amount: -100 },
        { account: accounts.customerMoney(userId), amount: 99 },
      ]),
    ).rejects.toThrow(/does not balance/);
    await expect(
      move([
        { account: accounts.providerClearing, amount: -0.5 },
        { account: accounts.customerMoney(userId), amount: 0.5 },
      ]),
    ).rejects.toThrow(/whole kopecks/);
    await expect(move([])).rejects.toThrow(/moves nothing/);
    const after = await checkLedger(database.db);
    expect(after.txns).toBe(before.txns);
    expect(await balanceOf(database.db, accounts.customerMoney(userId))).toBe(500_00);
  });

  it('never lets a customer account go below zero: the movement is refused with 409 and rolled back', async () => {
    await expect(
      move(
        [
          { account: accounts.customerMoney(userId), amount: -500_01 },
          { account: accounts.revenue, amount: 500_01 },
        ],
        'balance_payment',
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: paymentMessages.balanceShort });
    await expect(
      move([
        { account: accounts.customerBonus(userId), amount: -1 },
        { account: accounts.bonusPool, amount: 1 },
      ]),
    ).rejects.toMatchObject({ statusCode: 409, message: paymentMessages.bonusShort });
    expect(await financesOf(database.db, userId)).toEqual({ money: 500_00, bonus: 0 });
    expect((await checkLedger(database.db)).ok).toBe(true);
  });

  it('holds for any sequence of payments from the balance: never negative, always balanced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 300_00 }), { maxLength: 12 }), async (amounts) => {
        for (const amount of amounts) {
          const held = await balanceOf(database.db, accounts.customerMoney(userId));
          const attempt = move(
            [
              { account: accounts.customerMoney(userId), amount: -amount },
              { account: accounts.revenue, amount },
            ],
            'balance_payment',
          );
          if (amount > held) await expect(attempt).rejects.toMatchObject({ statusCode: 409 });
          else await attempt;
          expect(await balanceOf(database.db, accounts.customerMoney(userId))).toBe(
            amount > held ? held : held - amount,
          );
        }
        const check = await checkLedger(database.db);
        expect(check.ok).toBe(true);
        expect(check.negative).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });

  it('finds drift: a cached balance that no longer matches its entries, and a txn that does not sum to zero', async () => {
    await database.db
      .updateTable('ledger_balances')
      .set({ balance: 1 })
      .where('account', '=', accounts.revenue)
      .execute();
    const txn = await database.db
      .insertInto('ledger_txns')
      .values({ kind: 'payment', user_id: userId, title: 'Сломано', created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .insertInto('ledger_entries')
      .values({ txn_id: txn.id, account: 'x', amount: 7 })
      .execute();
    const check = await checkLedger(database.db);
    expect(check.ok).toBe(false);
    expect(check.unbalanced).toEqual([txn.id]);
    expect(check.drifted.map((d) => d.account).sort()).toEqual([accounts.revenue, 'x'].sort());
  });
});
