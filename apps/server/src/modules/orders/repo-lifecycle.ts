import { PostgresAdapter, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB, OrderEventsTable, OrdersTable } from '../../db/types';
import type { OrderRow } from './repo';

// The rows of an order's life: reading and locking a placed order, its status written, its
// timeline's events, and what the mails about it read (lifecycle.ts, event-mails.ts, placed-mail.ts).

/**
 * Reads the order and holds it until the transaction ends: `SELECT … FOR UPDATE` on PostgreSQL;
 * on SQLite every write transaction already runs alone (one connection, one writer).
 * Returns undefined when there is no such placed order (drafts are not orders).
 */
export async function lockOrder(trx: Kysely<DB>, orderId: number): Promise<OrderRow | undefined> {
  let query = trx.selectFrom('orders').selectAll().where('id', '=', orderId).where('is_fake', '=', 0);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * {@link lockOrder} with the customer's full name beside the order, in the same round trip (the
 * chat shows the customer to staff by first name); only the order's row is locked.
 */
export async function lockOrderWithCustomerName(
  trx: Kysely<DB>,
  orderId: number,
): Promise<(OrderRow & { customer_fio: string }) | undefined> {
  let query = trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select('users.fio as customer_fio')
    .where('orders.id', '=', orderId)
    .where('orders.is_fake', '=', 0);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate(['orders']);
  return query.executeTakeFirst();
}

/** A placed order (a draft is none), unlocked. */
export function findPlacedOrder(db: Kysely<DB>, orderId: number): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', orderId)
    .where('is_fake', '=', 0)
    .executeTakeFirst();
}

/** Appends a row to the order's timeline. */
export async function insertEvent(trx: Kysely<DB>, values: Insertable<OrderEventsTable>): Promise<void> {
  await trx.insertInto('order_events').values(values).execute();
}

/**
 * Writes the order's new status (and `set`'s other columns) only if it is still `fromStatus`;
 * false when a concurrent move got there first.
 */
export async function setStatusIfStill(
  trx: Kysely<DB>,
  orderId: number,
  fromStatus: number,
  set: Updateable<OrdersTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set(set)
    .where('id', '=', orderId)
    .where('status_id', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a mail about an order's event names, with where it goes and whether it may. */
export function orderMailRow(trx: Kysely<DB>, orderId: number) {
  return trx
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select([
      'orders.id',
      'orders.user_id',
      'orders.work_type_id',
      'orders.topic',
      'orders.price',
      'orders.deadline',
      'orders.guarantee_until',
      'users.email',
      'users.email_delivery',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** The customer's address and whether they take e-mail. */
export function mailSettings(trx: Kysely<DB>, userId: number) {
  return trx
    .selectFrom('users')
    .select(['email', 'email_delivery'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The customer's orders among `orderIds`, by id. */
export function customerOrders(trx: Kysely<DB>, userId: number, orderIds: readonly number[]) {
  return trx
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', [...orderIds])
    .orderBy('id')
    .execute();
}
