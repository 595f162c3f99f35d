import type { AnyDb } from './helpers';

/**
 * A staff session rotates its refresh token as a customer's does, and two tabs refreshing at
 * once must both get the one successor back (within REFRESH_GRACE_SECONDS) rather than look like
 * a replay: the successor is kept, encrypted under the token it replaces (as in 001-auth).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('staff_refresh_tokens').addColumn('successor_enc', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('staff_refresh_tokens').dropColumn('successor_enc').execute();
}
