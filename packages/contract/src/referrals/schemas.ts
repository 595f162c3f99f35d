import { EmailSchema, PhoneSchema } from '../auth/schemas';
import { z } from '../common/zod';
import { text } from '../common/input';

/**
 * Bonuses and friends (spec §2 `/friend`, `/bonus`, §7 `POST /client/api/add-friend/send-{sms|email}/`).
 * Every customer has a personal referral code (8 Crockford base32 characters) and a link
 * `${PUBLIC_URL}/registration?invite=CODE`. A friend who registers through it and pays a first order
 * brings the referral bonus to both, once. Bonuses (3 % of each fully paid order, the referral bonus)
 * expire `ttl_days` after they were credited, the oldest spent first. Every amount is integer kopecks.
 */

/** Crockford's base32: no I, L, O, U (read as 1, 1, 0 when typed). */
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
/** The query parameter of the registration page that carries the code. */
export const REFERRAL_QUERY_PARAM = 'invite';
export const BONUS_HISTORY_PAGE_SIZE = 20;
/** How many of the next lots to expire the bonus screen lists. */
export const BONUS_EXPIRING_SHOWN = 5;

/** Upper case, no spaces or dashes, Crockford's look-alikes (I, L → 1; O → 0) read as meant. */
export function normalizeReferralCode(input: string): string {
  return input
    .toUpperCase()
    .replace(/[\s\-‐-―_]+/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
}

/** True for a well-formed code (after normalising). */
export function isReferralCode(code: string): boolean {
  return code.length === REFERRAL_CODE_LENGTH && [...code].every((c) => REFERRAL_CODE_ALPHABET.includes(c));
}

export const referralMessages = {
  phoneRequired: 'Введите телефон друга',
  emailRequired: 'Введите e-mail друга',
  self: 'Это ваш собственный адрес — пригласите кого-нибудь другого',
  selfPhone: 'Это ваш собственный телефон — пригласите кого-нибудь другого',
  repeatedEmail:
    'Вы уже приглашали этого друга по этому адресу — второй раз писать не будем, чтобы не надоедать',
  repeatedPhone:
    'Вы уже приглашали этого друга по этому номеру — второй раз писать не будем, чтобы не надоедать',
  existingEmail: 'Владелец этого адреса уже пользуется сервисом — пригласить можно только нового клиента',
  existingPhone: 'Владелец этого номера уже пользуется сервисом — пригласить можно только нового клиента',
  perDay: (n: number) => `Можно отправить не больше ${n} приглашений в сутки. Попробуйте завтра`,
  perRecipient:
    'Этому адресату за сутки уже пришло несколько приглашений — больше не отправляем. Попробуйте завтра',
  sentEmail: 'Приглашение отправлено на e-mail',
  sentSms: 'Приглашение отправлено по SMS',
  smsFailed: 'SMS не отправилось. Попробуйте ещё раз через несколько минут',
  referrerTitle: (friend: string) => `Бонус за друга: ${friend} оплатил(а) первый заказ`,
  referredTitle: 'Бонус за первый оплаченный заказ по приглашению друга',
  expiredTitle: 'Сгорели бонусы, срок которых истёк',
} as const;

/** `POST send-email/`. */
export const InviteEmailRequestSchema = z.object({
  email: text({ error: referralMessages.emailRequired })
    .trim()
    .min(1, referralMessages.emailRequired)
    .pipe(EmailSchema),
});
export type InviteEmailRequest = z.infer<typeof InviteEmailRequestSchema>;

/** `POST send-sms/`: a whole Russian number in any usual spelling. */
export const InviteSmsRequestSchema = z.object({
  phone: text({ error: referralMessages.phoneRequired })
    .trim()
    .min(1, referralMessages.phoneRequired)
    .pipe(PhoneSchema),
});
export type InviteSmsRequest = z.infer<typeof InviteSmsRequestSchema>;

export const INVITE_CHANNELS = ['email', 'sms'] as const;
export const InviteChannelSchema = z.enum(INVITE_CHANNELS);
export type InviteChannel = z.infer<typeof InviteChannelSchema>;

/** `sent` — nobody registered yet; `registered` — the friend registered through it; `paid` — and paid a first order. */
export const INVITE_STATUSES = ['sent', 'registered', 'paid'] as const;
export const InviteStatusSchema = z.enum(INVITE_STATUSES);
export type InviteStatus = z.infer<typeof InviteStatusSchema>;

export const InviteSchema = z.object({
  channel: InviteChannelSchema,
  /** Masked: «iv***@example.com», «+7 *** ***-45-67». */
  to: text(),
  sent_at: text(),
  status: InviteStatusSchema,
});
export type Invite = z.infer<typeof InviteSchema>;

export const FriendSchema = z.object({
  /** First name and the initial of the last: «Анна И.». */
  name: text(),
  registered_at: text(),
  first_order_paid: z.boolean(),
  /** Kopecks of bonus the inviter got from this friend. */
  brought: z.number().int().nonnegative(),
});
export type Friend = z.infer<typeof FriendSchema>;

/** `GET add-friend/`. */
export const FriendsSchema = z.object({
  code: text(),
  link: text(),
  /** Kopecks each side gets for a friend's first paid order. */
  reward: z.number().int().nonnegative(),
  invites: z.array(InviteSchema),
  friends: z.array(FriendSchema),
});
export type Friends = z.infer<typeof FriendsSchema>;

/** What an invite answers. */
export const InviteResultSchema = z.object({ detail: text(), invite: InviteSchema });
export type InviteResult = z.infer<typeof InviteResultSchema>;

/** Ledger kinds of the bonus history; anything else is shown as `other`. */
export const BONUS_KINDS = [
  'bonus_accrual',
  'referral_bonus',
  'bonus_spent',
  'bonus_expired',
  'refund',
  'other',
] as const;
export const BonusKindSchema = z.enum(BONUS_KINDS);
export type BonusKind = z.infer<typeof BonusKindSchema>;

export const BonusHistoryItemSchema = z.object({
  id: z.number().int().positive(),
  kind: BonusKindSchema,
  title: text(),
  /** Signed kopecks: + credited, − spent or expired. */
  amount: z.number().int(),
  at: text(),
  /** For a credit: when what is left of it expires. */
  expires_at: text().optional(),
});
export type BonusHistoryItem = z.infer<typeof BonusHistoryItemSchema>;

export const BonusRulesSchema = z.object({
  /** Percent of a fully paid order's price (less the bonuses spent on it) that comes back as bonuses. */
  accrual_percent: z.number().nonnegative(),
  /** Kopecks to each side for a friend's first paid order. */
  referral_bonus: z.number().int().nonnegative(),
  /** The share of an order's price bonuses may cover, in percent. */
  max_share_percent: z.number().nonnegative(),
  ttl_days: z.number().int().positive(),
});
export type BonusRules = z.infer<typeof BonusRulesSchema>;

/** `GET bonus/?page=`. */
export const BonusSchema = z.object({
  balance: z.number().int().nonnegative(),
  rules: BonusRulesSchema,
  history: z.array(BonusHistoryItemSchema),
  /** The history's paging: all its rows, this page, the pages' size. */
  count: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
  /** The next lots to expire, soonest first. */
  expiring: z.array(z.object({ amount: z.number().int().positive(), expires_at: text() })),
});
export type Bonus = z.infer<typeof BonusSchema>;

export const BonusQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type BonusQuery = z.input<typeof BonusQuerySchema>;
