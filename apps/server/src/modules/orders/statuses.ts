import {
  ORDER_STATUSES,
  OrderStatusId,
  canTransition,
  isOrderStatusId,
  orderMessages,
  statusesOfTab,
  type OrderCounters,
  type OrderTab,
} from '@cabinet/contract';
import { HttpError } from '../../plugins/errors';

/**
 * The server's side of the lifecycle defined in the contract (`orders/statuses.ts`,
 * docs/decisions/004-order-statuses.md): reading a stored status, refusing a move the
 * lifecycle does not allow, and folding per-status counts into the tab counters.
 */

export function storedStatus(id: number): OrderStatusId {
  if (!isOrderStatusId(id)) throw new Error(`unknown order status ${id}`);
  return id;
}

export function isEditable(statusId: number): boolean {
  return ORDER_STATUSES[storedStatus(statusId)].editable;
}

const refusals: Partial<Record<OrderStatusId, string>> = {
  [OrderStatusId.trashed]: orderMessages.notTrashable,
};

/** Throws 409 with a Russian detail unless the lifecycle allows the move. */
export function requireTransition(from: number, to: OrderStatusId, trashedFrom: number | null = null): void {
  const trashedFromStatus = trashedFrom !== null && isOrderStatusId(trashedFrom) ? trashedFrom : null;
  if (!canTransition(storedStatus(from), to, trashedFromStatus)) {
    throw new HttpError(409, refusals[to] ?? orderMessages.notEditable);
  }
}

export const TAB_STATUSES: Readonly<Record<OrderTab, OrderStatusId[]>> = {
  active: statusesOfTab('active'),
  archive: statusesOfTab('archive'),
  done: statusesOfTab('done'),
};

export function countersFrom(
  rows: ReadonlyArray<{ status_id: number; n: number | string | bigint }>,
): OrderCounters {
  const counters: OrderCounters = { active: 0, archive: 0, done: 0 };
  for (const row of rows) {
    if (!isOrderStatusId(row.status_id)) continue;
    counters[ORDER_STATUSES[row.status_id].tab] += Number(row.n);
  }
  return counters;
}
