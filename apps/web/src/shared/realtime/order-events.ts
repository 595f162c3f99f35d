import type { OrderEventKind, ServerFrameOf } from '@cabinet/contract';
import type { InvalidateQueryFilters, Query, QueryClient } from '@tanstack/react-query';
import { orderKeys, paymentKeys, profileKeys } from '../api/keys';
import { staffKeys } from '../staff/keys';

/**
 * What an `order` frame (ADR 026) makes the tab read again: exactly the queries that show what
 * changed, by the key factories the screens' queries use (keys only, so the socket's chunk loads
 * no screen):
 * - the customer's: `orderKeys` (the order, its workspace parts under it, the lists), `paymentKeys`
 *   (the invoices waiting) and `profileKeys` (the header's money) of shared/api/keys.ts;
 * - the staff's: `staffKeys` of shared/staff/keys.ts (the order, its parts, the queue, care).
 * Invalidating refetches only what is on screen; the rest is read fresh when next shown.
 */

type Side = 'customer' | 'staff';
type OrderFrame = ServerFrameOf<'order'>['payload'];

/** Kinds that move what an order's row in a list or the queue shows (its status, price, author, dates). */
const LISTED: readonly OrderEventKind[] = ['status', 'price', 'deadline', 'performer', 'payments'];
/** Kinds that move what an invoice waiting for payment shows. */
const INVOICED: readonly OrderEventKind[] = ['status', 'price', 'payments'];

const any = (kinds: readonly OrderEventKind[], of: readonly OrderEventKind[]) =>
  kinds.some((k) => of.includes(k));

/** The filters of the queries an order's change concerns, for one side. */
export function orderChangeFilters(side: Side, change: OrderFrame): InvalidateQueryFilters[] {
  const id = String(change.order_id);
  const { kinds } = change;
  const filters: InvalidateQueryFilters[] = [];
  // The header shows the status, price, author, deadline, payments and the tabs' badges: every
  // kind but a timeline entry alone.
  const header = kinds.some((k) => k !== 'timeline');
  if (side === 'customer') {
    const order = orderKeys.detail(id);
    if (header) filters.push({ queryKey: order, exact: true });
    if (kinds.includes('files')) filters.push({ queryKey: [...order, 'files'], exact: true });
    if (kinds.includes('timeline')) filters.push({ queryKey: [...order, 'timeline'], exact: true });
    // The list and each opened request.
    if (kinds.includes('reworks')) filters.push({ queryKey: [...order, 'reworks'] });
    if (kinds.includes('care')) filters.push({ queryKey: [...order, 'care'] });
    if (any(kinds, LISTED)) filters.push({ queryKey: orderKeys.lists() });
    if (any(kinds, INVOICED)) filters.push({ queryKey: paymentKeys.waitingAll() });
    if (kinds.includes('payments')) filters.push({ queryKey: profileKeys.finances, exact: true });
    return filters;
  }
  const order = staffKeys.order(id);
  if (header) filters.push({ queryKey: order, exact: true });
  if (kinds.includes('timeline')) filters.push({ queryKey: [...order, 'timeline'], exact: true });
  // The staff keep a request's detail beside the list: `rework-{id}`, `care-{id}`.
  const part = (name: 'rework' | 'care') => (query: Query) => {
    const key = query.queryKey[order.length];
    return (
      order.every((segment, i) => query.queryKey[i] === segment) &&
      typeof key === 'string' &&
      (key === `${name}s` || key === name || key.startsWith(`${name}-`))
    );
  };
  // A staff rework lists the final files uploaded for its answer (`answer_files`), so a file counts.
  if (kinds.includes('reworks') || kinds.includes('files')) filters.push({ predicate: part('rework') });
  if (kinds.includes('care')) {
    filters.push({ predicate: part('care') });
    filters.push({ queryKey: staffKeys.cares() });
  }
  if (any(kinds, LISTED)) filters.push({ queryKey: staffKeys.queues() });
  return filters;
}

/** Reads again what the change concerns (the queries on screen now; the others when shown). */
export function refreshOrderChange(queries: QueryClient, side: Side, change: OrderFrame): Promise<void> {
  return Promise.all(orderChangeFilters(side, change).map((f) => queries.invalidateQueries(f))).then(
    () => undefined,
  );
}

/**
 * After a reconnect, once: what may have changed while the socket was down — every order query on
 * screen (the open order, its tabs, the lists or the queue), read again.
 */
export function reconnectFilters(side: Side): InvalidateQueryFilters[] {
  return side === 'customer'
    ? [{ queryKey: orderKeys.all }, { queryKey: paymentKeys.waitingAll() }]
    : [{ queryKey: staffKeys.orders() }, { queryKey: staffKeys.queues() }, { queryKey: staffKeys.cares() }];
}

export function refreshAfterReconnect(queries: QueryClient, side: Side): Promise<void> {
  return Promise.all(reconnectFilters(side).map((f) => queries.invalidateQueries(f))).then(() => undefined);
}
