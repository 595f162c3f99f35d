import { withId, type AnyDb } from './helpers';

/**
 * Telegram notifications (ADR 046).
 *
 * `telegram_links`: the one Telegram chat a customer's notifications go to. `telegram_link_codes`:
 * the one-time codes of the bot's deep links (stored hashed, as login codes are), ten minutes each,
 * used once. `telegram_queue`: one message for one chat, delivered as `push_queue` (migration 026)
 * and `mail_queue` (007) are: claimed by switching `pending` to `sending` in one UPDATE, retried
 * with back-off, claimed again after a lease, deleted once sent.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('telegram_links')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('telegram_links_chat').on('telegram_links').column('chat_id').execute();

  await db.schema
    .createTable('telegram_link_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('telegram_link_codes_user')
    .on('telegram_link_codes')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('telegram_queue'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chat_id', 'text', (c) => c.notNull())
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
    .createIndex('telegram_queue_due')
    .on('telegram_queue')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('telegram_queue').execute();
  await db.schema.dropTable('telegram_link_codes').execute();
  await db.schema.dropTable('telegram_links').execute();
}
