import { OrderStatusId, isOrderStatusId, mayAct, type OrderWorkspaceFields } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { endOfMoscowDay, reworkEligibility } from './guarantee';
import { orderDiscounts } from './discounts';
import { type OrderRow } from './repo';
import { notHeldForRework } from './files-repo';

/**
 * What the customer's order answer tells of its workspace: payment, the author's name, when the
 * work is due, the guarantee, what is new on each tab, and whether a rework may be asked or the
 * work accepted now.
 */
export async function workspaceFields(
  db: Kysely<DB>,
  row: OrderRow,
  now: Date = new Date(),
): Promise<OrderWorkspaceFields> {
  const [author, files, reworks, care] = await Promise.all([
    row.performer_id === null
      ? undefined
      : db.selectFrom('staff_users').select('name').where('id', '=', row.performer_id).executeTakeFirst(),
    db
      .selectFrom('order_files')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', row.id)
      .where('kind', 'in', ['intermediate', 'final'])
      .where('is_reviewed', '=', 0)
      .where(notHeldForRework('order_files.rework_id'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reworks')
      .select(['state', 'answered_at', 'customer_seen_at'])
      .where('order_id', '=', row.id)
      .execute(),
    db
      .selectFrom('care_requests as c')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('c.order_id', '=', row.id)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('thread_messages as m')
            .select('m.id')
            .where('m.thread', '=', 'care')
            .whereRef('m.thread_id', '=', 'c.id')
            .where('m.author_role', '!=', 'customer')
            .where((w) =>
              w.or([
                w('c.customer_seen_at', 'is', null),
                w('m.created_at', '>', w.ref('c.customer_seen_at')),
              ]),
            ),
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  const newAnswers = reworks.filter(
    (r) =>
      r.state === 'answered' &&
      r.answered_at !== null &&
      (r.customer_seen_at === null || r.customer_seen_at < r.answered_at),
  ).length;
  // The list's trash state decides; a trashed order offers nothing.
  const trashed = row.is_trash === 1 || row.status_id === OrderStatusId.trashed;
  const eligibility = trashed
    ? reworkEligibility({ status_id: OrderStatusId.trashed, guarantee_until: null }, false, now)
    : reworkEligibility(
        row,
        reworks.some((r) => r.state === 'open'),
        now,
      );
  return {
    paid: row.paid,
    author: author ? { name: author.name } : null,
    deadline_at: row.deadline ? endOfMoscowDay(row.deadline) : null,
    guarantee_until: row.guarantee_until,
    attention: { chat: 0, files: Number(files.n), care: Number(care.n), reworks: newAnswers },
    rework: eligibility,
    discounts: await orderDiscounts(db, row.id),
    can_accept: !trashed && isOrderStatusId(row.status_id) && mayAct(row.status_id, 'customer', 'accept'),
  };
}
