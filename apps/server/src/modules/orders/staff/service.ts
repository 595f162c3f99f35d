import type { StaffOrderListQuerySchema } from '@cabinet/contract';
import {
  ORDER_STATUS_IDS,
  OrderStatusId,
  STAFF_STATUS_TITLES,
  buttonActionFor,
  isOrderStatusId,
  statusButtons,
  orderMessages,
  staffMessages,
  type OrderActor,
  type StaffOrder,
  type StaffOrderListItem,
  type StaffOrderUpdateRequestSchema,
  type StaffStatusRequest,
} from '@cabinet/contract';
import { type Kysely } from 'kysely';
import type { z } from 'zod';
import { nowIso } from '../../../db';
import type { DB } from '../../../db/types';
import type { StaffPrincipal } from '../../../plugins/auth';
import { formatRoubles } from '../../../mail';
import { HttpError, badRequest } from '../../../plugins/errors';
import { notFound, type OrdersContext } from '../context';
import { orderDiscounts, repriceOrder } from '../discounts';
import { notifyCustomer } from '../event-mails';
import { guaranteeAfterDeadline, moscowDay } from '../guarantee';
import { latestOriginalityReport } from '../originality';
import { moveStatus, recordEvent, requireMove, type Actor } from '../lifecycle';
import { titleOf, toListItem } from '../mappers';
import * as repo from '../repo';
import type { OrderRow, ReferenceTitles } from '../repo';
import { findPlacedOrder, lockOrder } from '../repo-lifecycle';
import { activePerformer, customerAndAuthor, openRequestCounts } from './repo';
import { requireAction, storedStatus } from '../statuses';
import { listOrderFiles, requireOpen } from '../workspace/files';
import { CUSTOMER_FALLBACK_NAME, firstName } from '../workspace/people';

/**
 * The staff face of orders (`/api/staff/orders/…`): the queue, an order as a manager or its author
 * sees it, and what only a manager does — price, deadline, assignment and moves by hand. Every
 * change goes through lifecycle.ts inside a transaction and lands in the order's timeline; the
 * workspace (files, reworks, care, timeline) is the shared services' (workspace/files.ts, …).
 *
 * Access: a manager sees every placed order, an author only the orders assigned to them — any
 * other id is simply not found (404), as another customer's order is for a customer.
 */

export type StaffListQuery = z.output<typeof StaffOrderListQuerySchema>;
export type StaffUpdate = z.output<typeof StaffOrderUpdateRequestSchema>;

/** The lifecycle's actor for a staff member. */
export function actorOf(staff: StaffPrincipal): Actor {
  return { role: staff.role, staffId: staff.id };
}

/** A deadline day is due at the end of that day in Moscow (UTC+3 all year). */
const deadlineAt = (day: string | null) => (day ? `${day}T20:59:59.999Z` : '');

const statusOf = (id: number) => ({ id, title: STAFF_STATUS_TITLES[id] ?? String(id) });

/**
 * The placed order if this staff member may see it, else 404: a performer sees only their own.
 * Inside a transaction, pass `lock` to read it through `lockOrder` (held until the end).
 */
export async function staffOrderRow(
  db: Kysely<DB>,
  staff: StaffPrincipal,
  orderId: number,
  lock = false,
): Promise<OrderRow> {
  const row = lock ? await lockOrder(db, orderId) : await findPlacedOrder(db, orderId);
  if (!row || (staff.role === 'performer' && row.performer_id !== staff.id)) throw notFound();
  return row;
}

/** Checks access to an order's id-bearing staff route (404 when the order is not theirs). */
export async function requireStaffOrder(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  orderId: number,
): Promise<void> {
  await staffOrderRow(ctx.db, staff, orderId);
}

/** A manager sees the customer's full name; an author, the first name only. */
function customerName(staff: StaffPrincipal, fio: string): string {
  if (staff.role === 'performer') return firstName(fio);
  return fio.trim() || CUSTOMER_FALLBACK_NAME;
}

// One order ---------------------------------------------------------------------

/**
 * Statuses this staff member may move the order to by hand now: the state machine's buttons
 * (`statusButtons`, ADR 004). «Оплачен» comes from a payment, «На проверке» from the author's
 * final file (which starts the guarantee), «Доработка» from the customer's request, the trash is
 * the customer's own; an author's one button is «Взять в работу».
 */
function manualTargets(
  row: Pick<OrderRow, 'status_id' | 'is_trash'>,
  role: StaffPrincipal['role'],
): number[] {
  const from = row.status_id;
  if (row.is_trash === 1 || !isOrderStatusId(from)) return [];
  return statusButtons(from, role).map((button) => button.to);
}

