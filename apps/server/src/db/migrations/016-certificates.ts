import { withId, type AnyDb } from './helpers';

/**
 * Gift certificates. A row is written when a customer buys one (awaiting payment), its
 * code already drawn (16 Crockford base32 characters, 80 bits from node:crypto; unique) but shown
 * only once paid; settling its payment makes it active with `paid_at` and `expires_at`; redeeming
 * claims it with one conditional UPDATE (`status = 'active'`), so a code works once. The money is in
 * the ledger: the sale onto the `certificates` account, the redemption from it to a customer's.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable('certificates'))
    // the buyer
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // kopecks
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    // awaiting_payment | active | redeemed | expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('redeemed_at', 'text')
    .addColumn('redeemed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_order_id', 'integer')
    .execute();
  await db.schema
    .createIndex('certificates_user')
    .on('certificates')
    .columns(['user_id', 'status', 'id'])
    .execute();
}
