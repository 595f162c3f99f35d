import { DISCOUNT_CAP_PERCENT, FIRST_ORDER_DISCOUNT_PERCENT } from '@cabinet/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscount,
  calculateCost,
  daysLeft,
  deadlineEndOfDay,
  originalityPercent,
  urgencyPercent,
  type CostInput,
  type PromoRecord,
} from './pricing';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-03-02T09:00:00Z');
const coursework = { price_per_page: 35_000, min_pages: 25, min_days: 10 };

function input(over: Partial<CostInput> = {}): CostInput {
  return {
    workType: coursework,
    pages: 30,
    deadline: new Date(now.getTime() + 20 * DAY),
    now,
    originality: 60,
    verificationSystem: null,
    ...over,
  };
}

const workTypeArb = fc.record({
  price_per_page: fc.integer({ min: 0, max: 500_000 }),
  min_pages: fc.integer({ min: 1, max: 120 }),
  min_days: fc.integer({ min: 1, max: 60 }),
});
const costInputArb = fc.record({
  workType: workTypeArb,
  pages: fc.integer({ min: 1, max: 300 }),
  deadline: fc.integer({ min: -2 * DAY, max: 120 * DAY }).map((ms) => new Date(now.getTime() + ms)),
  now: fc.constant(now),
  originality: fc.integer({ min: 0, max: 100 }),
  verificationSystem: fc.option(fc.record({ price_factor_percent: fc.integer({ min: 100, max: 200 }) })),
});
const promoArb: fc.Arbitrary<PromoRecord> = fc.record({
  kind: fc.constantFrom('percent' as const, 'fixed' as const),
  value: fc.integer({ min: 0, max: 10_000_000 }),
  expires_at: fc.option(
    fc.integer({ min: -10 * DAY, max: 10 * DAY }).map((ms) => new Date(now.getTime() + ms).toISOString()),
  ),
  max_uses: fc.option(fc.integer({ min: 0, max: 5 })),
  uses: fc.integer({ min: 0, max: 6 }),
});

describe('calculateCost', () => {
  it('prices a coursework ordered in good time at the base rate', () => {
    expect(calculateCost(input())).toEqual({
      price_per_page: 35_000,
      pages_billed: 30,
      base: 1_050_000,
      days_left: 20,
      urgency_percent: 100,
      urgency_surcharge: 0,
      originality_percent: 100,
      originality_surcharge: 0,
      verification_percent: 100,
      verification_surcharge: 0,
      total: 1_050_000,
    });
  });

  it('bills the minimum volume when fewer pages are ordered', () => {
    const cost = calculateCost(input({ pages: 5 }));
    expect(cost.pages_billed).toBe(25);
    expect(cost.base).toBe(875_000);
  });

  it('adds urgency, originality and plagiarism-system surcharges one after another', () => {
    const cost = calculateCost(
      input({
        deadline: new Date(now.getTime() + 5 * DAY + 1000),
        originality: 85,
        verificationSystem: { price_factor_percent: 120 },
      }),
    );
    // 10 500 ₽ × 1.30 (5 of 10 days) = 13 650 ₽; × 1.25 (85 %) = 17 062.50 ₽; × 1.20 = 20 475 ₽.
    expect(cost).toMatchObject({
      days_left: 5,
      urgency_percent: 130,
      urgency_surcharge: 315_000,
      originality_percent: 125,
      originality_surcharge: 341_250,
      verification_percent: 120,
      verification_surcharge: 341_250,
      total: 2_047_500,
    });
  });

  it('rounds the total to whole roubles', () => {
    const cost = calculateCost(
      input({ workType: { price_per_page: 12_345, min_pages: 1, min_days: 1 }, pages: 1 }),
    );
    expect(cost.total).toBe(12_300);
    fc.assert(fc.property(costInputArb, (i) => calculateCost(i).total % 100 === 0));
  });

  it('steps urgency up as the days left fall below the minimum', () => {
    expect([10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1].map((d) => urgencyPercent(d, 10))).toEqual([
      100, 115, 115, 130, 130, 130, 160, 160, 200, 200, 250, 250,
    ]);
    expect(urgencyPercent(1, 1)).toBe(100);
    expect(urgencyPercent(0, 1)).toBe(250);
  });

  it('charges for originality only above 70 %', () => {
    expect([0, 70, 71, 80, 81, 90, 91, 95, 96, 100].map(originalityPercent)).toEqual([
      100, 100, 110, 110, 125, 125, 150, 150, 180, 180,
    ]);
  });

  it('refuses input outside the domain instead of inventing a price', () => {
    expect(() => calculateCost(input({ pages: 0 }))).toThrow(RangeError);
    expect(() => calculateCost(input({ pages: 1.5 }))).toThrow(RangeError);
    expect(() => calculateCost(input({ originality: 101 }))).toThrow(RangeError);
    expect(() => calculateCost(input({ verificationSystem: { price_factor_percent: 90 } }))).toThrow(
      RangeError,
    );
  });

  it('never gives a negative price, and the parts add up to the unrounded total', () => {
    fc.assert(
      fc.property(costInputArb, (i) => {
        const c = calculateCost(i);
        const unrounded = c.base + c.urgency_surcharge + c.originality_surcharge + c.verification_surcharge;
        return (
          c.total >= 0 &&
          [c.urgency_surcharge, c.originality_surcharge, c.verification_surcharge].every((s) => s >= 0) &&
          Math.abs(c.total - unrounded) <= 50
        );
      }),
    );
  });

  it('is monotone in urgency: a nearer deadline never costs less', () => {
    fc.assert(
      fc.property(costInputArb, fc.integer({ min: 0, max: 60 * DAY }), (i, earlierBy) => {
        const nearer = { ...i, deadline: new Date(i.deadline.getTime() - earlierBy) };
        return calculateCost(nearer).total >= calculateCost(i).total;
      }),
    );
  });

  it('is monotone in pages and in originality', () => {
    fc.assert(
      fc.property(
        costInputArb,
        fc.nat({ max: 100 }),
        fc.nat({ max: 30 }),
        (i, morePages, moreOriginality) => {
          const base = calculateCost(i).total;
          const bigger = calculateCost({ ...i, pages: i.pages + morePages }).total;
          const stricter = calculateCost({
            ...i,
            originality: Math.min(100, i.originality + moreOriginality),
          }).total;
          return bigger >= base && stricter >= base;
        },
      ),
    );
  });
});

