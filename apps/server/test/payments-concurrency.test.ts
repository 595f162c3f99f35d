import { OrderStatusId, PayResultSchema, paymentMessages } from '@cabinet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import {
  awaitingOrder,
  buildPaymentsApp,
  expectLedgerOk,
  finances,
  giveMoney,
  pay,
  payCustomer,
} from './payments-fixtures';
import { checkLedger } from '../src/modules/ledger';

// No double spend: concurrent payments from one balance queue on the customer's row
// (PostgreSQL: SELECT … FOR UPDATE; SQLite: one write transaction at a time), and the ledger
// refuses a movement that would take the balance below zero. Runs on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.

describe('concurrent balance payments', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildPaymentsApp();
  });
  afterAll(async () => {
    await expectLedgerOk(t.app);
    await t.close();
  });

  it('50 payments of 50 orders with money for 10: exactly 10 succeed, the balance never goes below zero', async () => {
    const c = await payCustomer(t.app);
    const price = 1_000_00;
    await giveMoney(t.app, c.id, 10 * price);
    const ids: number[] = [];
    for (let i = 0; i < 50; i += 1) ids.push(await awaitingOrder(t.app, c, price));

    // Watch the balance while they run: it must never be seen below zero.
    let lowest = Infinity;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        lowest = Math.min(lowest, (await finances(t.app, c.id)).money);
        await new Promise((r) => setTimeout(r, 1));
      }
    })();
    const answers = await Promise.all(
      ids.map((id) => pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' })),
    );
    watching = false;
    await watcher;

    const ok = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    for (const r of ok) expect(PayResultSchema.parse(r.json()).status).toBe('succeeded');
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ detail: paymentMessages.balanceShort });
    }
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect((await finances(t.app, c.id)).money).toBe(0);
    const orders = await t.app.database.db
      .selectFrom('orders')
      .select(['status_id', 'paid'])
      .where('id', 'in', ids)
      .execute();
    expect(
      orders.filter((o) => o.status_id === OrderStatusId.searchingAuthor && o.paid === price),
    ).toHaveLength(10);
    expect(orders.filter((o) => o.status_id === OrderStatusId.awaitingPayment && o.paid === 0)).toHaveLength(
      40,
    );
    const succeeded = await t.app.database.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', c.id)
      .where('status', '=', 'succeeded')
      .execute();
    expect(succeeded).toHaveLength(10);
    const check = await checkLedger(t.app.database.db);
    expect(check.ok).toBe(true);
    expect(check.negative).toEqual([]);
  });

  it('50 payments of one order with different keys: it is paid once', async () => {
    const c = await payCustomer(t.app);
    await giveMoney(t.app, c.id, 100_000_00);
    const id = await awaitingOrder(t.app, c, 1_000_00);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        pay(t.app, c.auth, { purpose: 'order', object_id: id, payment_method: 'balance' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json()).toMatchObject({ detail: paymentMessages.notPayable });
    }
    expect((await finances(t.app, c.id)).money).toBe(99_000_00);
    await expectLedgerOk(t.app);
  });
});
