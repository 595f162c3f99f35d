import {
  DISCOUNT_CAP_PERCENT,
  FIRST_ORDER_DISCOUNT_PERCENT,
  type CostBreakdown,
  type DiscountBreakdown,
  type DiscountReason,
  type PromoStatus,
  type VerificationSystem,
  type WorkType,
} from '@cabinet/contract';

/**
 * The price rules of an order, in one pure module: the server computes every price here
 * (the client's figure is never trusted), and the tests pin the rules down. Amounts are
 * integer kopecks; factors are integer percents (100 = unchanged), so no float ever rounds
 * money. The final figures are whole roubles.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const ROUBLE = 100;

export interface CostInput {
  workType: Pick<WorkType, 'price_per_page' | 'min_pages' | 'min_days'>;
  pages: number;
  deadline: Date;
  now: Date;
  /** Required originality, percent (0–100). */
  originality: number;
  verificationSystem: Pick<VerificationSystem, 'price_factor_percent'> | null;
}

/**
 * The deadline the customer picks is a calendar day; the work is due by the end of that day in
 * Moscow (UTC+3 all year since 2014), where the service works.
 */
export function deadlineEndOfDay(day: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a calendar day: ${day}`);
  return new Date(`${day}T23:59:59.999+03:00`);
}

/** Whole days left; a deadline less than a day away (or past) gives 0 or less. */
export function daysLeft(deadline: Date, now: Date): number {
  return Math.floor((deadline.getTime() - now.getTime()) / DAY_MS);
}

/**
 * Urgency surcharge: none with at least the work type's minimum days, then in steps as the
 * days left fall below three quarters, a half and a quarter of that minimum, then to one day.
 */
export function urgencyPercent(days: number, minDays: number): number {
  if (days >= minDays) return 100;
  if (4 * days >= 3 * minDays) return 115;
  if (2 * days >= minDays) return 130;
  if (4 * days >= minDays) return 160;
  if (days >= 1) return 200;
  return 250;
}

/** Up to 70 % originality any text reaches; each step above it costs more rewriting. */
export function originalityPercent(originality: number): number {
  if (originality <= 70) return 100;
  if (originality <= 80) return 110;
  if (originality <= 90) return 125;
  if (originality <= 95) return 150;
  return 180;
}

function scale(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

function roundToRoubles(kopecks: number): number {
  return Math.round(kopecks / ROUBLE) * ROUBLE;
}

function requireInteger(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} out of range: ${value}`);
  }
}

export function calculateCost(input: CostInput): CostBreakdown {
  const { workType, pages, originality } = input;
  requireInteger('pages', pages, 1);
  requireInteger('originality', originality, 0, 100);
  requireInteger('price_per_page', workType.price_per_page, 0);
  requireInteger('min_pages', workType.min_pages, 1);
  requireInteger('min_days', workType.min_days, 1);
  const verification = input.verificationSystem?.price_factor_percent ?? 100;
  // A factor below 100 would make the stricter-looking choice cheaper: systems only ever add.
  requireInteger('price_factor_percent', verification, 100);

  const pagesBilled = Math.max(pages, workType.min_pages);
  const base = workType.price_per_page * pagesBilled;
  const days = daysLeft(input.deadline, input.now);
  const urgency = urgencyPercent(days, workType.min_days);
  const withUrgency = scale(base, urgency);
  const originalityFactor = originalityPercent(originality);
  const withOriginality = scale(withUrgency, originalityFactor);
  const withVerification = scale(withOriginality, verification);

  return {
    price_per_page: workType.price_per_page,
    pages_billed: pagesBilled,
    base,
    days_left: days,
    urgency_percent: urgency,
    urgency_surcharge: withUrgency - base,
    originality_percent: originalityFactor,
    originality_surcharge: withOriginality - withUrgency,
    verification_percent: verification,
    verification_surcharge: withVerification - withOriginality,
    total: roundToRoubles(withVerification),
  };
}

