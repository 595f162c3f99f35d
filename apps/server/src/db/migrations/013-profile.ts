import { withId, type AnyDb } from './helpers';

/**
 * The profile's own storage. Every profile field already lives on `users` (001); this
 * adds the UI session store (one JSON object per customer, spec §3 "Session") and the phone
 * callback requests a manager works through.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('profile_sessions')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // JSON object, at most 16 KiB (SESSION_LIMITS)
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('callbacks'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('phone', 'text', (c) => c.notNull())
    // asap | morning | day | evening
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    // pending | done
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'integer', (c) => c.references('staff_users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('callbacks_status').on('callbacks').columns(['status', 'id']).execute();
  await db.schema.createIndex('callbacks_user').on('callbacks').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('callbacks').execute();
  await db.schema.dropTable('profile_sessions').execute();
}
