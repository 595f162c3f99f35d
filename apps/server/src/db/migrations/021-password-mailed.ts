import type { AnyDb } from './helpers';

/**
 * Whether the password is one the server made up and e-mailed only to the account's address
 * (registration without a password): 1 until a password is set otherwise. The first proof of an
 * unproved address takes away every password its registrant may know (ADR 025); this one the
 * registrant never saw, so it stays, and the mail that carried it keeps working. Existing
 * accounts start at 0: whether theirs was made up was never recorded.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('password_mailed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_mailed').execute();
}
