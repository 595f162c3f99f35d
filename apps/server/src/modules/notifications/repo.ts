import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
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

/**
 * Takes up to `batch` due rows, as the mail queue's claim does (plugins/mailer.ts): the pick in a
 * materialised CTE, skipping rows locked by another claim on PostgreSQL, the due condition
 * repeated in the UPDATE.
 */
export async function claimDue(
  db: Kysely<DB>,
  postgres: boolean,
  claimedBy: string,
  batch: number,
  now: Date,
  leaseMs: number,
): Promise<QueuedPush[]> {
  const nowText = now.toISOString();
  const staleText = new Date(now.getTime() - leaseMs).toISOString();
  const due = (eb: ExpressionBuilder<DB, 'push_queue'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowText)]),
      eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleText)]),
    ]);
  const claimed = await db
    .with(
      (cte) => cte('picked').materialized(),
      (qb) => {
        const pick = qb.selectFrom('push_queue').select('id').where(due).orderBy('id').limit(batch);
        return postgres ? pick.forUpdate().skipLocked() : pick;
      },
    )
    .updateTable('push_queue')
    .set((eb) => ({
      status: 'sending',
      claimed_by: claimedBy,
      claimed_at: nowText,
      attempts: eb('attempts', '+', 1),
    }))
    .where((eb) => eb.and([eb('id', 'in', eb.selectFrom('picked').select('picked.id')), due(eb)]))
    .returningAll()
    .execute();
  if (claimed.length === 0) return [];
  const subs = await db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.subscription_id),
    )
    .execute();
  const byId = new Map(subs.map((s) => [s.id, s]));
  return claimed.flatMap((c) => {
    const sub = byId.get(c.subscription_id);
    return sub ? [{ ...c, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth }] : [];
  });
}

/** Whether any row is due: a cheap look before the claim's write, for the frequent poll. */
export async function anyDue(db: Kysely<DB>, now: Date, leaseMs: number): Promise<boolean> {
  const nowText = now.toISOString();
  const staleText = new Date(now.getTime() - leaseMs).toISOString();
  const row = await db
    .selectFrom('push_queue')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', nowText)]),
        eb.and([eb('status', '=', 'sending'), eb('claimed_at', '<', staleText)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteSent(db: Kysely<DB>, id: number, claimedBy: string): Promise<void> {
  await db.deleteFrom('push_queue').where('id', '=', id).where('claimed_by', '=', claimedBy).execute();
}

export async function retryLater(
  db: Kysely<DB>,
  id: number,
  claimedBy: string,
  nextAt: string,
  error: string,
): Promise<void> {
  await db
    .updateTable('push_queue')
    .set({
      status: 'pending',
      next_attempt_at: nextAt,
      last_error: error,
      claimed_by: null,
      claimed_at: null,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', claimedBy)
    .execute();
}

export async function giveUp(db: Kysely<DB>, id: number, claimedBy: string, error: string): Promise<void> {
  await db
    .updateTable('push_queue')
    .set({ status: 'failed', payload: '', last_error: error, claimed_by: null })
    .where('id', '=', id)
    .where('claimed_by', '=', claimedBy)
    .execute();
}

/** The push service said the subscription is gone (404/410): it goes with its waiting pushes. */
export async function deleteSubscriptionById(db: Kysely<DB>, id: number): Promise<void> {
  await db.transaction().execute((trx) => deleteSubscriptions(trx, [id]));
}
