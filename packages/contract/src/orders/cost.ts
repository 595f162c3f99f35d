import { text } from '../common/input';
import { z } from '../common/zod';

/** A first order is this much cheaper (percent of the cost). */
export const FIRST_ORDER_DISCOUNT_PERCENT = 10;
/** All discounts of one order together never exceed this share of its cost (percent). */
export const DISCOUNT_CAP_PERCENT = 30;

const kopecks = z.number().int().nonnegative();
const percent = z.number().int().positive();

/** How the estimated price of an order is made up; every amount in kopecks. */
export const CostBreakdownSchema = z.object({
  price_per_page: kopecks,
  /** The volume paid for: the work type's minimum when fewer pages are ordered. */
  pages_billed: z.number().int().positive(),
  base: kopecks,
  /** Whole days left until the deadline when the price was computed. */
  days_left: z.number().int(),
  urgency_percent: percent,
  urgency_surcharge: kopecks,
  originality_percent: percent,
  originality_surcharge: kopecks,
  verification_percent: percent,
  verification_surcharge: kopecks,
  /** Rounded to whole roubles. */
  total: kopecks,
});
export type CostBreakdown = z.infer<typeof CostBreakdownSchema>;

/** What became of the promo code offered with the order. */
export const PromoStatusSchema = z.enum(['none', 'applied', 'expired', 'used_up', 'not_found']);
export type PromoStatus = z.infer<typeof PromoStatusSchema>;

export const promoMessages = {
  expired: 'Срок действия промокода истёк',
  used_up: 'Промокод больше не действует: его уже использовали максимальное число раз',
  not_found: 'Такого промокода нет',
} as const satisfies Partial<Record<PromoStatus, string>>;

/** Why an order is cheaper: one line of the breakdown each. */
export const DiscountReasonSchema = z.enum(['first_order', 'packet', 'promo']);
export type DiscountReason = z.infer<typeof DiscountReasonSchema>;

/** The part of the discount given for one reason, in whole roubles (kopecks). */
export const DiscountLineSchema = z.object({ reason: DiscountReasonSchema, amount: kopecks });
export type DiscountLine = z.infer<typeof DiscountLineSchema>;

/**
 * One discount of a placed order, as the order carries it (ADR 027): the rule it had when the order
 * was placed — a percent of the price or a fixed sum — under its name, and the part of the discount
 * it gives at the order's present price before discounts (`cost`). The amounts of an order's
 * discounts add up to its `discount`, so `cost` less them is `price`, what the customer pays.
 */
export const OrderDiscountSchema = z.object({
  kind: DiscountReasonSchema,
  /** «Скидка на первый заказ», «Промокод STUDENT10», «Скидка пакета «…»». */
  name: text(),
  /** The rule: percent of the price, or null for a fixed sum. */
  percent: z.number().int().nonnegative().nullable(),
  /** The rule: a fixed sum in kopecks, or null for a percent. */
  fixed: kopecks.nullable(),
  /** What it takes off the present price, in whole roubles (kopecks). */
  amount: kopecks,
});
export type OrderDiscount = z.infer<typeof OrderDiscountSchema>;

export const DiscountBreakdownSchema = z.object({
  cost: kopecks,
  promo_status: PromoStatusSchema,
  promo_discount: kopecks,
  first_order_discount: kopecks,
  /** The discount of an order packet, for each order placed in one. */
  packet_discount: kopecks,
  /** The largest discount allowed for this cost. */
  discount_cap: kopecks,
  /** The discount actually given: the sum of the above, capped, so that the total is whole roubles. */
  discount: kopecks,
  total: kopecks,
  /**
   * The discount given, one line per reason (first order, packet, promo code, in that order);
   * the amounts add up to `discount` exactly, so the breakdown sums to the total.
   */
  lines: z.array(DiscountLineSchema),
  /** Whether the cap cut the discounts (their sum was above `discount_cap`). */
  capped: z.boolean(),
});
export type DiscountBreakdown = z.infer<typeof DiscountBreakdownSchema>;
