import {
  PUSH_SUBSCRIPTIONS_MAX,
  isLoopbackHttp,
  notificationMessages,
  type PushSubscriptionRequest,
} from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { badRequest } from '../../plugins/errors';
import { lockCustomer } from '../ledger';
import * as repo from './repo';

/**
 * A customer's push subscriptions (ADR 044): one row per endpoint, whoever posted it last owns it
 * (a browser signed in as someone else now); at most PUSH_SUBSCRIPTIONS_MAX per customer, the one
 * used longest ago dropped. Under the customer's lock, so two posts cannot both pass the count.
 */
export async function subscribe(
  db: Kysely<DB>,
  userId: number,
  body: PushSubscriptionRequest,
  production: boolean,
): Promise<'created' | 'updated'> {
  // The loopback's http:// is for a test's local push service, never a real browser's.
  if (production && isLoopbackHttp(body.endpoint)) {
    throw badRequest('endpoint', notificationMessages.endpointLoopbackOnly);
  }
  return db.transaction().execute(async (trx) => {
    await lockCustomer(trx, userId);
    const at = nowIso();
    const row = { user_id: userId, p256dh: body.keys.p256dh, auth: body.keys.auth, at };
    const existing = await repo.findSubscription(trx, body.endpoint);
    if (existing) await repo.updateSubscription(trx, existing.id, row);
    else await repo.insertSubscription(trx, { ...row, endpoint: body.endpoint });
    const own = await repo.subscriptionsOf(trx, userId);
    await repo.deleteSubscriptions(
      trx,
      own.slice(PUSH_SUBSCRIPTIONS_MAX).map((s) => s.id),
    );
    return existing ? 'updated' : 'created';
  });
}

/** Removes the customer's subscription of this endpoint; someone else's stays (and nothing tells whose). */
export async function unsubscribe(db: Kysely<DB>, userId: number, endpoint: string): Promise<void> {
  await db.transaction().execute((trx) => repo.deleteOwnSubscription(trx, userId, endpoint));
}
