import type { Kysely, Selectable } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB, PushQueueTable, PushSubscriptionsTable } from '../../db/types';

/** All of the notifications module's SQL (migration 026). */

export type SubscriptionRow = Selectable<PushSubscriptionsTable>;
export type QueuedPush = Selectable<PushQueueTable> & Pick<SubscriptionRow, 'endpoint' | 'p256dh' | 'auth'>;

// Settings ----------------------------------------------------------------------------

export function settingRows(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('notification_settings')
    .select(['event', 'channel', 'enabled'])
    .where('user_id', '=', userId)
    .execute();
}

export async function saveSetting(
  trx: Kysely<DB>,
  row: { user_id: number; event: string; channel: string; enabled: number },
): Promise<void> {
  await trx
    .insertInto('notification_settings')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'event', 'channel']).doUpdateSet({ enabled: row.enabled }))
    .execute();
}

/** What the e-mail channel also needs: the spec's `email_delivery` and the newsletter's state. */
export function mailFlags(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('users')
    .select(['email_delivery', 'unisender_status_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export async function setNewsletter(trx: Kysely<DB>, userId: number, status: number): Promise<void> {
  await trx.updateTable('users').set({ unisender_status_id: status }).where('id', '=', userId).execute();
}

/** The customer of an order (a status notice is theirs). */
export async function orderCustomer(db: Kysely<DB>, orderId: number): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirst();
  return row?.user_id ?? undefined;
}

// Subscriptions -----------------------------------------------------------------------

export function findSubscription(db: Kysely<DB>, endpoint: string) {
  return db.selectFrom('push_subscriptions').selectAll().where('endpoint', '=', endpoint).executeTakeFirst();
}

export function subscriptionsOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertSubscription(
  trx: Kysely<DB>,
  row: { user_id: number; endpoint: string; p256dh: string; auth: string; at: string },
): Promise<void> {
  await trx
    .insertInto('push_subscriptions')
    .values({
      user_id: row.user_id,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

/** A re-posted endpoint takes the new keys and owner (a browser signed in as someone else now). */
export async function updateSubscription(
  trx: Kysely<DB>,
  id: number,
  row: { user_id: number; p256dh: string; auth: string; at: string },
): Promise<void> {
  await trx
    .updateTable('push_subscriptions')
    .set({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth, updated_at: row.at })
    .where('id', '=', id)
    .execute();
}

/** Removes subscriptions with their waiting pushes (the rows would be refused by the foreign key). */
export async function deleteSubscriptions(trx: Kysely<DB>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('push_queue').where('subscription_id', 'in', ids).execute();
  await trx.deleteFrom('push_subscriptions').where('id', 'in', ids).execute();
}

/** The customer's own subscription of this endpoint, removed; another's is left alone. */
export async function deleteOwnSubscription(
  trx: Kysely<DB>,
  userId: number,
  endpoint: string,
): Promise<void> {
  const row = await trx
    .selectFrom('push_subscriptions')
    .select('id')
    .where('endpoint', '=', endpoint)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (row) await deleteSubscriptions(trx, [row.id]);
}

// Throttle ----------------------------------------------------------------------------

/**
 * Takes the key's slot when it was last taken before `since` (or never): true when taken. One
 * statement: of two concurrent takers one writes and the other finds the fresh time.
 */
export async function takeThrottle(
  trx: Kysely<DB>,
  userId: number,
  key: string,
  now: string,
  since: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('push_throttle')
    .values({ user_id: userId, key, sent_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'key']).doUpdateSet({ sent_at: now }).where('push_throttle.sent_at', '<', since),
    )
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

// The queue ---------------------------------------------------------------------------

export async function enqueue(trx: Kysely<DB>, userId: number, payload: string): Promise<number> {
  const subs = await subscriptionsOf(trx, userId);
  if (subs.length === 0) return 0;
  const at = nowIso();
  await trx
    .insertInto('push_queue')
    .values(subs.map((s) => ({ subscription_id: s.id, payload, next_attempt_at: at, created_at: at })))
    .execute();
  return subs.length;
}

/** The claimed rows of `push_queue` (lib/queue/repo.ts claims them) with their subscriptions. */
export async function claimedPushes(db: Kysely<DB>, ids: number[]): Promise<QueuedPush[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('push_queue')
    .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_queue.subscription_id')
    .selectAll('push_queue')
    .select(['push_subscriptions.endpoint', 'push_subscriptions.p256dh', 'push_subscriptions.auth'])
    .where('push_queue.id', 'in', ids)
    .execute();
}

/** The push service said the subscription is gone (404/410): it goes with its waiting pushes. */
export async function deleteSubscriptionById(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute((trx) => deleteSubscriptions(trx, [id]));
}
