import { OrderStatusId, orderMessages, type Order } from '@cabinet/contract';
import { nowIso } from '../../db/index';
import { HttpError } from '../../plugins/errors';
import { notFound, type OrdersContext } from './context';
import { lockOrder } from './repo-lifecycle';
import { getOrder } from './order';
import * as repo from './repo';
import { requireAction, storedStatus } from './statuses';

/** Moves an order to the trash (status 16 "archived order"), remembering where it was. */
export async function trashOrder(ctx: OrdersContext, userId: number, id: number): Promise<Order> {
  const order = await ctx.db.transaction().execute(async (trx) => {
    // Locked (PostgreSQL): a manager's move at the same moment waits, and is not overwritten.
    const row = await lockOrder(trx, id);
    if (row?.user_id !== userId) throw notFound();
    if (row.is_trash === 1) throw new HttpError(409, orderMessages.alreadyTrashed);
    requireAction(row.status_id, 'customer', 'trash', {}, orderMessages.notTrashable);
    await repo.updateOrder(trx, id, {
      status_id: OrderStatusId.trashed,
      is_trash: 1,
      trashed_from_status: row.status_id,
      updated_at: nowIso(),
    });
    return getOrder(ctx, userId, id, trx);
  });
  await ctx.changed(id, ['status']);
  return order;
}

/** Brings an order back from the trash to the status it was trashed from. */
export async function restoreOrder(ctx: OrdersContext, userId: number, id: number): Promise<Order> {
  const order = await ctx.db.transaction().execute(async (trx) => {
    // Locked (PostgreSQL): a manager's move at the same moment waits, and is not overwritten.
    const row = await lockOrder(trx, id);
    if (row?.user_id !== userId) throw notFound();
    if (row.is_trash !== 1) throw new HttpError(409, orderMessages.notTrashed);
    const back = row.trashed_from_status ?? OrderStatusId.pricing;
    requireAction(
      row.status_id,
      'customer',
      'restore',
      { trashedFrom: storedStatus(back) },
      orderMessages.notEditable,
    );
    await repo.updateOrder(trx, id, {
      status_id: back,
      is_trash: 0,
      trashed_from_status: null,
      updated_at: nowIso(),
    });
    return getOrder(ctx, userId, id, trx);
  });
  await ctx.changed(id, ['status']);
  return order;
}
