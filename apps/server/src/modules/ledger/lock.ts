import { PostgresAdapter, type Kysely } from 'kysely';
import type { DB } from '../../db/types';

/**
 * Holds the customer's row until the transaction ends, so that the customer's transactions that
 * decide from what the customer holds (placing, the byte budget of uploads) run one after another.
 * Run it first in the transaction. SQLite has no row locks: a write as the first statement takes
 * the database's write lock there (what BEGIN IMMEDIATE does), so no other connection or process
 * can write between this transaction's reads and its writes. On PostgreSQL the lock is FOR NO KEY
 * UPDATE: it queues the customer's own transactions as FOR UPDATE would, but lets other
 * transactions' foreign-key checks on the row (an order's event, a mail, a ledger txn) through —
 * FOR UPDATE made them wait, and pricing one order while placing another deadlocked.
 */
export async function lockCustomer(db: Kysely<DB>, userId: number): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
  } else {
    // A column no key or index covers, so that the write checks nothing else.
    await db
      .updateTable('users')
      .set((eb) => ({ created_at: eb.ref('created_at') }))
      .where('id', '=', userId)
      .execute();
  }
}
