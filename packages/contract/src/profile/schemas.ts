import { z } from '../common/zod';

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
  id: z.string(),
  title: z.string(),
  selected: z.boolean(),
});
export type SelectableOption = z.infer<typeof SelectableOptionSchema>;

export const ProfileSchema = z.object({
  id: z.number().int(),
  fio: z.string(),
  birthday: z.string().nullable(),
  email: z.string(),
  sex: z.enum(['', 'male', 'female']),
  phone: z.string(),
  education: z.array(SelectableOptionSchema),
  university: z.string(),
  course: z.string(),
  group_header: z.string(),
  training_form: z.array(SelectableOptionSchema),
  is_telegram_contact: z.boolean(),
  is_viber_contact: z.boolean(),
  is_whatsapp_contact: z.boolean(),
  telegram: z.string(),
  sms_delivery: z.boolean(),
  email_delivery: z.boolean(),
  unisender_status: z.object({ id: z.number().int(), title: z.string() }),
  diplom_half_price: z.object({ id: z.number().int() }),
  diplom_hp_popup: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * `PATCH profile/status/`: what the customer holds on the balance and in bonuses, in integer
 * kopecks (issue 11: every amount in the API is kopecks; ₽ formatting happens in the browser).
 */
export const FinancesSchema = z.object({
  money: z.number().int().nonnegative(),
  bonus: z.number().int().nonnegative(),
});
export type Finances = z.infer<typeof FinancesSchema>;
