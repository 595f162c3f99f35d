import {
  CALLBACK_TIME_TITLES,
  CALLBACK_TIMES,
  displayIntlPhone,
  isBirthdaySet,
  normalizePhone,
  canonicalIntlPhone,
  profileMessages as serverMessages,
  z,
  type Profile,
  type SelectableOption,
} from '@cabinet/contract';
import { profileMessages as m } from './messages';

/** What the profile form holds: the profile's editable fields, lists reduced to the chosen id. */
export interface ProfileFormValues {
  fio: string;
  birthday: string;
  sex: Profile['sex'];
  phone: string;
  education: string;
  training_form: string;
  university: string;
  course: string;
  group_header: string;
  is_telegram_contact: boolean;
  is_viber_contact: boolean;
  is_whatsapp_contact: boolean;
  telegram: string;
  sms_delivery: boolean;
  email_delivery: boolean;
}

export const PROFILE_FORM_FIELDS = [
  'fio',
  'birthday',
  'sex',
  'phone',
  'education',
  'training_form',
  'university',
  'course',
  'group_header',
  'is_telegram_contact',
  'is_viber_contact',
  'is_whatsapp_contact',
  'telegram',
  'sms_delivery',
  'email_delivery',
] as const satisfies readonly (keyof ProfileFormValues)[];

const selectedId = (options: SelectableOption[]) => options.find((o) => o.selected)?.id ?? '';

/** Today as YYYY-MM-DD in the customer's own time zone (the date field's maximum). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function toFormValues(profile: Profile): ProfileFormValues {
  return {
    fio: profile.fio,
    // Spec §3/§9: the legacy "not set" dates show an empty field.
    birthday: isBirthdaySet(profile.birthday) ? profile.birthday : '',
    sex: profile.sex,
    phone: displayIntlPhone(normalizePhone(profile.phone)),
    education: selectedId(profile.education),
    training_form: selectedId(profile.training_form),
    university: profile.university,
    course: profile.course,
    group_header: profile.group_header,
    is_telegram_contact: profile.is_telegram_contact,
    is_viber_contact: profile.is_viber_contact,
    is_whatsapp_contact: profile.is_whatsapp_contact,
    telegram: profile.telegram,
    sms_delivery: profile.sms_delivery,
    email_delivery: profile.email_delivery,
  };
}

/**
 * A phone of any country, as the server takes it (the contract's normalizeProfilePhone, by the same
 * canonicalIntlPhone): E.164, '' for none, and the server's Russian message for what is no number.
 * Called here directly, not through the profile's schemas: those are in every cabinet screen's
 * download, and the phone metadata (libphonenumber-js) is to come only with the profile.
 */
const ProfilePhoneSchema = z.string().transform((value, ctx) => {
  if (!value.trim()) return '';
  const phone = canonicalIntlPhone(value);
  if (phone !== null) return phone;
  ctx.addIssue({ code: 'custom', message: serverMessages.phoneInvalid });
  return z.NEVER;
});

/**
 * The browser's check before the PATCH; the server has the final word and its field errors land
 * on the same fields. Spec §5 date maximum: empty, or earlier than now.
 */
export const ProfileFormSchema = z.object({
  fio: z.string().trim(),
  birthday: z
    .string()
    .refine((v) => v === '' || v <= todayIso(), { message: m.birthdayFuture })
    .transform((v) => (v === '' ? null : v)),
  sex: z.enum(['', 'male', 'female']),
  phone: ProfilePhoneSchema,
  // The PATCH takes the lists as the selected ids.
  education: z.string().transform((v) => (v ? [v] : [])),
  training_form: z.string().transform((v) => (v ? [v] : [])),
  university: z.string().trim(),
  course: z.string().trim(),
  group_header: z.string().trim(),
  is_telegram_contact: z.boolean(),
  is_viber_contact: z.boolean(),
  is_whatsapp_contact: z.boolean(),
  telegram: z.string().trim(),
  sms_delivery: z.boolean(),
  email_delivery: z.boolean(),
});
export type ProfileUpdate = z.infer<typeof ProfileFormSchema>;

/** When a manager may call: the contract's `time` values and their titles. */
export const CALLBACK_TIME_OPTIONS = CALLBACK_TIMES.map((value) => ({
  value,
  label: CALLBACK_TIME_TITLES[value],
}));

export const CallbackFormSchema = z.object({
  phone: z
    .string()
    .refine((v) => v.trim() !== '', { message: m.callbackPhoneRequired })
    .pipe(ProfilePhoneSchema),
  time: z.enum(CALLBACK_TIMES, { error: m.callbackTimeRequired }),
});
export type CallbackRequest = z.infer<typeof CallbackFormSchema>;
