import { OrderStatusId } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import type { PaymentData } from './settle';
import { lockCustomer } from '../ledger';
import {
  deletePayment,
  insertPayments,
  selectOrdersAwaitingPayment,
  selectPendingOrderPayments,
  updatePayment,
} from './repo-payments';

/**
 * Invoices: every order of a customer waiting for payment (status 2) has one pending
 * `payments` row — purpose 'order', no method, no provider yet — which `waiting/` lists and `pay/`
 * reuses when the customer pays that order (so does an order paid by halves for its second half).
 * Its amount follows the order: price − paid, so a
 * manager changing the price changes the invoice on the next read. An invoice carries no money;
 * settling removes the invoices of an order once it is paid (settle.ts).
 */

/** «Заказ №12: Курсовая работа «Тема»». */
export function orderTitle(order: { id: number; topic: string }, workType: string | null): string {
  const topic = order.topic.trim();
  const what = [workType, topic ? `«${topic}»` : null].filter(Boolean).join(' ');
  return what ? `Заказ №${order.id}: ${what}` : `Заказ №${order.id}`;
}

/** Statuses after payment in which an order paid by halves still owes its second half. */
export const OWING_STATUSES: number[] = [
  OrderStatusId.searchingAuthor,
  OrderStatusId.authorAssigned,
  OrderStatusId.inProgress,
  OrderStatusId.review,
  OrderStatusId.rework,
  OrderStatusId.completed,
];

/**
 * The orders of the customer waiting for payment — status 2, or a second half still owed — with
 * what is left to pay and the invoice's title.
 */
export async function ordersAwaitingPayment(
  db: Kysely<DB>,
  userId: number,
  orderIds?: number[],
): Promise<Array<{ id: number; title: string; price: number; paid: number; due: number }>> {
  const rows = await selectOrdersAwaitingPayment(db, userId, OWING_STATUSES, orderIds);
  return rows.map((r) => ({
    id: r.id,
    title: orderTitle(r, r.work_type),
    price: Number(r.price),
    paid: Number(r.paid),
    due: Math.max(0, Number(r.price) - Number(r.paid)),
  }));
}

/**
 * Makes the invoices match the orders: one pending invoice per order waiting for payment that has no
 * pending payment yet (an attempt through a provider counts), its amount kept at price − paid;
 * invoices of orders that no longer wait (or owe nothing) go. Call inside a transaction.
 */
export async function ensureInvoices(trx: Kysely<DB>, userId: number): Promise<void> {
  // Two readers at once must not both add an order's invoice: one customer's invoices at a time.
  await lockCustomer(trx, userId);
  const orders = await ordersAwaitingPayment(trx, userId);
  const pending = await selectPendingOrderPayments(trx, userId);
  const at = nowIso();
  const byOrder = new Map(orders.map((o) => [o.id, o]));
  const seen = new Set<number>();
  for (const invoice of pending) {
    if (invoice.provider !== null) continue;
    const order = byOrder.get(invoice.object_id!);
    if (!order || order.due === 0 || seen.has(order.id)) {
      await deletePayment(trx, invoice.id);
      continue;
    }
    seen.add(order.id);
    if (invoice.amount !== order.due || Number(invoice.bonus) !== 0 || invoice.title !== order.title) {
      const data: PaymentData = { orders: [{ id: order.id, amount: order.due }] };
      await updatePayment(trx, invoice.id, {
        amount: order.due,
        bonus: 0,
        title: order.title,
        data: JSON.stringify(data),
        updated_at: at,
      });
    }
  }
  const covered = new Set(
    pending.filter((p) => p.provider !== null || byOrder.get(p.object_id!)?.due).map((p) => p.object_id),
  );
  const missing = orders.filter((o) => o.due > 0 && !covered.has(o.id));
  if (missing.length === 0) return;
  await insertPayments(
    trx,
    missing.map((o) => ({
      user_id: userId,
      purpose: 'order' as const,
      object_id: o.id,
      title: o.title,
      amount: o.due,
      bonus: 0,
      payment_method: null,
      status: 'pending' as const,
      provider: null,
      data: JSON.stringify({ orders: [{ id: o.id, amount: o.due }] } satisfies PaymentData),
      created_at: at,
      updated_at: at,
    })),
  );
}
