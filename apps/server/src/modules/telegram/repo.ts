import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** The SQL of Telegram notifications (migration 028, ADR 046). */

export async function linkOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('telegram_links')
    .select(['chat_id', 'linked_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new code for the customer; their older codes, used or not, go (one live link at a time). */
export async function replaceCode(
  trx: Kysely<DB>,
  userId: number,
  codeHash: string,
  expiresAt: string,
  now: string,
): Promise<void> {
  await trx.deleteFrom('telegram_link_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('telegram_link_codes')
    .values({ code_hash: codeHash, user_id: userId, expires_at: expiresAt, used_at: null, created_at: now })
    .execute();
}

/** Marks the code used if it is unused and unexpired; resolves to its customer, or undefined. */
export async function takeCode(trx: Kysely<DB>, codeHash: string, now: string): Promise<number | undefined> {
  const row = await trx
    .updateTable('telegram_link_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Links the chat to the customer (a chat links one customer: an earlier link of it goes). */
export async function saveLink(trx: Kysely<DB>, userId: number, chatId: string, now: string): Promise<void> {
  await trx.deleteFrom('telegram_links').where('chat_id', '=', chatId).execute();
  await trx
    .insertInto('telegram_links')
    .values({ user_id: userId, chat_id: chatId, linked_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ chat_id: chatId, linked_at: now }))
    .execute();
}

/** Unlinks the customer's chat and drops what still waits for it; resolves to whether one was linked. */
export async function deleteLinkOfUser(trx: Kysely<DB>, userId: number): Promise<boolean> {
  const gone = await trx.deleteFrom('telegram_links').where('user_id', '=', userId).executeTakeFirst();
  await trx
    .deleteFrom('telegram_queue')
    .where('user_id', '=', userId)
    .where('status', '=', 'pending')
    .execute();
  return gone.numDeletedRows > 0n;
}

/** Unlinks a chat (its /stop, or Telegram saying the bot may no longer write there). */
export async function deleteLinkOfChat(trx: Kysely<DB>, chatId: string): Promise<boolean> {
  const gone = await trx.deleteFrom('telegram_links').where('chat_id', '=', chatId).executeTakeFirst();
  await trx
    .deleteFrom('telegram_queue')
    .where('chat_id', '=', chatId)
    .where('status', '=', 'pending')
    .execute();
  return gone.numDeletedRows > 0n;
}

/** Queues a message to the customer's linked chat; resolves to whether they have one. */
export async function enqueue(
  trx: Kysely<DB>,
  userId: number,
  payload: string,
  now: string,
): Promise<boolean> {
  const link = await linkOf(trx, userId);
  if (!link) return false;
  await trx
    .insertInto('telegram_queue')
    .values({ user_id: userId, chat_id: link.chat_id, payload, next_attempt_at: now, created_at: now })
    .execute();
  return true;
}

/** The claimed rows' messages. */
export async function messagesOf(db: Kysely<DB>, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('telegram_queue')
    .select(['id', 'chat_id', 'payload', 'attempts', 'claimed_by'])
    .where('id', 'in', ids)
    .execute();
}
