import type { Kysely } from 'kysely';
import type { DB, OneTimeTokenKind } from '../../db/types';

export async function findLinkedUserId(
  db: Kysely<DB>,
  network: string,
  subject: string,
): Promise<number | null> {
  const row = await db
    .selectFrom('social_accounts')
    .select('user_id')
    .where('network', '=', network)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export async function insertSocialAccount(
  db: Kysely<DB>,
  row: { user_id: number; network: string; subject: string; created_at: string },
): Promise<void> {
  await db.insertInto('social_accounts').values(row).execute();
}

/** A token still usable, left unused: the pending sign-in may be finished with another address. */
export function findUsableOneTimeToken(
  db: Kysely<DB>,
  kind: OneTimeTokenKind,
  tokenHash: string,
  now: string,
) {
  return db
    .selectFrom('one_time_tokens')
    .select(['id', 'payload'])
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export function selectLinkedAccounts(db: Kysely<DB>, userId: number) {
  return db.selectFrom('social_accounts').select(['id', 'network']).where('user_id', '=', userId).execute();
}

export async function deleteSocialAccounts(db: Kysely<DB>, userId: number, network: string): Promise<void> {
  await db
    .deleteFrom('social_accounts')
    .where('user_id', '=', userId)
    .where('network', '=', network)
    .execute();
}

export function selectLinkedNetworks(db: Kysely<DB>, userId: number) {
  return db.selectFrom('social_accounts').select('network').where('user_id', '=', userId).execute();
}
