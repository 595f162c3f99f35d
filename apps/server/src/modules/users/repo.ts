import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../../db/types';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Kysely<DB>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Kysely<DB>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The newsletter state is always given: the column's default (1, subscribed) predates the rule
 * that a customer is subscribed only after ticking the consent box (the law on advertising).
 */
export async function insertUser(
  db: Kysely<DB>,
  values: Insertable<UsersTable> & { unisender_status_id: 0 | 1 },
): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setUserPassword(db: Kysely<DB>, id: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_mailed: 0 })
    .where('id', '=', id)
    .execute();
}

/** A new address arrives proved: it is changed only by following the link e-mailed to it. */
export async function setUserEmail(db: Kysely<DB>, id: number, email: string, at: string): Promise<void> {
  await db.updateTable('users').set({ email, email_confirmed_at: at }).where('id', '=', id).execute();
}

/** A unique constraint refused the row (two sign-ups with one e-mail at once). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Records that the owner proved the address, unless it has changed since the proof was sent or
 * was proved already. True when this call recorded it (of two at once, one does).
 */
export async function markEmailConfirmed(
  db: Kysely<DB>,
  id: number,
  email: string,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ email_confirmed_at: at })
    .where('id', '=', id)
    .where('email', '=', email)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Takes away everything that opens the account without its e-mail: the password (unless told to
 * keep it), every session, every link or code not yet used, every linked social network.
 */
export async function revokeUserCredentials(
  db: Kysely<DB>,
  id: number,
  at: string,
  opts: { keepPassword?: boolean } = {},
): Promise<void> {
  if (!opts.keepPassword) {
    await db.updateTable('users').set({ password_hash: null }).where('id', '=', id).execute();
  }
  await db.deleteFrom('social_accounts').where('user_id', '=', id).execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('user_id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: at })
    .where('user_id', '=', id)
    .where('used_at', 'is', null)
    .execute();
  await db
    .updateTable('login_codes')
    .set({ used_at: at })
    .where('user_id', '=', id)
    .where('used_at', 'is', null)
    .execute();
}

/** Deletes the account; everything of it goes with it (every table names users.id on delete cascade). */
export async function deleteUser(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Whether money ever moved on the account: its ledger must then stay whole. */
export async function hasMoneyMovements(db: Kysely<DB>, id: number): Promise<boolean> {
  const txn = await db
    .selectFrom('ledger_txns')
    .select('id')
    .where('user_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (txn) return true;
  const payment = await db
    .selectFrom('payments')
    .select('id')
    .where('user_id', '=', id)
    .where('status', '=', 'succeeded')
    .limit(1)
    .executeTakeFirst();
  return payment !== undefined;
}
