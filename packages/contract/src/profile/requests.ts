import { canonicalIntlPhone } from '../common/phone-intl';
import { z } from '../common/zod';
import { text } from '../common/input';
import {
  birthdayError,
  CALLBACK_TIMES,
  EDUCATION_OPTIONS,
  isBirthdaySet,
  profileMessages,
  TRAINING_FORM_OPTIONS,
} from './schemas';

// The profile's requests, which the server checks, apart from the answers' schemas: the web app
// imports these only as types, so the phone metadata they need (libphonenumber-js, ~19 KB gzipped)
// comes with the profile screen, not with every cabinet screen (the answers' schemas do).

/**
 * The stored form of a profile's phone (E.164), or null when it is none of any country's: Russian
 * numbers (+7…, 8…, 7…, or ten digits) and other countries' with or without their + (see
 * canonicalIntlPhone). Empty stays empty.
 */
export function normalizeProfilePhone(input: string): string | null {
  if (!input.trim()) return '';
  return canonicalIntlPhone(input);
}

const FIO = /^[\p{L}\s-]{2,150}$/u;
const TELEGRAM = /^@?[a-zA-Z0-9_]{5,32}$/;
const flag = z.boolean({ error: profileMessages.flagInvalid });
const educationIds = EDUCATION_OPTIONS.map((o) => o.id) as [string, ...string[]];
const trainingIds = TRAINING_FORM_OPTIONS.map((o) => o.id) as [string, ...string[]];

/**
 * `PATCH /api/client/profile/`: any of the profile's writable fields; the lists take the selected
 * ids. `email` may be sent back unchanged (the server refuses a changed one). An empty fio,
 * birthday, phone, course or telegram clears it; 1970-01-01 and 1996-01-01 are stored as no birthday.
 */
export const ProfilePatchSchema = z.object({
  fio: text({ error: profileMessages.fioInvalid })
    .trim()
    .refine((v) => v === '' || FIO.test(v), profileMessages.fioInvalid)
    .transform((v) => v.replace(/\s+/g, ' '))
    .optional(),
  birthday: text({ error: profileMessages.birthdayInvalid })
    .trim()
    .nullable()
    .superRefine((v, ctx) => {
      if (!v || !isBirthdaySet(v)) return;
      const message = birthdayError(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => (v && isBirthdaySet(v) ? v : null))
    .optional(),
  email: text().trim().max(254).optional(),
  sex: z.enum(['', 'male', 'female'], { error: profileMessages.sexInvalid }).optional(),
  phone: text({ error: profileMessages.phoneInvalid })
    .max(40, profileMessages.phoneInvalid)
    .transform((v, ctx) => {
      const phone = normalizeProfilePhone(v);
      if (phone === null) {
        ctx.addIssue({ code: 'custom', message: profileMessages.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    })
    .optional(),
  education: z
    .array(z.enum(educationIds, { error: profileMessages.educationInvalid }), {
      error: profileMessages.educationInvalid,
    })
    .max(educationIds.length, profileMessages.educationInvalid)
    .optional(),
  university: text().trim().max(300, profileMessages.universityTooLong).optional(),
  course: z
    .union([text(), z.number()], { error: profileMessages.courseInvalid })
    .transform((v) => String(v).trim())
    .refine((v) => v === '' || /^[1-6]$/.test(v), profileMessages.courseInvalid)
    .optional(),
  group_header: text().trim().max(50, profileMessages.groupTooLong).optional(),
  training_form: z
    .array(z.enum(trainingIds, { error: profileMessages.trainingFormInvalid }), {
      error: profileMessages.trainingFormInvalid,
    })
    .max(trainingIds.length, profileMessages.trainingFormInvalid)
    .optional(),
  is_telegram_contact: flag.optional(),
  is_viber_contact: flag.optional(),
  is_whatsapp_contact: flag.optional(),
  telegram: text({ error: profileMessages.telegramInvalid })
    .trim()
    .refine((v) => v === '' || TELEGRAM.test(v), profileMessages.telegramInvalid)
    .transform((v) => (v && !v.startsWith('@') ? `@${v}` : v))
    .optional(),
  sms_delivery: flag.optional(),
  email_delivery: flag.optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;
export type ProfilePatchInput = z.input<typeof ProfilePatchSchema>;

/** `POST /api/client/callbacks/`: a phone callback request. */
export const CallbackRequestSchema = z.object({
  phone: text({ error: profileMessages.phoneInvalid })
    .max(40, profileMessages.phoneInvalid)
    .transform((v, ctx) => {
      const phone = normalizeProfilePhone(v);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: profileMessages.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  time: z.enum(CALLBACK_TIMES, { error: profileMessages.callbackTimeInvalid }),
  comment: text().trim().max(1000, profileMessages.callbackCommentTooLong).optional(),
});
export type CallbackRequest = z.infer<typeof CallbackRequestSchema>;
export type CallbackRequestInput = z.input<typeof CallbackRequestSchema>;
