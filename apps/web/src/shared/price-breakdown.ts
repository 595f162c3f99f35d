import type { OrderDiscount } from '@cabinet/contract';

/**
 * How an order's price is made up (ADR 027), the same on the customer's order header, the pay
 * page and the staff order screen: the price before discounts, a row per discount the order keeps
 * (its name and rule), then what the customer pays. Only the cabinet's lazy screens read this.
 */

export const priceBreakdownMessages = {
  summary: 'Из чего складывается цена',
  base: 'Цена без скидок',
  toPay: 'К оплате',
} as const;

export interface MoneyRow {
  label: string;
  kopecks: number;
  /** Taken off the sum: written with a minus. */
  minus?: boolean;
  /** The sum the rows come to. */
  total?: boolean;
}

/** «Скидка на первый заказ (10 %)»; a fixed sum goes by its name alone («Промокод LETO»). */
export function discountLabel(discount: Pick<OrderDiscount, 'name' | 'percent'>): string {
  return discount.percent === null ? discount.name : `${discount.name} (${discount.percent} %)`;
}

/** One row per discount, as taken off the price. */
export function discountRows(discounts: readonly OrderDiscount[]): MoneyRow[] {
  return discounts.map((d) => ({ label: discountLabel(d), kopecks: d.amount, minus: true }));
}

/**
 * The whole breakdown: the price before discounts, each discount, «К оплате». An order without
 * discounts is one row, its price.
 */
export function priceBreakdown(order: {
  cost: number;
  price: number;
  discounts: readonly OrderDiscount[];
}): MoneyRow[] {
  const toPay: MoneyRow = { label: priceBreakdownMessages.toPay, kopecks: order.price, total: true };
  if (order.discounts.length === 0) return [toPay];
  return [
    { label: priceBreakdownMessages.base, kopecks: order.cost },
    ...discountRows(order.discounts),
    toPay,
  ];
}
