import { describe, expect, it } from 'vitest';
import { updateRequestOf } from './components/manager-forms';
import { canDeliver, deadlineUrgency, kopecksOf, moscowToday } from './model';

const now = new Date('2026-11-23T10:00:00Z'); // 13:00 in Moscow

describe('deadline urgency (Moscow days)', () => {
  it.each([
    ['2026-11-22', '2026-11-22T20:59:59.999Z', 4, 'overdue'],
    ['2026-11-23', '2026-11-23T20:59:59.999Z', 4, 'today'],
    ['2026-11-24', '2026-11-24T20:59:59.999Z', 4, 'tomorrow'],
    ['2026-11-25', '2026-11-25T20:59:59.999Z', 4, 'later'],
    ['2026-11-22', '2026-11-22T20:59:59.999Z', 7, 'done'],
  ])('%s in status %i is %s', (deadline, deadlineAt, status, urgency) => {
    expect(deadlineUrgency(deadline, deadlineAt, status, now)).toBe(urgency);
  });

  it('the Moscow day turns at 21:00 UTC', () => {
    expect(moscowToday(new Date('2026-11-23T20:59:00Z'))).toBe('2026-11-23');
    expect(moscowToday(new Date('2026-11-23T21:00:00Z'))).toBe('2026-11-24');
  });
});

describe('who may deliver files', () => {
  const order = { performer: { id: 5, name: 'Иван' }, status: { id: 4, title: '' }, is_trash: false };
  const me = (id: number, role: 'manager' | 'performer') => ({ id, role, email: 'x@y.z', name: 'X' });

  it('the assigned author and any manager; not another author', () => {
    expect(canDeliver(me(5, 'performer'), order)).toBe(true);
    expect(canDeliver(me(9, 'manager'), order)).toBe(true);
    expect(canDeliver(me(6, 'performer'), order)).toBe(false);
    expect(canDeliver(null, order)).toBe(false);
  });

  it('not in a closed or trashed order', () => {
    expect(canDeliver(me(5, 'performer'), { ...order, status: { id: 7, title: '' } })).toBe(false);
    expect(canDeliver(me(5, 'performer'), { ...order, is_trash: true })).toBe(false);
  });
});

describe('the price and deadline request', () => {
  const order = {
    cost: 500_000,
    price: 450_000,
    paid: 0,
    deadline: '2026-12-01',
    status: { id: 2, title: '' },
  };

  it('roubles become kopecks of the price before discounts; only what changed is sent', () => {
    expect(updateRequestOf(order, { cost: '5 000,50', deadline: '2026-12-01' })).toEqual({ cost: 500_050 });
    expect(updateRequestOf(order, { cost: '5000', deadline: '2026-12-03' })).toEqual({
      deadline: '2026-12-03',
    });
    expect(kopecksOf(0.1 + 0.2)).toBe(30);
  });

  it('a paid order sends no price even when one is typed', () => {
    expect(
      updateRequestOf({ ...order, status: { id: 4, title: '' } }, { cost: '7000', deadline: '2026-12-05' }),
    ).toEqual({
      deadline: '2026-12-05',
    });
  });

  it('an order paid in part may be priced anew: the customer owes the rest', () => {
    expect(
      updateRequestOf(
        { ...order, paid: 225_000, status: { id: 3, title: '' } },
        { cost: '6000', deadline: '2026-12-01' },
      ),
    ).toEqual({ cost: 600_000 });
  });

  it('text that is not a number is sent as NaN for the schema to refuse', () => {
    expect(updateRequestOf(order, { cost: 'пять', deadline: '2026-12-01' }).cost).toBeNaN();
  });
});
