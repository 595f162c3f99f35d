import {
  OrderStatusId,
  earliestDeadline,
  orderMessages,
  type Order,
  type OrderUpdateRequestSchema,
} from '@cabinet/contract';
import type { z } from 'zod';
import { HttpError } from '../../plugins/errors';
import { checkRefs, notFound, requireDeadline, type OrdersContext } from './context';
import { attachPending } from './files';
import { getOrder } from './order';
import { storeAmounts } from './discounts';
import { costOf, placedOrderDiscount } from './prices';
import * as repo from './repo';
import { isEditable, requireAction } from './statuses';
import { lockCustomer } from '../ledger';

// What the contract's schema produces (defaults filled in), as the route passes it on.
type UpdateInput = z.output<typeof OrderUpdateRequestSchema>;

/**
 * Changes a placed order while its status lets the customer edit it, and prices it anew with the
 * discounts it was placed with; a new price of an order awaiting payment sends it back to pricing.
 */
export async function editOrder(
  ctx: OrdersContext,
  userId: number,
  id: number,
  body: UpdateInput,
): Promise<Order> {
  const now = new Date();
  await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const row = await repo.findOrder(trx, userId, id, false);
    if (!row) throw notFound();
    if (row.is_trash === 1) throw new HttpError(409, orderMessages.trashedOrder);
    if (!isEditable(row.status_id)) throw new HttpError(409, orderMessages.notEditable);
    if (body.deadline !== undefined && body.deadline !== row.deadline) requireDeadline(body.deadline, now);
    await checkRefs(trx, body);

    const fields = {
      work_type_id: body.work_type_id ?? row.work_type_id ?? 0,
      pages: body.pages ?? row.pages ?? 1,
      deadline: body.deadline ?? row.deadline ?? earliestDeadline(now),
      originality: body.originality ?? row.originality ?? 0,
      verification_system_id:
        body.verification_system_id === undefined ? row.verification_system_id : body.verification_system_id,
    };
    const cost = await costOf(trx, fields, now);
    const { priced } = await placedOrderDiscount(trx, row, cost.total);
    let status = row.status_id;
    // A new price needs a new estimate before the customer pays.
    status = requireAction(status, 'customer', 'edit', {
      alternate: status === OrderStatusId.awaitingPayment && priced.price !== row.price,
    });
    await repo.updateOrder(trx, id, {
      ...fields,
      subject_id: body.subject_id === undefined ? row.subject_id : body.subject_id,
      university_id: body.university_id === undefined ? row.university_id : body.university_id,
      topic: body.topic ?? row.topic,
      requirements: body.requirements ?? row.requirements,
      links: body.links === undefined ? row.links : JSON.stringify(body.links),
      status_id: status,
      cost: priced.cost,
      discount: priced.discount,
      price: priced.price,
      updated_at: now.toISOString(),
    });
    await storeAmounts(trx, id, priced);
    await attachPending(ctx, trx, userId, id, body.files ?? [], 'customer');
  });
  await ctx.changed(id, ['status', 'price', 'deadline', 'files']);
  return getOrder(ctx, userId, id);
}

/** Files added to an order no longer editable go without the quality check. */
export async function addFilesWithoutQc(
  ctx: OrdersContext,
  userId: number,
  id: number,
  fileIds: number[],
): Promise<Order> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const row = await repo.findOrder(trx, userId, id, false);
    if (!row) throw notFound();
    if (row.is_trash === 1) throw new HttpError(409, orderMessages.trashedOrder);
    if (isEditable(row.status_id)) throw new HttpError(409, orderMessages.stillEditable);
    await attachPending(ctx, trx, userId, id, fileIds, 'without_qc');
  });
  await ctx.changed(id, ['files']);
  return getOrder(ctx, userId, id);
}
