import { z } from '../common/zod';
import { text } from '../common/input';

/** Birthdays the legacy data uses for "not set" (spec §3/§9). */
const UNSET_BIRTHDAYS = ['1970-01-01', '1996-01-01'] as const;
export function isBirthdaySet(birthday: string | null | undefined): birthday is string {
  return !!birthday && !(UNSET_BIRTHDAYS as readonly string[]).includes(birthday);
}

/** Spec §3: a leading + is added when missing. */
export function normalizePhone(phone: string | null | undefined): string {
  const p = (phone ?? '').trim();
  if (!p) return '';
  return p.startsWith('+') ? p : `+${p}`;
}

/** Fixed option lists of the profile's education and training form (ids stored, titles shown). */
export const EDUCATION_OPTIONS = [
  { id: 'school', title: 'Школа' },
  { id: 'college', title: 'Колледж или техникум' },
  { id: 'bachelor', title: 'Бакалавриат' },
  { id: 'specialist', title: 'Специалитет' },
  { id: 'master', title: 'Магистратура' },
  { id: 'postgraduate', title: 'Аспирантура' },
] as const;

export const TRAINING_FORM_OPTIONS = [
  { id: 'full-time', title: 'Очная' },
  { id: 'part-time', title: 'Очно-заочная' },
  { id: 'extramural', title: 'Заочная' },
  { id: 'distance', title: 'Дистанционная' },
] as const;

/** Newsletter subscription states (`unisender_status`). */
export const UNISENDER_STATUSES = [
  { id: 0, title: 'Не подписан на рассылку' },
  { id: 1, title: 'Подписан на рассылку' },
  { id: 2, title: 'Отписался от рассылки' },
] as const;

export const SelectableOptionSchema = z.object({
  id: text(),
  title: text(),
  selected: z.boolean(),
});
export type SelectableOption = z.infer<typeof SelectableOptionSchema>;

