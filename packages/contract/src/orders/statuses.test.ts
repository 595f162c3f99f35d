import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_STATUS_IDS,
  OrderStatusId,
  canTransition,
  orderStatus,
  orderStatusGroup,
  statusesOfTab,
  type OrderStatusId as StatusId,
} from './statuses';

describe('order statuses', () => {
  it('shows a trashed order as 16 «Архивный заказ» on the archive tab (spec §4)', () => {
    expect(orderStatus(16)).toEqual({ id: 16, title: 'Архивный заказ' });
    expect(ORDER_STATUSES[16].tab).toBe('archive');
  });

  it('names every status for the customer and groups it by whose move it is', () => {
    const seen = Object.fromEntries(
      ORDER_STATUS_IDS.map((id) => [id, `${orderStatus(id).title} · ${orderStatusGroup(id)}`]),
    );
    expect(seen).toEqual({
      1: 'Уточняем стоимость · progress',
      2: 'Ожидает оплаты · attention',
      3: 'Оплачен, подбираем автора · progress',
      4: 'Автор пишет работу · progress',
      5: 'Проверьте работу · attention',
      6: 'Автор дорабатывает · progress',
      7: 'Выполнен · done',
      8: 'Отменён · closed',
      16: 'Архивный заказ · closed',
    });
    expect(orderStatusGroup(99)).toBe('closed');
  });

  it('puts every status on exactly one tab: in progress, done, or cancelled and trashed', () => {
    expect(statusesOfTab('active')).toEqual([1, 2, 3, 4, 5, 6]);
    expect(statusesOfTab('done')).toEqual([7]);
    expect(statusesOfTab('archive')).toEqual([8, 16]);
  });

  it('lets the customer edit only while the order is being priced or awaits payment', () => {
    expect(ORDER_STATUS_IDS.filter((id) => ORDER_STATUSES[id].editable)).toEqual([1, 2]);
  });

  it('allows the lifecycle moves and nothing else', () => {
    const allowed = ORDER_STATUS_IDS.flatMap((from) =>
      ORDER_STATUS_IDS.filter((to) => to !== 16 && from !== 16 && canTransition(from, to)).map(
        (to) => `${from}→${to}`,
      ),
    );
    expect(allowed).toEqual([
      '1→2',
      '1→8',
      '2→1',
      '2→3',
      '2→8',
      '3→4',
      '3→8',
      '4→5',
      '4→8',
      '5→6',
      '5→7',
      '6→5',
      '7→6',
    ]);
  });

  it('trashes only orders nobody works on, and restores only to the status they left', () => {
    const trashable = ORDER_STATUS_IDS.filter((id) => canTransition(id, OrderStatusId.trashed));
    expect(trashable).toEqual([1, 2, 7, 8]);
    for (const from of trashable) {
      for (const to of ORDER_STATUS_IDS) {
        expect(canTransition(16, to as StatusId, from)).toBe(to === from);
      }
    }
    expect(canTransition(16, 1)).toBe(false);
    expect(canTransition(1, 1)).toBe(false);
  });
});
