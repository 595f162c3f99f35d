import { authMessages, registrationCancelMessages } from '@cabinet/contract';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/index';
import type { DB, OneTimeTokenKind } from '../../db/types';
import { HttpError } from '../../plugins/errors';
import { accountSecuredMail, type AddressProof } from '../../mail';
import type { Mail } from '../../plugins/mailer';
import {
  deleteUser,
  findUserById,
  hasMoneyMovements,
  markEmailConfirmed,
  revokeUserCredentials,
} from '../users';
import type { OneTimeRow } from './repo';

const EMAIL_CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;
/** The «not me» link outlives the confirmation: a mailbox's owner may read the mail late. */
const REGISTRATION_CANCEL_TTL_MS = 30 * 24 * 60 * 60_000;
const PASSWORD_RESET_TTL_MS = 24 * 60 * 60_000;

/** The web screen that posts an e-mailed confirmation token to `api.auth.emailConfirm`. */
const EMAIL_CONFIRM_SCREEN = '/email-confirm';
/** The web screen whose button posts a «not me» token to `api.auth.registrationCancel`. */
const REGISTRATION_CANCEL_SCREEN = '/registration-cancel';

export type { AddressProof };

/** What the confirmation needs of the auth service: its one-time tokens, database and address. */
export interface ConfirmationAuth {
  readonly db: Kysely<DB>;
  readonly publicUrl: string;
  createOneTimeToken(
    kind: OneTimeTokenKind,
    userId: number | null,
    payload: string | null,
    ttlMs: number,
    db?: Kysely<DB>,
  ): Promise<string>;
  consumeOneTimeToken(kind: OneTimeTokenKind, raw: string, db?: Kysely<DB>): Promise<OneTimeRow | undefined>;
}

/**
 * Proof that a customer owns their e-mail (ADR 006, ADR 025), kept in `users.email_confirmed_at`.
 * Two kinds of proof:
 * - the registration mail's confirmation link proves the address and takes nothing away: whoever
 *   set the password may well be the owner, who follows it from the mail;
 * - a sign-in by a code or a link e-mailed to the address, a password set from the restore link,
 *   and a provider vouching for the address (`provedByMailbox`) take the account away from its
 *   registrant the first time, since someone else may have registered the address in wait for
 *   its owner (pre-hijacking).
 * The registration mail also carries a «not me» link that deletes the account while nobody has
 * proved its address.
 */
export class EmailConfirmation {
  constructor(private readonly auth: ConfirmationAuth) {}

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
   * The registration mail's «not me» link. It opens a screen whose button posts the token: a mail
   * scanner that fetches every link (and even runs the page's script) presses no button (ADR 025).
   */
  async cancelLink(userId: number, email: string, db: Kysely<DB> = this.auth.db): Promise<string> {
    const raw = await this.auth.createOneTimeToken(
      'registration_cancel',
      userId,
      email,
      REGISTRATION_CANCEL_TTL_MS,
      db,
    );
    return `${this.auth.publicUrl}${REGISTRATION_CANCEL_SCREEN}?token=${encodeURIComponent(raw)}`;
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

  /**
   * Something e-mailed to `email` came back, or a provider vouched for it: whoever did it owns the
   * address. The first time the account's address is proved, everything set before that opens the
   * account goes (every password but one made up and mailed to the address, every session, link
   * and code, every linked network) and the address is told by the mail returned, to be sent once
   * the transaction is committed. Null when the address was proved before, or is no longer the
   * account's: nothing is taken away then.
   */
  async provedByMailbox(
    db: Kysely<DB>,
    userId: number,
    email: string,
    proof: AddressProof,
  ): Promise<Mail | null> {
    const now = nowIso();
    // The conditional update decides: of two proofs at once, only one takes anything away.
    if (!(await markEmailConfirmed(db, userId, email, now))) return null;
    const user = await findUserById(db, userId);
    if (!user) return null;
    const keepPassword = user.password_mailed === 1 || user.password_hash === null;
    await revokeUserCredentials(db, userId, now, { keepPassword });
    // A password just set from the restore link is the owner's: no link to set another.
    const restoreLink =
      proof.kind === 'restore'
        ? null
        : `${this.auth.publicUrl}/change-password/${await this.auth.createOneTimeToken(
            'password_reset',
            userId,
            null,
            PASSWORD_RESET_TTL_MS,
            db,
          )}/`;
    return accountSecuredMail(email, proof, { passwordRevoked: !keepPassword, restoreLink });
  }

  /**
   * Follows a «not me» link: deletes the account and everything in it while nobody has proved its
   * address. Refused once the address is proved (the owner keeps it), and when money has moved on
   * the account (its ledger stays whole; a sign-in by code takes it from the registrant instead).
   */
  async cancelRegistration(raw: string): Promise<void> {
    await this.auth.db.transaction().execute(async (trx) => {
      const row = await this.auth.consumeOneTimeToken('registration_cancel', raw, trx);
      const user = row?.user_id ? await findUserById(trx, row.user_id) : undefined;
      if (!user || user.email !== row?.payload) throw new HttpError(400, authMessages.linkInvalid);
      if (user.email_confirmed_at !== null) throw new HttpError(409, registrationCancelMessages.proved);
      if (await hasMoneyMovements(trx, user.id)) throw new HttpError(409, registrationCancelMessages.paid);
      await deleteUser(trx, user.id);
    });
  }
}
