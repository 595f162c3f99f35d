import { withId, type AnyDb } from './helpers';

/**
 * Authors' faces: a staff member's «О себе» (`staff_users.about`) and the subjects they write
 * (`staff_subjects`, from the reference subjects), and the customers' reviews of an order's
 * author (`author_reviews`): one per order, written after the work is accepted. A manager may hide
 * a review with a reason; the author's rating counts the visible ones only.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('staff_users')
    .addColumn('about', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('staff_subjects')
    .addColumn('staff_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('subject_id', 'integer', (c) => c.notNull().references('subjects.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('staff_subjects_pk', ['staff_id', 'subject_id'])
    .execute();

  await withId(db, db.schema.createTable('author_reviews'))
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    // The order's author when the review was written (staff_users.id).
    .addColumn('author_id', 'integer', (c) => c.notNull().references('staff_users.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_reason', 'text')
    .addColumn('hidden_by', 'integer', (c) => c.references('staff_users.id'))
    .execute();
  await db.schema
    .createIndex('author_reviews_author')
    .on('author_reviews')
    .columns(['author_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('author_reviews').execute();
  await db.schema.dropTable('staff_subjects').execute();
  await db.schema.alterTable('staff_users').dropColumn('about').execute();
}
