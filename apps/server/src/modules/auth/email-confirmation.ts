import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB } from '../../db/types';
import { findUserById, markEmailConfirmed } from '../users/repo';
import type { AuthService } from './service';

const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

/** The web screen that posts an e-mailed confirmation token to `api.auth.emailConfirm`. */
const EMAIL_CONFIRM_SCREEN = '/email-confirm';

/**
 * Proof that a customer owns their e-mail (ADR 006). Registration sends a link; following it, or
 * signing in by a code or a link e-mailed to the address, records the proof in
 * `users.email_confirmed_at`. Social sign-in joins an account whose address was never proved only
 * after taking away whatever its registrant holds.
 */
export class EmailConfirmation {
  constructor(private readonly auth: AuthService) {}

  /** The screen address for a confirmation token of any kind. */
  screenLink(raw: string): string {
    return `${this.auth.publicUrl}${EMAIL_CONFIRM_SCREEN}?token=${encodeURIComponent(raw)}`;
  }

  /** A link that proves `email` for the account while it stays the account's address. */
  async link(userId: number, email: string, db: Kysely<DB> = this.auth.db): Promise<string> {
    const raw = await this.auth.createOneTimeToken('email_confirm', userId, email, EMAIL_CONFIRM_TTL_MS, db);
    return this.screenLink(raw);
  }

  /**
   * Follows a registration link. False when the token is no such link, or is spent or expired, or
   * the account's address has changed since: the proof was for the other one.
   */
  confirm(raw: string): Promise<boolean> {
    return this.auth.db.transaction().execute(async (trx) => {
      const row = await this.auth.consumeOneTimeToken('email_confirm', raw, trx);
      if (!row?.user_id || !row.payload) return false;
      const user = await findUserById(trx, row.user_id);
      if (user?.email !== row.payload) return false;
      await markEmailConfirmed(trx, user.id, user.email, nowIso());
      return true;
    });
  }
}

/** Something e-mailed to `email` came back: whoever sent it back owns the address. */
export function emailProved(db: Kysely<DB>, userId: number, email: string): Promise<void> {
  return markEmailConfirmed(db, userId, email, nowIso());
}
