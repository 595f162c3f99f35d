import {
  EDUCATION_OPTIONS,
  TRAINING_FORM_OPTIONS,
  UNISENDER_STATUSES,
  api,
  authMessages,
  isBirthdaySet,
  normalizePhone,
  type Finances,
  type Profile,
  type SelectableOption,
} from '@cabinet/contract';
import { nowIso } from '../../db/index';
import { verifyPassword } from '../../lib/passwords';
import { HttpError, badRequest } from '../../plugins/errors';
import { emailChangeMail, emailChangeNoticeMail } from '../../plugins/mail-templates';
import { revokeAllRefreshTokens } from '../auth/repo';
import type { AuthService } from '../auth/service';
import { financesOf } from '../payments/ledger';
import { findUserByEmail, findUserById, isUniqueViolation, setUserEmail, type UserRow } from '../users/repo';
import * as repo from './repo';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** The web screen that posts the stop link's token to `api.auth.changeEmailCancel`. */
const EMAIL_CHANGE_CANCEL_SCREEN = '/email-change-cancel';

/** Stored as comma-separated option ids; shown as the whole list with the chosen ones marked. */
function options(all: ReadonlyArray<{ id: string; title: string }>, stored: string): SelectableOption[] {
  const chosen = new Set(stored.split(',').map((s) => s.trim()));
  return all.map((o) => ({ id: o.id, title: o.title, selected: chosen.has(o.id) }));
}

function toProfile(user: UserRow): Profile {
  const unisender =
    UNISENDER_STATUSES.find((s) => s.id === user.unisender_status_id) ?? UNISENDER_STATUSES[0];
  return {
    id: user.id,
    fio: user.fio,
    birthday: isBirthdaySet(user.birthday) ? user.birthday : null,
    email: user.email,
    sex: user.sex === 'male' || user.sex === 'female' ? user.sex : '',
    phone: normalizePhone(user.phone),
    education: options(EDUCATION_OPTIONS, user.education),
    university: user.university,
    course: user.course,
    group_header: user.group_header,
    training_form: options(TRAINING_FORM_OPTIONS, user.training_form),
    is_telegram_contact: user.is_telegram_contact === 1,
    is_viber_contact: user.is_viber_contact === 1,
    is_whatsapp_contact: user.is_whatsapp_contact === 1,
    telegram: user.telegram,
    sms_delivery: user.sms_delivery === 1,
    email_delivery: user.email_delivery === 1,
    unisender_status: { id: unisender.id, title: unisender.title },
    diplom_half_price: { id: user.diplom_half_price_id },
    diplom_hp_popup: user.diplom_hp_popup === 1,
  };
}

export class ProfileService {
  constructor(private readonly auth: AuthService) {}

  private get db() {
    return this.auth.db;
  }

  async getProfile(userId: number): Promise<Profile> {
    const user = await findUserById(this.db, userId);
    // A valid token for a deleted user is treated like no token at all.
    if (!user) throw new HttpError(401, authMessages.notAuthorized);
    return toProfile(user);
  }

  /** The customer's money and bonus from the payments ledger, in kopecks (issue 11). */
  async getFinances(userId: number): Promise<Finances> {
    await this.getProfile(userId);
    return financesOf(this.db, userId);
  }

  /**
   * Asks for the current password, then e-mails a confirmation link to the new address (nothing
   * changes until it is followed) and tells the old address, with a link that stops the change.
   */
  async requestEmailChange(userId: number, email: string, password: string | undefined): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new HttpError(401, authMessages.notAuthorized);
    await this.checkCurrentPassword(user, password);
    if (user.email === email) throw badRequest('email', authMessages.emailSame);
    if (await findUserByEmail(this.db, email)) throw badRequest('email', authMessages.emailTaken);
    const links = await this.db.transaction().execute(async (trx) => ({
      change: await this.auth.createOneTimeToken('email_change', userId, email, EMAIL_CHANGE_TTL_MS, trx),
      cancel: await this.auth.createOneTimeToken(
        'email_change_cancel',
        userId,
        null,
        EMAIL_CHANGE_TTL_MS,
        trx,
      ),
    }));
    const base = this.auth.publicUrl;
    await this.auth.deps.mailer.send(
      emailChangeMail(email, `${base}${api.auth.changeEmailConfirm(links.change)}`),
    );
    const cancelLink = `${base}${EMAIL_CHANGE_CANCEL_SCREEN}?token=${encodeURIComponent(links.cancel)}`;
    await this.auth.deps.mailer.send(emailChangeNoticeMail(user.email, email, cancelLink));
  }

  /**
   * A session left open must not be enough to give the account away. A customer without a password
   * (social sign-in only) has nothing to type: they get a link to set one at the current address,
   * which signs them out everywhere, so the change then follows a fresh sign-in (ADR 006).
   */
  private async checkCurrentPassword(user: UserRow, password: string | undefined): Promise<void> {
    if (!user.password_hash) {
      await this.auth.requestPasswordReset(user.email);
      throw badRequest('password', authMessages.passwordNotSet);
    }
    if (!password) throw badRequest('password', authMessages.currentPasswordRequired);
    if (!(await verifyPassword(user.password_hash, password))) {
      throw badRequest('password', authMessages.currentPasswordWrong);
    }
  }

  /** Follows the e-mailed link: the address is changed unless someone took it meanwhile. */
  async confirmEmailChange(raw: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.auth.consumeOneTimeToken('email_change', raw, trx);
      if (!row?.user_id || !row.payload) throw new HttpError(400, authMessages.linkInvalid);
      const holder = await findUserByEmail(trx, row.payload);
      if (holder && holder.id !== row.user_id) throw badRequest('email', authMessages.emailTaken);
      const now = nowIso();
      try {
        await setUserEmail(trx, row.user_id, row.payload, now);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('email', authMessages.emailTaken);
        throw err;
      }
      // Other pending changes point at addresses no longer wanted; the old address's stop link is moot.
      await repo.spendEmailChangeLinks(trx, row.user_id, now);
    });
  }

  /**
   * Follows the link e-mailed to the old address: every pending change stops, and whoever asked for
   * it (they had a session) is signed out with every other session.
   */
  async cancelEmailChange(raw: string): Promise<void> {
    const cancelled = await this.db.transaction().execute(async (trx) => {
      const row = await this.auth.consumeOneTimeToken('email_change_cancel', raw, trx);
      if (!row?.user_id) return false;
      const now = nowIso();
      await repo.spendEmailChangeLinks(trx, row.user_id, now);
      await revokeAllRefreshTokens(trx, row.user_id, now);
      return true;
    });
    if (!cancelled) throw new HttpError(400, authMessages.linkInvalid);
  }
}