/** A promo code as stored; the caller has found it by code and passes it as it is. */
export interface PromoRecord {
  kind: 'percent' | 'fixed';
  /** Percent for 'percent', kopecks for 'fixed'. */
  value: number;
  /** ISO instant after which the code no longer works, or null for no expiry. */
  expires_at: string | null;
  max_uses: number | null;
  uses: number;
}

export interface DiscountInput {
  promo?: PromoRecord | null;
  firstOrder: boolean;
  /** The discount of the order packet the order is placed in, percent (0–100). */
  packetPercent?: number;
  now: Date;
}

export function promoStatus(promo: PromoRecord | null | undefined, now: Date): PromoStatus {
  if (!promo) return 'none';
  if (promo.expires_at !== null && now.getTime() >= Date.parse(promo.expires_at)) return 'expired';
  if (promo.max_uses !== null && promo.uses >= promo.max_uses) return 'used_up';
  return 'applied';
}

/**
 * Discounts on a cost (kopecks): a promo code, the first-order and the packet discounts add up, but never
 * beyond DISCOUNT_CAP_PERCENT of the cost. The total is rounded up to whole roubles, so the
 * rounding only ever shrinks the discount and never takes it past the cap.
 */
export function applyDiscount(
  cost: number,
  { promo, firstOrder, packetPercent = 0, now }: DiscountInput,
): DiscountBreakdown {
  requireInteger('cost', cost, 0);
  requireInteger('packetPercent', packetPercent, 0, 100);
  const status = promoStatus(promo, now);
  const rules = discountRules({
    firstOrder,
    packet: packetPercent > 0 ? { title: '', percent: packetPercent } : null,
    promo: status === 'applied' && promo ? { code: '', ...promo } : null,
  });
  // The promo code's own status: an expired or unknown code is said so, not just left out.
  return { ...asDiscountBreakdown(priceWithDiscounts(cost, rules)), promo_status: status };
}

/** The priced order as the form's discount breakdown (an edit's preview, the edit itself). */
export function asDiscountBreakdown(priced: PricedOrder): DiscountBreakdown {
  const part = (kind: string) => priced.parts.find((p) => p.kind === kind)?.part ?? 0;
  return {
    cost: priced.cost,
    promo_status: priced.parts.some((p) => p.kind === 'promo') ? 'applied' : 'none',
    promo_discount: part('promo'),
    first_order_discount: part('first_order'),
    packet_discount: part('packet'),
    discount_cap: priced.cap,
    discount: priced.discount,
    total: priced.price,
    lines: priced.lines.map((l) => ({ reason: l.kind, amount: l.amount })),
    capped: priced.capped,
  };
}

/**
 * One discount of an order as it keeps it (ADR 027): what it is for, its name, and its rule — a
 * percent of the price or a fixed sum (kopecks) — as they were when the order was placed.
 */
export interface DiscountRule {
  kind: DiscountReason;
  name: string;
  rule: 'percent' | 'fixed';
  /** Percent (0–100) for 'percent', kopecks for 'fixed'. */
  value: number;
}

/** The names the order's discounts keep; frozen into the order when it is placed. */
export const discountNames = {
  first_order: 'Скидка на первый заказ',
  packet: (title: string) => (title ? `Скидка пакета «${title}»` : 'Скидка пакета'),
  promo: (code: string) => (code ? `Промокод ${code}` : 'Скидка по промокоду'),
} as const;

/**
 * The discounts a new order gets, in the breakdown's order (first order, packet, promo code): the
 * first-order discount, its packet's, and a promo code that works.
 */
