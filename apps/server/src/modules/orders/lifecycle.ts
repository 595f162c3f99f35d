import {
  ORDER_STATUSES,
  OrderStatusId,
  STAFF_STATUS_TITLES,
  canTransition,
  isOrderStatusId,
  orderMessages,
  staffMessages,
  type TimelineKind,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { ActorRoleName, DB } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import { notifyOrderMoved } from '../notifications';
import type { OrderRow } from './repo';
import { insertEvent, setStatusIfStill } from './repo-lifecycle';

/**
 * The one way an order moves, whoever moves it (the customer, a manager, an author, a payment):
 * inside the caller's transaction, the order is locked, the move checked against the lifecycle of
 * ADR 004 (`canTransition`), written only if the order is still where the caller saw it, and
 * recorded in the order's timeline with who did it. Two conflicting moves leave one winner and a
 * 409 for the other.
 */

/** Who acts: a customer, a staff member (with their id) or the service itself. */
export interface Actor {
  role: ActorRoleName;
  /** staff_users.id for a manager or performer, else null. */
  staffId: number | null;
}

export const customerActor: Actor = { role: 'customer', staffId: null };
export const systemActor: Actor = { role: 'system', staffId: null };

/** Appends an event to the order's timeline; `data` carries what its text needs. */
export async function recordEvent(
  trx: Kysely<DB>,
  orderId: number,
  kind: TimelineKind,
  actor: Actor,
  data: Record<string, unknown> = {},
  at: string = nowIso(),
): Promise<void> {
  await insertEvent(trx, {
    order_id: orderId,
    kind,
    actor_role: actor.role,
    staff_id: actor.staffId,
    data: JSON.stringify(data),
    created_at: at,
  });
}

function statusTitle(id: number): string {
  return STAFF_STATUS_TITLES[id] ?? (isOrderStatusId(id) ? ORDER_STATUSES[id].title : String(id));
}

/** Throws 409 with a Russian detail unless the lifecycle allows moving `order` to `to`. */
export function requireMove(order: Pick<OrderRow, 'status_id' | 'trashed_from_status'>, to: number): void {
  if (order.status_id === OrderStatusId.trashed) throw new HttpError(409, orderMessages.trashedOrder);
  const from = order.status_id;
  if (
    !isOrderStatusId(from) ||
    !isOrderStatusId(to) ||
    !canTransition(from, to, order.trashed_from_status as OrderStatusId | null)
  ) {
    throw new HttpError(409, staffMessages.transitionRefused(statusTitle(from), statusTitle(to)));
  }
}

export interface MoveOptions {
  /** The timeline event to record (default `status_changed`) and what its text needs. */
  kind?: TimelineKind;
  data?: Record<string, unknown>;
  /** Other columns written with the status (the guarantee, the price…). */
  also?: Partial<Pick<OrderRow, 'guarantee_until' | 'price' | 'paid' | 'performer_id' | 'deadline'>>;
  at?: string;
}

/**
 * Moves a locked order (read by `lockOrder` in this transaction) to `to`, records the event and
 * returns the new status. The UPDATE names the status it read, so even without a lock a
 * concurrent move makes this one fail with 409 instead of overwriting it.
 */
export async function moveStatus(
  trx: Kysely<DB>,
  order: Pick<OrderRow, 'id' | 'status_id' | 'trashed_from_status'>,
  to: OrderStatusId,
  actor: Actor,
  options: MoveOptions = {},
): Promise<void> {
  requireMove(order, to);
  const at = options.at ?? nowIso();
  const moved = await setStatusIfStill(trx, order.id, order.status_id, {
    ...options.also,
    status_id: to,
    updated_at: at,
  });
  if (!moved) throw new HttpError(409, staffMessages.statusConflict);
  await recordEvent(
    trx,
    order.id,
    options.kind ?? 'status_changed',
    actor,
    { from: order.status_id, to, ...options.data },
    at,
  );
  // The customer is told of what others did to their order (ADR 044), not of their own moves.
  if (actor.role !== 'customer') await notifyOrderMoved(trx, order.id, to, options.kind ?? 'status_changed');
}
