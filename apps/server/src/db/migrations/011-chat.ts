import { withId, type AnyDb } from './helpers';

/**
 * The order chat. Messages of an order are written under the order's lock, so their
 * ids grow in commit order within the order and "everything after the last id seen" is exact.
 * `chat_reads` keeps, per reader of an order (the customer, or a staff member), how far they have
 * read, how many messages by others they have not, and what the e-mail digest already covered —
 * updated in the transaction that stores the message.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('chat_messages'))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // customer | manager | performer
    .addColumn('author_role', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    // 'customer' or 'staff:{id}': whose client_id space the idempotency key lives in
    .addColumn('sender_key', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('chat_messages_client_id')
    .on('chat_messages')
    .columns(['order_id', 'sender_key', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('chat_messages_order')
    .on('chat_messages')
    .columns(['order_id', 'id'])
    .execute();

  await db.schema
    .createTable('chat_reads')
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // 'customer' or 'staff:{id}'
    .addColumn('reader_key', 'text', (c) => c.notNull())
    // the customer's users.id on the customer's row, else null
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // the staff member's id on a staff row, else null
    .addColumn('staff_id', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('last_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    // messages by others with id > last_read_id
    .addColumn('unread', 'integer', (c) => c.notNull().defaultTo(0))
    // when the oldest message not yet read nor covered by a digest arrived (null: none waiting)
    .addColumn('pending_since', 'text')
    // the last message id an e-mail digest listed
    .addColumn('digest_up_to_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('chat_reads_pk', ['order_id', 'reader_key'])
    .execute();
  await db.schema.createIndex('chat_reads_user').on('chat_reads').columns(['user_id', 'unread']).execute();
  await db.schema.createIndex('chat_reads_staff').on('chat_reads').columns(['staff_id', 'unread']).execute();
  await db.schema.createIndex('chat_reads_pending').on('chat_reads').column('pending_since').execute();

  await db.schema
    .alterTable('order_files')
    .addColumn('chat_message_id', 'integer', (c) => c.references('chat_messages.id'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_files').dropColumn('chat_message_id').execute();
  await db.schema.dropTable('chat_reads').execute();
  await db.schema.dropTable('chat_messages').execute();
}
