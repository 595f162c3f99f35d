import { describe, expect, it } from 'vitest';
import {
  ORDER_ACTIONS,
  ORDER_ACTORS,
  ORDER_STATUSES,
  ORDER_STATUS_IDS,
  OrderStatusId,
  canTransition,
  orderActionTarget,
  orderStatus,
  statusButtons,
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
      9: 'Автор назначен · progress',
      16: 'Архивный заказ · closed',
    });
    expect(orderStatusGroup(99)).toBe('closed');
  });

  it('puts every status on exactly one tab: in progress, done, or cancelled and trashed', () => {
    expect(statusesOfTab('active')).toEqual([1, 2, 3, 4, 5, 6, 9]);
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
      '2→9',
      '3→4',
      '3→8',
      '4→5',
      '4→8',
      '5→6',
      '5→7',
      '6→5',
      '7→6',
      '9→4',
      '9→8',
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

/**
 * The state machine's every cell: status × actor × action → where the order goes, or why not.
 * `-` the action is never this actor's (403), `·` not in this status (409), a number: allowed,
 * the status it leads to; `a/b`: to b when the alternate fact holds (an author assigned for a
 * payment, a new price for an edit). Statuses in the order 1 2 3 4 5 6 7 8 9 16.
 */
const EXPECTED: Record<(typeof ORDER_ACTORS)[number], Record<(typeof ORDER_ACTIONS)[number], string>> = {
  customer: {
    edit: '1 2/1 · · · · · · · ·',
    trash: '16 16 · · · · 16 16 · ·',
    restore: '· · · · · · · · · back',
    price: '- - - - - - - - - -',
    back_to_pricing: '- - - - - - - - - -',
    pay: '- - - - - - - - - -',
    assign: '- - - - - - - - - -',
    start: '- - - - - - - - - -',
    deliver: '- - - - - - - - - -',
    request_rework: '· · · · 6 · 6 · · ·',
    answer_rework: '- - - - - - - - - -',
    accept: '· · · · 7 · · · · ·',
    cancel: '- - - - - - - - - -',
  },
  manager: {
    edit: '- - - - - - - - - -',
    trash: '- - - - - - - - - -',
    restore: '- - - - - - - - - -',
    price: '2 2 · · · · · · · ·',
    back_to_pricing: '· 1 · · · · · · · ·',
    pay: '- - - - - - - - - -',
    assign: '1 2 4 4 5 6 7 · 9 ·',
    start: '· · · · · · · · 4 ·',
    deliver: '· · · 5 5 6 7 · · ·',
    request_rework: '- - - - - - - - - -',
    answer_rework: '· · · · · 5 · · · ·',
    accept: '· · · · 7 · · · · ·',
    cancel: '8 8 8 8 · · · · 8 ·',
  },
  performer: {
    edit: '- - - - - - - - - -',
    trash: '- - - - - - - - - -',
    restore: '- - - - - - - - - -',
    price: '- - - - - - - - - -',
    back_to_pricing: '- - - - - - - - - -',
    pay: '- - - - - - - - - -',
    assign: '- - - - - - - - - -',
    start: '· · · · · · · · 4 ·',
    deliver: '· · · 5 5 6 7 · · ·',
    request_rework: '- - - - - - - - - -',
    answer_rework: '· · · · · 5 · · · ·',
    accept: '- - - - - - - - - -',
    cancel: '- - - - - - - - - -',
  },
  system: {
    edit: '- - - - - - - - - -',
    trash: '- - - - - - - - - -',
    restore: '- - - - - - - - - -',
    price: '- - - - - - - - - -',
    back_to_pricing: '- - - - - - - - - -',
    pay: '· 3/9 · · · · · · · ·',
    assign: '- - - - - - - - - -',
    start: '- - - - - - - - - -',
    deliver: '- - - - - - - - - -',
    request_rework: '- - - - - - - - - -',
    answer_rework: '- - - - - - - - - -',
    accept: '- - - - - - - - - -',
    cancel: '- - - - - - - - - -',
  },
};

describe('the order state machine', () => {
  const cell = (
    from: StatusId,
    actor: (typeof ORDER_ACTORS)[number],
    action: (typeof ORDER_ACTIONS)[number],
  ) => {
    const plain = orderActionTarget(from, actor, action, { trashedFrom: 7 });
    if (!plain.allowed) return plain.reason === 'actor' ? '-' : '·';
    if (action === 'restore') return plain.to === 7 ? 'back' : String(plain.to);
    const alternate = orderActionTarget(from, actor, action, { alternate: true });
    return alternate.allowed && alternate.to !== plain.to ? `${plain.to}/${alternate.to}` : String(plain.to);
  };

  it('answers every cell of status × actor × action as the table says', () => {
    const seen = Object.fromEntries(
      ORDER_ACTORS.map((actor) => [
        actor,
        Object.fromEntries(
          ORDER_ACTIONS.map((action) => [
            action,
            ORDER_STATUS_IDS.map((from) => cell(from, actor, action)).join(' '),
          ]),
        ),
      ]),
    );
    expect(seen).toEqual(EXPECTED);
  });

  it('leads only along the lifecycle graph that canTransition checks', () => {
    for (const from of ORDER_STATUS_IDS) {
      for (const actor of ORDER_ACTORS) {
        for (const action of ORDER_ACTIONS) {
          for (const alternate of [false, true]) {
            const outcome = orderActionTarget(from, actor, action, { alternate, trashedFrom: 2 });
            if (!outcome.allowed || outcome.to === from) continue;
            expect(canTransition(from, outcome.to, 2), `${actor} ${action} ${from}→${outcome.to}`).toBe(true);
          }
        }
      }
    }
  });

  it('never leaves an order paid and waiting for an author while one is assigned', () => {
    expect(orderActionTarget(2, 'system', 'pay', { alternate: true })).toEqual({ allowed: true, to: 9 });
    expect(orderActionTarget(2, 'system', 'pay')).toEqual({ allowed: true, to: 3 });
    // Assigning an author to a paid order puts it to work; nothing assigns in 3 and stays.
    expect(orderActionTarget(3, 'manager', 'assign')).toEqual({ allowed: true, to: 4 });
    expect(ORDER_STATUSES[9].title).toBe('Автор назначен');
  });

  it('gives the staff screen the buttons each actor may press now', () => {
    const buttons = (actor: 'manager' | 'performer') =>
      Object.fromEntries(
        ORDER_STATUS_IDS.map((from) => [from, statusButtons(from, actor).map((b) => `${b.action}→${b.to}`)]),
      );
    expect(buttons('performer')).toEqual({
      1: [],
      2: [],
      3: [],
      4: [],
      5: [],
      6: [],
      7: [],
      8: [],
      9: ['start→4'],
      16: [],
    });
    expect(buttons('manager')).toEqual({
      1: ['price→2', 'cancel→8'],
      2: ['back_to_pricing→1', 'cancel→8'],
      3: ['cancel→8'],
      4: ['cancel→8'],
      5: ['accept→7'],
      6: [],
      7: [],
      8: [],
      9: ['start→4', 'cancel→8'],
      16: [],
    });
  });
});
