import { paymentMessages } from '@cabinet/contract';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { HttpError } from '../../plugins/errors';

/**
 * The double-entry ledger (migration 012, docs/decisions/018-ledger.md). An account's balance is
 * the sum of its entries; the entries of one movement sum to zero, so money is never made or lost,
 * only moved. Customer accounts may never go below zero: the cached balance is updated and read
 * back in the same statement, and a negative result throws (rolling the transaction back) — on
 * PostgreSQL the row's lock serialises concurrent movements, on SQLite the database's write lock.
 *
 * Signs: what the service owes or has earned grows with + — a customer's money and bonus, tips
 * owed to an author, `revenue` when an order's price is earned (− when given back); where the money
 * physically sits is the other side — `provider_clearing` goes − when a provider collects for us.
 * The shapes of each movement are listed in settle.ts, refunds.ts and payouts.ts.
 */
export const accounts = {
  /** What the customer holds on the balance (a liability of the service). */
  customerMoney: (userId: number) => `customer_money:${userId}`,
  /** The customer's bonuses (spendable on orders within the cap). */
  customerBonus: (userId: number) => `customer_bonus:${userId}`,
  /** Money collected by a provider (card, СБП, ЮMoney, installments) for the service. */
  providerClearing: 'provider_clearing',
  /** Prices of orders paid: the service's revenue. */
  revenue: 'revenue',
  /** Bonuses granted by the service (and taken back when spent). */
  bonusPool: 'bonus_pool',
  /** Tips owed to an author. */
  tips: (staffId: number) => `tips:${staffId}`,
  /** Money sent out to cards (repayments, refunds through the provider). */
  payouts: 'payouts',
  /** Gift certificates sold and not yet redeemed: the service owes their value. */
  certificates: 'certificates',
} as const;

const NON_NEGATIVE = /^customer_(money|bonus):/;

export interface LedgerEntry {
  account: string;
  /** Signed kopecks. */
  amount: number;
}

export interface LedgerTxn {
  kind: string;
  user_id: number | null;
  payment_id?: number | null;
  order_id?: number | null;
  /** The customer's words for the balance screen's row. */
  title: string;
  at?: string;
}

/**
 * Writes one balanced movement. Call inside a database transaction (`trx`): the entries, the
 * cached balances and the caller's other writes commit together or not at all. Throws 409
 * «На балансе недостаточно средств» / «Бонусов недостаточно» when a customer account would go
 * below zero. Returns the txn id.
 */
export async function postTxn(trx: Kysely<DB>, txn: LedgerTxn, entries: LedgerEntry[]): Promise<number> {
  const lines = entries.filter((e) => e.amount !== 0);
  for (const e of lines) {
    if (!Number.isSafeInteger(e.amount))
      throw new Error(`ledger: ${e.account} amount ${e.amount} is not whole kopecks`);
  }
  const sum = lines.reduce((acc, e) => acc + e.amount, 0);
  if (sum !== 0) throw new Error(`ledger: ${txn.kind} does not balance (${sum})`);
  if (lines.length === 0) throw new Error(`ledger: ${txn.kind} moves nothing`);
  const { id } = await trx
    .insertInto('ledger_txns')
    .values({
      kind: txn.kind,
      user_id: txn.user_id,
      payment_id: txn.payment_id ?? null,
      order_id: txn.order_id ?? null,
      title: txn.title,
      created_at: txn.at ?? new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('ledger_entries')
    .values(lines.map((e) => ({ txn_id: id, account: e.account, amount: e.amount })))
    .execute();
  // In a fixed order (by account), so two movements never wait on each other's rows crosswise.
  const byAccount = new Map<string, number>();
  for (const e of lines) byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + e.amount);
  for (const [account, amount] of [...byAccount].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const row = await trx
      .insertInto('ledger_balances')
      .values({ account, balance: amount })
      .onConflict((oc) =>
        oc.column('account').doUpdateSet({ balance: sql<number>`ledger_balances.balance + ${amount}` }),
      )
      .returning('balance')
      .executeTakeFirstOrThrow();
    if (NON_NEGATIVE.test(account) && Number(row.balance) < 0) {
      throw new HttpError(
        409,
        account.startsWith('customer_bonus:') ? paymentMessages.bonusShort : paymentMessages.balanceShort,
      );
    }
  }
  return id;
}

/** The cached balance of an account (0 when it never moved). */
export async function balanceOf(db: Kysely<DB>, account: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_balances')
    .select('balance')
    .where('account', '=', account)
    .executeTakeFirst();
  return row ? Number(row.balance) : 0;
}

/** A customer's money and bonus, in kopecks (PATCH profile/status/, the balance screen). */
export async function financesOf(db: Kysely<DB>, userId: number): Promise<{ money: number; bonus: number }> {
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['account', 'balance'])
    .where('account', 'in', [accounts.customerMoney(userId), accounts.customerBonus(userId)])
    .execute();
  const of = (account: string) => Number(rows.find((r) => r.account === account)?.balance ?? 0);
  return { money: of(accounts.customerMoney(userId)), bonus: of(accounts.customerBonus(userId)) };
}

export interface LedgerCheck {
  ok: boolean;
  txns: number;
  /** Txns whose entries do not sum to zero. */
  unbalanced: number[];
  /** Accounts whose cached balance differs from the sum of their entries. */
  drifted: Array<{ account: string; cached: number; sum: number }>;
  /** Customer accounts below zero. */
  negative: Array<{ account: string; balance: number }>;
}

/** What `npm run ledger:check` prints and the tests assert after every suite. */
export async function checkLedger(db: Kysely<DB>): Promise<LedgerCheck> {
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['txn_id', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('txn_id')
    .having((eb) => eb.fn.sum('amount'), '!=', 0)
    .execute();
  const sums = await db
    .selectFrom('ledger_entries')
    .select(['account', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('account')
    .execute();
  const cached = await db.selectFrom('ledger_balances').select(['account', 'balance']).execute();
  const sumOf = new Map(sums.map((r) => [r.account, Number(r.total)]));
  const drifted: LedgerCheck['drifted'] = [];
  for (const row of cached) {
    const sum = sumOf.get(row.account) ?? 0;
    if (Number(row.balance) !== sum) drifted.push({ account: row.account, cached: Number(row.balance), sum });
    sumOf.delete(row.account);
  }
  for (const [account, sum] of sumOf) if (sum !== 0) drifted.push({ account, cached: 0, sum });
  const negative = cached
    .filter((r) => NON_NEGATIVE.test(r.account) && Number(r.balance) < 0)
    .map((r) => ({ account: r.account, balance: Number(r.balance) }));
  const txns = await db
    .selectFrom('ledger_txns')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return {
    ok: unbalanced.length === 0 && drifted.length === 0 && negative.length === 0,
    txns: Number(txns.n),
    unbalanced: unbalanced.map((r) => r.txn_id),
    drifted,
    negative,
  };
}
