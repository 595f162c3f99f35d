import type { OrderDiscount } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { priceWithDiscounts, type DiscountRule, type PricedOrder } from './pricing';
import { updateOrder } from './repo';
import { discountRuleRows, givingDiscountRows, replaceDiscounts, setDiscountAmount } from './repo-pricing';

/**
 * The discounts of a placed order (ADR 027): kept with the order when it is placed (the rule each
 * had then), applied by the one price function (pricing.ts `priceWithDiscounts`) to whatever price
 * before discounts the order gets — the estimate, the customer's edit, the manager's price — and
 * stored with its result, which payment and every answer read.
 */

/** The order's discounts in the breakdown's order, as placed. */
export async function discountRulesOf(db: Kysely<DB>, orderId: number): Promise<DiscountRule[]> {
  const rows = await discountRuleRows(db, orderId);
  return rows.map((r) => ({ kind: r.kind, name: r.name, rule: r.rule, value: Number(r.value) }));
}

/** Keeps a new order's discounts with it, each with what it gives at the placed price. */
export async function keepDiscounts(
  trx: Kysely<DB>,
  orderId: number,
  rules: readonly DiscountRule[],
  priced: PricedOrder,
): Promise<void> {
  await replaceDiscounts(
    trx,
    orderId,
    rules.map((r, position) => ({
      order_id: orderId,
      position,
      kind: r.kind,
      name: r.name,
      rule: r.rule,
      value: r.value,
      amount: priced.amounts[position] ?? 0,
    })),
  );
}

/**
 * Prices the order anew from a price before discounts with the discounts it keeps, and stores the
 * result: `cost`, `discount`, `price`, and each discount's amount. Inside the caller's transaction.
 */
export async function repriceOrder(
  trx: Kysely<DB>,
  orderId: number,
  cost: number,
  at: string,
): Promise<PricedOrder> {
  const rules = await discountRulesOf(trx, orderId);
  const priced = priceWithDiscounts(cost, rules);
  await updateOrder(trx, orderId, {
    cost: priced.cost,
    discount: priced.discount,
    price: priced.price,
    updated_at: at,
  });
  await storeAmounts(trx, orderId, priced);
  return priced;
}

/** Writes what each of the order's discounts gives at the price just computed. */
export async function storeAmounts(trx: Kysely<DB>, orderId: number, priced: PricedOrder): Promise<void> {
  for (const [position, amount] of priced.amounts.entries()) {
    await setDiscountAmount(trx, orderId, position, amount);
  }
}

/** The order's discounts as answers carry them: those that take something off now. */
export async function orderDiscounts(db: Kysely<DB>, orderId: number): Promise<OrderDiscount[]> {
  const rows = await givingDiscountRows(db, orderId);
  return rows.map((r) => ({
    kind: r.kind,
    name: r.name,
    percent: r.rule === 'percent' ? Number(r.value) : null,
    fixed: r.rule === 'fixed' ? Number(r.value) : null,
    amount: Number(r.amount),
  }));
}