/** Every status an author could ever move an order to by hand (anything else is a manager's). */
const PERFORMER_TARGETS: ReadonlySet<number> = new Set(
  ORDER_STATUS_IDS.flatMap((from) => statusButtons(from, 'performer').map((button) => button.to)),
);

export async function staffOrderDetail(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  orderId: number,
  db: Kysely<DB> = ctx.db,
): Promise<StaffOrder> {
  const row = await staffOrderRow(db, staff, orderId);
  const [titles, extra, files] = await Promise.all([
    ctx.titles(db),
    customerAndAuthor(db, row.user_id, row.performer_id),
    listOrderFiles(ctx, orderId, 'staff', db),
  ]);
  const counts = await openRequestCounts(db, orderId);
  const item = toItem(row, titles, staff, extra, counts);
  const manager = staff.role === 'manager';
  return {
    ...item,
    details: toListItem(row, titles).details,
    customer: manager
      ? {
          id: extra.id,
          name: extra.fio.trim() || CUSTOMER_FALLBACK_NAME,
          email: extra.email,
          phone: extra.phone || null,
        }
      : { id: null, name: firstName(extra.fio), email: null, phone: null },
    cost: row.cost,
    discount: row.discount,
    discounts: await orderDiscounts(db, orderId),
    guarantee_until: row.guarantee_until,
    files,
    originality_report: await latestOriginalityReport(db, orderId),
    next_statuses: manualTargets(row, staff.role),
    is_trash: row.is_trash === 1,
  };
}

/** An order as a row of the staff's queue (and the list item of its detail). */
export function toItem(
  row: Parameters<typeof titleOf>[0] &
    Pick<
      OrderRow,
      'id' | 'status_id' | 'topic' | 'deadline' | 'price' | 'paid' | 'performer_id' | 'created_at'
    >,
  titles: ReferenceTitles,
  staff: StaffPrincipal,
  extra: { fio: string; performer_name: string | null },
  counts: { reworks: number; care: number },
): StaffOrderListItem {
  return {
    id: row.id,
    status: statusOf(row.status_id),
    work_type: titleOf(row, titles),
    topic: row.topic,
    deadline: row.deadline ?? '',
    deadline_at: deadlineAt(row.deadline),
    price: row.price,
    paid: row.paid,
    performer: row.performer_id !== null ? { id: row.performer_id, name: extra.performer_name ?? '' } : null,
    customer_name: customerName(staff, extra.fio),
    open_reworks: counts.reworks,
    open_care: counts.care,
    created_at: row.created_at,
  };
}

// What a manager does --------------------------------------------------------------

/**
 * Price (kopecks, before the order's discounts) and/or the deadline day. The customer pays the
 * price less the discounts kept with the order (ADR 027), as the one price function computes it.
 * A price in «Оценка стоимости» moves the order to «Ожидает оплаты»; in «Ожидает оплаты» it only
 * changes; an order paid in part (its first half) may be priced anew, never below what is paid,
 * and the customer owes the rest; once paid in full it is locked (409). Either way the customer is
 * mailed the price. A deadline changes while the order is not closed.
 */
export async function updateStaffOrder(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  orderId: number,
  body: StaffUpdate,
  now: Date = new Date(),
): Promise<StaffOrder> {
  const actor = actorOf(staff);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await staffOrderRow(trx, staff, orderId, true);
    requireOpen(order);
    const at = nowIso();
    if (body.deadline !== undefined) {
      if (body.deadline < moscowDay(now)) throw badRequest('deadline', orderMessages.deadlineTooEarly);
      if (body.deadline !== order.deadline) {
        await repo.updateOrder(trx, orderId, {
          deadline: body.deadline,
          // The guarantee never ends before the deadline + GUARANTEE_DAYS (ADR 015).
          guarantee_until: guaranteeAfterDeadline(
            order.guarantee_until,
            body.deadline,
            ctx.deps.config.GUARANTEE_DAYS,
          ),
          updated_at: at,
        });
        await recordEvent(trx, orderId, 'deadline_changed', actor, { deadline: body.deadline }, at);
      }
    }
    const cost = body.cost ?? body.price;
    if (cost !== undefined) {
      // An order paid in part (its first half) may be priced anew: the customer then owes the rest.
      const partPaid = order.paid > 0 && order.paid < order.price;
      const to: number = partPaid
        ? order.status_id
        : requireAction(order.status_id, 'manager', 'price', {}, staffMessages.priceLocked);
      // The price set is before the order's discounts, which apply to it (ADR 027).
      const priced = await repriceOrder(trx, orderId, cost, at);
      if (priced.price < order.paid) {
        throw new HttpError(409, staffMessages.priceBelowPaid(formatRoubles(order.paid)));
      }
      const data = { price: priced.price, cost: priced.cost };
      if (to !== order.status_id && isOrderStatusId(to)) {
        await moveStatus(trx, order, to, actor, { kind: 'priced', data, at });
      } else {
        await recordEvent(trx, orderId, 'priced', actor, data, at);
      }
      await notifyCustomer(trx, ctx, orderId, 'priced');
    }
  });
  await ctx.changed(orderId, [
    'deadline',
    'timeline',
    ...(body.cost === undefined && body.price === undefined ? [] : (['price', 'status'] as const)),
  ]);
  return staffOrderDetail(ctx, staff, orderId);
}

