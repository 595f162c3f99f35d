import {
  PAYMENT_MAX_KOPECKS,
  PAYMENT_METHOD_IDS,
  PAYMENT_MIN_KOPECKS,
  z,
  type Order,
  type PaymentMethodId,
} from '@cabinet/contract';
import { payMessages as m } from './messages';

/**
 * The rules the pay screens show before the server decides (it checks them all again and its
 * refusal is shown when it disagrees). Amounts in kopecks; what a person types or sees in the
 * address is in whole roubles.
 */

/** The order may be paid half now, half later: nothing paid yet and a price of at least 2 000 ₽. */
const HALF_MIN_KOPECKS = 2_000_00;
const KOPECKS_PER_ROUBLE = 100;
const MIN_ROUBLES = PAYMENT_MIN_KOPECKS / KOPECKS_PER_ROUBLE;
const MAX_ROUBLES = PAYMENT_MAX_KOPECKS / KOPECKS_PER_ROUBLE;

type Priced = Pick<Order, 'price' | 'paid'>;

export function amountLeft(order: Priced): number {
  return Math.max(0, order.price - order.paid);
}

export function canPayHalf(order: Priced): boolean {
  return order.paid === 0 && order.price >= HALF_MIN_KOPECKS;
}

/** The first half, rounded up to the rouble (as the server counts it). */
export function halfOf(price: number): number {
  return Math.ceil(price / 2 / KOPECKS_PER_ROUBLE) * KOPECKS_PER_ROUBLE;
}

/**
 * How many bonus kopecks may go to this payment: what the customer holds, at most `percent` of the
 * price (the server's BONUS_MAX_PERCENT, which `methods/` tells), and never the whole sum (a rouble
 * at least is paid in money).
 */
export function bonusCap(price: number, held: number, base: number, percent: number): number {
  const byPrice = Math.floor((price * percent) / 100);
  return Math.max(0, Math.min(held, byPrice, base - PAYMENT_MIN_KOPECKS));
}

interface OrderCharge {
  /** What the order gets: the rest of the price, or its first half. */
  base: number;
  bonus: number;
  /** What the chosen method is charged: `base − bonus`. */
  money: number;
}

export function orderCharge(
  order: Priced,
  part: 'full' | 'half',
  heldBonus: number,
  useBonus: boolean,
  /** The share of the price bonuses may cover, in percent. */
  bonusPercent: number,
): OrderCharge {
  const base = part === 'half' && canPayHalf(order) ? halfOf(order.price) : amountLeft(order);
  const bonus = useBonus ? bonusCap(order.price, heldBonus, base, bonusPercent) : 0;
  return { base, bonus, money: base - bonus };
}

/** `?tip=500` → 500 (roubles), when it is a whole number within the limits; otherwise nothing. */
export function roublesParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const roubles = Number(value.trim());
  return roubles >= MIN_ROUBLES && roubles <= MAX_ROUBLES ? roubles : null;
}

/** Roubles typed in a field → kopecks, or null while the text is not a valid amount. */
export function typedKopecks(text: string): number | null {
  const roubles = roublesParam(text);
  return roubles === null ? null : roubles * KOPECKS_PER_ROUBLE;
}

const methodField = z.enum(PAYMENT_METHOD_IDS, { error: m.methodRequired });

const roublesField = z
  .string()
  .trim()
  .min(1, { error: m.amountRequired, abort: true })
  .regex(/^\d+$/, m.amountWhole)
  .transform(Number)
  .pipe(z.number().min(MIN_ROUBLES, m.amountRange).max(MAX_ROUBLES, m.amountRange))
  .transform((roubles) => roubles * KOPECKS_PER_ROUBLE);

/** A tip's or a top-up's form: the amount typed in roubles, sent in kopecks. */
export const amountFormSchema = z.object({ amount: roublesField, payment_method: methodField });
export type AmountFormValues = { amount: string; payment_method: string };
export type AmountFormOutput = { amount: number; payment_method: PaymentMethodId };

export const orderPayFormSchema = z.object({
  payment_method: methodField,
  part: z.enum(['full', 'half']),
  use_bonus: z.boolean(),
});
export type OrderPayFormValues = { payment_method: string; part: 'full' | 'half'; use_bonus: boolean };
export type OrderPayFormOutput = z.infer<typeof orderPayFormSchema>;

export const methodFormSchema = z.object({ payment_method: methodField });
export type MethodFormValues = { payment_method: string };
export type MethodFormOutput = z.infer<typeof methodFormSchema>;
