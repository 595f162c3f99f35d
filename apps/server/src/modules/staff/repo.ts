import type { Kysely, Selectable } from 'kysely';
import type { DB, StaffRefreshTokensTable, StaffUsersTable } from '../../db/types';

export type StaffRow = Selectable<StaffUsersTable>;
export type StaffRefreshRow = Selectable<StaffRefreshTokensTable>;

// Staff members ---------------------------------------------------------------

export function findStaffByEmail(db: Kysely<DB>, email: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findStaffById(db: Kysely<DB>, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Active performers with the number of their orders still in work (3–6). */
export function listPerformers(db: Kysely<DB>) {
  return db
    .selectFrom('staff_users as s')
    .leftJoin('orders as o', (join) =>
      join.onRef('o.performer_id', '=', 's.id').on('o.is_fake', '=', 0).on('o.status_id', 'in', [3, 4, 5, 6]),
    )
    .select(['s.id', 's.name'])
    .select((eb) => eb.fn.count<number | string>('o.id').as('active_orders'))
    .where('s.role', '=', 'performer')
    .where('s.is_active', '=', 1)
    .groupBy(['s.id', 's.name'])
    .orderBy('s.name')
    .execute();
}

// Refresh tokens (the customer's scheme, in a table of their own) -------------------

export async function insertStaffRefreshToken(
  db: Kysely<DB>,
  row: { staff_id: number; family_id: string; token_hash: string; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('staff_refresh_tokens').values(row).execute();
}

export function findStaffRefreshToken(
  db: Kysely<DB>,
  tokenHash: string,
): Promise<StaffRefreshRow | undefined> {
  return db
    .selectFrom('staff_refresh_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks a token rotated unless someone else already did; true when this call won. */
export async function markStaffRefreshRotated(
  db: Kysely<DB>,
  id: number,
  at: string,
  successorEnc: string,
): Promise<boolean> {
  const r = await db
    .updateTable('staff_refresh_tokens')
    .set({ rotated_at: at, successor_enc: successorEnc })
    .where('id', '=', id)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeStaffRefreshFamily(db: Kysely<DB>, familyId: string, at: string): Promise<void> {
  await db
    .updateTable('staff_refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}
