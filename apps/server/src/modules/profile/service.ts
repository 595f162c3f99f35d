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
import { HttpError, badRequest } from '../../plugins/errors';
import { emailChangeMail } from '../../plugins/mail-templates';
import type { AuthService } from '../auth/service';
import { findUserByEmail, findUserById, isUniqueViolation, setUserEmail, type UserRow } from '../users/repo';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;

/** Stored as comma-separated option ids; shown as the whole list with the chosen ones marked. */
function options(all: ReadonlyArray<{ id: string; title: string }>, stored: string): SelectableOption[] {
  const chosen = new Set(stored.split(',').map((s) => s.trim()));
  return all.map((o) => ({ id: o.id, title: o.title, selected: chosen.has(o.id) }));
}

export function toProfile(user: UserRow): Profile {
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

  /** Balances come from the payments ledger, which does not exist yet: nothing is owed or held. */
  async getFinances(userId: number): Promise<Finances> {
    await this.getProfile(userId);
    return { money: 0, bonus: 0 };
  }

  /** E-mails a confirmation link to the new address; nothing changes until it is followed. */
  async requestEmailChange(userId: number, email: string): Promise<void> {
    const user = await findUserById(this.db, userId);
    if (!user) throw new HttpError(401, authMessages.notAuthorized);
    if (user.email === email) throw badRequest('email', authMessages.emailSame);
    if (await findUserByEmail(this.db, email)) throw badRequest('email', authMessages.emailTaken);
    const raw = await this.auth.createOneTimeToken('email_change', userId, email, EMAIL_CHANGE_TTL_MS);
    const link = `${this.auth.publicUrl}${api.auth.changeEmailConfirm(raw)}`;
    await this.auth.deps.mailer.send(emailChangeMail(email, link));
  }

  /** Follows the e-mailed link: the address is changed unless someone took it meanwhile. */
  async confirmEmailChange(raw: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await this.auth.consumeOneTimeToken('email_change', raw, trx);
      if (!row?.user_id || !row.payload) throw new HttpError(400, authMessages.linkInvalid);
      const holder = await findUserByEmail(trx, row.payload);
      if (holder && holder.id !== row.user_id) throw badRequest('email', authMessages.emailTaken);
      try {
        await setUserEmail(trx, row.user_id, row.payload);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest('email', authMessages.emailTaken);
        throw err;
      }
      // Other pending changes of this user point at addresses that are no longer wanted.
      await trx
        .updateTable('one_time_tokens')
        .set({ used_at: nowIso() })
        .where('user_id', '=', row.user_id)
        .where('kind', '=', 'email_change')
        .where('used_at', 'is', null)
        .execute();
    });
  }
}
