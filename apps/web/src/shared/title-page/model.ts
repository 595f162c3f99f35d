import {
  TitlePageFieldsSchema,
  type Order,
  type Profile,
  type TitlePageFields,
  type TitlePageFormat,
  type TitlePageRequest,
} from '@cabinet/contract';
import { titlePageText as t } from './messages';

/** What the form holds: every field as typed, the year too. */
export type TitlePageForm = { [K in keyof TitlePageFields]-?: string };

export const FORM_FIELDS = [
  'university',
  'faculty',
  'department',
  'work_type',
  'subject',
  'topic',
  'student_name',
  'group',
  'supervisor',
  'supervisor_title',
  'city',
  'year',
] as const satisfies ReadonlyArray<keyof TitlePageForm>;

/** The parts of an order the title page takes. */
export type TitlePageOrder = {
  details: Pick<Order['details'], 'work_type' | 'subject' | 'topic' | 'university'>;
};

/** The form filled from the profile and, when opened from one, the order; the city defaults to Москва. */
export function prefill(
  profile: Profile | undefined,
  order: TitlePageOrder | undefined,
  now: Date,
): TitlePageForm {
  const d = order?.details;
  return {
    university: profile?.university || d?.university?.title || '',
    faculty: '',
    department: '',
    work_type: d?.work_type.title ?? '',
    subject: d?.subject?.title ?? '',
    topic: d?.topic ?? '',
    student_name: profile?.fio ?? '',
    group: profile?.group_header ?? '',
    supervisor: '',
    supervisor_title: '',
    city: 'Москва',
    year: String(now.getFullYear()),
  };
}

export type FormErrors = Partial<Record<keyof TitlePageForm | 'format', string>>;

/** The request for `format`, or the errors the contract's schema finds (the server checks the same). */
export function toRequest(
  form: TitlePageForm,
  format: TitlePageFormat,
): { ok: true; body: TitlePageRequest } | { ok: false; errors: FormErrors } {
  const year = form.year.trim();
  if (!/^\d{1,4}$/.test(year)) return { ok: false, errors: { year: t.yearNotNumber } };
  const optional = (s: string) => (s.trim() === '' ? undefined : s.trim());
  const parsed = TitlePageFieldsSchema.safeParse({
    university: form.university,
    faculty: optional(form.faculty),
    department: optional(form.department),
    work_type: form.work_type,
    subject: optional(form.subject),
    topic: form.topic,
    student_name: form.student_name,
    group: optional(form.group),
    supervisor: optional(form.supervisor),
    supervisor_title: optional(form.supervisor_title),
    city: form.city,
    year: Number(year),
  });
  if (!parsed.success) {
    const errors: FormErrors = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]) as keyof TitlePageForm;
      errors[key] ??= issue.message;
    }
    return { ok: false, errors };
  }
  // Optional fields left empty are not sent at all.
  const body = Object.fromEntries(
    Object.entries(parsed.data).filter(([, v]) => v !== undefined),
  ) as TitlePageFields;
  return { ok: true, body: { format, ...body } };
}
