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
