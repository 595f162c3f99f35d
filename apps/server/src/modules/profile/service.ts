import {
  EDUCATION_OPTIONS,
  TRAINING_FORM_OPTIONS,
  UNISENDER_STATUSES,
  SESSION_LIMITS,
  api,
  authMessages,
  isBirthdaySet,
  jsonBytes,
  needsDiplomaPopup,
  normalizePhone,
  profileMessages,
  type Finances,
  type Profile,
  type ProfilePatch,
  type ProfilePopup,
  type SelectableOption,
  type SessionPatch,
  type SessionStore,
  type SubscribeResponse,
} from '@cabinet/contract';
import { nowIso } from '../../db/index';
import { verifyPassword } from '../../lib/passwords';
import { HttpError, badRequest } from '../../plugins/errors';
import { emailChangeMail, emailChangeNoticeMail } from '../../mail';
import { revokeAllRefreshTokens, type AuthService } from '../auth';
import { findUserByEmail, findUserById, isUniqueViolation, setUserEmail, type UserRow } from '../users';
import * as repo from './repo';
import { financesOf, lockCustomer } from '../ledger';

const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60_000;
/** The web screen that posts the stop link's token to `api.auth.changeEmailCancel`. */
const EMAIL_CHANGE_CANCEL_SCREEN = '/email-change-cancel';

/** Stored as comma-separated option ids; shown as the whole list with the chosen ones marked. */
function options(all: ReadonlyArray<{ id: string; title: string }>, stored: string): SelectableOption[] {
  const chosen = new Set(stored.split(',').map((s) => s.trim()));
  return all.map((o) => ({ id: o.id, title: o.title, selected: chosen.has(o.id) }));
}

const flagOf = (v: boolean): 0 | 1 => (v ? 1 : 0);

function unisenderOf(id: number) {
  const s = UNISENDER_STATUSES.find((u) => u.id === id) ?? UNISENDER_STATUSES[0];
  return { id: s.id, title: s.title };
}

/**
 * The columns a valid patch writes, after the checks that need the stored profile: the e-mail is
 * read-only here, a Telegram contact needs a handle, SMS need a phone. Every refusal names its field.
 */
export function patchToColumns(user: UserRow, patch: ProfilePatch): repo.UserFieldsUpdate {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (patch.email !== undefined && patch.email.toLowerCase() !== user.email.toLowerCase()) {
    fail('email', profileMessages.emailReadOnly);
  }
  const telegramContact = patch.is_telegram_contact ?? user.is_telegram_contact === 1;
  const telegram = patch.telegram ?? user.telegram;
  if (telegramContact && !telegram) fail('telegram', profileMessages.telegramRequired);
  const phone = patch.phone ?? user.phone;
  if (patch.sms_delivery === true && !phone) fail('sms_delivery', profileMessages.smsNeedsPhone);
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(400, first, errors);

  const set: repo.UserFieldsUpdate = {};
  if (patch.fio !== undefined) set.fio = patch.fio;
  if (patch.birthday !== undefined) set.birthday = patch.birthday;
  if (patch.sex !== undefined) set.sex = patch.sex;
  if (patch.phone !== undefined) set.phone = patch.phone;
  if (patch.education !== undefined) set.education = [...new Set(patch.education)].join(',');
  if (patch.university !== undefined) set.university = patch.university;
  if (patch.course !== undefined) set.course = patch.course;
  if (patch.group_header !== undefined) set.group_header = patch.group_header;
  if (patch.training_form !== undefined) set.training_form = [...new Set(patch.training_form)].join(',');
  if (patch.is_telegram_contact !== undefined) set.is_telegram_contact = flagOf(patch.is_telegram_contact);
  if (patch.is_viber_contact !== undefined) set.is_viber_contact = flagOf(patch.is_viber_contact);
  if (patch.is_whatsapp_contact !== undefined) set.is_whatsapp_contact = flagOf(patch.is_whatsapp_contact);
  if (patch.telegram !== undefined) set.telegram = patch.telegram;
  if (patch.sms_delivery !== undefined) set.sms_delivery = flagOf(patch.sms_delivery);
  if (patch.email_delivery !== undefined) set.email_delivery = flagOf(patch.email_delivery);
  return set;
}

