import { withId, type AnyDb } from './helpers';

/**
 * The people on the other side of an order and the workspace around it: staff accounts
 * (managers and authors, apart from customers, with sessions of their own), who works on an order
 * and what has been paid, the authors' files, reworks, quality-care requests, their threads, and
 * the order's timeline.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('staff_users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    // What customers and colleagues see: «Ольга», «Иван К.». Never the e-mail.
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable('staff_refresh_tokens'))
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('staff_refresh_tokens_family')
    .on('staff_refresh_tokens')
    .column('family_id')
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('performer_id', 'integer', (c) => c.references('staff_users.id'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Set by the first final file: the guarantee (GUARANTEE_DAYS) runs until then.
  await db.schema.alterTable('orders').addColumn('guarantee_until', 'text').execute();
  await db.schema
    .createIndex('orders_performer')
    .on('orders')
    .columns(['performer_id', 'status_id'])
    .execute();
  await db.schema
    .createIndex('orders_queue')
    .on('orders')
    .columns(['is_fake', 'status_id', 'deadline'])
    .execute();

  // kind gains 'intermediate' and 'final' (the author's); who uploaded, whether the customer has
  // looked at a received file, and the rework or care message a file came with.
  await db.schema
    .alterTable('order_files')
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    .execute();
  await db.schema
    .alterTable('order_files')
    .addColumn('is_reviewed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('order_files').addColumn('thread_message_id', 'integer').execute();

  await withId(db, db.schema.createTable('order_events'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    // customer | manager | performer | system
    .addColumn('actor_role', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    // What the text needs (a price, a status id, a file name), as JSON.
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

  await withId(db, db.schema.createTable('reworks'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    // open | answered
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('wished_date', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('customer_seen_at', 'text')
    .execute();
  await db.schema
    .createIndex('reworks_order')
    .on('reworks')
    .columns(['order_id', 'number'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('care_requests'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // question | complaint
    .addColumn('kind', 'text', (c) => c.notNull())
    // open | answered | closed
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('customer_seen_at', 'text')
    .execute();
  await db.schema.createIndex('care_requests_order').on('care_requests').column('order_id').execute();
  await db.schema
    .createIndex('care_requests_queue')
    .on('care_requests')
    .columns(['state', 'updated_at'])
    .execute();

  // The messages of rework and care threads (the order chat's table is migration 011's).
  await withId(db, db.schema.createTable('thread_messages'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // rework | care
    .addColumn('thread', 'text', (c) => c.notNull())
    .addColumn('thread_id', 'integer', (c) => c.notNull())
    // customer | manager | performer
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('thread_messages_thread')
    .on('thread_messages')
    .columns(['thread', 'thread_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['thread_messages', 'care_requests', 'reworks', 'order_events']) {
    await db.schema.dropTable(table).execute();
  }
  for (const index of ['orders_performer', 'orders_queue']) await db.schema.dropIndex(index).execute();
  for (const column of ['thread_message_id', 'is_reviewed', 'staff_id']) {
    await db.schema.alterTable('order_files').dropColumn(column).execute();
  }
  for (const column of ['guarantee_until', 'paid', 'performer_id']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.dropTable('staff_refresh_tokens').execute();
  await db.schema.dropTable('staff_users').execute();
}
