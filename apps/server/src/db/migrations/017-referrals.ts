import type { AnyDb } from './helpers';

/** Referral codes, invites, referral rewards and bonus expiry (issue 13). */
export async function up(_db: AnyDb): Promise<void> {
  // filled in by issue 13
}
