import { z } from '../common/zod';
import { text } from '../common/input';

/**
 * The lifecycle of an order (docs/decisions/004-order-statuses.md). Spec §4 fixes only 16, the
 * trashed order; the others are those of a real service: priced, paid, written, checked by the
 * customer, reworked, done or cancelled. The server enforces the transitions; the web app reads
 * the titles and tabs from here.
 */
export const OrderStatusId = {
  pricing: 1,
  awaitingPayment: 2,
  searchingAuthor: 3,
  inProgress: 4,
  review: 5,
  rework: 6,
  completed: 7,
  cancelled: 8,
  /** Paid with an author assigned who has not started yet: 3 never has an author (ADR 004). */
  authorAssigned: 9,
  trashed: 16,
} as const;
export type OrderStatusId = (typeof OrderStatusId)[keyof typeof OrderStatusId];

export const ORDER_TABS = ['active', 'archive', 'done'] as const;
export const OrderTabSchema = z.enum(ORDER_TABS);
export type OrderTab = z.infer<typeof OrderTabSchema>;

/**
 * What a status asks of the customer, for its colour and the next step the screens offer:
 * `attention` — the customer's move (pay, check the work); `progress` — the service is at work;
 * `done` — the work is accepted; `closed` — cancelled or in the trash.
 */
export const ORDER_STATUS_GROUPS = ['attention', 'progress', 'done', 'closed'] as const;
export type OrderStatusGroup = (typeof ORDER_STATUS_GROUPS)[number];

export interface OrderStatusInfo {
  /** The customer's words, not the staff's: what is happening with the order for them. */
  title: string;
  group: OrderStatusGroup;
  tab: OrderTab;
  /** The customer may still change the order's details. */
  editable: boolean;
  /** The customer may move the order to the trash (no author and no money are at work on it). */
  trashable: boolean;
}

export const ORDER_STATUSES: Readonly<Record<OrderStatusId, OrderStatusInfo>> = {
  1: { title: 'Уточняем стоимость', group: 'progress', tab: 'active', editable: true, trashable: true },
  2: { title: 'Ожидает оплаты', group: 'attention', tab: 'active', editable: true, trashable: true },
  3: {
    title: 'Оплачен, подбираем автора',
    group: 'progress',
    tab: 'active',
    editable: false,
    trashable: false,
  },
  4: { title: 'Автор пишет работу', group: 'progress', tab: 'active', editable: false, trashable: false },
  5: { title: 'Проверьте работу', group: 'attention', tab: 'active', editable: false, trashable: false },
  6: { title: 'Автор дорабатывает', group: 'progress', tab: 'active', editable: false, trashable: false },
  7: { title: 'Выполнен', group: 'done', tab: 'done', editable: false, trashable: true },
  8: { title: 'Отменён', group: 'closed', tab: 'archive', editable: false, trashable: true },
  9: { title: 'Автор назначен', group: 'progress', tab: 'active', editable: false, trashable: false },
  // Spec §4 fixes this title.
  16: { title: 'Архивный заказ', group: 'closed', tab: 'archive', editable: false, trashable: false },
};

export const ORDER_STATUS_IDS = Object.keys(ORDER_STATUSES).map(Number) as OrderStatusId[];

export function isOrderStatusId(id: number): id is OrderStatusId {
  return Object.hasOwn(ORDER_STATUSES, id);
}

/** The group of a status id; an id this contract does not know reads as closed (nothing to do). */
export function orderStatusGroup(id: number): OrderStatusGroup {
  return isOrderStatusId(id) ? ORDER_STATUSES[id].group : 'closed';
}

/** Status ids shown on a tab of the orders list. */
export function statusesOfTab(tab: OrderTab): OrderStatusId[] {
  return ORDER_STATUS_IDS.filter((id) => ORDER_STATUSES[id].tab === tab);
}

/**
 * Who acts on an order: the customer, a manager, the order's assigned author (`performer`; any
 * other author does not see the order at all) or the service itself (a payment settling).
 */
