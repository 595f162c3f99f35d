import type { Kysely, Updateable } from 'kysely';
import type { DB, UsersTable } from '../../db/types';

/** Ends every pending e-mail change of the user: the links to the new addresses and to the old one. */
export async function spendEmailChangeLinks(db: Kysely<DB>, userId: number, at: string): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('kind', 'in', ['email_change', 'email_change_cancel'])
    .where('used_at', 'is', null)
    .execute();
}

export type UserFieldsUpdate = Updateable<UsersTable>;

export async function updateUserFields(db: Kysely<DB>, userId: number, set: UserFieldsUpdate): Promise<void> {
  if (Object.keys(set).length === 0) return;
  await db.updateTable('users').set(set).where('id', '=', userId).execute();
}

/** The stored UI session object ('{}' when the customer has none yet). */
export async function readSession(db: Kysely<DB>, userId: number): Promise<string> {
  const row = await db
    .selectFrom('profile_sessions')
    .select('data')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.data ?? '{}';
}

export async function writeSession(db: Kysely<DB>, userId: number, data: string, at: string): Promise<void> {
  await db
    .insertInto('profile_sessions')
    .values({ user_id: userId, data, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ data, updated_at: at }))
    .execute();
}

/** The customer's avatar squares (size and stored name). */
export function selectAvatarFiles(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('avatar_files')
    .select(['size', 'stored_name'])
    .where('user_id', '=', userId)
    .execute();
}

/** Records a written avatar image, so that the sweep finds it should nothing point to it. */
export async function insertAvatarObject(
  db: Kysely<DB>,
  storedName: string,
  createdAt: string,
): Promise<void> {
  await db.insertInto('avatar_objects').values({ stored_name: storedName, created_at: createdAt }).execute();
}

export function selectAvatarStoredNames(db: Kysely<DB>, userId: number) {
  return db.selectFrom('avatar_files').select('stored_name').where('user_id', '=', userId).execute();
}

export async function deleteAvatarFiles(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom('avatar_files').where('user_id', '=', userId).execute();
}

export async function insertAvatarFiles(
  db: Kysely<DB>,
  rows: Array<{ stored_name: string; user_id: number; size: number; bytes: number; created_at: string }>,
): Promise<void> {
  await db.insertInto('avatar_files').values(rows).execute();
}

/** Deletes the customer's avatar rows, returning their stored names. */
export function deleteAvatarFilesReturning(db: Kysely<DB>, userId: number) {
  return db.deleteFrom('avatar_files').where('user_id', '=', userId).returning('stored_name').execute();
}

/** The row of a stored name while it is someone's current avatar. */
export function findAvatarFile(db: Kysely<DB>, storedName: string) {
  return db
    .selectFrom('avatar_files')
    .select('stored_name')
    .where('stored_name', '=', storedName)
    .executeTakeFirst();
}

export async function deleteAvatarObjects(db: Kysely<DB>, names: string[]): Promise<void> {
  await db.deleteFrom('avatar_objects').where('stored_name', 'in', names).execute();
}

/**
 * A batch of avatar images written before `before` that no avatar row points to, by stored
 * name after `after` (the sweep's keyset).
 */
export function selectOrphanAvatarObjects(db: Kysely<DB>, before: string, after: string, limit: number) {
  return db
    .selectFrom('avatar_objects as o')
    .select('o.stored_name')
    .where('o.created_at', '<', before)
    .where('o.stored_name', '>', after)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('avatar_files as f')
            .select('f.stored_name')
            .whereRef('f.stored_name', '=', 'o.stored_name'),
        ),
      ),
    )
    .orderBy('o.stored_name')
    .limit(limit)
    .execute();
}

/** Deletes the records of the given images that are still unpointed to, returning those deleted. */
export function deleteOrphanAvatarObjects(db: Kysely<DB>, names: string[]) {
  return db
    .deleteFrom('avatar_objects')
    .where('stored_name', 'in', names)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('avatar_files')
            .select('avatar_files.stored_name')
            .whereRef('avatar_files.stored_name', '=', 'avatar_objects.stored_name'),
        ),
      ),
    )
    .returning('stored_name')
    .execute();
}