describe('deadlines', () => {
  it('counts a calendar day as due at the end of that day in Moscow', () => {
    expect(deadlineEndOfDay('2026-03-03').toISOString()).toBe('2026-03-03T20:59:59.999Z');
    expect(daysLeft(deadlineEndOfDay('2026-03-03'), now)).toBe(1);
    expect(daysLeft(deadlineEndOfDay('2026-03-02'), now)).toBe(0);
    expect(() => deadlineEndOfDay('03.03.2026')).toThrow(RangeError);
  });
});

describe('applyDiscount', () => {
  const percentPromo: PromoRecord = { kind: 'percent', value: 15, expires_at: null, max_uses: null, uses: 0 };

  it('gives the first-order discount', () => {
    expect(applyDiscount(1_000_000, { firstOrder: true, now })).toEqual({
      cost: 1_000_000,
      promo_status: 'none',
      promo_discount: 0,
      first_order_discount: 100_000,
      packet_discount: 0,
      discount_cap: 300_000,
      discount: 100_000,
      total: 900_000,
      lines: [{ reason: 'first_order', amount: 100_000 }],
      capped: false,
    });
    expect(FIRST_ORDER_DISCOUNT_PERCENT).toBe(10);
  });

  it('adds a promo code to the first-order discount', () => {
    const d = applyDiscount(1_000_000, { promo: percentPromo, firstOrder: true, now });
    expect(d).toMatchObject({
      promo_status: 'applied',
      promo_discount: 150_000,
      discount: 250_000,
      total: 750_000,
    });
  });

  it('caps the sum of discounts', () => {
    const fixed: PromoRecord = { kind: 'fixed', value: 900_000, expires_at: null, max_uses: 10, uses: 9 };
    const d = applyDiscount(1_000_000, { promo: fixed, firstOrder: true, now });
    expect(d).toMatchObject({ promo_status: 'applied', discount: 300_000, total: 700_000, capped: true });
    // The cap cuts the promo code, not the first-order discount.
    expect(d.lines).toEqual([
      { reason: 'first_order', amount: 100_000 },
      { reason: 'promo', amount: 200_000 },
    ]);
    expect(DISCOUNT_CAP_PERCENT).toBe(30);
  });

  it('adds the packet discount to the others, under the same cap', () => {
    expect(applyDiscount(1_000_000, { firstOrder: false, packetPercent: 15, now })).toMatchObject({
      packet_discount: 150_000,
      discount: 150_000,
      total: 850_000,
    });
    const d = applyDiscount(1_000_000, { promo: percentPromo, firstOrder: true, packetPercent: 15, now });
    expect(d).toMatchObject({ packet_discount: 150_000, discount: 300_000, total: 700_000 });
    expect(() => applyDiscount(1_000_000, { firstOrder: false, packetPercent: 101, now })).toThrow(
      RangeError,
    );
  });

  it('ignores an expired or used-up promo code and says why', () => {
    const expired = { ...percentPromo, expires_at: now.toISOString() };
    expect(applyDiscount(1_000_000, { promo: expired, firstOrder: false, now })).toMatchObject({
      promo_status: 'expired',
      discount: 0,
      total: 1_000_000,
    });
    const stillValid = { ...percentPromo, expires_at: new Date(now.getTime() + 1).toISOString() };
    expect(applyDiscount(1_000_000, { promo: stillValid, firstOrder: false, now }).promo_status).toBe(
      'applied',
    );
    const usedUp = { ...percentPromo, max_uses: 3, uses: 3 };
    expect(applyDiscount(1_000_000, { promo: usedUp, firstOrder: true, now })).toMatchObject({
      promo_status: 'used_up',
      discount: 100_000,
    });
  });

  it('rounds the total up to whole roubles, shrinking the discount', () => {
    const d = applyDiscount(12_300, { firstOrder: true, now });
    // 10 % of 123 ₽ is 12.30 ₽; 110.70 ₽ rounds up to 111 ₽.
    expect(d).toMatchObject({ first_order_discount: 1_230, discount: 1_200, total: 11_100 });
    // One line for the one reason, with what was given: not a second «capped» discount.
    expect(d).toMatchObject({ capped: false, lines: [{ reason: 'first_order', amount: 1_200 }] });
  });

  it('says the discounts were capped only when their sum is above the cap', () => {
    // 5 625 ₽ first order: 562.50 ₽ wanted, 562 ₽ given by rounding — the cap did not bite.
    const first = applyDiscount(562_500, { firstOrder: true, now });
    expect(first).toMatchObject({ discount: 56_200, total: 506_300, capped: false });
    expect(first.lines).toEqual([{ reason: 'first_order', amount: 56_200 }]);
    const atCap = applyDiscount(1_000_000, { promo: { ...percentPromo, value: 20 }, firstOrder: true, now });
    expect(atCap).toMatchObject({ discount: 300_000, capped: false });
  });

  it('never goes negative, never exceeds the cap, and always leaves whole roubles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }).map((r) => r * 100),
        fc.option(promoArb),
        fc.boolean(),
        (cost, promo, firstOrder) => {
          const d = applyDiscount(cost, { promo, firstOrder, now });
          expect(d.total).toBeGreaterThanOrEqual(0);
          expect(d.discount).toBeGreaterThanOrEqual(0);
          expect(d.discount).toBeLessThanOrEqual(Math.floor((cost * DISCOUNT_CAP_PERCENT) / 100));
          expect(d.discount).toBeLessThanOrEqual(d.promo_discount + d.first_order_discount);
          expect(d.total + d.discount).toBe(cost);
          expect(d.total % 100).toBe(0);
          // The lines add up to the discount, in whole roubles, one per reason.
          expect(d.lines.reduce((sum, l) => sum + l.amount, 0)).toBe(d.discount);
          for (const l of d.lines) expect(l.amount % 100 === 0 && l.amount > 0).toBe(true);
          expect(new Set(d.lines.map((l) => l.reason)).size).toBe(d.lines.length);
          expect(d.capped).toBe(d.promo_discount + d.first_order_discount > d.discount_cap);
        },
      ),
    );
  });

  it('a discount never makes a dearer order cheaper than a cheaper one', () => {
    fc.assert(
      fc.property(costInputArb, fc.nat({ max: 100 }), fc.boolean(), (i, morePages, firstOrder) => {
        const cheap = applyDiscount(calculateCost(i).total, { firstOrder, now }).total;
        const dear = applyDiscount(calculateCost({ ...i, pages: i.pages + morePages }).total, {
          firstOrder,
          now,
        }).total;
        return dear >= cheap;
      }),
    );
  });
});
