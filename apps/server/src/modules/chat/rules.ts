import { OrderStatusId, type ChatReadMarks } from '@cabinet/contract';
import type { Face, OrderRow } from '../orders';
import { CUSTOMER_KEY, type ReadRow } from './repo';
import type { Principal } from './types';

/** The order chat's rules of who sees it, when it is closed and how far each side has read. */

export const faceOf = (p: Principal): Face => (p.kind === 'customer' ? 'customer' : 'staff');

/** A customer sees their own placed orders; a manager every one; an author the ones assigned to them. */
export function sees(p: Principal, order: Pick<OrderRow, 'user_id' | 'performer_id'>): boolean {
  if (p.kind === 'customer') return order.user_id === p.userId;
  return p.role === 'manager' || order.performer_id === p.staffId;
}

/** The trash closes the conversation (history stays readable); a cancelled order may still be discussed. */
export function closed(order: Pick<OrderRow, 'status_id' | 'is_trash'>): boolean {
  return order.status_id === OrderStatusId.trashed || order.is_trash === 1;
}

/** How far each side has read, from the order's reader rows. */
export function marksOf(reads: Pick<ReadRow, 'reader_key' | 'last_read_id'>[]): ChatReadMarks {
  let customer = 0;
  let staff = 0;
  for (const r of reads) {
    if (r.reader_key === CUSTOMER_KEY) customer = r.last_read_id;
    else staff = Math.max(staff, r.last_read_id);
  }
  return { customer, staff };
}
