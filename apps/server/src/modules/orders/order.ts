import { orderStatus, type Order, type OrderGreeting } from '@cabinet/contract';
import { notFound, type OrdersContext } from './context';
import { titleOf, toFile, toListItem } from './mappers';
import * as repo from './repo';
import { storedStatus } from './statuses';
import { workspaceFields } from './workspace/fields';
import * as filesRepo from './files-repo';

/** One placed order of the customer's with its files; `db` is the transaction when inside one. */
export async function getOrder(ctx: OrdersContext, userId: number, id: number, db = ctx.db): Promise<Order> {
  const row = await repo.findOrder(db, userId, id, false);
  if (!row) throw notFound();
  const files = await filesRepo.filesOf(db, [id]);
  return {
    ...toListItem(row, await ctx.titles(db)),
    files: files.filter((f) => f.kind === 'customer').map(toFile),
    files_without_qc: files.filter((f) => f.kind === 'without_qc').map(toFile),
    ...(await workspaceFields(db, row)),
  };
}

/** What the "order placed" and welcome screens show of an order. */
export async function greeting(ctx: OrdersContext, userId: number, id: number): Promise<OrderGreeting> {
  const row = await repo.findOrder(ctx.db, userId, id, false);
  if (!row) throw notFound();
  return {
    id: row.id,
    title: titleOf(row, await ctx.titles()),
    topic: row.topic,
    status: orderStatus(storedStatus(row.status_id)),
    price: row.price,
    is_first_order: row.is_first_order === 1,
    packet_id: row.packet_id,
  };
}
