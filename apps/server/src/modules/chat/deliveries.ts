import type { ChatMessage, ServerFrame } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { OrderRow } from '../orders';
import * as repo from './repo';
import { CUSTOMER_KEY, staffKey, type ReadRow } from './repo';
import { recipientsOf, type Delivery, type Principal } from './types';

// A message's consequences for its readers: their unread counters, written in the storing
// transaction, and the frames the bus delivers after the commit (the message to each side, the
// sender's read mark, every changed count with the reader's new total).

export type Audience = Pick<OrderRow, 'id' | 'user_id' | 'performer_id'>;

/** The reader row of a principal: the customer's one, or the staff member's. */
export const keyOf = (p: Principal) => (p.kind === 'customer' ? CUSTOMER_KEY : staffKey(p.staffId));

/** A reader whose unread count changed, and the new count. */
export interface Changed {
  userId: number | null;
  staffId: number | null;
  unread: number;
}

/**
 * The readers' counters after message `id` by `p`: the sender has read up to it; the customer
 * (for a staff message), the order's author and every staff member with a row who still sees the
 * order have one more unread. Returns whose count changed.
 */
export async function countMessage(
  trx: Kysely<DB>,
  p: Principal,
  order: Audience,
  id: number,
  at: string,
): Promise<Changed[]> {
  const senderKey = keyOf(p);
  const reads = await repo.orderReads(trx, order.id);
  const byKey = new Map(reads.map((r) => [r.reader_key, r]));
  const changed: Changed[] = [];
  // Every row that changes, written in one statement (repo.writeMessageReads).
  const written: repo.MessageRead[] = [];
  const bump = (r: Pick<ReadRow, 'reader_key' | 'user_id' | 'staff_id'>): repo.MessageRead => ({
    reader_key: r.reader_key,
    user_id: r.user_id,
    staff_id: r.staff_id,
    unread: 1,
    last_read_id: 0,
    pending_since: r.reader_key === CUSTOMER_KEY ? at : null,
  });

  const bumped = reads.filter(
    (r) =>
      r.reader_key !== senderKey &&
      (r.reader_key === CUSTOMER_KEY || r.role === 'manager' || r.staff_id === order.performer_id),
  );
  for (const r of bumped) {
    written.push(bump(r));
    changed.push({ userId: r.user_id, staffId: r.staff_id, unread: r.unread + 1 });
  }
  if (p.kind === 'staff' && !byKey.has(CUSTOMER_KEY)) {
    written.push(bump({ reader_key: CUSTOMER_KEY, user_id: order.user_id, staff_id: null }));
    changed.push({ userId: order.user_id, staffId: null, unread: 1 });
  }
  const performer = order.performer_id;
  if (performer !== null && staffKey(performer) !== senderKey && !byKey.has(staffKey(performer))) {
    written.push(bump({ reader_key: staffKey(performer), user_id: null, staff_id: performer }));
    changed.push({ userId: null, staffId: performer, unread: 1 });
  }

  const own = byKey.get(senderKey);
  written.push({
    reader_key: senderKey,
    user_id: p.kind === 'customer' ? p.userId : null,
    staff_id: p.kind === 'staff' ? p.staffId : null,
    last_read_id: id,
    unread: 0,
    pending_since: null,
  });
  await repo.writeMessageReads(trx, order.id, written);
  if (own && own.unread > 0) {
    changed.push({
      userId: p.kind === 'customer' ? p.userId : null,
      staffId: p.kind === 'staff' ? p.staffId : null,
      unread: 0,
    });
  }
  return changed;
}

export async function unreadTotals(db: Kysely<DB>, userIds: number[], staffIds: number[]) {
  const [customerRows, staffRows] = await Promise.all([
    repo.customerUnread(db, [...new Set(userIds)]),
    repo.staffUnread(db, [...new Set(staffIds)]),
  ]);
  const sum = (rows: repo.UnreadRow[], key: 'user_id' | 'staff_id') => {
    const by = new Map<number, number>();
    for (const r of rows) by.set(r[key] ?? 0, (by.get(r[key] ?? 0) ?? 0) + r.unread);
    return by;
  };
  return { customers: sum(customerRows, 'user_id'), staff: sum(staffRows, 'staff_id') };
}

/** `unread` frames for readers whose count of this order changed, with their new totals. */
export async function unreadDeliveries(
  db: Kysely<DB>,
  orderId: number,
  changed: Changed[],
): Promise<Delivery[]> {
  if (changed.length === 0) return [];
  const totals = await unreadTotals(
    db,
    changed.flatMap((c) => (c.userId !== null ? [c.userId] : [])),
    changed.flatMap((c) => (c.staffId !== null ? [c.staffId] : [])),
  );
  return changed.map((c) => {
    const total = c.userId !== null ? totals.customers.get(c.userId) : totals.staff.get(c.staffId ?? 0);
    return {
      to: c.userId !== null ? { customer: c.userId } : { staff: c.staffId ?? 0 },
      frame: { type: 'unread', payload: { order_id: orderId, unread: c.unread, total: total ?? 0 } },
    };
  });
}

export async function messageDeliveries(
  db: Kysely<DB>,
  p: Principal,
  order: Audience,
  forCustomer: ChatMessage,
  forStaff: ChatMessage,
  changed: Changed[],
): Promise<Delivery[]> {
  const to = recipientsOf({ customerId: order.user_id, performerId: order.performer_id });
  const deliveries: Delivery[] = [
    { to: to.customer, frame: { type: 'message', payload: { order_id: order.id, message: forCustomer } } },
    ...to.staff.map((r) => ({
      to: r,
      frame: { type: 'message', payload: { order_id: order.id, message: forStaff } } as ServerFrame,
    })),
  ];
  // The sender has read everything up to their own message: the other side sees «прочитано».
  const read: ServerFrame = {
    type: 'read',
    payload: {
      order_id: order.id,
      side: p.kind === 'customer' ? 'customer' : 'staff',
      up_to_id: forStaff.id,
    },
  };
  if (p.kind === 'customer') deliveries.push(...to.staff.map((r) => ({ to: r, frame: read })));
  else deliveries.push({ to: to.customer, frame: read });
  deliveries.push(...(await unreadDeliveries(db, order.id, changed)));
  return deliveries;
}
