import { withId, type AnyDb } from './helpers';

/** Promo codes the service runs; more are added by staff (later, by a migration or the back office). */
const PROMO_CODES = [
  // The standing student discount printed on flyers.
  { code: 'STUDENT10', kind: 'percent', value: 10, max_uses: null, expires_at: null },
  // A winter-session campaign: 500 ₽ off, the first thousand orders.
  { code: 'SESSIA500', kind: 'fixed', value: 50_000, max_uses: 1000, expires_at: '2027-02-28T21:00:00.000Z' },
  // Last summer's campaign, kept so that a customer who types it is told it has ended.
  { code: 'LETO2025', kind: 'percent', value: 15, max_uses: null, expires_at: '2025-08-31T21:00:00.000Z' },
];

export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('order_packets_placed'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('packet_id', 'integer', (c) => c.notNull().references('order_packets.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_packets_placed_user')
    .on('order_packets_placed')
    .column('user_id')
    .execute();

  // Drafts ("fake" orders) live here too: the order form fills the same row, and submitting it
  // turns the draft into the order with the files already attached. Hence the nullable details.
  await withId(db, db.schema.createTable('orders'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_fake', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_trash', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trashed_from_status', 'integer')
    .addColumn('work_type_id', 'integer', (c) => c.references('work_types.id'))
    .addColumn('subject_id', 'integer', (c) => c.references('subjects.id'))
    .addColumn('topic', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('university_id', 'integer', (c) => c.references('universities.id'))
    .addColumn('deadline', 'text')
    .addColumn('pages', 'integer')
    .addColumn('originality', 'integer')
    .addColumn('verification_system_id', 'integer', (c) => c.references('verification_systems.id'))
    .addColumn('requirements', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('promo_code', 'text')
    .addColumn('cost', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_first_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('packet_id', 'integer', (c) => c.references('order_packets_placed.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // A page of a tab walks this index newest first from the customer's newest order, reading the
  // status from the index itself, and stops after the page: no sort, however many orders the
  // table holds. The tab counters are a scan of the same customer's entries.
  await db.schema
    .createIndex('orders_user_list')
    .on('orders')
    .columns(['user_id', 'is_fake', 'id', 'status_id'])
    .execute();
  await db.schema.createIndex('orders_packet').on('orders').column('packet_id').execute();

  await withId(db, db.schema.createTable('order_files'))
    // Null while an upload waits for its order (`ajax-files/`).
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_files_order').on('order_files').column('order_id').execute();
  await db.schema
    .createIndex('order_files_user_kind')
    .on('order_files')
    .columns(['user_id', 'kind'])
    .execute();

  await withId(db, db.schema.createTable('promo_codes'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .execute();
  await db.insertInto('promo_codes').values(PROMO_CODES).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['promo_codes', 'order_files', 'orders', 'order_packets_placed']) {
    await db.schema.dropTable(table).execute();
  }
}
