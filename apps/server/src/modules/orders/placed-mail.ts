import { OrderStatusId } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { orderPlacedMail } from '../../mail';
import type { OrdersContext } from './context';
import { titleOf } from './mappers';
import { customerOrders, mailSettings } from './repo-lifecycle';

/**
 * Queues the "order placed" mail inside the placing transaction, so it goes out exactly when the
 * order exists: a placement that rolls back sends nothing. A customer who turned e-mail off
 * (`users.email_delivery`) gets none. A packet's orders go in one mail.
 */
export async function queueOrderPlacedMail(
  ctx: OrdersContext,
  trx: Kysely<DB>,
  userId: number,
  orderIds: readonly number[],
): Promise<void> {
  const mailer = ctx.deps.mailer;
  if (!mailer || orderIds.length === 0) return;
  const user = await mailSettings(trx, userId);
  if (!user || user.email_delivery !== 1) return;
  const rows = await customerOrders(trx, userId, orderIds);
  const first = rows[0];
  if (!first) return;
  const titles = await ctx.titles(trx);
  const base = ctx.deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const link =
    rows.length === 1 ? `${base}/order/${first.id}/welcome?source=order_placed` : `${base}/home/active`;
  const mail = orderPlacedMail(
    user.email,
    rows.map((row) => ({
      id: row.id,
      workType: titleOf(row, titles),
      topic: row.topic,
      deadline: row.deadline,
      price: row.price,
    })),
    link,
    rows.some((row) => row.status_id === OrderStatusId.pricing),
  );
  await mailer.send(mail, trx);
}
