import type { AnyDb } from './helpers';

/** The attribution columns, on customers (at registration) and on orders (when placed). */
const COLUMNS = ['referrer', 'landing', 'campaign', 'affiliate_uid'] as const;

/**
 * Marketing attribution recorded with customers and orders (spec §9): what the tracking
 * cookies held when the customer registered and when each order was placed. Null where a cookie
 * was absent. The staff report groups orders and customers by `campaign` and `affiliate_uid`.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const table of ['users', 'orders']) {
    for (const column of COLUMNS) {
      await db.schema.alterTable(table).addColumn(column, 'text').execute();
    }
  }
  // The report reads the orders and the customers of a period.
  await db.schema.createIndex('orders_created_at').ifNotExists().on('orders').column('created_at').execute();
  await db.schema.createIndex('users_created_at').ifNotExists().on('users').column('created_at').execute();
}
