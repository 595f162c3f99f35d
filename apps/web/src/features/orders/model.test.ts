import { describe, expect, it } from 'vitest';
import { isOrderStale, isOrderTrashed, ORDER_STALE_MS, stampOrder } from './model';

describe('order cache age (spec §4: stale after 60000 ms)', () => {
  const order = stampOrder({ id: 7, trash: { is_trash: false } }, 1_000);

  it('is fresh just before 60000 ms and stale from then on', () => {
    expect(ORDER_STALE_MS).toBe(60_000);
    expect(isOrderStale(order, 1_000 + 59_999)).toBe(false);
    expect(isOrderStale(order, 1_000 + 60_000)).toBe(true);
  });

  it('a missing order counts as stale', () => {
    expect(isOrderStale(undefined, 0)).toBe(true);
  });

  it('knows a trashed order', () => {
    expect(isOrderTrashed({ id: 1, trash: { is_trash: true } })).toBe(true);
    expect(isOrderTrashed({ id: 1 })).toBe(false);
  });
});
