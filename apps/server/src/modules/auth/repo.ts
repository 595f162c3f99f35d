import type { Kysely, Selectable } from 'kysely';
import type { DB, OneTimeTokenKind, OneTimeTokensTable } from '../../db/types';

export type OneTimeRow = Selectable<OneTimeTokensTable>;

export async function revokeAllRefreshTokens(db: Kysely<DB>, userId: number, at: string): Promise<void> {
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

// Login codes ---------------------------------------------------------------

/** A new code replaces any earlier one still waiting. */
export async function replaceLoginCode(
  db: Kysely<DB>,
  row: { user_id: number; code_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .updateTable('login_codes')
    .set({ used_at: row.created_at })
    .where('user_id', '=', row.user_id)
    .where('used_at', 'is', null)
    .execute();
  await db.insertInto('login_codes').values(row).execute();
}

export function findActiveLoginCode(db: Kysely<DB>, userId: number, now: string, maxAttempts: number) {
  return db
    .selectFrom('login_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function countLoginCodeAttempt(db: Kysely<DB>, id: number): Promise<void> {
  await db
    .updateTable('login_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function markLoginCodeUsed(db: Kysely<DB>, id: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('login_codes')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// One-time tokens -----------------------------------------------------------

export async function insertOneTimeToken(
  db: Kysely<DB>,
  row: {
    kind: OneTimeTokenKind;
    token_hash: string;
    user_id: number | null;
    payload: string | null;
    created_at: string;
    expires_at: string;
  },
): Promise<void> {
  await db.insertInto('one_time_tokens').values(row).execute();
}

/**
 * Uses a token up: returns its row when it is of this kind, unused and unexpired, and marks it
 * used in the same step so two requests cannot both spend it.
 */
export async function consumeOneTimeToken(
  db: Kysely<DB>,
  kind: OneTimeTokenKind,
  tokenHash: string,
  now: string,
): Promise<OneTimeRow | undefined> {
  const row = await db
    .selectFrom('one_time_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const r = await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? row : undefined;
}

export async function spendOneTimeTokensOfUser(
  db: Kysely<DB>,
  userId: number,
  kind: OneTimeTokenKind,
  now: string,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}