/**
 * Assigns (or reassigns) an author to an order in 1–7. An order paid and waiting for an author
 * goes to «В работе» with the assignment; elsewhere only the author changes.
 */
export async function assignPerformer(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  orderId: number,
  performerId: number,
): Promise<StaffOrder> {
  const actor = actorOf(staff);
  let formerAuthor: number | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    const order = await staffOrderRow(trx, staff, orderId, true);
    formerAuthor = order.performer_id;
    requireOpen(order);
    const performer = await activePerformer(trx, performerId);
    if (!performer) throw badRequest('performer_id', staffMessages.performerNotFound);
    const data = { performer_id: performerId };
    const to = requireAction(order.status_id, 'manager', 'assign');
    if (to !== order.status_id) {
      await moveStatus(trx, order, to, actor, {
        kind: 'author_assigned',
        data,
        also: { performer_id: performerId },
      });
      return;
    }
    if (order.performer_id === performerId) return;
    const at = nowIso();
    await repo.updateOrder(trx, orderId, { performer_id: performerId, updated_at: at });
    await recordEvent(trx, orderId, 'author_assigned', actor, data, at);
  });
  await ctx.changed(orderId, ['performer', 'status', 'timeline'], { formerAuthor });
  return staffOrderDetail(ctx, staff, orderId);
}

/**
 * A move by hand (ADR 004), refused with 409 and a Russian detail when the lifecycle does not
 * allow it, when it is not a manager's to make, or when the order is no longer in the status the
 * manager saw (`from_status_id`).
 */
export async function changeStatus(
  ctx: OrdersContext,
  staff: StaffPrincipal,
  orderId: number,
  body: StaffStatusRequest,
): Promise<StaffOrder> {
  const actor = actorOf(staff);
  await ctx.db.transaction().execute(async (trx) => {
    const order = await staffOrderRow(trx, staff, orderId, true);
    if (body.from_status_id !== undefined && body.from_status_id !== order.status_id) {
      throw new HttpError(409, staffMessages.statusConflict);
    }
    const to = body.status_id;
    // An author's only move by hand is «Взять в работу»; any other is a manager's (403).
    if (staff.role === 'performer' && !PERFORMER_TARGETS.has(to)) {
      throw new HttpError(403, staffMessages.managerOnly);
    }
    if (to === OrderStatusId.searchingAuthor) throw new HttpError(409, staffMessages.paidReserved);
    requireMove(order, to);
    const action = isOrderStatusId(to) ? buttonActionFor(storedStatus(order.status_id), to) : undefined;
    if (action === undefined || !isOrderStatusId(to)) {
      // The lifecycle allows it, but the customer, a payment, a file or an assignment makes this move.
      throw new HttpError(
        409,
        staffMessages.transitionRefused(statusOf(order.status_id).title, statusOf(to).title),
      );
    }
    requireAction(order.status_id, actor.role as OrderActor, action);
    if (to === OrderStatusId.inProgress && order.performer_id === null) {
      throw new HttpError(409, staffMessages.performerRequired);
    }
    if (to === OrderStatusId.awaitingPayment && order.status_id === OrderStatusId.pricing) {
      // The estimate stands as the price: the same event and mail as a price set.
      await moveStatus(trx, order, to, actor, { kind: 'priced', data: { price: order.price } });
      await notifyCustomer(trx, ctx, orderId, 'priced');
      return;
    }
    await moveStatus(trx, order, to, actor);
  });
  await ctx.changed(orderId, ['status', 'price', 'timeline']);
  return staffOrderDetail(ctx, staff, orderId);
}
