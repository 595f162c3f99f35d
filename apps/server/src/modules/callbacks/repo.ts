import type { Insertable, Kysely } from 'kysely';
import type { CallbacksTable, DB } from '../../db/types';

export function insertCallback(db: Kysely<DB>, values: Insertable<CallbacksTable>) {
  return db.insertInto('callbacks').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The pending requests first, newest first within each group; 500 at most. */
export function selectCallbacksForStaff(db: Kysely<DB>) {
  return db
    .selectFrom('callbacks')
    .innerJoin('users', 'users.id', 'callbacks.user_id')
    .selectAll('callbacks')
    .select(['users.email', 'users.fio'])
    .orderBy((eb) => eb.case().when('callbacks.status', '=', 'pending').then(0).else(1).end())
    .orderBy('callbacks.id', 'desc')
    .limit(500)
    .execute();
}

/** Marks a pending request done; undefined when it is not pending (or not there). */
export function markPendingCallbackDone(db: Kysely<DB>, id: number, staffId: number, doneAt: string) {
  return db
    .updateTable('callbacks')
    .set({ status: 'done', done_at: doneAt, done_by: staffId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export function findCallbackId(db: Kysely<DB>, id: number) {
  return db.selectFrom('callbacks').select('id').where('id', '=', id).executeTakeFirst();
}
