import { z } from '../common/zod';
import { text } from '../common/input';
import { rowIdSchema } from '../common/ids';

/**
 * Gift certificates (spec §3 "Certificate", §7 "Certificates"). A customer buys one of a
 * chosen value, pays it through the payment flow (`purpose: 'certificate'`), and gives its code to
 * someone, who redeems it into their balance or onto an order waiting for payment. Every amount is
 * integer kopecks; the code is 16 Crockford base32 characters (80 bits), shown as XXXX-XXXX-XXXX-XXXX.
 */

/** Values offered as buttons, in kopecks: 1 000, 2 000, 3 000, 5 000 and 10 000 ₽. */
export const CERTIFICATE_PRESETS = [1_000_00, 2_000_00, 3_000_00, 5_000_00, 10_000_00] as const;
/** Any whole rouble value in between may be chosen: from 500 ₽ to 50 000 ₽. */
export const CERTIFICATE_MIN_KOPECKS = 500_00;
export const CERTIFICATE_MAX_KOPECKS = 50_000_00;
/** A certificate is valid for a year from its payment. */
export const CERTIFICATE_VALID_DAYS = 365;
export const CERTIFICATES_PAGE_SIZE = 20;
const CERTIFICATES_PAGE_SIZE_MAX = 100;

/** Crockford's base32: no I, L, O, U (read as 1, 1, 0 when typed). */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 16;

export const certificateMessages = {
  valueRequired: 'Укажите номинал сертификата',
  valueWhole: 'Номинал — целое число рублей',
  valueRange: 'Номинал — от 500 ₽ до 50 000 ₽',
  codeRequired: 'Введите код сертификата',
  codeFormat: 'Код сертификата — 16 букв и цифр, например ABCD-EFGH-JKMN-PQRS',
  codeInvalid: 'Код недействителен или уже использован',
  notFound: 'Сертификат не найден',
  notActive: 'Скачать можно только оплаченный и действующий сертификат',
  balanceNotAllowed: 'Сертификат оплачивается картой, через СБП или ЮMoney',
  notAwaitingPayment: 'Сертификат уже оплачен или больше не ждёт оплаты',
  orderNotAwaiting: 'Этот заказ сейчас не ждёт оплаты: активируйте сертификат на баланс',
} as const;

export const CERTIFICATE_STATUSES = ['awaiting_payment', 'active', 'redeemed', 'expired'] as const;
export const CertificateStatusSchema = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatusSchema>;

/** The list's two tabs: `active` — awaiting payment or active; `trash` — redeemed or expired. */
export const CERTIFICATE_TABS = ['active', 'trash'] as const;
export const CertificateTabSchema = z.enum(CERTIFICATE_TABS);
export type CertificateTab = z.infer<typeof CertificateTabSchema>;
export const CERTIFICATE_TAB_STATUSES: Record<CertificateTab, readonly CertificateStatus[]> = {
  active: ['awaiting_payment', 'active'],
  trash: ['redeemed', 'expired'],
};

/** Upper case, no spaces or dashes, and Crockford's look-alikes (I, L → 1; O → 0) read as meant. */
export function normalizeCertificateCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-‐-―_]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** XXXX-XXXX-XXXX-XXXX. */
export function formatCertificateCode(code: string): string {
  return (code.match(/.{1,4}/g) ?? []).join('-');
}

const CODE_RE = new RegExp(`^[${CERTIFICATE_CODE_ALPHABET}]{${CERTIFICATE_CODE_LENGTH}}$`);

/** Whether a normalised code has the shape of a certificate code at all. */
export function isCertificateCodeShape(code: string): boolean {
  return CODE_RE.test(code);
}

/** `POST /client/api/certificate/` `{value}`: kopecks, whole roubles from 500 ₽ to 50 000 ₽. */
export const CertificateCreateSchema = z.object({
  value: z
    .number({ error: certificateMessages.valueRequired })
    .int(certificateMessages.valueWhole)
    .refine((v) => v % 100 === 0, certificateMessages.valueWhole)
    .refine(
      (v) => v >= CERTIFICATE_MIN_KOPECKS && v <= CERTIFICATE_MAX_KOPECKS,
      certificateMessages.valueRange,
    ),
});
export type CertificateCreate = z.infer<typeof CertificateCreateSchema>;

/** Spec §3 "Certificate". */
export const CertificateSchema = z.object({
  id: z.number().int().positive(),
  /** Kopecks. */
  value: z.number().int().positive(),
  status: CertificateStatusSchema,
  /** XXXX-XXXX-XXXX-XXXX once paid; null while it awaits payment. */
  code: text().nullable(),
  created_at: text(),
  paid_at: text().nullable(),
  expires_at: text().nullable(),
  redeemed_at: text().nullable(),
});
export type Certificate = z.infer<typeof CertificateSchema>;

export const CertificateListQuerySchema = z.object({
  status: CertificateTabSchema.default('active'),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(CERTIFICATES_PAGE_SIZE_MAX).default(CERTIFICATES_PAGE_SIZE),
});
export type CertificateListQuery = z.input<typeof CertificateListQuerySchema>;

export const CertificateCountersSchema = z.object({
  active: z.number().int().nonnegative(),
  trash: z.number().int().nonnegative(),
});
export type CertificateCounters = z.infer<typeof CertificateCountersSchema>;

/** Spec §3: `results, next, previous, count`, and the counters of both tabs. */
export const CertificateListSchema = z.object({
  results: z.array(CertificateSchema),
  next: text().nullable(),
  previous: text().nullable(),
  count: z.number().int().nonnegative(),
  counters: CertificateCountersSchema,
});
export type CertificateList = z.infer<typeof CertificateListSchema>;

/** `POST redeem/` `{code, order_id?}`: into the balance, or onto one's own order awaiting payment. */
export const CertificateRedeemSchema = z.object({
  code: text({ error: certificateMessages.codeRequired })
    .trim()
    .min(1, certificateMessages.codeRequired)
    .max(64, certificateMessages.codeFormat)
    .refine((s) => isCertificateCodeShape(normalizeCertificateCode(s)), certificateMessages.codeFormat),
  order_id: rowIdSchema.optional(),
});
export type CertificateRedeem = z.infer<typeof CertificateRedeemSchema>;

export const CertificateRedeemResultSchema = z.object({
  /** The certificate's value credited, kopecks. */
  amount: z.number().int().positive(),
  /** Of it, paid onto the order (0 without one). */
  order_paid: z.number().int().nonnegative(),
  order_id: z.number().int().positive().nullable(),
  /** The balance after it, kopecks. */
  money: z.number().int().nonnegative(),
});
export type CertificateRedeemResult = z.infer<typeof CertificateRedeemResultSchema>;
