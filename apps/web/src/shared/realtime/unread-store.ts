import { useSyncExternalStore } from 'react';

/**
 * Unread chat messages of the signed-in user: the total (sidebar, document title) and per order
 * (order cards, the workspace's «Чат» tab). Loaded from `GET …/chat/unread/` by the realtime
 * provider, then moved by `unread` frames and by the chat's own read marks. No network code here:
 * the root layout reads the total for the title without loading the socket client.
 */
export interface UnreadSnapshot {
  readonly total: number;
  readonly byOrder: ReadonlyMap<number, number>;
  /** False until the first load (or frame) arrived: callers may show their own figure meanwhile. */
  readonly loaded: boolean;
}

const EMPTY: UnreadSnapshot = { total: 0, byOrder: new Map(), loaded: false };

let snapshot: UnreadSnapshot = EMPTY;
const listeners = new Set<() => void>();
/** Every per-order change gets the next number, so a load can tell what moved while it was in flight. */
let changeSeq = 0;
const changedAt = new Map<number, { seq: number; unread: number }>();

function publish(next: UnreadSnapshot): void {
  snapshot = next;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function getUnreadSnapshot(): UnreadSnapshot {
  return snapshot;
}

/** The point a load starts from: pass it to `replaceUnread` with the answer. */
export function unreadMark(): number {
  return changeSeq;
}

/**
 * Replaces everything with a fresh answer of the unread endpoint. Orders that moved after `since`
 * (a frame, or a read mark, while the request was in flight) keep their newer count.
 */
export function replaceUnread(
  total: number,
  orders: readonly { order_id: number; unread: number }[],
  since = Number.POSITIVE_INFINITY,
): void {
  const byOrder = new Map<number, number>();
  for (const { order_id, unread } of orders) if (unread > 0) byOrder.set(order_id, unread);
  let sum = total;
  for (const [orderId, change] of changedAt) {
    if (change.seq <= since) continue;
    sum += change.unread - (byOrder.get(orderId) ?? 0);
    if (change.unread > 0) byOrder.set(orderId, change.unread);
    else byOrder.delete(orderId);
  }
  publish({ total: Math.max(0, sum), byOrder, loaded: true });
}

/**
 * One order's count changed (an `unread` frame, or the answer of a read mark). With `total` the
 * server's sum is taken as it is; without it the total moves by the difference.
 */
export function setOrderUnread(orderId: number, unread: number, total?: number): void {
  const previous = snapshot.byOrder.get(orderId) ?? 0;
  const count = Math.max(0, unread);
  changeSeq += 1;
  changedAt.set(orderId, { seq: changeSeq, unread: count });
  const nextTotal = total ?? snapshot.total - previous + count;
  if (count === previous && nextTotal === snapshot.total && snapshot.loaded) return;
  const byOrder = new Map(snapshot.byOrder);
  if (count > 0) byOrder.set(orderId, count);
  else byOrder.delete(orderId);
  publish({ total: Math.max(0, nextTotal), byOrder, loaded: true });
}

/** Forgets everything (the provider unmounted: signed out, or left the cabinet). */
export function resetUnread(): void {
  changedAt.clear();
  if (snapshot !== EMPTY) publish(EMPTY);
}

const serverSnapshot = () => EMPTY;

export function useUnreadSnapshot(): UnreadSnapshot {
  return useSyncExternalStore(subscribe, getUnreadSnapshot, serverSnapshot);
}

/** Unread messages over all the user's orders; 0 outside the cabinet. */
export function useUnreadTotal(): number {
  return useSyncExternalStore(
    subscribe,
    () => snapshot.total,
    () => 0,
  );
}

/** Unread messages of one order; 0 when none or not known. */
export function useOrderUnread(orderId: number): number {
  return useSyncExternalStore(
    subscribe,
    () => snapshot.byOrder.get(orderId) ?? 0,
    () => 0,
  );
}

/** The live count of one order, or null while nothing is known yet (no provider, first load pending). */
export function useLiveOrderUnread(orderId: number): number | null {
  return useSyncExternalStore(
    subscribe,
    () => (snapshot.loaded ? (snapshot.byOrder.get(orderId) ?? 0) : null),
    () => null,
  );
}
