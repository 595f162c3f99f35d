import {
  profileMessages,
  type Callback,
  type CallbackRequest,
  type StaffCallbackList,
} from '@cabinet/contract';
import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../../db/index';
import type { CallbacksTable, DB } from '../../db/types';
import { HttpError, notFound } from '../../plugins/errors';

function toCallback(row: Selectable<CallbacksTable>): Callback {
  return {
    id: row.id,
    phone: row.phone,
    time: row.time as Callback['time'],
    comment: row.comment,
    status: row.status,
    created_at: row.created_at,
  };
}

/** Stores a customer's request for a phone call; a manager works through them on the staff side. */
export async function requestCallback(
  db: Kysely<DB>,
  userId: number,
  body: CallbackRequest,
): Promise<Callback> {
  const row = await db
    .insertInto('callbacks')
    .values({
      user_id: userId,
      phone: body.phone,
      time: body.time,
      comment: body.comment ?? '',
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCallback(row);
}

/** Every request for a manager: the pending ones first, newest first within each group. */
export async function listCallbacks(db: Kysely<DB>): Promise<StaffCallbackList> {
  const rows = await db
    .selectFrom('callbacks')
    .innerJoin('users', 'users.id', 'callbacks.user_id')
    .selectAll('callbacks')
    .select(['users.email', 'users.fio'])
    .orderBy((eb) => eb.case().when('callbacks.status', '=', 'pending').then(0).else(1).end())
    .orderBy('callbacks.id', 'desc')
    .limit(500)
    .execute();
  return {
    results: rows.map((r) => ({
      ...toCallback(r),
      customer: { id: r.user_id, email: r.email, fio: r.fio },
      done_at: r.done_at,
    })),
  };
}

/** Marks a request called back; a second mark is refused (409), so two managers see who was first. */
export async function markCallbackDone(db: Kysely<DB>, id: number, staffId: number): Promise<Callback> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('callbacks')
      .set({ status: 'done', done_at: nowIso(), done_by: staffId })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (updated) return toCallback(updated);
    const exists = await trx.selectFrom('callbacks').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound(profileMessages.callbackNotFound);
    throw new HttpError(409, profileMessages.callbackAlreadyDone);
  });
}