export const ORDER_ACTORS = ['customer', 'manager', 'performer', 'system'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/**
 * What can be done to an order that its status decides. `deliver` is a final file (intermediate
 * files go to any open order); `start` is «Взять в работу»; `back_to_pricing` is a manager's
 * «Оценка стоимости» again.
 */
export const ORDER_ACTIONS = [
  'edit',
  'trash',
  'restore',
  'price',
  'back_to_pricing',
  'pay',
  'assign',
  'start',
  'deliver',
  'request_rework',
  'answer_rework',
  'accept',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export interface OrderActionRule {
  actors: readonly OrderActor[];
  /**
   * From each status the action is allowed in, where it leads (the same id: the status stays).
   * Two targets: the second when `alternate` holds (see {@link orderActionTarget}).
   */
  moves: Readonly<Partial<Record<OrderStatusId, OrderStatusId | readonly [OrderStatusId, OrderStatusId]>>>;
  /** A manager's (or author's) status button on the staff screen, not a form or an event. */
  button?: true;
}

/**
 * The state machine (ADR 004): every action, who may do it and where it leads from each status.
 * The server checks every move against it, the staff screen shows its buttons from it, and the
 * customer's screens read their offers (accept, rework) from it.
 */
export const ORDER_MACHINE: Readonly<Record<OrderAction, OrderActionRule>> = {
  // An edit that changes the price of an order awaiting payment sends it back to pricing.
  edit: { actors: ['customer'], moves: { 1: 1, 2: [2, 1] } },
  trash: { actors: ['customer'], moves: { 1: 16, 2: 16, 7: 16, 8: 16 } },
  // Back to exactly the status the order was trashed from (`trashed_from_status`).
  restore: { actors: ['customer'], moves: { 16: 16 } },
  price: { actors: ['manager'], moves: { 1: 2, 2: 2 }, button: true },
  back_to_pricing: { actors: ['manager'], moves: { 2: 1 }, button: true },
  // Paid (in full, or its first half): to «Автор назначен» when an author is already assigned.
  pay: { actors: ['system'], moves: { 2: [3, 9] } },
  // Assigning an author to a paid order puts it to work; elsewhere only the author changes.
  assign: { actors: ['manager'], moves: { 1: 1, 2: 2, 3: 4, 4: 4, 5: 5, 6: 6, 7: 7, 9: 9 } },
  start: { actors: ['manager', 'performer'], moves: { 9: 4 }, button: true },
  // A final file: delivered for review from «В работе»; during a rework it waits for the answer.
  deliver: { actors: ['manager', 'performer'], moves: { 4: 5, 5: 5, 6: 6, 7: 7 } },
  request_rework: { actors: ['customer'], moves: { 5: 6, 7: 6 } },
  answer_rework: { actors: ['manager', 'performer'], moves: { 6: 5 } },
  accept: { actors: ['customer', 'manager'], moves: { 5: 7 }, button: true },
  cancel: { actors: ['manager'], moves: { 1: 8, 2: 8, 3: 8, 4: 8, 9: 8 }, button: true },
};

/** What the machine answers for one cell: refused, or allowed and where the order goes. */
export type OrderActionOutcome =
  { allowed: true; to: OrderStatusId } | { allowed: false; reason: 'actor' | 'status' };

export interface OrderActionFacts {
  /** `pay`: an author is assigned; `edit`: the edit changed the price. */
  alternate?: boolean;
  /** `restore`: the status the order was trashed from. */
  trashedFrom?: OrderStatusId | null;
}

/**
 * One cell of the machine: may `actor` do `action` to an order in `from`, and where does it go?
 * `reason` says why not: the action is never this actor's (`actor`, a 403), or not in this
 * status (`status`, a 409).
 */
export function orderActionTarget(
  from: OrderStatusId,
  actor: OrderActor,
  action: OrderAction,
  facts: OrderActionFacts = {},
): OrderActionOutcome {
  const rule = ORDER_MACHINE[action];
  if (!rule.actors.includes(actor)) return { allowed: false, reason: 'actor' };
  const move = rule.moves[from];
  if (move === undefined) return { allowed: false, reason: 'status' };
  if (action === 'restore') {
    const back = facts.trashedFrom;
    return back !== undefined && back !== null && back !== OrderStatusId.trashed
      ? { allowed: true, to: back }
      : { allowed: false, reason: 'status' };
  }
  const to = typeof move === 'number' ? move : move[facts.alternate ? 1 : 0];
  return { allowed: true, to };
}

/** Whether `actor` may do `action` in `from` (whatever the facts). */
export function mayAct(from: OrderStatusId, actor: OrderActor, action: OrderAction): boolean {
  return orderActionTarget(from, actor, action, { trashedFrom: OrderStatusId.pricing }).allowed;
}

/** The status buttons `actor` has on the staff screen in `from`: each action with its target. */
export function statusButtons(
  from: OrderStatusId,
  actor: OrderActor,
): Array<{ action: OrderAction; to: OrderStatusId }> {
  return ORDER_ACTIONS.flatMap((action) => {
    if (!ORDER_MACHINE[action].button) return [];
    const outcome = orderActionTarget(from, actor, action);
    return outcome.allowed && outcome.to !== from ? [{ action, to: outcome.to }] : [];
  });
}

/** The button action that moves an order from `from` to `to`, if there is one. */
export function buttonActionFor(from: OrderStatusId, to: OrderStatusId): OrderAction | undefined {
  return ORDER_ACTIONS.find((action) => {
    const rule = ORDER_MACHINE[action];
    const move = rule.moves[from];
    return (
      rule.button === true &&
      move !== undefined &&
      (typeof move === 'number' ? move === to : move.includes(to))
    );
  });
}

/**
 * Moves between statuses other than the trash, every edge of {@link ORDER_MACHINE}: the graph
 * `canTransition` checks every write against.
 */
const TRANSITIONS: Readonly<Record<OrderStatusId, readonly OrderStatusId[]>> = Object.fromEntries(
  Object.keys(ORDER_STATUSES)
    .map(Number)
    .map((from) => {
      const targets = new Set<OrderStatusId>();
      for (const action of ORDER_ACTIONS) {
        const move = ORDER_MACHINE[action].moves[from as OrderStatusId];
        if (move === undefined) continue;
        for (const to of typeof move === 'number' ? [move] : move) {
          if (to !== from && to !== OrderStatusId.trashed) targets.add(to);
        }
      }
      return [from, [...targets].sort((a, b) => a - b)];
    }),
) as Record<OrderStatusId, OrderStatusId[]>;

export function canTransition(
  from: OrderStatusId,
  to: OrderStatusId,
  trashedFrom?: OrderStatusId | null,
): boolean {
  if (from === to) return false;
  if (to === OrderStatusId.trashed) return ORDER_STATUSES[from].trashable;
  if (from === OrderStatusId.trashed)
    return trashedFrom !== undefined && trashedFrom !== null && to === trashedFrom;
  return TRANSITIONS[from].includes(to);
}

export const OrderStatusSchema = z.object({ id: z.number().int(), title: text() });
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export function orderStatus(id: OrderStatusId): OrderStatus {
  return { id, title: ORDER_STATUSES[id].title };
}
