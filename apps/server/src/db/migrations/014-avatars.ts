import type { AnyDb } from './helpers';

/**
 * Avatars: one row per stored image of a customer's current avatar, one for each size.
 * The stored name (random, chosen by the storage) is the file's URL, so a new avatar is a new URL
 * and a URL cannot be guessed; a row that is gone makes its URL answer 404.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('avatar_files')
    .addColumn('stored_name', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('avatar_files_user').on('avatar_files').column('user_id').execute();
}
