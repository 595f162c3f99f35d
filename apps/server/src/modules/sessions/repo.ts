import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';

/** Where an audience's refresh tokens live, and the column naming their owner. */
export type RefreshAudience =
  { table: 'refresh_tokens'; owner: 'user_id' } | { table: 'staff_refresh_tokens'; owner: 'staff_id' };

/** A refresh token's row, whichever audience's; `owner` is the customer's or the staff member's id. */
export interface FamilyTokenRow {
  id: number;
  owner: number;
  family_id: string;
  expires_at: string;
  rotated_at: string | null;
  successor_enc: string | null;
  revoked_at: string | null;
}

export async function insertToken(
  db: Kysely<DB>,
  audience: RefreshAudience,
  row: { owner: number; family_id: string; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  const { owner, ...rest } = row;
  if (audience.table === 'refresh_tokens') {
    await db
      .insertInto('refresh_tokens')
      .values({ ...rest, user_id: owner })
      .execute();
  } else {
    await db
      .insertInto('staff_refresh_tokens')
      .values({ ...rest, staff_id: owner })
      .execute();
  }
}

export async function findToken(
  db: Kysely<DB>,
  audience: RefreshAudience,
  tokenHash: string,
): Promise<FamilyTokenRow | undefined> {
  const row = await db
    .selectFrom(audience.table)
    .select([
      'id',
      `${audience.owner} as owner`,
      'family_id',
      'expires_at',
      'rotated_at',
      'successor_enc',
      'revoked_at',
    ])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row as FamilyTokenRow | undefined;
}

/** Marks a token rotated unless someone else already did; true when this call won. */
export async function markRotated(
  db: Kysely<DB>,
  audience: RefreshAudience,
  id: number,
  at: string,
  successorEnc: string,
): Promise<boolean> {
  const r = await db
    .updateTable(audience.table)
    .set({ rotated_at: at, successor_enc: successorEnc })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeFamily(
  db: Kysely<DB>,
  audience: RefreshAudience,
  familyId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable(audience.table)
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
