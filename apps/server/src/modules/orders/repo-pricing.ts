import type { Insertable, Kysely } from 'kysely';
import type { DB, OrderDiscountsTable } from '../../db/types';

// The rows of an order's discounts (ADR 027; discounts.ts): kept when it is placed, their amounts
// written whenever it is priced.

/** The order's discounts in the breakdown's order, as placed. */
export function discountRuleRows(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('order_discounts')
    .select(['kind', 'name', 'rule', 'value'])
    .where('order_id', '=', orderId)
    .orderBy('position')
    .execute();
}

/** The order's discounts become `rows` (none when empty). */
export async function replaceDiscounts(
  trx: Kysely<DB>,
  orderId: number,
  rows: Array<Insertable<OrderDiscountsTable>>,
): Promise<void> {
  await trx.deleteFrom('order_discounts').where('order_id', '=', orderId).execute();
  if (rows.length === 0) return;
  await trx.insertInto('order_discounts').values(rows).execute();
}

/** What the order's discount at `position` gives. */
export async function setDiscountAmount(
  trx: Kysely<DB>,
  orderId: number,
  position: number,
  amount: number,
): Promise<void> {
  await trx
    .updateTable('order_discounts')
    .set({ amount })
    .where('order_id', '=', orderId)
    .where('position', '=', position)
    .execute();
}

/** The order's discounts that take something off now, in the breakdown's order. */
export function givingDiscountRows(db: Kysely<DB>, orderId: number) {
  return db
    .selectFrom('order_discounts')
    .select(['kind', 'name', 'rule', 'value', 'amount'])
    .where('order_id', '=', orderId)
    .where('amount', '>', 0)
    .orderBy('position')
    .execute();
}