export function discountRules(input: {
  firstOrder: boolean;
  packet: { title: string; percent: number } | null;
  promo: (Pick<PromoRecord, 'kind' | 'value'> & { code: string }) | null;
}): DiscountRule[] {
  const rules: DiscountRule[] = [];
  if (input.firstOrder) {
    rules.push({
      kind: 'first_order',
      name: discountNames.first_order,
      rule: 'percent',
      value: FIRST_ORDER_DISCOUNT_PERCENT,
    });
  }
  if (input.packet && input.packet.percent > 0) {
    rules.push({
      kind: 'packet',
      name: discountNames.packet(input.packet.title),
      rule: 'percent',
      value: input.packet.percent,
    });
  }
  if (input.promo) {
    rules.push({
      kind: 'promo',
      name: discountNames.promo(input.promo.code),
      rule: input.promo.kind,
      value: input.promo.value,
    });
  }
  return rules;
}

/** One discount of an order at a price: its rule, and the part of the discount it gives. */
export interface PricedDiscount extends DiscountRule {
  /** What it takes off, in whole roubles; the amounts add up to the discount given. */
  amount: number;
}

export interface PricedOrder {
  /** The price before discounts: the estimate at placement, then what the manager sets. */
  cost: number;
  /** The discounts' sum as given (capped, the price whole roubles). */
  discount: number;
  /** What the customer pays: cost − discount, whole roubles. */
  price: number;
  /** The largest discount allowed for this cost. */
  cap: number;
  /** Whether the cap cut the discounts. */
  capped: boolean;
  /** Each rule's own part before the cap and the rounding. */
  parts: Array<{ kind: DiscountReason; part: number }>;
  /** What each rule gives (same index as the rules), whole roubles; they add up to `discount`. */
  amounts: number[];
  /** The discounts given, in the rules' order; those the cap left nothing of are left out. */
  lines: PricedDiscount[];
}

function rulePart(cost: number, rule: DiscountRule): number {
  const value = Math.max(rule.value, 0);
  if (rule.rule === 'percent') return Math.floor((cost * Math.min(value, 100)) / 100);
  return Math.min(value, cost);
}

/**
 * The one price function of an order (ADR 027): a price before discounts less the order's
 * discounts. Placement, the manager's re-price and the customer's edit call it and store its
 * result (`cost`, `discount`, `price` and each discount's amount), which payment and every answer
 * read. The discounts add up, but never beyond DISCOUNT_CAP_PERCENT of the cost; the price is
 * rounded up to whole roubles, so the rounding only ever shrinks the discount and never takes it
 * past the cap.
 */
export function priceWithDiscounts(cost: number, rules: readonly DiscountRule[]): PricedOrder {
  requireInteger('cost', cost, 0);
  const parts = rules.map((r) => ({ kind: r.kind, part: rulePart(cost, r) }));
  const cap = Math.floor((cost * DISCOUNT_CAP_PERCENT) / 100);
  const sum = parts.reduce((total, p) => total + p.part, 0);
  const wanted = Math.min(sum, cap);
  const price = Math.min(cost, Math.ceil((cost - wanted) / ROUBLE) * ROUBLE);
  const discount = cost - price;
  const amounts = discountShares(
    discount,
    parts.map((p) => p.part),
  );
  const lines: PricedDiscount[] = [];
  rules.forEach((rule, i) => {
    const amount = amounts[i] ?? 0;
    if (amount > 0) lines.push({ ...rule, amount });
  });
  return { cost, discount, price, cap, capped: sum > cap, parts, amounts, lines };
}

/**
 * Shares the discount given out among its reasons, in whole roubles, so that the shares add up to
 * it: each reason in turn gets its own part (down to whole roubles) while some is left, and the last
 * one the rest. The cap thus cuts the promo code first, then the packet's discount; rounding the
 * total to whole roubles moves less than a rouble per line.
 */
function discountShares(discount: number, parts: readonly number[]): number[] {
  const shares = parts.map(() => 0);
  const given = parts.flatMap((amount, i) => (amount > 0 ? [i] : []));
  let left = discount;
  for (const [n, i] of given.entries()) {
    if (left <= 0) break;
    const amount = parts[i] ?? 0;
    const share = n === given.length - 1 ? left : Math.min(Math.floor(amount / ROUBLE) * ROUBLE, left);
    shares[i] = share;
    left -= share;
  }
  return shares;
}
