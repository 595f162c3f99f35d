import { withId, type AnyDb } from './helpers';

/**
 * Web push and the per-event notification settings (ADR 044).
 *
 * `push_subscriptions`: a browser's subscription (its push service's endpoint and the keys its
 * payload is encrypted to), one row per endpoint, at most ten per customer (the service drops the
 * oldest). `push_queue`: one notification for one subscription, delivered as `mail_queue`
 * (migration 007) is: claimed by switching `pending` to `sending` in one UPDATE, retried with
 * back-off, claimed again after a lease; a sent row is deleted, and so are a subscription's rows
 * with it. `push_throttle`: when a customer was last pushed about a key (an order's chat), so that
 * a busy chat pushes at most once a minute. `notification_settings`: one row per customer, event
 * kind and channel that differs from the default; a missing row is the default, so a new channel
 * (Telegram) or kind needs no migration.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .columns(['user_id', 'updated_at'])
    .execute();

  await withId(db, db.schema.createTable('push_queue'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_queue_due')
    .on('push_queue')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('push_queue_subscription').on('push_queue').column('subscription_id').execute();

  await db.schema
    .createTable('push_throttle')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('push_throttle_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'event', 'channel'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('push_throttle').execute();
  await db.schema.dropTable('push_queue').execute();
  await db.schema.dropTable('push_subscriptions').execute();
}
