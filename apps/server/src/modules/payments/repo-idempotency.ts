import type { Insertable, Kysely } from 'kysely';
import type { DB, IdempotencyKeysTable } from '../../db/types';

/** The `Idempotency-Key` rows (idempotency.ts): one per customer and key. */

/** Writes the key's row unless the customer has it already; undefined when they had. */
export function insertIdempotencyKey(db: Kysely<DB>, row: Insertable<IdempotencyKeysTable>) {
  return db
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
}

export function findIdempotencyKey(db: Kysely<DB>, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** The key's row written at `createdAt`: that request's own, not a retry's fresh one. */
function keyRowOf(db: Kysely<DB>, userId: number, key: string, createdAt: string) {
  return db
    .deleteFrom('idempotency_keys')
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .where('created_at', '=', createdAt);
}

/** Deletes the key's row written at `createdAt` (a release: the request was refused). */
export async function deleteKey(
  db: Kysely<DB>,
  userId: number,
  key: string,
  createdAt: string,
): Promise<void> {
  await keyRowOf(db, userId, key, createdAt).execute();
}

/** The same only while the row has no answer (an abandoned one, taken over). */
export async function deleteUnansweredKey(
  db: Kysely<DB>,
  userId: number,
  key: string,
  createdAt: string,
): Promise<void> {
  await keyRowOf(db, userId, key, createdAt).where('status_code', 'is', null).execute();
}

/** Keeps the answer of the key's request. */
export async function keepAnswer(
  db: Kysely<DB>,
  userId: number,
  key: string,
  statusCode: number,
  response: string,
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ status_code: statusCode, response })
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .execute();
}
