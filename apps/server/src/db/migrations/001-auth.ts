import { withId, type AnyDb } from './helpers';

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer'))
    .addColumn('fio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('birthday', 'text')
    .addColumn('sex', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('education', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('university', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('course', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('group_header', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('training_form', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_telegram_contact', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_viber_contact', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_whatsapp_contact', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('telegram', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sms_delivery', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email_delivery', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unisender_status_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('diplom_half_price_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('diplom_hp_popup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('refresh_tokens'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('successor_enc', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await withId(db, db.schema.createTable('login_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('login_codes_user').on('login_codes').column('user_id').execute();

  // Single-use links and tokens: password reset, auto-login, pending social sign-in, e-mail change.
  await withId(db, db.schema.createTable('one_time_tokens'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('payload', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await withId(db, db.schema.createTable('social_accounts'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('social_accounts_network_subject', ['network', 'subject'])
    .execute();

  await withId(db, db.schema.createTable('outbox'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const t of [
    'outbox',
    'social_accounts',
    'one_time_tokens',
    'login_codes',
    'refresh_tokens',
    'users',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
