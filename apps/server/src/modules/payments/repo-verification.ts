import type { Kysely } from 'kysely';
import type { DB, VerificationsTable } from '../../db/types';

/** SMS verification's rows (verification.ts) and the SMS outbox (sms.ts). */

/** A customer's verification of a purpose. */
export function findVerification(db: Kysely<DB>, userId: number, purpose: string) {
  return db
    .selectFrom('verifications')
    .select(['status', 'phone', 'code_hash', 'code_sent_at', 'tries'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

type Issued = Pick<VerificationsTable, 'phone' | 'code_hash' | 'code_sent_at'> & {
  status: 'requested';
  tries: number;
};

/** Writes a new code of the purpose, over the customer's earlier one. */
export async function upsertVerification(
  db: Kysely<DB>,
  userId: number,
  purpose: string,
  values: Issued,
): Promise<void> {
  await db
    .insertInto('verifications')
    .values({ user_id: userId, purpose, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'purpose']).doUpdateSet(values))
    .execute();
}

/** Forgets the code `hash` of the purpose: the customer may ask for another at once. */
export async function forgetVerificationCode(
  db: Kysely<DB>,
  userId: number,
  purpose: string,
  hash: string,
): Promise<void> {
  await db
    .updateTable('verifications')
    .set({ status: 'unverified', code_hash: null, code_sent_at: null })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', hash)
    .execute();
}

/**
 * Takes a try of the requested code, in one statement (parallel guesses cannot share a try);
 * undefined when there is no code or its tries are over.
 */
export function takeVerificationTry(db: Kysely<DB>, userId: number, purpose: string, maxTries: number) {
  return db
    .updateTable('verifications')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('status', '=', 'requested')
    .where('code_hash', 'is not', null)
    .where('tries', '<', maxTries)
    .returning(['code_hash', 'code_sent_at'])
    .executeTakeFirst();
}

/** The purpose is verified by the code `hash` (unless another code replaced it meanwhile). */
export async function markVerified(
  db: Kysely<DB>,
  userId: number,
  purpose: string,
  hash: string | null,
  at: string,
): Promise<void> {
  await db
    .updateTable('verifications')
    .set({ status: 'verified', verified_at: at, code_hash: null, tries: 0 })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('code_hash', '=', hash)
    .execute();
}

export function findUserPhone(db: Kysely<DB>, userId: number) {
  return db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
}

export async function insertSmsOutbox(
  db: Kysely<DB>,
  phone: string,
  text: string,
  at: string,
): Promise<void> {
  await db.insertInto('sms_outbox').values({ phone, text, created_at: at }).execute();
}
