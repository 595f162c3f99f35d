import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

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
