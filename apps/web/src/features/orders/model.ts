import {
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  OrderStatusId,
  isOrderStatusId,
  type OrderCounters,
  type OrderList,
  type OrderListItem,
  type OrderListQuery,
  type OrderTab,
} from '@cabinet/contract';

export { isOrderTrashed } from './order-trash';

// --- the list ------------------------------------------------------------------------------

/** `?page=` of the list screen: a positive integer, anything else is the first page. */
export function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The query string of `GET /api/client/orders/` for a tab and a page (20 a page). */
function listQuery(tab: OrderTab, page: number): Required<OrderListQuery> {
  return { tab, page, page_size: ORDERS_PAGE_SIZE };
}

export function listSearch(tab: OrderTab, page: number): string {
  const q = listQuery(tab, page);
  return new URLSearchParams({ tab: q.tab, page: String(q.page), page_size: String(q.page_size) }).toString();
}

export function pageCount(count: number, pageSize = ORDERS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * Spec §4: moving an order to the trash lowers the count of the tab it was on (active, as a
 * rule) and the order now counts in the archive, where it shows as status 16.
 */
export function countersAfterTrash(counters: OrderCounters, fromTab: OrderTab): OrderCounters {
  const next = { ...counters };
  next[fromTab] = Math.max(0, next[fromTab] - 1);
  next.archive += 1;
  return next;
}

/**
 * Spec §4: restoring lowers the archive count. Where the order goes back to is known once the
 * server has answered (the status it was trashed from); until then only the archive changes.
 */
export function countersAfterRestore(counters: OrderCounters, toTab?: OrderTab): OrderCounters {
  const next = { ...counters };
  next.archive = Math.max(0, next.archive - 1);
  if (toTab) next[toTab] += 1;
  return next;
}

/** The list of a tab after an order left it: it is gone from the page and the count is one less. */
export function withoutOrder(list: OrderList, id: number, counters: OrderCounters): OrderList {
  const results = list.results.filter((order) => order.id !== id);
  const removed = results.length !== list.results.length;
  return { ...list, results, count: removed ? Math.max(0, list.count - 1) : list.count, counters };
}

/**
 * The list of a tab after one of its orders went to the trash. The archive tab keeps a trashed
 * order (a cancelled one can be trashed from there), so it is shown as status 16 in place.
 */
export function afterTrash(list: OrderList, tab: OrderTab, order: OrderListItem): OrderList {
  const counters = countersAfterTrash(list.counters, tab);
  if (tab !== 'archive') return withoutOrder(list, order.id, counters);
  return {
    ...list,
    counters,
    results: list.results.map((o) => (o.id === order.id ? { ...o, ...TRASHED_LOOK } : o)),
  };
}

const TRASHED_LOOK: Pick<OrderListItem, 'status' | 'trash' | 'is_editable'> = {
  status: { id: OrderStatusId.trashed, title: ORDER_STATUSES[OrderStatusId.trashed].title },
  trash: { is_trash: true },
  is_editable: false,
};

export function tabOfStatus(statusId: number): OrderTab | undefined {
  return isOrderStatusId(statusId) ? ORDER_STATUSES[statusId].tab : undefined;
}

export function canTrash(order: OrderListItem): boolean {
  return (
    !order.trash.is_trash && isOrderStatusId(order.status.id) && ORDER_STATUSES[order.status.id].trashable
  );
}

export function canRestore(order: OrderListItem): boolean {
  return order.trash.is_trash;
}

// --- the success and welcome screens --------------------------------------------------------

/** The main button of the success and welcome screens: the customer's next move on the order. */
export type GreetingAction = 'pay' | 'review' | 'files' | 'chat' | 'order' | 'newOrder' | 'archive';

/**
 * By status: pay once the price is confirmed, check delivered work, follow the chat while the
 * service works, open the files of a finished order, order anew after a cancel. A trashed order
 * has no screen of its own (the order guard sends it to the archive tab), so it leads there.
 */
const GREETING_ACTIONS: Readonly<Record<OrderStatusId, GreetingAction>> = {
  1: 'order',
  2: 'pay',
  3: 'chat',
  4: 'chat',
  5: 'review',
  6: 'chat',
  7: 'files',
  8: 'newOrder',
  9: 'chat',
  16: 'archive',
};

export function greetingAction(statusId: number): GreetingAction {
  return isOrderStatusId(statusId) ? GREETING_ACTIONS[statusId] : 'order';
}

// --- deadlines -----------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;
const relativeFormat = new Intl.RelativeTimeFormat('ru', { numeric: 'auto' });

/** Whole calendar days from `now` (local) to the day `YYYY-MM-DD`. */
export function daysUntil(day: string, now: Date): number {
  const [y, m, d] = day.split('-').map(Number);
  const target = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((target - today) / DAY_MS);
}

/** «через 2 дня», «завтра», «сегодня», «3 дня назад». */
export function relativeDeadline(day: string, now: Date): string {
  return relativeFormat.format(daysUntil(day, now), 'day');
}

/** A deadline day as a local date (not UTC midnight, which is the day before west of Greenwich). */
export function deadlineDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

/** Kopecks to roubles for `formatMoney`. */
export function kopecksToRoubles(kopecks: number): number {
  return kopecks / 100;
}

// --- the first-order goal ------------------------------------------------------------------

type GoalStorage = Pick<Storage, 'getItem' | 'setItem'>;

const goalKey = (orderId: number) => `first_order_goal:${orderId}`;

/**
 * Spec §2: the success screen is the first-order route. The goal counts a customer's first
 * order once, so a reload or a second visit of the same screen records nothing more.
 */
export function recordFirstOrderGoalOnce(
  greeting: { id: number; is_first_order: boolean },
  storage: GoalStorage,
  record: () => void,
): boolean {
  if (!greeting.is_first_order || storage.getItem(goalKey(greeting.id)) !== null) return false;
  storage.setItem(goalKey(greeting.id), '1');
  record();
  return true;
}

/** A run of the list: one order, or the orders of one packet placed together (spec: shown together). */
export type ListGroup =
  { packetId: null; orders: [OrderListItem] } | { packetId: number; orders: OrderListItem[] };

/**
 * Groups the page's orders for display: orders of one packet that sit next to each other (they are
 * placed together, so the list's order keeps them adjacent) form one group, in the list's order.
 */
export function groupByPacket(orders: readonly OrderListItem[]): ListGroup[] {
  const groups: ListGroup[] = [];
  for (const order of orders) {
    const last = groups.at(-1);
    if (order.packet_id !== null && last?.packetId === order.packet_id) last.orders.push(order);
    else if (order.packet_id !== null) groups.push({ packetId: order.packet_id, orders: [order] });
    else groups.push({ packetId: null, orders: [order] });
  }
  return groups;
}
