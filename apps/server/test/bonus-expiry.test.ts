import { describe, expect, it } from 'vitest';
import {
  bonusLots,
  expiredAmount,
  expiringLots,
  expiryOf,
  type BonusMove,
} from '../src/modules/referrals/expiry';

/** Bonus expiry as arithmetic (docs/decisions/021): lots FIFO against every debit. */

const TTL = 10;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
let nextId = 1;
const moves = (...m: Array<[number, number]>): BonusMove[] =>
  m.map(([d, amount]) => ({ txnId: nextId++, at: day(d), amount }));

describe('bonusLots / expiredAmount (FIFO)', () => {
  const cases: Array<{ name: string; moves: BonusMove[]; now: number; left: number[]; expired: number }> = [
    { name: 'nothing', moves: [], now: 100, left: [], expired: 0 },
    { name: 'one credit, not yet due', moves: moves([0, 100]), now: 9, left: [100], expired: 0 },
    {
      name: 'one credit, due exactly at its expiry',
      moves: moves([0, 100]),
      now: 10,
      left: [100],
      expired: 100,
    },
    {
      name: 'spent in part before it expires',
      moves: moves([0, 100], [3, -30]),
      now: 10,
      left: [70],
      expired: 70,
    },
    {
      name: 'spent whole: nothing to expire',
      moves: moves([0, 100], [3, -100]),
      now: 50,
      left: [0],
      expired: 0,
    },
    {
      name: 'spending takes the oldest first, across lots',
      moves: moves([0, 100], [5, 50], [6, -120]),
      now: 10,
      left: [0, 30],
      expired: 0,
    },
    {
      name: 'the older lot expires, the younger is kept',
      moves: moves([0, 100], [5, 50], [6, -40]),
      now: 12,
      left: [60, 50],
      expired: 60,
    },
    {
      name: 'both expired',
      moves: moves([0, 100], [5, 50], [6, -40]),
      now: 15,
      left: [60, 50],
      expired: 110,
    },
    {
      name: 'an expiry already posted takes exactly the expired lot',
      moves: moves([0, 100], [5, 50], [6, -40], [10, -60]),
      now: 12,
      left: [0, 50],
      expired: 0,
    },
    {
      name: 'a credit after everything was spent is a new lot',
      moves: moves([0, 100], [1, -100], [8, 20]),
      now: 12,
      left: [0, 20],
      expired: 0,
    },
    {
      name: 'a debit beyond the lots takes nothing more',
      moves: moves([0, 10], [1, -25], [2, 5]),
      now: 20,
      left: [0, 5],
      expired: 5,
    },
    {
      name: 'a refund giving bonuses back is a lot of its own time',
      moves: moves([0, 100], [2, -100], [9, 100]),
      now: 12,
      left: [0, 100],
      expired: 0,
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      const lots = bonusLots(c.moves, TTL);
      expect(lots.map((l) => l.left)).toEqual(c.left);
      expect(lots.map((l) => l.expires_at)).toEqual(
        c.moves.filter((m) => m.amount > 0).map((m) => expiryOf(m.at, TTL)),
      );
      expect(expiredAmount(lots, new Date(day(c.now)))).toBe(c.expired);
    });
  }

  it('lists the next lots to expire, soonest first, without the spent and the expired ones', () => {
    const lots = bonusLots(moves([0, 100], [2, 40], [4, 30], [5, -100]), TTL);
    expect(expiringLots(lots, new Date(day(11)), 5)).toEqual([
      { amount: 40, expires_at: day(12) },
      { amount: 30, expires_at: day(14) },
    ]);
    expect(expiringLots(lots, new Date(day(11)), 1)).toEqual([{ amount: 40, expires_at: day(12) }]);
    expect(expiringLots(lots, new Date(day(13)), 5)).toEqual([{ amount: 30, expires_at: day(14) }]);
  });
});
