import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planStorno, type StornoSource } from './storno';

/** Payments newest first, with unique ids and what is already refunded of each. */
const payments = fc
  .array(
    fc
      .record({
        amount: fc.integer({ min: 1, max: 10_000_000 }),
        share: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ amount, share }) => ({ amount, refunded: Math.floor(amount * share) })),
    { maxLength: 12 },
  )
  .map((rows): StornoSource[] => rows.map((r, i) => ({ pay_id: 1000 - i, ...r })));

const refundable = (ps: readonly StornoSource[]) => ps.reduce((s, p) => s + p.amount - p.refunded, 0);

describe('planStorno', () => {
  it('reverses the newest payment first and stops when the sum is reached', () => {
    const ps = [
      { pay_id: 3, amount: 500_00, refunded: 100_00 },
      { pay_id: 2, amount: 300_00, refunded: 300_00 },
      { pay_id: 1, amount: 1_000_00, refunded: 0 },
    ];
    expect(planStorno(ps, 600_00)).toEqual([
      { pay_id: 3, amount: 400_00 },
      { pay_id: 1, amount: 200_00 },
    ]);
    expect(planStorno(ps, 400_00)).toEqual([{ pay_id: 3, amount: 400_00 }]);
    expect(planStorno(ps, 1_400_00)).toEqual([
      { pay_id: 3, amount: 400_00 },
      { pay_id: 1, amount: 1_000_00 },
    ]);
    expect(planStorno(ps, 1_400_01)).toBeNull();
  });

  it('refuses a sum that is not a positive whole number of kopecks', () => {
    const ps = [{ pay_id: 1, amount: 100, refunded: 0 }];
    for (const sum of [0, -1, 1.5, Number.NaN]) expect(planStorno(ps, sum)).toBeNull();
  });

  it('sums exactly, never takes more than is left of a payment, and keeps the newest-first order', () => {
    fc.assert(
      fc.property(payments, fc.integer({ min: 1, max: 200_000_000 }), (ps, sum) => {
        const plan = planStorno(ps, sum);
        if (sum > refundable(ps)) {
          expect(plan).toBeNull();
          return;
        }
        expect(plan).not.toBeNull();
        const rows = plan ?? [];
        expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(sum);
        const index = new Map(ps.map((p, i) => [p.pay_id, i]));
        let last = -1;
        for (const r of rows) {
          const i = index.get(r.pay_id);
          expect(i).toBeDefined();
          const p = ps[i ?? 0]!;
          expect(r.amount).toBeGreaterThan(0);
          expect(r.amount).toBeLessThanOrEqual(p.amount - p.refunded);
          expect(i).toBeGreaterThan(last);
          last = i ?? last;
        }
      }),
    );
  });

  it('takes all that is left of every payment but the last it touches (newest first)', () => {
    fc.assert(
      fc.property(payments, fc.integer({ min: 1, max: 200_000_000 }), (ps, sum) => {
        const rows = planStorno(ps, sum);
        if (!rows) return;
        const lastRow = rows.at(-1);
        const lastIndex = ps.findIndex((p) => p.pay_id === lastRow?.pay_id);
        // Every payment newer than the last one touched is used up (or had nothing left).
        for (const p of ps.slice(0, lastIndex)) {
          const row = rows.find((r) => r.pay_id === p.pay_id);
          expect(row?.amount ?? 0).toBe(p.amount - p.refunded);
        }
      }),
    );
  });
});
