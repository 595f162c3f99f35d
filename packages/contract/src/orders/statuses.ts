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
 * Moves between statuses other than the trash. Trashing goes to 16 from any trashable status,
 * and restoring goes from 16 back to the status the order was trashed from, and nowhere else.
 */
const TRANSITIONS: Readonly<Record<OrderStatusId, readonly OrderStatusId[]>> = {
  1: [2, 8], // priced → awaiting payment; or cancelled
  2: [1, 3, 8], // edited → priced again; paid; cancelled
  3: [4, 8], // an author takes it; or cancelled with a refund
  4: [5, 8], // delivered for review; or cancelled with a refund
  5: [6, 7], // sent back for rework; or accepted
  6: [5], // delivered again
  7: [6], // rework within the warranty period
  8: [],
  16: [],
};

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