/** Spec §3 "Session": the stored object with the patch merged in (a null value deletes its key). */
export function mergeSession(stored: SessionStore, patch: SessionPatch): SessionStore {
  const merged: SessionStore = { ...stored };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined) delete merged[key];
    else merged[key] = value;
  }
  const keys = Object.keys(merged);
  if (keys.length > SESSION_LIMITS.maxKeys) {
    throw new HttpError(400, profileMessages.sessionTooManyKeys, {
      non_field_errors: [profileMessages.sessionTooManyKeys],
    });
  }
  if (jsonBytes(merged) > SESSION_LIMITS.maxTotalBytes) {
    throw new HttpError(413, profileMessages.sessionTooLarge);
  }
  return merged;
}

function parseSession(data: string): SessionStore {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as SessionStore) : {};
  } catch {
    return {};
  }
}

function toProfile(user: UserRow): Profile {
  const unisender = unisenderOf(user.unisender_status_id);
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

  /**
   * Saves the fields sent, all or none: the schema checked each at the edge, the cross-field rules
   * are checked here against the stored profile, in the same transaction as the write.
   */
  async patchProfile(userId: number, patch: ProfilePatch): Promise<Profile> {
    return this.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const user = await findUserById(trx, userId);
      if (!user) throw new HttpError(401, authMessages.notAuthorized);
      await repo.updateUserFields(trx, userId, patchToColumns(user, patch));
      const saved = await findUserById(trx, userId);
      if (!saved) throw new HttpError(401, authMessages.notAuthorized);
      return toProfile(saved);
    });
  }

  /**
   * The newsletter (unisender_status): subscribing moves «not subscribed» (0) and «unsubscribed» (2)
   * to «subscribed» (1); unsubscribing moves 1 to 2. Repeating either changes nothing.
   */
  async setSubscription(userId: number, subscribe: boolean): Promise<SubscribeResponse> {
    return this.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const user = await findUserById(trx, userId);
      if (!user) throw new HttpError(401, authMessages.notAuthorized);
      const current = user.unisender_status_id;
      const next = subscribe ? 1 : current === 1 ? 2 : current;
      if (next !== current) await repo.updateUserFields(trx, userId, { unisender_status_id: next });
      return {
        detail: subscribe ? profileMessages.subscribed : profileMessages.unsubscribed,
        unisender_status: unisenderOf(next),
      };
    });
  }

  /** Spec §4: whether the diploma half-price popup is to be shown. */
  async popup(userId: number): Promise<ProfilePopup> {
    return { is_need_show: needsDiplomaPopup(await this.getProfile(userId)) };
  }

  /** Dismisses the popup for good, on every device (idempotent). */
  async dismissPopup(userId: number): Promise<ProfilePopup> {
    await this.getProfile(userId);
    await repo.updateUserFields(this.db, userId, { diplom_hp_popup: 1 });
    return { is_need_show: false };
  }

  async getSession(userId: number): Promise<SessionStore> {
    return parseSession(await repo.readSession(this.db, userId));
  }

  /** Merges keys into the session store under the customer's lock, so parallel saves both land. */
  async mergeSession(userId: number, patch: SessionPatch): Promise<SessionStore> {
    return this.db.transaction().execute(async (trx) => {
      await lockCustomer(trx, userId);
      const merged = mergeSession(parseSession(await repo.readSession(trx, userId)), patch);
      await repo.writeSession(trx, userId, JSON.stringify(merged), nowIso());
      return merged;
    });
  }

  /** The customer's money and bonus from the payments ledger, in kopecks. */
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
