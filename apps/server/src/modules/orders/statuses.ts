import {
  ORDER_STATUSES,
  OrderStatusId,
  canTransition,
  isOrderStatusId,
  orderActionTarget,
  orderMessages,
  staffMessages,
  STAFF_STATUS_TITLES,
  type OrderAction,
  type OrderActionFacts,
  type OrderActor,
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

/**
 * One cell of the contract's state machine (`ORDER_MACHINE`, ADR 004) as the API answers it: the
 * status the action leads to, or 403 when the action is never this actor's and 409 (with the
 * status's staff title, or `refusal`) when it is not allowed in the order's status now.
 */
export function requireAction(
  from: number,
  actor: OrderActor,
  action: OrderAction,
  facts: OrderActionFacts = {},
  refusal?: string,
): OrderStatusId {
  const outcome = orderActionTarget(storedStatus(from), actor, action, facts);
  if (outcome.allowed) return outcome.to;
  if (outcome.reason === 'actor') throw new HttpError(403, staffMessages.managerOnly);
  throw new HttpError(409, refusal ?? staffMessages.actionRefused(STAFF_STATUS_TITLES[from] ?? String(from)));
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