export const ProfileSchema = z.object({
  id: z.number().int(),
  fio: text(),
  birthday: text().nullable(),
  email: text(),
  sex: z.enum(['', 'male', 'female']),
  phone: text(),
  education: z.array(SelectableOptionSchema),
  university: text(),
  course: text(),
  group_header: text(),
  training_form: z.array(SelectableOptionSchema),
  is_telegram_contact: z.boolean(),
  is_viber_contact: z.boolean(),
  is_whatsapp_contact: z.boolean(),
  telegram: text(),
  sms_delivery: z.boolean(),
  email_delivery: z.boolean(),
  unisender_status: z.object({ id: z.number().int(), title: text() }),
  diplom_half_price: z.object({ id: z.number().int() }),
  diplom_hp_popup: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * `PATCH profile/status/`: what the customer holds on the balance and in bonuses, in integer
 * kopecks (every amount in the API is kopecks; ₽ formatting happens in the browser).
 */
export const FinancesSchema = z.object({
  money: z.number().int().nonnegative(),
  bonus: z.number().int().nonnegative(),
});
export type Finances = z.infer<typeof FinancesSchema>;

// The profile's requests ---------------------------------------------------------------------

/** Russian messages of the profile's refusals (field-level 400s, 404s, 409s). */
export const profileMessages = {
  fioInvalid: 'ФИО — от 2 до 150 букв, пробелы и дефисы',
  birthdayInvalid: 'Введите дату рождения в формате ГГГГ-ММ-ДД',
  birthdayFuture: 'Дата рождения не может быть в будущем',
  birthdayTooOld: 'Дата рождения не может быть раньше 1900 года',
  sexInvalid: 'Выберите пол из списка',
  phoneInvalid:
    'Введите телефон: российский +7 999 123-45-67 или другой страны с её кодом, например +375 29 123-45-67',
  educationInvalid: 'Выберите образование из списка',
  trainingFormInvalid: 'Выберите форму обучения из списка',
  universityTooLong: 'Название вуза — не длиннее 300 символов',
  courseInvalid: 'Курс — число от 1 до 6',
  groupTooLong: 'Группа — не длиннее 50 символов',
  telegramInvalid: 'Ник в Telegram — @ и от 5 до 32 латинских букв, цифр или _',
  telegramRequired: 'Укажите ник в Telegram, чтобы связываться через него',
  smsNeedsPhone: 'Чтобы получать SMS, укажите телефон',
  emailReadOnly: 'E-mail меняется на странице смены e-mail, с подтверждением по ссылке',
  flagInvalid: 'Значение должно быть да или нет',
  subscribed: 'Вы подписаны на рассылку',
  unsubscribed: 'Вы отписались от рассылки',
  sessionKeyInvalid: 'Ключ — до 64 символов: латинские буквы, цифры, «_», «.», «-»',
  sessionTooManyKeys: 'Не больше 50 ключей в сохранённом состоянии',
  sessionValueTooLarge: 'Значение ключа — не больше 2 КиБ',
  sessionTooLarge: 'Сохранённое состояние — не больше 16 КиБ',
  callbackTimeInvalid: 'Выберите удобное время: как можно скорее, утром, днём или вечером',
  callbackCommentTooLong: 'Комментарий — не длиннее 1000 символов',
  callbackRequested: 'Заявка принята: мы перезвоним в удобное время',
  callbackNotFound: 'Заявка на звонок не найдена',
  callbackAlreadyDone: 'Звонок по этой заявке уже отмечен',
  socialUnknown: 'Такой соцсети нет среди привязанных к кабинету',
  socialUnlinked: 'Соцсеть отвязана',
  socialLastWay:
    'Нельзя отвязать единственный способ входа: подтвердите e-mail (войти можно будет по коду из письма) или задайте пароль',
} as const;

/** Spec §3/§9 and §5: the diploma half-price offer's id. */
export const DIPLOMA_HALF_PRICE_ID = 4;

/** Spec §4: shown while the customer has the offer and has not dismissed it. */
export function needsDiplomaPopup(p: {
  diplom_half_price: { id: number };
  diplom_hp_popup: boolean;
}): boolean {
  return p.diplom_half_price.id === DIPLOMA_HALF_PRICE_ID && !p.diplom_hp_popup;
}

const BIRTHDAY_MIN = '1900-01-01';

/**
 * A birthday the customer may save (`YYYY-MM-DD`): a real calendar day, not before 1900 and, by
 * spec §5's date maximum, earlier than now. The message of the first rule it breaks, or null.
 */
export function birthdayError(value: string, now: Date = new Date()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return profileMessages.birthdayInvalid;
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== value) {
    return profileMessages.birthdayInvalid;
  }
  if (value < BIRTHDAY_MIN) return profileMessages.birthdayTooOld;
  if (day.getTime() >= now.getTime()) return profileMessages.birthdayFuture;
  return null;
}

/** `POST`/`DELETE /api/client/profile/subscribe/`: the newsletter state after the change. */
export const SubscribeResponseSchema = z.object({
  detail: text(),
  unisender_status: z.object({ id: z.number().int(), title: text() }),
});
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

/** `GET /client/api/profile/profile-popup/` and `PATCH /api/client/profile/popup/`. */
export const ProfilePopupSchema = z.object({ is_need_show: z.boolean() });
export type ProfilePopup = z.infer<typeof ProfilePopupSchema>;

/** Limits of the UI session store (spec §3 "Session"). */
export const SESSION_LIMITS = {
  keyPattern: /^[a-zA-Z0-9_.-]{1,64}$/,
  maxKeys: 50,
  maxValueBytes: 2 * 1024,
  maxTotalBytes: 16 * 1024,
} as const;

/** `GET /client/api/profile/session/`: the customer's stored UI state. */
export const SessionStoreSchema = z.record(text(), z.unknown());
export type SessionStore = z.infer<typeof SessionStoreSchema>;

/**
 * `POST /client/api/profile/session/`: keys to merge in; a null value deletes its key. Key format,
 * key count and each value's size are checked here (400); the merged whole's size by the server (413).
 */
export const SessionPatchSchema = z.record(text(), z.unknown()).superRefine((obj, ctx) => {
  const keys = Object.keys(obj);
  if (keys.length > SESSION_LIMITS.maxKeys) {
    ctx.addIssue({ code: 'custom', message: profileMessages.sessionTooManyKeys });
  }
  for (const key of keys) {
    if (!SESSION_LIMITS.keyPattern.test(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: profileMessages.sessionKeyInvalid });
    } else if (jsonBytes(obj[key]) > SESSION_LIMITS.maxValueBytes) {
      ctx.addIssue({ code: 'custom', path: [key], message: profileMessages.sessionValueTooLarge });
    }
  }
});
export type SessionPatch = z.infer<typeof SessionPatchSchema>;

/** UTF-8 bytes of a value as JSON (undefined counts as null). */
export function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value ?? null)).length;
}

export const CALLBACK_TIMES = ['asap', 'morning', 'day', 'evening'] as const;
export type CallbackTime = (typeof CALLBACK_TIMES)[number];
export const CALLBACK_TIME_TITLES: Record<CallbackTime, string> = {
  asap: 'Как можно скорее',
  morning: 'Утром (9–12)',
  day: 'Днём (12–17)',
  evening: 'Вечером (17–21)',
};

export const CallbackSchema = z.object({
  id: z.number().int(),
  phone: text(),
  time: z.enum(CALLBACK_TIMES),
  comment: text(),
  status: z.enum(['pending', 'done']),
  created_at: text(),
});
export type Callback = z.infer<typeof CallbackSchema>;

export const CallbackCreatedSchema = CallbackSchema.extend({ detail: text() });

/** A callback request as a manager sees it. */
export const StaffCallbackSchema = CallbackSchema.extend({
  customer: z.object({ id: z.number().int(), email: text(), fio: text() }),
  done_at: text().nullable(),
});
export type StaffCallback = z.infer<typeof StaffCallbackSchema>;
export const StaffCallbackListSchema = z.object({ results: z.array(StaffCallbackSchema) });
export type StaffCallbackList = z.infer<typeof StaffCallbackListSchema>;

/**
 * `GET /client/api/socials/links/` with a customer's token: each network's sign-in link and whether
 * it is linked to this account (without a token `is_linked` is left out).
 */
export const ProfileSocialLinkSchema = z.object({
  link: text(),
  network_name: text(),
  is_linked: z.boolean().optional(),
});
export const ProfileSocialLinksSchema = z.array(ProfileSocialLinkSchema);
