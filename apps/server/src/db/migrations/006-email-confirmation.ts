import type { AnyDb } from './helpers';

/**
 * When the customer proved they own their e-mail (a confirmation link, a sign-in code or link
 * e-mailed to them, or a provider asserting the address verified). Null until then: social
 * sign-in treats such an account as possibly pre-hijacked (ADR 009). Existing accounts start
 * unconfirmed, because none of them was ever asked to prove it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute();
}
