import type { AnyDb } from './helpers';

/**
 * Every avatar image in the storage, whether or not a customer's avatar still points
 * to it. A file is recorded as soon as it is written and forgotten only once it is removed, so the
 * files nobody points to any more can be found and swept: those of a deleted customer (their
 * avatar_files rows go with them), of an avatar replaced or deleted whose removal failed, of an
 * upload that crashed between writing its files and recording them. Filled from the avatars of today.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('avatar_objects')
    .addColumn('stored_name', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('avatar_objects_created').on('avatar_objects').column('created_at').execute();
  await db
    .insertInto('avatar_objects')
    .columns(['stored_name', 'created_at'])
    .expression(db.selectFrom('avatar_files').select(['stored_name', 'created_at']))
    .execute();
}
