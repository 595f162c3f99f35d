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
import { findCallbackId, insertCallback, markPendingCallbackDone, selectCallbacksForStaff } from './repo';

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
  const row = await insertCallback(db, {
    user_id: userId,
    phone: body.phone,
    time: body.time,
    comment: body.comment ?? '',
    created_at: nowIso(),
  });
  return toCallback(row);
}

/** Every request for a manager: the pending ones first, newest first within each group. */
export async function listCallbacks(db: Kysely<DB>): Promise<StaffCallbackList> {
  const rows = await selectCallbacksForStaff(db);
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
    const updated = await markPendingCallbackDone(trx, id, staffId, nowIso());
    if (updated) return toCallback(updated);
    const exists = await findCallbackId(trx, id);
    if (!exists) throw notFound(profileMessages.callbackNotFound);
    throw new HttpError(409, profileMessages.callbackAlreadyDone);
  });
}
