import { describe, expect, it } from 'vitest';
import {
  afterTrash,
  canRestore,
  canTrash,
  countersAfterRestore,
  countersAfterTrash,
  daysUntil,
  isOrderTrashed,
  listSearch,
  pageCount,
  parsePage,
  recordFirstOrderGoalOnce,
  relativeDeadline,
  withoutOrder,
  groupByPacket,
} from './model';
import { list, listItem } from './test-fixtures';

describe('order trash flag', () => {
  it('knows a trashed order', () => {
    expect(isOrderTrashed({ trash: { is_trash: true } })).toBe(true);
    expect(isOrderTrashed({})).toBe(false);
  });
});

describe('counters (spec §4)', () => {
  it('trashing lowers the tab it left and adds to the archive', () => {
    expect(countersAfterTrash({ active: 5, archive: 2, done: 1 }, 'active')).toEqual({
      active: 4,
      archive: 3,
      done: 1,
    });
    expect(countersAfterTrash({ active: 5, archive: 2, done: 1 }, 'done')).toEqual({
      active: 5,
      archive: 3,
      done: 0,
    });
  });

  it('never goes below zero', () => {
    expect(countersAfterTrash({ active: 0, archive: 0, done: 0 }, 'active').active).toBe(0);
    expect(countersAfterRestore({ active: 0, archive: 0, done: 0 }).archive).toBe(0);
  });

  it('restoring lowers the archive, and raises the tab it returns to once known', () => {
    expect(countersAfterRestore({ active: 4, archive: 3, done: 1 })).toEqual({
      active: 4,
      archive: 2,
      done: 1,
    });
    expect(countersAfterRestore({ active: 4, archive: 3, done: 1 }, 'active')).toEqual({
      active: 5,
      archive: 2,
      done: 1,
    });
  });

  it('a trashed order leaves the active list, which counts one less', () => {
    const page = list([listItem(1), listItem(2), listItem(3)]);
    const next = afterTrash(page, 'active', listItem(2));
    expect(next.results.map((o) => o.id)).toEqual([1, 3]);
    expect(next.count).toBe(2);
    expect(next.counters).toEqual({ active: 4, archive: 3, done: 1 });
    expect(page.results).toHaveLength(3);
  });

  it('a cancelled order trashed on the archive tab stays there as status 16', () => {
    const cancelled = listItem(9, { status: { id: 8, title: 'Отменён' }, is_editable: false });
    const next = afterTrash(list([cancelled]), 'archive', cancelled);
    expect(next.results).toHaveLength(1);
    expect(next.results[0]?.status).toEqual({ id: 16, title: 'Архивный заказ' });
    expect(next.results[0]?.trash.is_trash).toBe(true);
    expect(next.counters.archive).toBe(2);
  });

  it('a restored order leaves the archive list', () => {
    const trashed = listItem(4, { status: { id: 16, title: 'Архивный заказ' }, trash: { is_trash: true } });
    const next = withoutOrder(list([trashed, listItem(5)]), 4, { active: 5, archive: 1, done: 1 });
    expect(next.results.map((o) => o.id)).toEqual([5]);
    expect(next.count).toBe(1);
    expect(next.counters.archive).toBe(1);
    // Nothing to remove: the count stays.
    expect(withoutOrder(list([listItem(5)]), 4, { active: 5, archive: 1, done: 1 }).count).toBe(1);
  });
});

describe('paging', () => {
  it('reads ?page= as a positive integer, else the first page', () => {
    expect(parsePage('3')).toBe(3);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999999999999'])
      expect(parsePage(bad)).toBe(1);
  });

  it('asks the server for 20 a page', () => {
    expect(listSearch('archive', 2)).toBe('tab=archive&page=2&page_size=20');
  });

  it('counts pages of 20', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });
});

describe('status badge and actions', () => {
  it('offers trash only where the lifecycle allows it, restore only for a trashed order', () => {
    expect(canTrash(listItem(1))).toBe(true);
    expect(canTrash(listItem(1, { status: { id: 4, title: 'В работе' } }))).toBe(false);
    const trashed = listItem(1, { status: { id: 16, title: 'Архивный заказ' }, trash: { is_trash: true } });
    expect(canTrash(trashed)).toBe(false);
    expect(canRestore(trashed)).toBe(true);
    expect(canRestore(listItem(1))).toBe(false);
  });
});

describe('deadlines', () => {
  const now = new Date(2026, 10, 22, 18, 30);

  it('counts calendar days, not 24-hour spans', () => {
    expect(daysUntil('2026-11-24', now)).toBe(2);
    expect(daysUntil('2026-11-22', now)).toBe(0);
    expect(daysUntil('2026-11-20', now)).toBe(-2);
  });

  it('says it the Russian way', () => {
    expect(relativeDeadline('2026-11-24', now)).toBe('послезавтра');
    expect(relativeDeadline('2026-11-27', now)).toBe('через 5 дней');
    expect(relativeDeadline('2026-11-23', now)).toBe('завтра');
    expect(relativeDeadline('2026-11-19', now)).toBe('3 дня назад');
  });
});

describe('first-order goal', () => {
  it('is recorded once per order, and only for a first order', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    let recorded = 0;
    const record = () => void recorded++;
    expect(recordFirstOrderGoalOnce({ id: 5, is_first_order: true }, storage, record)).toBe(true);
    expect(recordFirstOrderGoalOnce({ id: 5, is_first_order: true }, storage, record)).toBe(false);
    expect(recordFirstOrderGoalOnce({ id: 6, is_first_order: false }, storage, record)).toBe(false);
    expect(recorded).toBe(1);
  });
});

describe('groupByPacket', () => {
  const item = (id: number, packet_id: number | null) => listItem(id, { packet_id });

  it('keeps single orders apart and gathers adjacent orders of one packet, in list order', () => {
    const groups = groupByPacket([
      item(9, null),
      item(8, 3),
      item(7, 3),
      item(6, 3),
      item(5, null),
      item(4, 2),
      item(3, 2),
    ]);
    expect(groups.map((g) => [g.packetId, g.orders.map((o) => o.id)])).toEqual([
      [null, [9]],
      [3, [8, 7, 6]],
      [null, [5]],
      [2, [4, 3]],
    ]);
  });

  it('does not merge a packet across an order between its parts', () => {
    const groups = groupByPacket([item(3, 1), item(2, null), item(1, 1)]);
    expect(groups.map((g) => g.packetId)).toEqual([1, null, 1]);
  });
});
